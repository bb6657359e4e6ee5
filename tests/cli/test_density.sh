# The density map on the command line: a road excluded from points and masks (Perlin
# density, bounded and periodic), --count within 1 % with the same bytes twice, `points`
# and `mask --points` writing the same bytes, mask --from, per-point columns, and every
# bad input of issue #13 refused with one line, the right exit code and no output file.
. "$(dirname "$0")/lib.sh"

# Points off the road: every point's distance to the road's centre line, in domain units
# (4 per road pixel), must exceed the half width less the pixels' own rounding.
road_is_empty() { # FILE
    awk -F, 'NR > 1 { d = $1 - 0.75 * $2 - 256; if (d < 0) d = -d; if (d < 64 - 1.75 * 4) bad++ }
             END { exit bad > 0 }' "$1"
}

# A road: a 256x256 8-bit grey PNG, white where |x - 0.75 y - 64| < 16 (stretched 4x over
# the 1024 domain: |x - 0.75 y - 256| < 64).
road_png() {
    "$TOOLS/roadpng" "$TMP/road.png" || fail "cannot write the road image"
}

exclusion_road_empty() {
    road_png
    for per in "" --periodic; do
        $DAPPLE points --size 1024x1024 --rmin 4 --map density --field perlin:scale=200 \
            --exclude "image:$TMP/road.png" $per -o "$TMP/r.csv" 2>/dev/null || fail "points $per"
        road_is_empty "$TMP/r.csv" || fail "a point on the excluded road ($per)"
        [ "$(wc -l <"$TMP/r.csv")" -gt 10000 ] || fail "too few points off the road ($per)"
        "$TOOLS/ptcheck" ${per:+-p 1024 1024} ${per:--b 1024 1024} "$TMP/r.csv" >/dev/null ||
            fail "pair rule with an excluded road ($per)"
    done
}

count_is_met_and_stable() {
    $DAPPLE points --size 1024x1024 --rmin 2 --map density --field perlin:scale=150 \
        --count 20000 -o "$TMP/c1.csv" 2>"$TMP/log" || fail "--count: $(cat "$TMP/log")"
    $DAPPLE points --size 1024x1024 --rmin 2 --map density --field perlin:scale=150 \
        --count 20000 -o "$TMP/c2.csv" 2>/dev/null
    local n=$(($(wc -l <"$TMP/c1.csv") - 1))
    [ "$n" -ge 19800 ] && [ "$n" -le 20200 ] || fail "--count 20000 gave $n points"
    cmp -s "$TMP/c1.csv" "$TMP/c2.csv" || fail "--count: two runs, different bytes"
    grep -q '^dapple: --count 20000: spacing scaled by ' "$TMP/log" || fail "--count: no scale on stderr"
}

mask_points_are_points() {
    local a=(--size 512x512 --rmin 3 --map density --field perlin:scale=90 --seed 9 --rotation --variants 4)
    $DAPPLE points "${a[@]}" -o "$TMP/p.csv" 2>/dev/null
    $DAPPLE mask "${a[@]}" --points "$TMP/m.csv" -o "$TMP/m.png" 2>/dev/null
    cmp -s "$TMP/p.csv" "$TMP/m.csv" || fail "points and mask --points differ for the same arguments"
    head -1 "$TMP/p.csv" | grep -qx 'x,y,r,rotation,variant' || fail "columns: $(head -1 "$TMP/p.csv")"
    $DAPPLE mask --size 512x512 --from "$TMP/p.csv" --dot-radius 2 --depth 16 -o "$TMP/f.png" 2>/dev/null ||
        fail "mask --from"
    expect_png "$TMP/f.png" "512 512 16 grey linear"
}

# A list written with --y-up, read back with --from --y-up, puts the ink where the point is.
from_reads_y_up() {
    printf 'x,y,r\n10,50,4\n' >"$TMP/up.csv" # y = 50 measured up: row 13 of a 64 px mask
    $DAPPLE mask --size 64x64 --from "$TMP/up.csv" --y-up --dot-radius 3 -o "$TMP/up.png" 2>/dev/null ||
        fail "mask --from --y-up"
    [ "$($TOOLS/pnginfo "$TMP/up.png" 10 13 | awk '{print $NF}')" = 255 ] || fail "--y-up: no ink at row 13"
    [ "$($TOOLS/pnginfo "$TMP/up.png" 10 50 | awk '{print $NF}')" = 0 ] || fail "--y-up: ink at row 50"
}

