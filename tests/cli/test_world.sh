# Worlds on the command line (issue #16): -j N gives the same bytes for points, mask and
# render; the points of four --region windows are, together, the whole world's (checked
# by sorting), with the pair rule across their seams; bad --region values are refused.
. "$(dirname "$0")/lib.sh"

threads_same_bytes() {
    local a=(--size 700x500 --rmin 1 --rmax 4 --field perlin:scale=90 --seed 3)
    $DAPPLE points "${a[@]}" -j 1 -o "$TMP/p1.csv" 2>/dev/null &&
        $DAPPLE points "${a[@]}" -j 2 -o "$TMP/p2.csv" 2>/dev/null || fail "points -j"
    cmp -s "$TMP/p1.csv" "$TMP/p2.csv" || fail "points: -j 1 and -j 2 differ"
    $DAPPLE mask "${a[@]}" --periodic -j 1 -o "$TMP/m1.png" 2>/dev/null &&
        $DAPPLE mask "${a[@]}" --periodic -j 2 -o "$TMP/m2.png" 2>/dev/null || fail "mask -j"
    cmp -s "$TMP/m1.png" "$TMP/m2.png" || fail "mask: -j 1 and -j 2 differ"
    $DAPPLE render presets/rain-on-glass.ini --size 300x300 -j 1 -o "$TMP/r1.png" 2>/dev/null &&
        $DAPPLE render presets/rain-on-glass.ini --size 300x300 -j 2 -o "$TMP/r2.png" 2>/dev/null ||
        fail "render -j"
    cmp -s "$TMP/r1.png" "$TMP/r2.png" || fail "render: -j 1 and -j 2 differ"
}

# x,y,r lines sorted, without the header
body() { tail -n +2 "$1" | sort; }

regions_make_the_world() {
    local w=(--size 900x700 --rmin 1.5 --rmax 5 --field perlin:scale=120 --seed 11 $1)
    $DAPPLE points "${w[@]}" -o "$TMP/all.csv" 2>/dev/null || fail "whole world"
    : >"$TMP/parts.txt"
    for r in 0,0,400x300 400,0,500x300 0,300,400x400 400,300,500x400; do
        $DAPPLE points "${w[@]}" --region $r -o "$TMP/r.csv" 2>/dev/null || fail "region $r"
        body "$TMP/r.csv" >>"$TMP/parts.txt"
    done
    sort -o "$TMP/parts.txt" "$TMP/parts.txt"
    body "$TMP/all.csv" | cmp -s - "$TMP/parts.txt" ||
        fail "the four regions are not the world's points ($1)"
    local check=-b
    [ -n "$1" ] && check=-p
    "$TOOLS/ptcheck" $check 900 700 "$TMP/all.csv" >/dev/null || fail "pair rule ($1)"
}

# Mask tiles (--region) are windows of the whole mask, pixel for pixel: four tiles of a
# 2 x 2 split, for each kind, bounded and periodic (where the ink crosses the wrap).
mask_tiles_join() {
    local w=(--size 600x400 --rmin 2 --rmax 7 --field perlin:scale=100 --seed 4 $1)
    for kind in footprint splat clearance density; do
        $DAPPLE mask "${w[@]}" --kind $kind --depth 16 -o "$TMP/whole.png" 2>/dev/null ||
            fail "mask $kind $1"
        for r in 0,0,250x150 250,0,350x150 0,150,250x250 250,150,350x250; do
            $DAPPLE mask "${w[@]}" --kind $kind --depth 16 --region $r -o "$TMP/tile.png" 2>/dev/null ||
                fail "mask $kind --region $r $1"
            IFS=, read -r x y _ <<<"$r"
            "$TOOLS/pngtiles" "$TMP/whole.png" "$TMP/tile.png" "$x" "$y" ||
                fail "mask $kind $1: the tile at $r is not that window of the whole mask"
        done
    done
    # the tile's points are the world's points in it
    $DAPPLE mask "${w[@]}" --region 250,150,350x250 --points "$TMP/mp.csv" -o "$TMP/tile.png" 2>/dev/null &&
        $DAPPLE points "${w[@]}" --region 250,150,350x250 -o "$TMP/pp.csv" 2>/dev/null ||
        fail "mask/points --region $1"
    cmp -s "$TMP/mp.csv" "$TMP/pp.csv" || fail "mask --region --points differs from points --region $1"
}

