# Drops are lenses (issue #34), measured on the pictures the water presets make over chosen
# backdrops (tests/cli/tools/lenscheck): the refraction follows the drop's own height
# field, the scene shows upside down and mirrored, the rim is dark and the middle clear,
# tops at rest are round, condensation stays fine; the backdrop changes no map, and a bad
# backdrop is refused by file and line.
. "$(dirname "$0")/lib.sh"

PRESETS=${PRESETS:-presets}
L=$TOOLS/lenscheck
"$L" scene "$TMP/grad.png" 768 768 gradient
"$L" scene "$TMP/flat.png" 768 768 flat

# render NAME PRESET BACKDROP [maps]: $TMP/NAME.png (and NAME-h.png, NAME-n.png); prints
# the height scale when asked for the maps.
render() {
    local name=$1 preset=$2 backdrop=$3
    if [ "${4:-}" = maps ]; then
        "$DAPPLE" render "$PRESETS/$preset.ini" --set "texture.backdrop=$backdrop" \
            -o "$TMP/$name.png" --height "$TMP/$name-h.png" --normal "$TMP/$name-n.png" 2>&1 |
            sed -n 's/.*height_scale \([0-9.]*\).*/\1/p'
    else
        "$DAPPLE" render "$PRESETS/$preset.ini" --set "texture.backdrop=$backdrop" \
            -o "$TMP/$name.png" --quiet
    fi
}

# at_least VALUE BOUND WHAT / at_most: a measurement against its bound.
at_least() { awk -v v="$1" -v b="$2" 'BEGIN { exit !(v >= b) }' || fail "$3: $1, want >= $2"; }
at_most() { awk -v v="$1" -v b="$2" 'BEGIN { exit !(v <= b) }' || fail "$3: $1, want <= $2"; }
field() { sed -n "s/.*$1 \([-0-9.]*\).*/\1/p"; }

# One preset against every measurement; RBIG: the inradius of its "big" drops.
check_preset() {
    local p=$1 rbig=$2 scale got
    scale=$(render "$p-checker" "$p" checker:16 maps)
    [ -n "$scale" ] || { fail "$p: no height scale reported"; return; }
    got=$("$L" refract "$TMP/$p-checker.png" "$TMP/$p-checker-h.png" "$scale" 16 "$rbig")
    echo "$p refraction: $got"
    at_least "$(echo "$got" | field corr)" 0.8 "$p: correlation with the checker at p + k grad h"
    render "$p-grad" "$p" "image:$TMP/grad.png"
    got=$("$L" invert "$TMP/$p-grad.png" "$TMP/$p-checker-h.png" "$scale" "$rbig")
    echo "$p inversion: $got"
    at_least "$(echo "$got" | field drops)" 8 "$p: big drops measured for the inversion"
    at_least "$(echo "$got" | field lum)" 0.8 "$p: share of big drops upside down"
    at_least "$(echo "$got" | field hue)" 0.8 "$p: share of big drops mirrored"
    render "$p-flat" "$p" "image:$TMP/flat.png"
    got=$("$L" rim "$TMP/$p-flat.png" "$TMP/$p-checker-h.png" "$scale" "$rbig")
    echo "$p rim: $got"
    at_most "$(echo "$got" | field rim_max)" 0.8 "$p: the darkest-rimmed drop's outer 15 % over the glass"
    at_least "$(echo "$got" | field mid_min)" 0.9 "$p: the least clear drop's middle over the glass"
    got=$("$L" seam "$TMP/$p-checker.png")
    at_most "$(echo "$got" | field seam)" 1.5 "$p: the colour over a checker steps across its wrap"
    "$DAPPLE" render "$PRESETS/$p.ini" -o "$TMP/$p-own.png" --quiet || fail "$p: exit $?"
    got=$("$L" seam "$TMP/$p-own.png")
    echo "$p over its own backdrop: $got"
    at_most "$(echo "$got" | field seam)" 1.5 "$p: the colour over its own backdrop steps across its wrap"
    echo "$scale" >"$TMP/$p.scale"
}

case_rain_on_window() {
    check_preset rain-on-window 10
    local got
    got=$("$L" tops "$TMP/rain-on-window-checker-h.png" "$(cat "$TMP/rain-on-window.scale")")
    echo "rain-on-window tops: $got"
    at_least "$(echo "$got" | field top)" 0.6 "rain-on-window: width 15 % below the top over the widest row"
}

