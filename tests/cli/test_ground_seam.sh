# A periodic texture that refracts a background image which does not tile (issue #24): the
# drops show the seam in every tile, so render warns in one stderr line and still renders.
# An image that tiles (and is scaled without a crop) gives no warning.
. "$(dirname "$0")/lib.sh"

# ground IMAGE PERIODIC: $TMP/IMAGE.png, 64x64 Perlin, tileable when PERIODIC is true.
ground() {
    printf '[texture]\nsize = 64x64\nperiodic = %s\nbackground = perlin\nbackground_colour = #000000\nbackground_colour2 = #ffffff\nbackground_scale = 40\n[layer x]\nstyle = circles\nradius = 2\nmax_points = 1\n' \
        "$2" >"$TMP/g.ini"
    "$DAPPLE" render "$TMP/g.ini" -o "$TMP/$1.png" --quiet || fail "ground $1: exit $?"
}

# wet IMAGE: $TMP/wet_IMAGE.ini, a periodic 128x128 pane of drops over IMAGE.
wet() {
    printf '[texture]\nsize = 128x128\nperiodic = true\nbackground = image\nbackground_image = %s.png\n[layer d]\nstyle = droplets\nradius = 10\n' \
        "$1" >"$TMP/wet_$1.ini"
}

case_a_ground_that_does_not_tile_is_warned_about() {
    ground notile false
    wet notile
    "$DAPPLE" render "$TMP/wet_notile.ini" -o "$TMP/o.png" --quiet 2>"$TMP/stderr" ||
        fail "wet_notile: exit $?"
    local want="dapple: warning: $TMP/wet_notile.ini: background_image $TMP/notile.png does not tile, and the periodic texture's drops refract its seam"
    [ "$(cat "$TMP/stderr")" = "$want" ] || fail "stderr '$(cat "$TMP/stderr")', want '$want'"
    expect_png "$TMP/o.png" "128 128 8 rgba srgb"
}

case_a_ground_that_tiles_is_not() {
    ground tile true
    wet tile
    "$DAPPLE" render "$TMP/wet_tile.ini" -o "$TMP/o2.png" --quiet 2>"$TMP/stderr" ||
        fail "wet_tile: exit $?"
    [ ! -s "$TMP/stderr" ] || fail "a tiling ground warned: '$(cat "$TMP/stderr")'"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
