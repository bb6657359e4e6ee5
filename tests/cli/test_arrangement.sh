# Arrangements with no memory of how they were grown (issue #25): around a radial bump in
# the radius map and in the density map, nearest-neighbour bonds are tangential and radial
# each in 16.7 % +- 2 % of the points (tests/cli/tools/bondcheck.c), for worlds sampled
# with -j 1 and -j 2 alike, and regions still make the world. Before the darts (0.4.0) the
# radius map gave 21.4 % tangential and 14.1 % radial here. Runs from the repo root.
. "$(dirname "$0")/lib.sh"

# $1: what; the bondcheck line on stdin. Fails unless >= 5000 points, both shares in range.
bonds_even() {
    local line n t r
    line=$(cat)
    read -r _ n _ t _ r <<<"$line"
    [ "${n:-0}" -ge 5000 ] || { fail "$1: only ${n:-0} points round the bump ($line)"; return; }
    awk -v t="$t" -v r="$r" 'BEGIN { exit !(t >= 14.7 && t <= 18.7 && r >= 14.7 && r <= 18.7) }' ||
        fail "$1: bonds not even round the bump: $line (want 14.7 .. 18.7 each)"
}

no_rings_round_a_peak() {
    local map=$1 extra=() seed
    [ "$map" = density ] && extra=(--map density)
    "$TOOLS/bondcheck" bump "$map" 1000 "$TMP/bump.png" || { fail "bondcheck bump $map"; return; }
    for seed in 1 2; do
        local w=(--size 1000x1000 --rmin 2 --rmax 12 --field image:"$TMP/bump.png" "${extra[@]}" --seed $seed --quiet)
        $DAPPLE points "${w[@]}" -j 1 -o "$TMP/j1.csv" && $DAPPLE points "${w[@]}" -j 2 -o "$TMP/j2.csv" ||
            { fail "points ($map)"; return; }
        cmp -s "$TMP/j1.csv" "$TMP/j2.csv" || fail "$map map: -j 1 and -j 2 differ"
        "$TOOLS/bondcheck" angles 1000 "$TMP/j1.csv" | bonds_even "$map map, seed $seed"
        "$TOOLS/ptcheck" -b 1000 1000 "$TMP/j1.csv" >/dev/null || fail "pair rule ($map map)"
    done
}

# x,y,r lines sorted, without the header
body() { tail -n +2 "$1" | sort; }

# $1: a mode flag or nothing
regions_make_the_bump() {
    "$TOOLS/bondcheck" bump radius 1000 "$TMP/bump.png" || { fail "bondcheck bump"; return; }
    local w=(--size 1000x1000 --rmin 2 --rmax 12 --field image:"$TMP/bump.png" --seed 3 --quiet "$@")
    $DAPPLE points "${w[@]}" -o "$TMP/all.csv" || { fail "whole bump world $*"; return; }
    : >"$TMP/parts.txt"
    for r in 0,0,450x520 450,0,550x520 0,520,450x480 450,520,550x480; do
        $DAPPLE points "${w[@]}" --region $r -o "$TMP/r.csv" || fail "region $r $*"
        body "$TMP/r.csv" >>"$TMP/parts.txt"
    done
    sort -o "$TMP/parts.txt" "$TMP/parts.txt"
    body "$TMP/all.csv" | cmp -s - "$TMP/parts.txt" || fail "the four regions are not the bump world's points $*"
}

# The check itself tells rings: points on concentric circles give tangential bonds only.
bondcheck_tells_rings() {
    awk 'BEGIN { print "x,y,r"; for (k = 1; k <= 60; k++) { n = int(6.283 * 6 * k / 5);
             for (i = 0; i < n; i++) printf "%.4f,%.4f,1\n", 500 + 6 * k * cos(6.283 * i / n),
                                                 500 + 6 * k * sin(6.283 * i / n) } }' >"$TMP/rings.csv"
    "$TOOLS/bondcheck" angles 1000 "$TMP/rings.csv" >"$TMP/rings.txt"
    read -r _ n _ t _ r <"$TMP/rings.txt"
    awk -v t="$t" 'BEGIN { exit !(t > 90) }' || fail "bondcheck: rings read as $(cat "$TMP/rings.txt")"
}