# field --region: that window of the whole field image (dilated, on a torus).
field_tiles_join() {
    local f=(--size 600x400 --rmin 2 --rmax 7 --field perlin:scale=100 --dilate 5 --periodic --depth 16)
    $DAPPLE field "${f[@]}" -o "$TMP/fw.png" 2>/dev/null &&
        $DAPPLE field "${f[@]}" --region 250,150,350x250 -o "$TMP/ft.png" 2>/dev/null || fail "field --region"
    "$TOOLS/pngtiles" "$TMP/fw.png" "$TMP/ft.png" 250 150 || fail "field --region is not that window"
}

# A world of 2^20 units a side (its Perlin field is rasterised chunk by chunk): a region
# in the middle, its pair rule, and two mask tiles that are the halves of a larger one.
huge_world() {
    local w=(--size 1048576x1048576 --rmin 2 --rmax 6 --field perlin:scale=300 --seed 5)
    $DAPPLE points "${w[@]}" --region 524000,300000,600x400 -o "$TMP/h.csv" 2>/dev/null ||
        fail "points in a 2^20 world"
    "$TOOLS/ptcheck" -b 1048576 1048576 "$TMP/h.csv" >/dev/null || fail "pair rule (2^20 world)"
    [ "$(wc -l <"$TMP/h.csv")" -gt 5000 ] || fail "2^20 world: only $(wc -l <"$TMP/h.csv") lines"
    $DAPPLE mask "${w[@]}" --region 524000,300000,600x400 -o "$TMP/hw.png" 2>/dev/null &&
        $DAPPLE mask "${w[@]}" --region 524300,300000,300x400 -o "$TMP/hr.png" 2>/dev/null ||
        fail "masks in a 2^20 world"
    "$TOOLS/pngtiles" "$TMP/hw.png" "$TMP/hr.png" 300 0 || fail "2^20 world: mask tiles do not join"
    expect_error 1 "dapple: dilate: not yet for a Perlin field over more than 4096 units a side" \
        "$TMP/hd.csv" -- $DAPPLE points "${w[@]}" --dilate 3 --region 0,0,64x64 -o "$TMP/hd.csv"
    expect_error 2 "dapple: --size: 8200x8200 is 67240000 pixels, over the memory limit of 67108864 (64 Mpixel)" \
        "$TMP/hm.png" -- $DAPPLE mask --size 8200x8200 --radius 4 -o "$TMP/hm.png"
}

# A large region is written in bands of chunk rows (one band in memory at a time): the
# same bytes as one piece, CSV and JSON, with the bail-out still exact.
streamed_bands() {
    local a=(--size 2000x1500 --rmin 1.5 --rmax 5 --field perlin:scale=150 --periodic)
    $DAPPLE points "${a[@]}" -o "$TMP/one.csv" 2>/dev/null &&
        DAPPLE_BAND_POINTS=20000 $DAPPLE points "${a[@]}" -o "$TMP/bands.csv" 2>/dev/null ||
        fail "points in bands"
    cmp -s "$TMP/one.csv" "$TMP/bands.csv" || fail "points in bands differ from one piece"
    $DAPPLE points "${a[@]}" --region 300,200,1200x900 -o "$TMP/one.json" 2>/dev/null &&
        DAPPLE_BAND_POINTS=20000 $DAPPLE points "${a[@]}" --region 300,200,1200x900 \
            -o "$TMP/bands.json" 2>/dev/null || fail "JSON in bands"
    cmp -s "$TMP/one.json" "$TMP/bands.json" || fail "JSON in bands differs from one piece"
    DAPPLE_BAND_POINTS=20000 $DAPPLE points --size 2000x1500 --radius 2 --max-points 30000 \
        -o "$TMP/lim.csv" 2>"$TMP/lim.log" || fail "bands with --max-points"
    [ "$(wc -l <"$TMP/lim.csv")" = 30001 ] || fail "bands: --max-points 30000 wrote $(wc -l <"$TMP/lim.csv") lines"
    grep -qx 'dapple: stopped at the limit of 30000 points (--max-points)' "$TMP/lim.log" ||
        fail "bands: no bail-out line"
}

