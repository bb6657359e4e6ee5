# Rain from the command line (issue #35): a rain layer renders with its maps, the same bytes
# for any -j, and the keys that cannot make rain are refused by file and line, with no
# output left.
. "$(dirname "$0")/lib.sh"

OUT=$TMP/out
mkdir -p "$OUT"

# rain_preset EXTRA: $TMP/r.ini, a small periodic pane of rain plus EXTRA lines.
rain_preset() {
    printf '[texture]\nsize = 128x96\nperiodic = true\n[layer d]\nstyle = droplets\nrain = true\n%b' \
        "$1" >"$TMP/r.ini"
}

case_a_rain_layer_renders_with_height_and_normal() {
    rain_preset 'rmin = 1.5\nrmax = 16\nrain_time = 20\ndrop_stretch = 1.4\n'
    "$DAPPLE" render "$TMP/r.ini" -o "$OUT/r.png" --height "$OUT/h.png" --normal "$OUT/n.png" \
        --quiet || fail "rain render: exit $?"
    expect_png "$OUT/r.png" "128 96 8 rgba srgb"
    expect_png "$OUT/h.png" "128 96 16 grey linear"
}

case_rain_on_window_same_bytes_for_any_j() {
    for j in 1 2; do
        "$DAPPLE" render presets/rain-on-window.ini --size 256x256 -j $j -o "$OUT/w$j.png" \
            --height "$OUT/wh$j.png" --normal "$OUT/wn$j.png" --mask "$OUT/wm$j.png" --quiet ||
            fail "rain-on-window -j $j: exit $?"
    done
    for f in w wh wn wm; do
        cmp -s "$OUT/${f}1.png" "$OUT/${f}2.png" || fail "rain-on-window $f: -j 1 and -j 2 differ"
    done
}

case_one_radius_cannot_rain() {
    rain_preset 'radius = 3\n'
    expect_error 1 "dapple: $TMP/r.ini:4: [layer d] rain: drops land from rmin and slide by rmax, so rmax must exceed rmin" \
        "$OUT/x.png" -- "$DAPPLE" render "$TMP/r.ini" -o "$OUT/x.png"
}

case_rain_sets_the_sizes_and_trails() {
    rain_preset 'rmin = 2\nrmax = 9\nsize_jitter = 0.3\n'
    expect_error 1 "dapple: $TMP/r.ini:9: size_jitter: a rain layer's sizes and trails come from the rain: remove size_jitter or rain" \
        "$OUT/x.png" -- "$DAPPLE" render "$TMP/r.ini" -o "$OUT/x.png"
    rain_preset 'rmin = 2\nrmax = 9\ntrail = 0.3\n'
    expect_error 1 "dapple: $TMP/r.ini:9: trail: a rain layer's sizes and trails come from the rain: remove trail or rain" \
        "$OUT/x.png" -- "$DAPPLE" render "$TMP/r.ini" -o "$OUT/x.png"
}

case_rain_is_for_droplets() {
    printf '[texture]\nsize = 32x32\n[layer c]\nstyle = circles\nradius = 3\nrain = true\n' >"$TMP/c.ini"
    expect_error 1 "dapple: $TMP/c.ini:6: rain: applies only to droplets layers, not to circles" \
        "$OUT/y.png" -- "$DAPPLE" render "$TMP/c.ini" -o "$OUT/y.png"
}

case_rain_slide_out_of_range() {
    rain_preset 'rmin = 2\nrmax = 9\nrain_slide = 2\n'
    "$DAPPLE" render "$TMP/r.ini" -o "$OUT/z.png" 2>"$TMP/err" && fail "rain_slide = 2 accepted"
    grep -q "r.ini:9: rain_slide: " "$TMP/err" || fail "rain_slide = 2: $(cat "$TMP/err")"
    [ ! -e "$OUT/z.png" ] || fail "rain_slide = 2 left an output"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