# grass-clumps: patches that thin to nothing: its splat mask's 128 px block means span at
# least a factor of 3 (the radius map gave 1.2: dots grew as the spacing grew).
grass_clumps_patches() {
    $DAPPLE render presets/grass-clumps.ini --mask "$TMP/gc.png" --quiet || { fail "render grass-clumps"; return; }
    local line
    line=$("$TOOLS/areacheck" blocks "$TMP/gc.png" 128)
    awk -v r="${line##* }" 'BEGIN { exit !(r >= 3) }' || fail "grass-clumps: 128 px blocks span less than 3x: $line"
}

# foliage-density: stands and clearings: >= 10 % of the area with no tree within 2 rmin
# (16 px), >= 10 % at the densest spacing (the density mask at full scale).
foliage_stands_and_clearings() {
    $DAPPLE render presets/foliage-density.ini --mask "$TMP/fd.png" --points "$TMP/fd.csv" --quiet ||
        { fail "render foliage-density"; return; }
    local clear dense
    clear=$("$TOOLS/areacheck" clear "$TMP/fd.csv" 1024 1024 16 periodic)
    dense=$("$TOOLS/areacheck" above "$TMP/fd.png" 0.99)
    awk -v c="${clear##* }" -v d="${dense##* }" 'BEGIN { exit !(c >= 0.10 && d >= 0.10) }' ||
        fail "foliage-density: clearings $clear, densest $dense (want >= 0.10 each)"
}

# --relax: rho >= 0.85 on a uniform field without dense mode's lattice (at most 30 % of
# nearest-neighbour distances within 1 % of the commonest; dense: 100 %), the pair rule,
# the same bytes for -j 1 and -j 2.
relaxed_mode() {
    local w=(--size 300x300 --radius 2 --seed 1 --quiet) line rho
    $DAPPLE points "${w[@]}" --relax -j 1 -o "$TMP/rx1.csv" && $DAPPLE points "${w[@]}" --relax -j 2 -o "$TMP/rx2.csv" &&
        $DAPPLE points "${w[@]}" --dense -o "$TMP/dn.csv" || { fail "points --relax"; return; }
    cmp -s "$TMP/rx1.csv" "$TMP/rx2.csv" || fail "--relax: -j 1 and -j 2 differ"
    "$TOOLS/ptcheck" -b 300 300 "$TMP/rx1.csv" >/dev/null || fail "--relax: pair rule"
    rho=$($DAPPLE stats "$TMP/rx1.csv" --size 300x300 --radius 2 | awk '/relative radius rho/ { print $4 }')
    awk -v r="$rho" 'BEGIN { exit !(r >= 0.85) }' || fail "--relax: rho $rho < 0.85"
    line=$("$TOOLS/bondcheck" lattice 300 "$TMP/rx1.csv")
    awk -v p="${line##* }" 'BEGIN { exit !(p <= 30) }' || fail "--relax: a lattice: $line"
    line=$("$TOOLS/bondcheck" lattice 300 "$TMP/dn.csv")
    awk -v p="${line##* }" 'BEGIN { exit !(p > 90) }' || fail "bondcheck lattice misses dense mode's: $line"
}

# The radial spectrum of a set (dapple stats --plot): "peak P at F anisotropy A second S
# spike K", A the largest anisotropy from the peak on, S the highest maximum beyond 1.5 F,
# K 1 when a maximum beyond 1.5 F rises above white noise (1) by more than half the peak.
spectrum_of() {
    $DAPPLE stats "$1" --size 300x300 --plot "$TMP/sp" >/dev/null || { echo "stats failed"; return; }
    awk -F, 'NR > 1 { n++; f[n] = $1; p[n] = $2; a[n] = $3 }
        END { for (i = 1; i <= n; i++) if (f[i] >= 0.25 && (!k || p[i] > p[k])) k = i
              am = -1e9; for (i = k; i <= n; i++) if (a[i] != "nan" && a[i] + 0 > am) am = a[i] + 0
              for (i = 2; i < n; i++) if (f[i] >= 1.5 * f[k] && p[i] > p[i - 1] && p[i] >= p[i + 1]) {
                  if (p[i] > s) s = p[i]; if (p[i] - 1 > 0.5 * (p[k] - 1)) spike = 1 }
              printf "peak %.3f at %.3g anisotropy %.1f second %.3f spike %d\n", p[k], f[k], am, s, spike }' \
        "$TMP/sp-radial.csv"
}