bad_regions() {
    local o=$TMP/bad.csv s=(--size 800x600 --radius 3)
    expect_error 2 "dapple: --region: 700,0,200x600 is not inside the 800x600 world" "$o" -- \
        $DAPPLE points "${s[@]}" --region 700,0,200x600 -o "$o"
    expect_error 2 "dapple: --region: expected X,Y,WxH, got '10,10,50'" "$o" -- \
        $DAPPLE points "${s[@]}" --region 10,10,50 -o "$o"
    expect_error 2 "dapple: --region: expected X,Y,WxH, got '-5,0,10x10'" "$o" -- \
        $DAPPLE points "${s[@]}" --region -5,0,10x10 -o "$o"
    expect_error 2 "dapple: --region: an empty window ('0,0,0x10')" "$o" -- \
        $DAPPLE points "${s[@]}" --region 0,0,0x10 -o "$o"
    expect_error 2 "dapple: --count: not with --region (the count is the whole world's)" "$o" -- \
        $DAPPLE points "${s[@]}" --region 0,0,10x10 --count 100 -o "$o"
    expect_error 2 "dapple: --jobs: expected an integer in [1, 256], got '0'" "$o" -- \
        $DAPPLE points "${s[@]}" -j 0 -o "$o"
    expect_error 2 "dapple: --relative: only with --region" "$o" -- \
        $DAPPLE points "${s[@]}" --relative -o "$o"
    printf 'x,y,r\n5,5,2\n' >"$TMP/list.csv"
    expect_error 2 "dapple: --region: not with --from (draw the list whole)" "$TMP/m.png" -- \
        $DAPPLE mask --size 64x64 --from "$TMP/list.csv" --region 0,0,32x32 -o "$TMP/m.png"
}

# --relative writes a region's points from its corner: the world's points there, shifted
# (y down from the top edge, or with --y-up up from the region's bottom edge), r unchanged.
relative_regions() {
    local w=(--size 300x200 --rmin 1 --rmax 4 --field perlin:scale=60 --seed 5 --region 120,50,100x80)
    local y
    for y in "" --y-up; do
        $DAPPLE points "${w[@]}" $y -o "$TMP/world.csv" 2>/dev/null &&
            $DAPPLE points "${w[@]}" $y --relative -o "$TMP/rel.csv" 2>/dev/null || fail "relative $y"
        local oy=50
        [ -n "$y" ] && oy=70 # 200 - 50 - 80
        python3 - "$TMP/world.csv" "$TMP/rel.csv" $oy <<'PY' || fail "--relative $y: not the region's points shifted"
import sys
a = [l.split(",") for l in open(sys.argv[1]).read().split()[1:]]
b = [l.split(",") for l in open(sys.argv[2]).read().split()[1:]]
oy = float(sys.argv[3])
assert len(a) == len(b) > 100, (len(a), len(b))
for p, q in zip(a, b):
    assert abs(float(p[0]) - 120 - float(q[0])) < 1e-4 and abs(float(p[1]) - oy - float(q[1])) < 1e-4, (p, q)
    assert p[2] == q[2] and 0 <= float(q[0]) < 100 and 0 <= float(q[1]) <= 80, (p, q)
PY
    done
}

threads_same_bytes
relative_regions
regions_make_the_world ""
regions_make_the_world --periodic
mask_tiles_join ""
mask_tiles_join --periodic
field_tiles_join
huge_world
streamed_bands
bad_regions
finish
