#!/usr/bin/env bash
# Cells and packings (issue #37), measured on the outputs: every layer of every shipped
# preset draws points; cobbles' cell mask has as many regions as cells, few fragments,
# and tiles; the mortar is as wide as 'gap'; terrazzo's chips never lie on each other;
# pebbles' ground lies within a pixel of a stone; the cells presets give the same bytes
# for any -j; cell keys on another style and bad values are refused with file:line: key.
source "$(dirname "$0")/lib.sh"
OUT=$TMP/out
mkdir -p "$OUT"

# within VALUE LO HI: LO <= VALUE <= HI
within() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; }

case_every_layer_of_every_preset_draws_points() {
    local p name layer n
    for p in presets/*.ini; do
        name=$(basename "$p" .ini)
        $DAPPLE render "$p" -o "$OUT/$name.png" --size 256x256 2>"$TMP/err" >/dev/null ||
            { fail "$name: render failed: $(head -c 300 "$TMP/err")"; continue; }
        # (fizzy-bubbles' trains drew 0 until the bubbles work, merged, made them points)
        while read -r layer n; do
            [ "$n" -gt 0 ] || fail "$name: layer '$layer' draws 0 points"
        done < <(sed -n "s/^dapple: layer '\([^']*\)': \([0-9]*\) points.*/\1 \2/p" "$TMP/err")
        grep -q "^dapple: layer " "$TMP/err" || fail "$name: no layer counts reported"
    done
}

case_cobbles_cell_mask() {
    $DAPPLE render presets/cobbles.ini -o "$OUT/cob.png" --mask "$OUT/cob-id.png" \
        --set texture.mask=cells 2>"$TMP/err" >/dev/null
    local cells regions small seam inside
    cells=$(sed -n "s/^dapple: layer 'stones': \([0-9]*\) points.*/\1/p" "$TMP/err")
    read -r _ regions _ small < <("$TOOLS/cellcheck" regions "$OUT/cob-id.png")
    within "$regions" "$(awk -v c="$cells" 'BEGIN { print 0.9 * c }')" \
        "$(awk -v c="$cells" 'BEGIN { print 1.1 * c }')" ||
        fail "cobbles: $regions regions of one value in the cell mask, $cells cells"
    within "$small" 0 0.02 || fail "cobbles: $small of the mask in fragments under 20 px"
    read -r _ seam _ inside < <("$TOOLS/cellcheck" seams "$OUT/cob-id.png")
    within "$seam" 0 "$(awk -v i="$inside" 'BEGIN { print 1.5 * i }')" ||
        fail "cobbles: the cell mask changes across its seam ($seam) more than inside ($inside)"
    $DAPPLE render presets/cobbles.ini -o "$OUT/cob.png" --mask "$OUT/cob-id8.png" --quiet \
        --set texture.mask=cells --set texture.mask_depth=16
    read -r _ regions _ < <("$TOOLS/cellcheck" regions "$OUT/cob-id8.png")
    within "$regions" "$(awk -v c="$cells" 'BEGIN { print 0.9 * c }')" \
        "$(awk -v c="$cells" 'BEGIN { print 1.1 * c }')" ||
        fail "cobbles: $regions regions in the 16-bit cell mask, $cells cells"
}

# The joint's area over the walls' length: walls at random angles cross about 4 L / pi
# pixel edges of the cell mask, and the gap covers gap * L.
# The edge mask is 0 in the joints and rises inside the stones: its non-zero share is the
# stones' share of the texture, and it reaches past half-way deep inside.
case_edge_mask_follows_the_stones() {
    $DAPPLE render presets/cobbles.ini -o "$OUT/ce.png" --mask "$OUT/ce-m.png" --quiet \
        --set texture.mask=edges --set texture.background=transparent
    local inside stones deep
    inside=$("$TOOLS/areacheck" above "$OUT/ce-m.png" 0.004 | cut -d' ' -f3)
    stones=$("$TOOLS/alphacover" "$OUT/ce.png" | cut -d' ' -f1)
    deep=$("$TOOLS/areacheck" above "$OUT/ce-m.png" 0.5 | cut -d' ' -f3)
    within "$(awk -v a="$inside" -v b="$stones" 'BEGIN { print a - b }')" -0.02 0.02 ||
        fail "cobbles: the edge mask is non-zero on $inside of the texture, the stones cover $stones"
    within "$deep" 0.01 1 || fail "cobbles: the edge mask is past half-way on only $deep"
}

case_mortar_is_as_wide_as_gap() {
    local g walls share width
    printf '[texture]\nsize = 512x512\nperiodic = true\nbackground = transparent\n' >"$TMP/m.ini"
    printf '[layer a]\nstyle = cells\nrmin = 30\nrmax = 40\nfield = perlin:scale=200\ndense = true\nprofile = flat\n' >>"$TMP/m.ini"
    for g in 3 8; do
        $DAPPLE render "$TMP/m.ini" -o "$OUT/m$g.png" --mask "$OUT/m$g-id.png" --quiet \
            --set a.gap=$g --set texture.mask=cells
        read -r _ walls < <("$TOOLS/cellcheck" walls "$OUT/m$g-id.png")
        share=$("$TOOLS/alphacover" "$OUT/m$g.png" | cut -d' ' -f1)
        width=$(awk -v s="$share" -v w="$walls" 'BEGIN { print (1 - s) * 512 * 512 / (w * 3.14159265 / 4) }')
        within "$width" "$(awk -v g=$g 'BEGIN { print 0.85 * g }')" "$(awk -v g=$g 'BEGIN { print 1.15 * g }')" ||
            fail "gap = $g: the mortar measures $width px wide"
    done
}

