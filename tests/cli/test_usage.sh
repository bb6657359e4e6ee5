# Usage errors that help: a typo of a long option gets the nearest one, an ambiguous prefix
# its candidates, a bad --set or a --normal-convention without --normal exits 2;
# `render --scale` scales a preset's whole look with its size; `dapple layers` lists what
# --set can name; counts read "1 point"; the pixel limit states both numbers; `make` on a
# machine without a package names it and the command that installs it.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)

cat >"$TMP/one.ini" <<'INI'
[texture]
size = 64x48
seed = 2

[layer dots]
style = circles
radius = 400
INI

cat >"$TMP/two.ini" <<'INI'
[texture]
size = 96x64
background_colour = #203040

[layer big]
style = droplets
rmin = 6
rmax = 10
field = perlin:scale=40

[layer small]
style = circles
radius = 2.5
avoid = big
INI

did_you_mean() {
    expect_error 2 "dapple: unknown option '--radus' (did you mean --radius?)" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --radus 3 -o "$TMP/o.csv"
    expect_error 2 "dapple: unknown option '--normal-conventon' (did you mean --normal-convention?)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --normal-conventon=dx -o "$TMP/o.png"
    expect_error 2 "dapple: unknown option '--zzzzzz' (see --help)" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --radius 3 --zzzzzz -o "$TMP/o.csv"
}

ambiguous_prefix() {
    expect_error 2 "dapple: ambiguous option '--r': --radius, --rmin, --rmax, --relax, --rotation, --relative, --region" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --r 3 -o "$TMP/o.csv"
    expect_error 2 "dapple: ambiguous option '--s': --size, --seed, --set, --scale" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --s=3 -o "$TMP/o.png"
    # an unambiguous prefix still works
    $DAPPLE points --si 64x64 --rad 8 -o "$TMP/prefix.csv" 2>/dev/null || fail "--si/--rad prefixes refused"
}

bad_set_is_usage() {
    expect_error 2 "dapple: --set: smal.radius: no layer 'smal' (did you mean 'small'?)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --set smal.radius=3 -o "$TMP/o.png"
    expect_error 2 "dapple: --set: small.rmn: unknown key 'rmn' in [layer small] (did you mean 'rmin'?)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --set small.rmn=3 -o "$TMP/o.png"
}

normal_convention_needs_normal() {
    expect_error 2 "dapple: --normal-convention: only with --normal FILE" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --normal-convention dx -o "$TMP/o.png"
    $DAPPLE render "$TMP/two.ini" --normal-convention dx --normal "$TMP/n.png" -o "$TMP/t.png" 2>/dev/null ||
        fail "--normal-convention with --normal refused"
}

# --scale 2 gives twice the size and twice every length: about as many points (the same
# look), with radii twice as large.
scale_keeps_the_look() {
    $DAPPLE render "$TMP/two.ini" -o "$TMP/s1.png" --points "$TMP/s1.csv" 2>/dev/null
    $DAPPLE render "$TMP/two.ini" -o "$TMP/s2.png" --points "$TMP/s2.csv" --scale 2 2>/dev/null
    expect_png "$TMP/s2.png" "192 128 8 rgba srgb"
    local m1 m2
    m1=$(awk -F, 'NR > 1 { n++; r += $3 } END { printf "%d %.6f", n, r / n }' "$TMP/s1.csv")
    m2=$(awk -F, 'NR > 1 { n++; r += $3 } END { printf "%d %.6f", n, r / n }' "$TMP/s2.csv")
    awk -v a="$m1" -v b="$m2" 'BEGIN { split(a, x, " "); split(b, y, " ");
        exit !(y[1] > 0.95 * x[1] && y[1] < 1.05 * x[1] && y[2] > 1.95 * x[2] && y[2] < 2.05 * x[2]) }' ||
        fail "--scale 2: points and mean radius $m2, want about the count and twice the radius of $m1"
    expect_error 2 "dapple: --scale: not with --size (the scale sets the size)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --scale 2 --size 10x10 -o "$TMP/o.png"
    expect_error 2 "dapple: --scale: expected a number in [0.01, 100], got '0'" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --scale 0 -o "$TMP/o.png"
}

layers_lists_sections() {
    $DAPPLE layers "$TMP/two.ini" >"$TMP/layers.txt" || fail "dapple layers failed"
    head -3 "$TMP/layers.txt" >"$TMP/head.txt"
    printf '%-16s %-10s --set texture.KEY=VALUE\n%-16s %-10s --set big.KEY=VALUE\n%-16s %-10s --set small.KEY=VALUE\n' \
        texture "" big droplets small circles >"$TMP/want.txt"
    cmp -s "$TMP/head.txt" "$TMP/want.txt" || fail "dapple layers: $(diff "$TMP/want.txt" "$TMP/head.txt")"
    grep -q "^layer keys: style radius rmin rmax" "$TMP/layers.txt" || fail "dapple layers: no layer keys"
    awk 'length > 80 { exit 1 }' "$TMP/layers.txt" || fail "dapple layers: a line over 80 columns"
    expect_error 2 "dapple: missing PRESET.ini" "" -- $DAPPLE layers
    expect_error 1 "dapple: cannot open '$TMP/none.ini': No such file or directory" "" -- $DAPPLE layers "$TMP/none.ini"
}

one_point() {
    $DAPPLE render "$TMP/one.ini" -o "$TMP/one.png" 2>"$TMP/one.log"
    grep -qx "dapple: layer 'dots': 1 point (complete)" "$TMP/one.log" || fail "render: $(head -1 "$TMP/one.log")"
    $DAPPLE points --size 8x8 --radius 100 -o "$TMP/one.csv" 2>"$TMP/one.log"
    grep -qx "dapple: 1 point in [0-9.]* s (complete)" "$TMP/one.log" || fail "points: $(cat "$TMP/one.log")"
}

pixel_limit_exact() {
    expect_error 2 "dapple: --size: 8193x8192 is 67117056 pixels, over the memory limit of 67108864 (64 Mpixel)" "$TMP/o.png" -- \
        $DAPPLE mask --size 8193x8192 --radius 100 -o "$TMP/o.png"
}

make_names_missing_packages() {
    command -v make >/dev/null || return 0
    local line
    line=$(grep -n '^\$(error missing packages' "$ROOT/Makefile" | cut -d: -f1)
    expect_error 2 "Makefile:$line: *** missing packages (pkg-config): no-such-pkg-dapple. Install them with: make deps.  Stop." "" -- \
        env -u MAKEFLAGS -u MAKELEVEL make -s -n -C "$ROOT" PKGS="cairo no-such-pkg-dapple"
}

did_you_mean
ambiguous_prefix
bad_set_is_usage
normal_convention_needs_normal
scale_keeps_the_look
layers_lists_sections
one_point
pixel_limit_exact
make_names_missing_packages
finish
