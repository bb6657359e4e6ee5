# The work budget of every style's points (issue #40): leaves at radius 1 on 1024x1024 took
# 69 s and chips with 64 corners at radius 1 on 2048x2048 94 s, within the documented ranges.
# Each layer's points now cost an estimate (points its field promises x microseconds per
# shape of its style, measured; render/budget.c), and a layer over 120 s of one core is
# refused before sampling, naming its style's dear key and the radius: nothing is written.
# Lower max_points (or a larger radius) brings it within the budget. Crystals have no points:
# the segments they grew are costed (by their width) after growing, before drawing: 8263
# segments of stroke_width 256 took 57 s to draw on 1024x1024.
. "$(dirname "$0")/lib.sh"

layer() { # size name style-lines
    printf '[texture]\nsize = %s\n[layer %s]\n%b\n' "$1" "$2" "$3"
}

case_leaves_at_radius_1_on_1024_are_refused_naming_the_stamp() {
    layer 1024x1024 leaves 'style = stamps\nstamp = leaves\nradius = 1' >"$TMP/leaves.ini"
    expect_error 1 "dapple: layer 'leaves': stamp = leaves at rmin 1: about 7.34e+05 points at 528 us each, 388 s of one core, over the budget of 120 s: raise rmin (or radius), set max_points, or render smaller" \
        "$TMP/leaves.png" -- timeout 20 "$DAPPLE" render "$TMP/leaves.ini" -o "$TMP/leaves.png" \
        --height "$TMP/leaves-h.png" --points "$TMP/leaves.csv" --quiet
    [ ! -e "$TMP/leaves-h.png" ] && [ ! -e "$TMP/leaves.csv" ] || fail "leaves: an output was left behind"
}

case_chips_with_64_corners_at_radius_1_are_refused_naming_corners() {
    layer 4096x4096 chips 'style = chips\ncorners = 64\nradius = 1' >"$TMP/chips.ini"
    expect_error 1 "dapple: layer 'chips': corners = 64 at rmin 1: about 1.17e+07 points at 20 us each, 230 s of one core, over the budget of 120 s: raise rmin (or radius), set max_points, lower corners, or render smaller" \
        "$TMP/chips.png" -- timeout 20 "$DAPPLE" render "$TMP/chips.ini" -o "$TMP/chips.png" --quiet
}

case_a_pack_refuses_the_same_and_writes_nothing() {
    mkdir -p "$TMP/in"
    layer 1024x1024 leaves 'style = stamps\nstamp = leaves\nradius = 1' >"$TMP/in/leaves.ini"
    local code=0
    timeout 30 "$DAPPLE" pack "$TMP/in" -o "$TMP/out" >/dev/null 2>"$TMP/stderr" || code=$?
    [ "$code" != 0 ] || fail "pack of leaves at radius 1: exit 0"
    grep -qF "stamp = leaves at rmin 1: about 7.34e+05 points" "$TMP/stderr" ||
        fail "pack: stderr was '$(head -c 300 "$TMP/stderr")'"
    [ ! -e "$TMP/out/leaves.png" ] || fail "pack: leaves.png written over the budget"
}

case_max_points_brings_leaves_within_the_budget() {
    layer 1024x1024 leaves 'style = stamps\nstamp = leaves\nradius = 1\nmax_points = 2000' >"$TMP/few.ini"
    local code=0
    timeout 60 "$DAPPLE" render "$TMP/few.ini" -o "$TMP/few.png" --quiet 2>"$TMP/stderr" || code=$?
    [ "$code" = 0 ] || fail "leaves with max_points 2000: exit $code ($(head -c 300 "$TMP/stderr"))"
    expect_png "$TMP/few.png" "1024 1024 8 rgba srgb"
}

case_chips_with_64_corners_within_the_budget_render() {
    layer 256x256 chips 'style = chips\ncorners = 64\nradius = 1' >"$TMP/small.ini"
    local code=0
    timeout 60 "$DAPPLE" render "$TMP/small.ini" -o "$TMP/small.png" --quiet 2>"$TMP/stderr" || code=$?
    [ "$code" = 0 ] || fail "chips, 64 corners at 256x256: exit $code ($(head -c 300 "$TMP/stderr"))"
    expect_png "$TMP/small.png" "256 256 8 rgba srgb"
}

case_a_lowered_max_points_is_named_when_still_over() {
    layer 2048x2048 tufts 'style = blades\nblades = 16\nradius = 1\nmax_points = 1000000' >"$TMP/blades.ini"
    expect_error 1 "dapple: layer 'tufts': blades = 16 at rmin 1: about 1e+06 points at 265 us each, 265 s of one core, over the budget of 120 s: raise rmin (or radius), lower max_points, lower blades, or render smaller" \
        "$TMP/blades.png" -- timeout 20 "$DAPPLE" render "$TMP/blades.ini" -o "$TMP/blades.png" --quiet
}

case_wide_strokes_at_radius_1_are_refused_naming_stroke_width() {
    layer 1024x1024 rings 'style = outlines\nradius = 1\nstroke_width = 256' >"$TMP/rings.ini"
    expect_error 1 "dapple: layer 'rings': stroke_width = 256 at rmin 1: about 7.34e+05 points at 678 us each, 498 s of one core, over the budget of 120 s: raise rmin (or radius), set max_points, lower stroke_width, or render smaller" \
        "$TMP/rings.png" -- timeout 20 "$DAPPLE" render "$TMP/rings.ini" -o "$TMP/rings.png" --quiet
}

case_wide_crystals_are_refused_once_grown_before_drawing() {
    layer 4096x4096 ice 'style = crystals\nradius = 4\ncrystal_seeds = 100000\ncrystal_length = 4096\nstroke_width = 256' >"$TMP/ice.ini"
    expect_error 1 "dapple: layer 'ice': crystal_seeds 100000, crystal_scratches 0, crystal_length 4096, stroke_width 256: 48845 segments, about 193 s of one core to draw, over the budget of 120 s: lower them, or render smaller" \
        "$TMP/ice.png" -- timeout 120 "$DAPPLE" render "$TMP/ice.ini" -o "$TMP/ice.png" --quiet
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
