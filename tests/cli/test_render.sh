# `dapple render` and `dapple mask`: PNG size, colour type and depth as asked, layers that
# avoid each other, identical bytes for the same seed, and bad presets refused with
# file:line and no output.
. "$(dirname "$0")/lib.sh"

cat >"$TMP/drops.ini" <<'INI'
[texture]
size = 96x64
seed = 3
periodic = true
background_colour = #203040

[layer big]
style = droplets
rmin = 6
rmax = 10
field = perlin:scale=40

[layer small]
style = droplets
radius = 2.5
avoid = big
INI

render_outputs() {
    $DAPPLE render "$TMP/drops.ini" -o "$TMP/t.png" --height "$TMP/h.png" --normal "$TMP/n.png" \
        --points "$TMP/p.csv" 2>"$TMP/log"
    expect_png "$TMP/t.png" "96 64 8 rgba srgb"
    expect_png "$TMP/h.png" "96 64 16 grey linear"
    expect_png "$TMP/n.png" "96 64 8 rgb linear"
    [ "$(head -1 "$TMP/p.csv")" = "x,y,r,layer" ] || fail "points header"
    grep -q "^dapple: layer 'small': [0-9]* points (complete)$" "$TMP/log" || fail "layer summary"
}

render_avoid_and_wrap() {
    # the pair rule inside each layer and no small circle (0.5 r) over a big one, wrapped
    "$TOOLS/ptcheck" -p 96 64 -s 0.5 "$TMP/p.csv" >/dev/null || fail "avoid / pair rule"
    grep -q ',1$' "$TMP/p.csv" || fail "the second layer is empty"
}

render_deterministic() {
    $DAPPLE render "$TMP/drops.ini" -o "$TMP/t2.png" 2>/dev/null
    cmp -s "$TMP/t.png" "$TMP/t2.png" || fail "same preset and seed, different bytes"
    $DAPPLE render "$TMP/drops.ini" -o "$TMP/t3.png" --seed 4 2>/dev/null
    ! cmp -s "$TMP/t.png" "$TMP/t3.png" || fail "--seed changed nothing"
}

render_overrides() {
    $DAPPLE render "$TMP/drops.ini" -o "$TMP/s.png" --size 40x30 --set small.radius=3 2>/dev/null
    expect_png "$TMP/s.png" "40 30 8 rgba srgb"
    expect_error 2 "dapple: --set: small.radius: expected a number in [0.25, 4096], got 'x'" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/drops.ini" -o "$TMP/o.png" --set small.radius=x
    expect_error 2 "dapple: --set: smal.radius: no layer 'smal' (did you mean 'small'?)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/drops.ini" -o "$TMP/o.png" --set smal.radius=3
    expect_error 2 "dapple: --size: expected WxH with sides in [1, 32767], got '40000x10'" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/drops.ini" -o "$TMP/o.png" --size 40000x10
    expect_error 1 "dapple: -o: '$TMP/drops.ini' is also an input; refusing to overwrite it" "" -- \
        $DAPPLE render "$TMP/drops.ini" -o "$TMP/drops.ini"
}

bad_preset() { # NAME "message after FILE" then the preset text on stdin
    cat >"$TMP/$1.ini"
    expect_error 1 "dapple: $TMP/$1.ini:$2" "$TMP/o.png" -- $DAPPLE render "$TMP/$1.ini" -o "$TMP/o.png"
}

render_bad_presets() {
    expect_error 1 "dapple: cannot open '$TMP/none.ini': No such file or directory" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/none.ini" -o "$TMP/o.png"
    printf '[texture\nsize = 8x8\n' | bad_preset syntax "1: section header without closing ']'"
    printf '[texture]\nsize = 8x8\n[layer a]\nstyle = circles\nrmn = 3\n' |
        bad_preset unknown "5: unknown key 'rmn' in [layer a] (did you mean 'rmin'?)"
    printf '[texture]\nsize = 8x8\n[layer a]\nstyle = circles\nradius = -3\n' |
        bad_preset range "5: radius: expected a number in [0.25, 4096], got '-3'"
    printf '[texture]\nsize = 8x8\n[layer a]\nstyle = circles\nradius = 3\navoid = b\n[layer b]\nstyle = circles\nradius = 3\n' |
        bad_preset later "6: avoid: 'b' is not an earlier layer (avoid must name earlier layers)"
    printf '[texture]\nsize = 8x8\n[layer a]\nstyle = stamps\nradius = 3\nstamp = nope.png\n' |
        bad_preset stamp "6: stamp: cannot open '$TMP/nope.png' (the path is relative to the preset's folder): No such file or directory"
}

mask_depths() {
    $DAPPLE mask --size 64x48 --radius 6 --depth 16 --points "$TMP/m.csv" -o "$TMP/m16.png" 2>/dev/null
    expect_png "$TMP/m16.png" "64 48 16 grey linear"
    # the pixel under the first point is inked, with a 16-bit value
    local x y v
    IFS=, read -r x y _ _ < <(sed -n 2p "$TMP/m.csv")
    v=$("$TOOLS/pnginfo" "$TMP/m16.png" "${x%.*}" "${y%.*}" | awk '{print $6}')
    [ "${v:-0}" -gt 255 ] || fail "16-bit footprint at a point is $v"
    for kind in footprint splat clearance density; do
        $DAPPLE mask --size 32x32 --rmin 2 --rmax 5 --field perlin:scale=16 --kind $kind -o "$TMP/$kind.png" 2>/dev/null
        expect_png "$TMP/$kind.png" "32 32 8 grey linear"
    done
    expect_error 2 "dapple: --kind: expected footprint, splat, clearance or density, got 'blob'" "$TMP/o.png" -- \
        $DAPPLE mask --size 8x8 --radius 2 --kind blob -o "$TMP/o.png"
    expect_error 2 "dapple: --depth: expected 8 or 16, got '12'" "$TMP/o.png" -- \
        $DAPPLE mask --size 8x8 --radius 2 --depth 12 -o "$TMP/o.png"
}

render_outputs
render_avoid_and_wrap
render_deterministic
render_overrides
render_bad_presets
mask_depths
finish
