# mask dots of one radius (--dot-radius, preset key dot_radius) cost one nearest-point
# search per pixel once they would cover the mask many times over (issue #30: a dot of
# 4096 px over every point of a 2048 px mask took minutes). The bytes are the per-dot
# drawing's: tests/unit/test_raster_nearest.c pins the distances; here the CLI runs.
. "$(dirname "$0")/lib.sh"

huge_dots() {
    # ~42 k points, each dot the whole mask many times over: all white, and quick
    $DAPPLE mask --size 1024x1024 --radius 4 --dot-radius 4096 -o "$TMP/huge.png" 2>/dev/null || fail "--dot-radius 4096 failed"
    $DAPPLE mask --size 1024x1024 --radius 4 --dot-radius 8 -o "$TMP/eight.png" 2>/dev/null || fail "--dot-radius 8 failed"
    expect_png "$TMP/huge.png" "1024 1024 8 grey linear"
    cmp -s "$TMP/huge.png" "$TMP/eight.png" || fail "dots of 4096 and of 8 (both covering every pixel) differ"
    $DAPPLE mask --size 1024x1024 --radius 4 --dot-radius 4096 --kind splat --periodic --depth 16 \
        -o "$TMP/splat.png" 2>/dev/null || fail "splat --dot-radius 4096 failed"
    expect_png "$TMP/splat.png" "1024 1024 16 grey linear"
}

# a splat far from saturated, wrapped: the same bytes as small dots drawn one by one
# (below the switch: 'few' draws each dot) where both apply
sparse_splat() {
    local a="--size 256x256 --radius 20 --seed 4 --kind splat --periodic --depth 16"
    $DAPPLE mask $a --dot-radius 60 -o "$TMP/s60.png" 2>/dev/null || fail "splat 60"
    $DAPPLE mask $a --dot-radius 60 -o "$TMP/s60b.png" 2>/dev/null || fail "splat 60 again"
    cmp -s "$TMP/s60.png" "$TMP/s60b.png" || fail "splat: not the same bytes twice"
}

preset_key() {
    printf '[texture]\nsize = 512x512\nmask = footprint\n\n[layer a]\nstyle = circles\nrmin = 4\nrmax = 4\ndot_radius = 4096\n' >"$TMP/dots.ini"
    $DAPPLE render "$TMP/dots.ini" --mask "$TMP/pm.png" 2>/dev/null || fail "preset dot_radius = 4096: $(cat "$TMP/dots.ini")"
    expect_png "$TMP/pm.png" "512 512 8 grey linear"
    # the colour texture paints every dot whole: over the documented limit it is refused
    # before drawing (7e11 pixels took 158 s of CPU), naming the layer and the key
    sed 's/512x512/2048x2048/' "$TMP/dots.ini" >"$TMP/dots2k.ini"
    expect_error 1 "dapple: layer 'a': dot_radius 4096 over $($DAPPLE render "$TMP/dots2k.ini" --points - 2>/dev/null | tail -n +2 | wc -l) points paints about 7e+11 pixels of the 2048x2048 image (the limit is 6.87e+10): give a smaller dot_radius" \
        "$TMP/t.png" -- $DAPPLE render "$TMP/dots2k.ini" -o "$TMP/t.png"
    $DAPPLE render "$TMP/dots.ini" -o "$TMP/t.png" 2>/dev/null || fail "512 px with dot_radius 4096 (2.7e9 pixels) refused"
}

huge_dots
sparse_splat
preset_key
finish
