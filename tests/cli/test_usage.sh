# Usage errors that help: a typo of a long option gets the nearest one, an ambiguous prefix
# its candidates, hints for an image field without image:, a missing --rmax (--map
# density?), a count in e-notation or over --max-points, an image of another aspect, a bad --set or a --normal-convention without --normal exits 2;
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
    expect_error 2 "dapple: ambiguous option '--s': --size, --seed, --set, --scale, --scale-to" "$TMP/o.png" -- \
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

# --scale-to WxH is --scale to an exact size: the same bytes as --scale with the factor it
# names (so the same look), the size exactly as asked; a size of another aspect ratio is
# refused with the ones that have it; --scale that rounds says so on stderr; the height
# map's scale is reported and follows the factor.
scale_to_exact_size() {
    $DAPPLE render "$TMP/two.ini" -o "$TMP/to.png" --scale-to 128x85 2>"$TMP/to.log" ||
        fail "--scale-to 128x85: $(cat "$TMP/to.log")"
    expect_png "$TMP/to.png" "128 85 8 rgba srgb"
    $DAPPLE render "$TMP/two.ini" -o "$TMP/by.png" --scale 1.3333333333333333 2>"$TMP/by.log"
    cmp -s "$TMP/to.png" "$TMP/by.png" || fail "--scale-to 128x85 is not --scale 128/96"
    grep -qxF "dapple: --scale 1.33333 gives 128x85.3333333 pixels, rounded to 128x85 (--scale-to WxH for an exact size)" "$TMP/by.log" ||
        fail "--scale 4/3: no rounding note: $(head -2 "$TMP/by.log")"
    ! grep -q "rounded" "$TMP/to.log" || fail "--scale-to reports a rounding: $(cat "$TMP/to.log")"
    $DAPPLE render "$TMP/two.ini" -o "$TMP/by.png" --scale 1.5 2>"$TMP/by.log"
    ! grep -q "rounded" "$TMP/by.log" || fail "--scale 1.5 of 96x64 reports a rounding"
    expect_error 2 "dapple: --scale-to: 128x128 is not the preset's aspect ratio (96x64): the same look at that width is 128x85, at that height 192x128 (--size changes the aspect, not the look)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --scale-to 128x128 -o "$TMP/o.png"
    # a suggestion is one that works (#40: 1x1 suggested 1x1, then refused it)
    expect_error 2 "dapple: --scale-to: 1x1 is not the preset's aspect ratio (96x64): the same look at that height is 2x1 (--size changes the aspect, not the look)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --scale-to 1x1 -o "$TMP/o.png"
    $DAPPLE render "$TMP/two.ini" --scale-to 2x1 -o "$TMP/two-by-one.png" 2>/dev/null || fail "--scale-to 2x1, the suggestion, refused"
    expect_error 2 "dapple: --scale-to: not with --scale (it sets the size and scale)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --scale-to 192x128 --scale 2 -o "$TMP/o.png"
    expect_error 2 "dapple: --scale-to: not with --size (it sets the size and scale)" "$TMP/o.png" -- \
        $DAPPLE render "$TMP/two.ini" --scale-to 192x128 --size 10x10 -o "$TMP/o.png"
    local h1 h2
    $DAPPLE render "$TMP/two.ini" --height "$TMP/h1.png" 2>"$TMP/h1.log"
    $DAPPLE render "$TMP/two.ini" --height "$TMP/h2.png" --scale-to 192x128 2>"$TMP/h2.log"
    h1=$(sed -n 's/^dapple: height map: height_scale \([0-9.e+-]*\) (65535 = that many pixels high)$/\1/p' "$TMP/h1.log")
    h2=$(sed -n 's/^dapple: height map: height_scale \([0-9.e+-]*\) (65535 = that many pixels high)$/\1/p' "$TMP/h2.log")
    awk -v a="$h1" -v b="$h2" 'BEGIN { exit !(a > 0 && b > 1.999 * a && b < 2.001 * a) }' ||
        fail "height_scale: '$h1' at scale 1, '$h2' at --scale-to x2: want one twice the other"
    ! grep -q height_scale "$TMP/to.log" || fail "render reports height_scale without --height"
}

