# Breath figures from the command line (issue #24): a breath layer renders with its maps, and
# the keys that cannot grow a figure are refused by file and line, with no output left.
. "$(dirname "$0")/lib.sh"

OUT=$TMP/out
mkdir -p "$OUT"

# breath_preset EXTRA: $TMP/b.ini, a small periodic pane of condensation plus EXTRA lines.
breath_preset() {
    printf '[texture]\nsize = 96x64\nperiodic = true\n[layer d]\nstyle = droplets\nbreath = true\n%b' \
        "$1" >"$TMP/b.ini"
}

case_a_breath_layer_renders_with_height_and_normal() {
    breath_preset 'rmin = 1\nrmax = 12\n'
    "$DAPPLE" render "$TMP/b.ini" -o "$OUT/b.png" --height "$OUT/h.png" --normal "$OUT/n.png" \
        --quiet || fail "breath render: exit $?"
    expect_png "$OUT/b.png" "96 64 8 rgba srgb"
    expect_png "$OUT/h.png" "96 64 16 grey linear"
}

case_one_radius_cannot_grow() {
    breath_preset 'radius = 3\n'
    expect_error 1 "dapple: $TMP/b.ini:4: [layer d] breath: drops grow from rmin to rmax, so rmax must exceed rmin" \
        "$OUT/x.png" -- "$DAPPLE" render "$TMP/b.ini" -o "$OUT/x.png"
}

case_breath_is_for_droplets() {
    printf '[texture]\nsize = 32x32\n[layer c]\nstyle = circles\nradius = 3\nbreath = true\n' >"$TMP/c.ini"
    expect_error 1 "dapple: $TMP/c.ini:6: breath: applies only to droplets layers, not to circles" \
        "$OUT/y.png" -- "$DAPPLE" render "$TMP/c.ini" -o "$OUT/y.png"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