case_rain_on_glass() {
    check_preset rain-on-glass 12
}

case_condensation() {
    check_preset condensation 8
    local got
    got=$("$L" maxr "$TMP/condensation-checker-h.png" "$(cat "$TMP/condensation.scale")")
    echo "condensation: $got"
    at_most "$(echo "$got" | field maxr)" 0.03 "condensation: the largest drop's radius over the side"
}

# Height, normal and mask are the surface alone: no backdrop changes a byte of them.
case_backdrop_changes_no_map() {
    local p=$PRESETS/rain-on-window.ini b
    for b in none overcast "image:$TMP/grad.png"; do
        "$DAPPLE" render "$p" --size 256x256 --set "texture.backdrop=$b" -o "$TMP/m.png" \
            --height "$TMP/m-h-${b%%:*}.png" --normal "$TMP/m-n-${b%%:*}.png" \
            --mask "$TMP/m-m-${b%%:*}.png" --quiet || fail "backdrop $b: exit $?"
    done
    for m in h n m; do
        cmp -s "$TMP/m-$m-none.png" "$TMP/m-$m-overcast.png" || fail "map $m differs with a backdrop"
        cmp -s "$TMP/m-$m-none.png" "$TMP/m-$m-image.png" || fail "map $m differs with an image backdrop"
    done
}

case_same_bytes_for_any_jobs() {
    "$DAPPLE" render "$PRESETS/rain-on-window.ini" --size 320x320 -j 1 -o "$TMP/j1.png" --quiet &&
        "$DAPPLE" render "$PRESETS/rain-on-window.ini" --size 320x320 -j 2 -o "$TMP/j2.png" --quiet ||
        fail "render -j: exit $?"
    cmp -s "$TMP/j1.png" "$TMP/j2.png" || fail "a backdrop render differs between -j 1 and -j 2"
}

# A periodic texture over a backdrop picture that does not tile: one warning line, as for a
# background image (the drops would show its seam in every tile).
case_backdrop_seam_warns() {
    "$DAPPLE" render "$PRESETS/rain-on-glass.ini" --size 128x128 \
        --set "texture.backdrop=image:$TMP/grad.png" -o "$TMP/seam.png" --quiet 2>"$TMP/seam.err" ||
        fail "seam render: exit $?"
    grep -qxF "dapple: warning: $PRESETS/rain-on-glass.ini: backdrop $TMP/grad.png does not tile, and the periodic texture's drops refract its seam" \
        "$TMP/seam.err" || fail "no seam warning: '$(cat "$TMP/seam.err")'"
    "$DAPPLE" render "$PRESETS/rain-on-glass.ini" --size 128x128 -o "$TMP/seam2.png" --quiet \
        2>"$TMP/seam2.err" || fail "render: exit $?"
    [ ! -s "$TMP/seam2.err" ] || fail "a tiling backdrop warned: '$(cat "$TMP/seam2.err")'"
}

case_bad_backdrops() {
    local ini=$TMP/bad.ini
    printf '[texture]\nsize = 64x64\nbackdrop = foo\n[layer a]\nstyle = droplets\nradius = 5\n' >"$ini"
    expect_error 1 "dapple: $ini:3: backdrop: expected none, night-street, overcast, checker[:SIDE] or image:PATH, got 'foo'" \
        "$TMP/bad.png" -- "$DAPPLE" render "$ini" -o "$TMP/bad.png"
    printf '[texture]\nsize = 64x64\nbackdrop = checker:0\n[layer a]\nstyle = droplets\nradius = 5\n' >"$ini"
    expect_error 1 "dapple: $ini:3: backdrop: checker square side: expected a number in [1, 32767], got '0'" \
        "$TMP/bad.png" -- "$DAPPLE" render "$ini" -o "$TMP/bad.png"
    printf '[texture]\nsize = 64x64\nbackdrop = image:nope.png\n[layer a]\nstyle = droplets\nradius = 5\n' >"$ini"
    expect_error 1 "dapple: $ini:3: backdrop: cannot open '$TMP/nope.png' (the path is relative to the preset's folder): No such file or directory" \
        "$TMP/bad.png" -- "$DAPPLE" render "$ini" -o "$TMP/bad.png"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
