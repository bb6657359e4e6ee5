# periodic = x | y (issue #38): a texture that tiles across only (a window pane with snow at
# its foot) or down only. Every shipped preset, rendered with --set texture.periodic=x, runs
# on across the side seam in its colour, mask, height and normal maps as between any two
# columns inside, and its points keep the pair rule across that seam (where periodic = true
# keeps it across both); the top and bottom edges do not wrap, so points near them are not
# held off by the other edge. The same down with y, and the albedo, roughness and occlusion
# maps tile along that axis as the colour does. true and false keep their bytes, a
# bad value names the file, line and key, and pack and stats say which axis wraps. The
# command line's --periodic-x and --periodic-y wrap one axis as the key does.
. "$(dirname "$0")/lib.sh"

OUT=$TMP/out
mkdir -p "$OUT"

# seam_ok IMAGE AXIS: the mean step across the wrap of AXIS is no larger than the largest
# between neighbouring columns (rows) inside, give or take a tenth (the seam is one more
# sample of those steps; an image cut at its edge steps half as far again and more).
seam_ok() {
    local line
    line=$("$TOOLS/seamcheck" "$1" | grep "^$2 ") || { fail "$1: seamcheck failed"; return; }
    awk -v l="$line" 'BEGIN { split(l, f, " "); exit !(f[2] <= 1.1 * f[3]) }' ||
        fail "$1: a seam across the $2 wrap ($line: seam, largest and mean inner step)"
}

# seam_as_torus IMAGE AXIS: seam_ok, unless the preset reads an image that does not tile
# along AXIS (stipple's photograph): then its periodic = true shows that seam too, and the
# check is whether IMAGE steps no further there than that image of the torus does.
seam_as_torus() {
    local n=$3 torus line
    torus=$OUT/$(basename "$1" | sed "s/^$n-[xy]/$n-true/")
    if [ ! -e "$torus" ] || ! grep -q '^field = image:' "presets/$n.ini"; then
        seam_ok "$1" "$2"
        return
    fi
    line=$("$TOOLS/seamcheck" "$1" | grep "^$2 ") || { fail "$1: seamcheck failed"; return; }
    local t
    t=$("$TOOLS/seamcheck" "$torus" | grep "^$2 ")
    awk -v l="$line" -v t="$t" 'BEGIN { split(l, f, " "); split(t, g, " ")
        exit !(f[2] <= 1.1 * (f[3] > g[2] ? f[3] : g[2])) }' ||
        fail "$1: a seam across the $2 wrap ($line; periodic = true: $t)"
}

# half PRESET: a quarter of PRESET's texture (half of each side) as render's --size: the
# same radii and look over fewer shapes, since shapes, not pixels, are what costs.
half() {
    sed -n 's/^size = \([0-9]*\)x\([0-9]*\).*/\1 \2/p' "$1" | awk '{ printf "--size %dx%d", $1 / 2, $2 / 2 }'
}

# render PRESET AXIS: PRESET's outputs at half size with periodic = AXIS, into $OUT/NAME-AXIS*;
# the height and normal maps only for a preset with relief.
render() {
    local p=$1 a=$2 n
    n=$(basename "$p" .ini)
    local o=$OUT/$n-$a
    if ! "$DAPPLE" render "$p" --set "texture.periodic=$a" $(half "$p") -o "$o.png" --mask "$o-mask.png" \
        --points "$o.csv" --height "$o-height.png" --normal "$o-normal.png" -j 2 --quiet 2>/dev/null; then
        rm -f "$o-height.png" "$o-normal.png"
        "$DAPPLE" render "$p" --set "texture.periodic=$a" $(half "$p") -o "$o.png" --mask "$o-mask.png" \
            --points "$o.csv" -j 2 --quiet || fail "$n, periodic = $a: exit $?"
    fi
}