# Hints for what a newcomer types: an image path without image:, a field without --rmax
# when the density map was meant, a count in e-notation or over the default --max-points.
hints() {
    expect_error 2 "dapple: --field: unknown field kind 'forest.png' (an image file is given as image:forest.png)" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --rmin 2 --rmax 8 --field forest.png -o "$TMP/o.csv"
    expect_error 2 "dapple: missing --rmax B (or --map density, where --rmin alone is the spacing at full density)" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --rmin 2 --field perlin -o "$TMP/o.csv"
    $DAPPLE points --size 64x64 --rmin 2 --field perlin --map density -o "$TMP/density.csv" 2>/dev/null ||
        fail "--rmin alone with --map density refused"
    expect_error 2 "dapple: --count: expected an integer in [1, 1000000000], got '1e8' (write it out: 100000000; over 20000000 points also needs --max-points N)" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --radius 2 --count 1e8 -o "$TMP/o.csv"
    expect_error 2 "dapple: --count: expected an integer in [1, 1000000000], got '5e4' (write it out: 50000)" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --radius 2 --count 5e4 -o "$TMP/o.csv"
    expect_error 2 "dapple: --count (100000000) exceeds --max-points (20000000, the default: raise it with --max-points N)" "$TMP/o.csv" -- \
        $DAPPLE points --size 64x64 --radius 2 --count 100000000 -o "$TMP/o.csv"
    expect_error 2 "dapple: --count (100000000) exceeds --max-points (1000)" "$TMP/o.png" -- \
        $DAPPLE mask --size 64x64 --radius 2 --count 100000000 --max-points 1000 -o "$TMP/o.png"
}

# An image stretched over a domain of another shape (more than 1 % apart) gets one line on
# stderr, for the field image and each exclusion image, even with --quiet; one within 1 %
# gets none, and the points are the same either way.
aspect_warning() {
    $DAPPLE field --size 100x30 --rmin 1 --rmax 2 --field perlin:scale=20 -o "$TMP/wide.png" 2>/dev/null
    $DAPPLE field --size 200x100 --rmin 1 --rmax 2 --field perlin:scale=20 -o "$TMP/road.png" 2>/dev/null
    $DAPPLE field --size 200x199 --rmin 1 --rmax 2 --field perlin:scale=20 -o "$TMP/square.png" 2>/dev/null
    $DAPPLE points --size 256x256 --rmin 3 --field "image:$TMP/wide.png" --map density \
        --exclude "image:$TMP/road.png" --quiet -o "$TMP/a.csv" 2>"$TMP/aspect.log" ||
        fail "points with a wide map: $(cat "$TMP/aspect.log")"
    printf '%s\n' "dapple: warning: --field $TMP/wide.png is 100x30 (aspect 3.33), stretched over the 256x256 domain (aspect 1)" \
        "dapple: warning: --exclude $TMP/road.png is 200x100 (aspect 2), stretched over the 256x256 domain (aspect 1)" >"$TMP/aspect.want"
    cmp -s "$TMP/aspect.want" "$TMP/aspect.log" || fail "aspect warnings: $(diff "$TMP/aspect.want" "$TMP/aspect.log")"
    $DAPPLE mask --size 256x256 --rmin 3 --rmax 6 --field "image:$TMP/square.png" -o "$TMP/a.png" --quiet 2>"$TMP/aspect.log"
    [ ! -s "$TMP/aspect.log" ] || fail "a 0.5 % aspect difference warns: $(cat "$TMP/aspect.log")"
    $DAPPLE mask --size 256x128 --rmin 3 --rmax 6 --field "image:$TMP/road.png" -o "$TMP/a.png" --quiet 2>"$TMP/aspect.log"
    [ ! -s "$TMP/aspect.log" ] || fail "the same aspect warns: $(cat "$TMP/aspect.log")"
    $DAPPLE mask --size 256x256 --rmin 3 --rmax 6 --field "image:$TMP/road.png" -o "$TMP/a.png" --quiet 2>"$TMP/aspect.log"
    [ "$(wc -l <"$TMP/aspect.log")" = 1 ] || fail "mask: want one warning line, got: $(cat "$TMP/aspect.log")"
    # a preset's layer: named with its layer, after a successful render
    printf '[texture]\nsize = 128x128\n[layer a]\nstyle = circles\nrmin = 3\nrmax = 6\nfield = image:%s\nexclude = image:%s\n' \
        "$TMP/square.png" "$TMP/road.png" >"$TMP/aspect.ini"
    $DAPPLE render "$TMP/aspect.ini" -o "$TMP/aspect.png" --quiet 2>"$TMP/aspect.log" || fail "render: $(cat "$TMP/aspect.log")"
    echo "dapple: warning: layer 'a' exclude $TMP/road.png is 200x100 (aspect 2), stretched over the 128x128 domain (aspect 1)" >"$TMP/aspect.want"
    cmp -s "$TMP/aspect.want" "$TMP/aspect.log" || fail "render aspect warning: $(diff "$TMP/aspect.want" "$TMP/aspect.log")"
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
scale_to_exact_size
hints
aspect_warning
layers_lists_sections
one_point
pixel_limit_exact
make_names_missing_packages
finish