# Each chip layer drawn alone at alpha 0.4 on a transparent ground: a pixel covered twice
# reaches alpha 0.64, at least half. Before the cells (chips) 4.7 % of the chip area.
case_terrazzo_chips_never_lie_on_each_other() {
    local l other got
    for l in large medium; do
        other=$([ $l = large ] && echo medium || echo large)
        $DAPPLE render presets/terrazzo.ini -o "$OUT/tz-$l.png" --quiet \
            --set texture.background=transparent --set fines.alpha=0 --set $other.alpha=0 \
            --set $l.alpha=0.4
        got=$("$TOOLS/alphacover" "$OUT/tz-$l.png" | cut -d' ' -f1)
        [ "$got" = "0.000" ] || fail "terrazzo: $got of the floor covered twice by '$l' chips"
    done
}

case_pebbles_touch() {
    local got
    $DAPPLE render presets/pebbles.ini -o "$OUT/peb.png" --height "$OUT/peb-h.png" --quiet
    read -r _ _ _ got _ < <("$TOOLS/cellcheck" ground "$OUT/peb-h.png" 0.02)
    within "$got" 0 1 || fail "pebbles: median ground-to-stone distance $got px, want <= 1 (was 2.83)"
}

case_cells_same_bytes_for_any_j() {
    local p
    for p in cobbles cracked-mud; do
        $DAPPLE render "presets/$p.ini" -o "$OUT/$p-1.png" --size 256x256 -j 1 --quiet \
            --height "$OUT/$p-h1.png" --normal "$OUT/$p-n1.png"
        $DAPPLE render "presets/$p.ini" -o "$OUT/$p-2.png" --size 256x256 -j 2 --quiet \
            --height "$OUT/$p-h2.png" --normal "$OUT/$p-n2.png"
        cmp -s "$OUT/$p-1.png" "$OUT/$p-2.png" || fail "$p: -j 1 and -j 2 colour differ"
        cmp -s "$OUT/$p-h1.png" "$OUT/$p-h2.png" || fail "$p: -j 1 and -j 2 height differ"
        cmp -s "$OUT/$p-n1.png" "$OUT/$p-n2.png" || fail "$p: -j 1 and -j 2 normal differ"
    done
}

case_cells_texture_tiles() {
    $DAPPLE render presets/cracked-mud.ini -o "$OUT/mud.png" --size 256x256 --quiet \
        --mask "$OUT/mud-id.png" --set texture.mask=cells
    local seam inside
    read -r _ seam _ inside < <("$TOOLS/cellcheck" seams "$OUT/mud-id.png")
    within "$seam" 0 "$(awk -v i="$inside" 'BEGIN { print 1.5 * i }')" ||
        fail "cracked-mud: cells change across the seam ($seam) more than inside ($inside)"
}

case_render_warns_of_an_empty_layer() {
    printf '[texture]\nsize = 64x64\n[layer a]\nstyle = circles\nradius = 20\n' >"$TMP/e.ini"
    printf '[layer b]\nstyle = circles\nradius = 30\navoid = a\n' >>"$TMP/e.ini"
    $DAPPLE render "$TMP/e.ini" -o "$OUT/e.png" --quiet 2>"$TMP/err"
    grep -qxF "dapple: warning: layer 'b' draws nothing (0 points): its 'avoid', cutoff or exclusions leave it no room, or its radius is too large" "$TMP/err" ||
        fail "no warning for an empty layer: $(head -c 300 "$TMP/err")"
    grep -q "layer 'a'" "$TMP/err" && fail "a warning for a layer with points"
    $DAPPLE render presets/cobbles.ini -o "$OUT/c.png" --size 128x128 --quiet 2>"$TMP/err"
    [ ! -s "$TMP/err" ] || fail "cobbles warned: $(head -c 300 "$TMP/err")"
}

case_bad_cell_keys() {
    printf '[texture]\nsize = 32x32\n[layer a]\nstyle = circles\nradius = 4\ngap = 2\n' >"$TMP/b1.ini"
    expect_error 1 "dapple: $TMP/b1.ini:6: gap: applies only to cells layers, not to circles" \
        "$OUT/b.png" -- $DAPPLE render "$TMP/b1.ini" -o "$OUT/b.png"
    printf '[texture]\nsize = 32x32\n[layer a]\nstyle = cells\nradius = 4\nprofile = wavy\n' >"$TMP/b2.ini"
    expect_error 1 "dapple: $TMP/b2.ini:6: profile: expected flat, bevel, dome or curl, got 'wavy'" \
        "$OUT/b.png" -- $DAPPLE render "$TMP/b2.ini" -o "$OUT/b.png"
    printf '[texture]\nsize = 32x32\n[layer a]\nstyle = cells\nradius = 4\ngap = -1\n' >"$TMP/b3.ini"
    expect_error 1 "dapple: $TMP/b3.ini:6: gap: expected a number in [0, 64], got '-1'" \
        "$OUT/b.png" -- $DAPPLE render "$TMP/b3.ini" -o "$OUT/b.png"
}

for c in $(declare -F | awk '$3 ~ /^case_/ { print $3 }'); do
    "$c"
done
finish