# A preset's point list gets the engine columns too (points_rotation, points_scale_jitter,
# points_variants, points_y_up), the same points with y flipped by points_y_up.
preset_columns() {
    local d=$TMP/pc
    mkdir -p "$d/up" "$d/down"
    printf '[texture]\nsize = 64x64\ntexture = false\npoints = csv\npoints_rotation = yes\npoints_variants = 3\npoints_scale_jitter = 0.2\npoints_y_up = %s\n[layer a]\nstyle = circles\nradius = 6\n' \
        yes >"$d/up/pc.ini"
    sed 's/points_y_up = yes/points_y_up = no/' "$d/up/pc.ini" >"$d/down/pc.ini"
    $DAPPLE pack "$d/up" -o "$d/up/out" 2>/dev/null && $DAPPLE pack "$d/down" -o "$d/down/out" 2>/dev/null ||
        fail "pack with point columns"
    head -1 "$d/up/out/pc-points.csv" | grep -qx 'x,y,r,layer,rotation,scale,variant' ||
        fail "preset columns: $(head -1 "$d/up/out/pc-points.csv")"
    paste -d, "$d/up/out/pc-points.csv" "$d/down/out/pc-points.csv" |
        awk -F, 'NR > 1 && ($1 != $8 || ($2 + $9 - 64) ^ 2 > 1e-8 || $5 != $12 || $7 != $14 || $7 > 2) { bad++ }
                 END { exit bad > 0 }' || fail "points_y_up: not the same points with y flipped"
}

bad_input() {
    local o=$TMP/bad.csv m=$TMP/bad.png s=(--size 64x64 --rmin 2 --field perlin)
    expect_error 2 "dapple: --cutoff: expected a number in [0, 0.999], got '1'" "$o" -- \
        $DAPPLE points "${s[@]}" --map density --cutoff 1 -o "$o"
    expect_error 2 "dapple: --cutoff: only with --map density" "$o" -- \
        $DAPPLE points "${s[@]}" --rmax 4 --cutoff 0.1 -o "$o"
    expect_error 2 "dapple: --map: expected radius or density, got 'densty' (did you mean 'density'?)" "$o" -- \
        $DAPPLE points "${s[@]}" --map densty -o "$o"
    expect_error 2 "dapple: --count: expected an integer in [1, 1000000000], got '0'" "$o" -- \
        $DAPPLE points "${s[@]}" --map density --count 0 -o "$o"
    expect_error 2 "dapple: --count (100) exceeds --max-points (50)" "$o" -- \
        $DAPPLE points "${s[@]}" --map density --count 100 --max-points 50 -o "$o"
    expect_error 2 "dapple: --dot-radius: expected a number in [0, 4096], got '-1'" "$m" -- \
        $DAPPLE mask "${s[@]}" --map density --dot-radius -1 -o "$m"
    expect_error 2 "dapple: --exclude: expected image:PATH, got 'road.png'" "$o" -- \
        $DAPPLE points "${s[@]}" --map density --exclude road.png -o "$o"
    expect_error 2 "dapple: missing --radius R (or --rmin A --field SPEC)" "$o" -- \
        $DAPPLE points --size 64x64 --rmin 2 --map density -o "$o"
    expect_error 1 "dapple: --exclude: $TMP/nope.png: No such file or directory" "$m" -- \
        $DAPPLE mask "${s[@]}" --map density --exclude "image:$TMP/nope.png" -o "$m"
    head -c 100 "$TMP/road.png" >"$TMP/cut.png"
    expect_error 1 "dapple: --exclude: $TMP/cut.png: truncated PNG: unexpected end of file" "$m" -- \
        $DAPPLE mask "${s[@]}" --map density --exclude "image:$TMP/cut.png" -o "$m"
    mkfifo "$TMP/fifo.png"
    expect_error 1 "dapple: --exclude: $TMP/fifo.png: not a regular file" "$o" -- \
        timeout 10 $DAPPLE points "${s[@]}" --map density --exclude "image:$TMP/fifo.png" -o "$o"
    expect_error 1 "dapple: --from: $TMP/nope.csv: No such file or directory" "$m" -- \
        $DAPPLE mask --size 64x64 --from "$TMP/nope.csv" -o "$m"
}

exclusion_road_empty
count_is_met_and_stable
mask_points_are_points
from_reads_y_up
preset_columns
bad_input
finish