# points_ok NAME AXIS: the pair rule across the AXIS wrap wherever periodic = true keeps it
# across both (grown drops and foams keep rules of their own); and a set of many points
# breaks it across both wraps, its other edges not having held it apart.
points_ok() {
    local n=$1 a=$2 size w h count
    size=$("$TOOLS/pnginfo" "$OUT/$n-$a.png" | cut -d' ' -f1,2)
    w=${size% *} h=${size#* }
    [ -e "$OUT/$n-true.csv" ] || "$DAPPLE" render "presets/$n.ini" --set texture.periodic=true \
        $(half "presets/$n.ini") --points "$OUT/$n-true.csv" -j 2 --quiet || fail "$n, periodic = true: exit $?"
    "$TOOLS/ptcheck" -p "$w" "$h" "$OUT/$n-true.csv" >/dev/null 2>&1 || return 0
    "$TOOLS/ptcheck" "-$a" "$w" "$h" "$OUT/$n-$a.csv" >/dev/null 2>"$TMP/pt.err" ||
        fail "$n, periodic = $a: $(cat "$TMP/pt.err")"
    count=$(($(wc -l <"$OUT/$n-$a.csv") - 1))
    if [ "$count" -ge 500 ] && "$TOOLS/ptcheck" -p "$w" "$h" "$OUT/$n-$a.csv" >/dev/null 2>&1; then
        fail "$n, periodic = $a: $count points kept apart across both wraps: the other one wrapped too"
    fi
}

# each_preset AXIS: every preset (those with a snow layer only across) rendered with
# periodic = AXIS, its images' seams and its points checked; one reading a field image is
# rendered with periodic = true too, for seam_as_torus.
each_preset() {
    local a=$1 p n f
    for p in presets/*.ini; do
        n=$(basename "$p" .ini)
        [ "$a" = y ] && grep -q '^style = snow' "$p" && continue
        render "$p" "$a"
        grep -q '^field = image:' "$p" && [ ! -e "$OUT/$n-true.png" ] && render "$p" true
        for f in "$OUT/$n-$a.png" "$OUT/$n-$a-mask.png" "$OUT/$n-$a-height.png" "$OUT/$n-$a-normal.png"; do
            [ ! -e "$f" ] || seam_as_torus "$f" "$a" "$n"
        done
        points_ok "$n" "$a"
    done
}

case_every_preset_tiles_across_with_periodic_x() {
    each_preset x
}

# Down only, likewise; but a sill of snow lies along the bottom edge whatever wraps: the
# snow style never tiles down (docs/styles.md), so its preset is left out here.
case_every_preset_tiles_down_with_periodic_y() {
    each_preset y
}

# The material maps tile as the colour does: pebbles' albedo, roughness and occlusion (whose
# walk over the height map crosses the seam that wraps) run on across that seam, and step
# at the other edge, which does not wrap (so the check can fail).
case_material_maps_tile_along_the_axis_that_wraps() {
    local a other m line
    for a in x y; do
        other=$([ "$a" = x ] && echo y || echo x)
        "$DAPPLE" render presets/pebbles.ini --set "texture.periodic=$a" --scale 0.5 \
            --albedo "$OUT/pm-$a-albedo.png" --roughness "$OUT/pm-$a-roughness.png" \
            --ao "$OUT/pm-$a-ao.png" -j 2 --quiet || fail "pebbles, periodic = $a: material maps: exit $?"
        for m in albedo roughness ao; do
            seam_ok "$OUT/pm-$a-$m.png" "$a"
            line=$("$TOOLS/seamcheck" "$OUT/pm-$a-$m.png" | grep "^$other ")
            awk -v l="$line" 'BEGIN { split(l, f, " "); exit !(f[2] > 1.1 * f[3]) }' ||
                fail "pebbles, periodic = $a: the $m map shows no seam at the $other edge ($line)"
        done
    done
}

# The check can fail: a preset that does not tile (stipple) steps at its side edge.
case_a_texture_that_does_not_tile_shows_its_seam() {
    "$DAPPLE" render presets/stipple.ini --scale 0.5 -o "$OUT/stipple-false.png" -j 2 --quiet
    local line
    line=$("$TOOLS/seamcheck" "$OUT/stipple-false.png" | grep '^x ')
    awk -v l="$line" 'BEGIN { split(l, f, " "); exit !(f[2] > 1.1 * f[3]) }' ||
        fail "stipple (periodic = false) shows no seam: $line"
}

# true, yes and the preset's own periodic = true give the same bytes; x gives others.
case_true_keeps_both_axes_and_x_is_another_texture() {
    "$DAPPLE" render presets/cobbles.ini --scale 0.5 -o "$OUT/c-own.png" --quiet
    "$DAPPLE" render presets/cobbles.ini --scale 0.5 --set texture.periodic=yes -o "$OUT/c-yes.png" --quiet
    "$DAPPLE" render presets/cobbles.ini --scale 0.5 --set texture.periodic=x -o "$OUT/c-x.png" --quiet
    cmp -s "$OUT/c-own.png" "$OUT/c-yes.png" || fail "periodic = yes is not periodic = true"
    ! cmp -s "$OUT/c-own.png" "$OUT/c-x.png" || fail "periodic = x rendered the torus"
}

case_bad_values_name_the_file_line_and_key() {
    printf '[texture]\nsize = 64x64\nperiodic = xy\n[layer a]\nstyle = circles\nradius = 3\n' >"$TMP/bad.ini"
    expect_error 1 "dapple: $TMP/bad.ini:3: periodic: expected false, true, x or y, got 'xy' (did you mean 'x'?)" \
        "$OUT/bad.png" -- "$DAPPLE" render "$TMP/bad.ini" -o "$OUT/bad.png"
    expect_error 2 "dapple: --set: texture.periodic: expected false, true, x or y, got 'across'" \
        "$OUT/bad.png" -- "$DAPPLE" render presets/cobbles.ini --set texture.periodic=across -o "$OUT/bad.png"
}

# pack's manifest: tileable (both ways) false, and the axis that wraps.
case_pack_names_the_axis() {
    mkdir -p "$TMP/p"
    sed 's/^size = .*/size = 96x96/' presets/snowy-window.ini >"$TMP/p/snowy-window.ini"
    cp -r presets/images "$TMP/p/images"
    "$DAPPLE" pack "$TMP/p" -o "$OUT/pack" 2>"$TMP/pack.log" || fail "pack: $(tail -2 "$TMP/pack.log")"
    grep -q '"file": "snowy-window.png", .*"kind": "texture", "tileable": false, "wrap": "x"' \
        "$OUT/pack/manifest.json" || fail "pack: manifest entry of snowy-window.png: $(grep snowy-window.png "$OUT/pack/manifest.json")"
}

# stats --preset measures with the preset's wrap: across the side seam only.
case_stats_reads_the_axis_from_the_preset() {
    printf '[texture]\nsize = 256x256\nperiodic = x\n[layer a]\nstyle = circles\nradius = 3\n' >"$TMP/sx.ini"
    "$DAPPLE" render "$TMP/sx.ini" --points "$OUT/sx.csv" --quiet
    "$DAPPLE" stats "$OUT/sx.csv" --preset "$TMP/sx.ini" >"$TMP/stats" 2>&1 ||
        fail "stats: exit $?: $(head -3 "$TMP/stats")"
    grep -q 'in 256x256, periodic across (x) ' "$TMP/stats" || fail "stats: $(head -1 "$TMP/stats")"
    grep -q 'pairs closer than max(r_p, r_q)  0' "$TMP/stats" || fail "stats: $(grep 'max(r_p' "$TMP/stats")"
    "$DAPPLE" stats "$OUT/sx.csv" --preset "$TMP/sx.ini" --json >"$TMP/stats.json"
    grep -q '"periodic":"x"' "$TMP/stats.json" || fail "stats --json: $(head -c 200 "$TMP/stats.json")"
}

# The command line's --periodic-x and --periodic-y wrap one axis as the preset key does:
# points keep the pair rule across that seam only, a mask runs on across it, both flags
# together are --periodic to the byte, and stats names the axis.
case_command_line_wraps_one_axis() {
    local a f=(--size 300x200 --rmin 2 --rmax 5 --field perlin:scale=60)
    for a in x y; do
        "$DAPPLE" points "${f[@]}" "--periodic-$a" -o "$OUT/cl-$a.csv" 2>/dev/null || fail "points --periodic-$a: exit $?"
        "$TOOLS/ptcheck" "-$a" 300 200 "$OUT/cl-$a.csv" >/dev/null 2>"$TMP/pt.err" ||
            fail "points --periodic-$a: $(cat "$TMP/pt.err")"
        ! "$TOOLS/ptcheck" -p 300 200 "$OUT/cl-$a.csv" >/dev/null 2>&1 ||
            fail "points --periodic-$a: kept apart across both wraps: the other one wrapped too"
        "$DAPPLE" mask "${f[@]}" "--periodic-$a" --kind clearance -o "$OUT/cl-$a.png" 2>/dev/null ||
            fail "mask --periodic-$a: exit $?"
        seam_ok "$OUT/cl-$a.png" "$a"
        "$DAPPLE" stats "$OUT/cl-$a.csv" --size 300x200 "--periodic-$a" >"$TMP/cl.stats" 2>&1
        local word=across
        [ "$a" = y ] && word=down
        grep -q "in 300x200, periodic $word ($a) " "$TMP/cl.stats" || fail "stats --periodic-$a: $(head -1 "$TMP/cl.stats")"
    done
    "$DAPPLE" mask "${f[@]}" --periodic-x --periodic-y -o "$OUT/cl-xy.png" 2>/dev/null
    "$DAPPLE" mask "${f[@]}" --periodic -o "$OUT/cl-both.png" 2>/dev/null
    cmp -s "$OUT/cl-xy.png" "$OUT/cl-both.png" || fail "--periodic-x --periodic-y is not --periodic"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