# --relax: one smooth peak (no maximum beyond it rises above white noise by half as much,
# as a lattice's do) and the anisotropy of the default mode: seeds 1-3 on r = 2 over
# 300 x 300, their mean within 1 dB of the default's (the default alone spreads over 1.1
# dB between these seeds: -19.3, -18.2, -19.0; relax -18.3, -17.9, -18.7).
relaxed_spectrum() {
    local seed line
    : >"$TMP/an.txt"
    for seed in 1 2 3; do
        $DAPPLE points --size 300x300 --radius 2 --seed $seed --quiet -o "$TMP/sd.csv" &&
            $DAPPLE points --size 300x300 --radius 2 --seed $seed --relax --quiet -o "$TMP/sr.csv" ||
            { fail "points (spectrum)"; return; }
        echo "default $(spectrum_of "$TMP/sd.csv")" >>"$TMP/an.txt"
        line=$(spectrum_of "$TMP/sr.csv")
        echo "relax $line" >>"$TMP/an.txt"
        [ "${line##* }" = 0 ] || fail "--relax seed $seed: a spike beyond the peak: $line"
    done
    # fields: mode peak P at F anisotropy A ...
    awk '{ s[$1] += $7; n[$1]++ }
         END { d = s["default"] / n["default"]; r = s["relax"] / n["relax"]
               printf "relax %.1f dB, default %.1f dB", r, d; exit !(r <= d + 1) }' \
        "$TMP/an.txt" >"$TMP/an.out" || fail "--relax: mean anisotropy beyond the default's + 1 dB: $(cat "$TMP/an.out")"
    # the check tells a lattice: a jittered hexagonal grid of spacing 2.3
    awk 'BEGIN { srand(3); print "x,y,r"; a = 2.3; h = a * sqrt(3) / 2
                 for (j = 0; j * h < 300; j++) for (i = 0; i * a < 300; i++) {
                     x = i * a + (j % 2) * a / 2 + (rand() - 0.5) * 0.2; y = j * h + (rand() - 0.5) * 0.2
                     if (x >= 0 && x < 300 && y >= 0 && y < 300) printf "%.4f,%.4f,2\n", x, y } }' >"$TMP/lat.csv"
    line=$(spectrum_of "$TMP/lat.csv")
    [ "${line##* }" = 1 ] && awk -v a="$(awk '{ print $6 }' <<<"$line")" 'BEGIN { exit !(a > 0) }' ||
        fail "the spectrum check misses a lattice: $line"
}

# $1 (--relax, --maximal, --dense): no rings round a radial bump in the radius map or the
# density map either (0.5.0, without darts, on the radius map: maximal 20.2 / 13.7 %,
# dense 8.6 / 27.3 %, its rows radiating from the peak).
mode_no_rings() {
    local map extra
    for map in radius density; do
        extra=()
        [ "$map" = density ] && extra=(--map density)
        "$TOOLS/bondcheck" bump "$map" 1000 "$TMP/bump.png" || { fail "bondcheck bump $map"; return; }
        $DAPPLE points --size 1000x1000 --rmin 2 --rmax 12 --field image:"$TMP/bump.png" "${extra[@]}" \
            --seed 1 "$1" --quiet -o "$TMP/rb.csv" || { fail "points $1 ($map bump)"; return; }
        "$TOOLS/bondcheck" angles 1000 "$TMP/rb.csv" | bonds_even "$1, $map map"
    done
}

# --relax follows a density map: points per band of equal area within 5 % of the map's
# (dapple stats' density table), on a world sampled with -j 2.
relaxed_follows_the_field() {
    local f=(--size 400x400 --rmin 1 --rmax 4 --map density --field perlin:scale=80)
    $DAPPLE points "${f[@]}" --relax -j 2 --quiet -o "$TMP/rv.csv" || { fail "points --relax (density map)"; return; }
    $DAPPLE stats "$TMP/rv.csv" "${f[@]}" >"$TMP/rv.txt" || { fail "stats (relax)"; return; }
    # the rows of equal area (NF == 8: a level or its edge is marked after the ratio)
    awk '/^density against the field/ { on = 1; next } on && $2 == ".." && NF == 8 { n++; if ($8 < 0.95 || $8 > 1.05) bad++ }
         END { exit !(n == 8 && bad == 0) }' "$TMP/rv.txt" ||
        fail "--relax: density per band beyond 5 %: $(sed -n '/^density/,$p' "$TMP/rv.txt")"
}

no_rings_round_a_peak radius
no_rings_round_a_peak density
regions_make_the_bump
regions_make_the_bump --relax
regions_make_the_bump --maximal
bondcheck_tells_rings
grass_clumps_patches
foliage_stands_and_clearings
relaxed_mode
relaxed_spectrum
mode_no_rings --relax
mode_no_rings --maximal
mode_no_rings --dense
relaxed_follows_the_field
finish
