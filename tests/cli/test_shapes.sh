#!/usr/bin/env bash
# Stamps, shadows and shapes on the command line (issue #19): a stamp list naming a missing
# file names it with the path it was looked for at; a key the layer's style never reads is
# refused (from a preset with its line, from --set by name); a chip corner count below 3 or
# absurdly high is refused; leaf-litter covers at least 95 % of its texture with leaves,
# measured from alpha on a transparent ground; a stamp list draws every listed file; the
# reworked presets give the same bytes on one thread or two.
source "$(dirname "$0")/lib.sh"
OUT=$TMP/out
mkdir -p "$OUT"
cp presets/images/leaf-oak.png presets/images/leaf-birch.png "$TMP/"

bad_preset() {
    cat >"$TMP/$1.ini"
    expect_error 1 "dapple: $TMP/$1.ini$2" "$OUT/t.png" -- $DAPPLE render "$TMP/$1.ini" -o "$OUT/t.png"
}

# layer STYLE LINE...: a 32x32 texture with one layer 'a' of STYLE holding the LINEs.
layer() {
    printf '[texture]\nsize = 32x32\n[layer a]\nstyle = %s\nradius = 4\n' "$1"
    shift
    printf '%s\n' "$@"
}

case_stamp_list_with_a_missing_file() {
    layer stamps "stamp = leaf-oak.png, nope.png" |
        bad_preset missing ":6: stamp: cannot open '$TMP/nope.png' (the path is relative to the preset's folder): No such file or directory"
    layer stamps "stamp = leaf-oak.png, , leaf-birch.png" |
        bad_preset empty ":6: stamp: expected daisy, leaves or a comma list of PNG files, got ''"
    layer stamps "stamp = daisy, leaf-oak.png" |
        bad_preset daisy ":6: stamp: expected daisy, leaves or a comma list of PNG files, got 'daisy'"
    layer stamps "stamp = $(printf 'leaf-oak.png,%.0s' 1 2 3 4 5 6 7 8)leaf-oak.png" |
        bad_preset nine ":6: stamp: expected at most 8 stamps"
}

case_key_for_another_style() {
    layer circles "mirror = 0.5" |
        bad_preset mirror ":6: mirror: applies only to stamps and chips layers, not to circles"
    layer droplets "shadow = 0.5" |
        bad_preset shadow ":6: shadow: applies only to circles, outlines, stamps, ellipses, chips and blades layers, not to droplets"
    layer stamps "stamp = leaf-oak.png" "corners = 5" |
        bad_preset corners ":7: corners: applies only to chips and cells layers, not to stamps"
    layer circles "stroke_width = 2" |
        bad_preset stroke ":6: stroke_width: applies only to outlines, ellipses, chips, blades and crystals layers, not to circles"
    layer circles "drop_stretch = 1.5" |
        bad_preset drop ":6: drop_stretch: applies only to droplets layers, not to circles"
    layer droplets "trains = 3" |
        bad_preset trains ":6: trains: applies only to bubbles layers, not to droplets"
    layer stamps "stamp = leaf-oak.png" "size_jitter = 0.3" |
        bad_preset size ":7: size_jitter: applies only to circles, outlines, droplets, bubbles, ellipses, chips and blades layers, not to stamps"
    layer circles >"$TMP/c.ini"
    expect_error 2 "dapple: --set: a.bevel: applies only to ellipses, chips and cells layers, not to circles" "$OUT/t.png" -- \
        $DAPPLE render "$TMP/c.ini" -o "$OUT/t.png" --set a.bevel=0.5
    # the style set in the same breath counts
    $DAPPLE render "$TMP/c.ini" -o "$OUT/chips.png" --set a.bevel=0.5 --set a.style=chips --quiet ||
        fail "--set a.bevel with --set a.style=chips was refused"
}

case_corner_count_out_of_range() {
    local v
    for v in 2 0 -1 65 1000000 4.5; do
        layer chips "corners = $v" |
            bad_preset "corners$v" ":6: corners: expected an integer in [3, 64], got '$v'"
    done
}

case_leaf_litter_covers_the_ground() {
    $DAPPLE render presets/leaf-litter.ini -o "$OUT/leaves.png" --set texture.background=transparent \
        --quiet
    local got
    got=$("$TOOLS/alphacover" "$OUT/leaves.png")
    awk -v c="${got% *}" 'BEGIN { exit !(c >= 0.95) }' ||
        fail "leaf-litter covers $got of its texture, want at least 0.95"
}

case_every_stamp_of_a_list_is_drawn() {
    printf '[texture]\nsize = 128x128\nbackground = transparent\n[layer a]\nstyle = stamps\n' >"$TMP/two.ini"
    printf 'radius = 24\nstamp = leaf-oak.png, leaf-birch.png\n' >>"$TMP/two.ini"
    $DAPPLE render "$TMP/two.ini" -o "$OUT/two.png" --quiet
    local both oak
    both=$("$TOOLS/alphacover" "$OUT/two.png")
    sed 's/, leaf-birch.png//' "$TMP/two.ini" >"$TMP/one.ini"
    $DAPPLE render "$TMP/one.ini" -o "$OUT/one.png" --quiet
    oak=$("$TOOLS/alphacover" "$OUT/one.png")
    [ "$both" != "$oak" ] || fail "a list of two stamps drew as the first alone ($both)"
}

case_reworked_presets_same_bytes_for_any_j() {
    local p
    for p in leaf-litter terrazzo pebbles daisy-meadow; do
        $DAPPLE render "presets/$p.ini" -o "$OUT/$p-1.png" --size 256x256 -j 1 --quiet
        $DAPPLE render "presets/$p.ini" -o "$OUT/$p-2.png" --size 256x256 -j 2 --quiet
        cmp -s "$OUT/$p-1.png" "$OUT/$p-2.png" || fail "$p: -j 1 and -j 2 differ"
    done
}

# Issue #26: terrazzo's aggregate (what is not cement) covers 0.60-0.75 of the floor, and
# leaf-litter stays covered; measured on a transparent ground.
case_terrazzo_aggregate_and_leaf_litter_cover() {
    local got
    $DAPPLE render presets/terrazzo.ini -o "$OUT/tz-a.png" --quiet \
        --set texture.background=colour --set texture.background_colour=#00000000
    got=$("$TOOLS/alphacover" "$OUT/tz-a.png" | cut -d' ' -f1)
    awk -v c="$got" 'BEGIN { exit !(c >= 0.60 && c <= 0.75) }' ||
        fail "terrazzo: aggregate covers $got, want 0.60-0.75"
    $DAPPLE render presets/leaf-litter.ini -o "$OUT/ll-a.png" --quiet \
        --set texture.background=colour --set texture.background_colour=#00000000
    got=$("$TOOLS/alphacover" "$OUT/ll-a.png" | cut -d' ' -f1)
    awk -v c="$got" 'BEGIN { exit !(c >= 0.95) }' || fail "leaf-litter: covers $got, want >= 0.95"
}

for c in $(declare -F | awk '$3 ~ /^case_/ { print $3 }'); do
    "$c"
done
finish
