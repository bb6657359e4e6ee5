# Height and normal maps for every style that has relief (docs/styles.md, "Height"):
# rendered on a transparent ground, the opaque ink of leaf-litter, daisy-meadow,
# circles-and-outlines, stipple and splatter is raised, the bare ground stays 0, the
# normal map is not flat, the periodic ones tile (the step across the wrap is like the
# steps inside), the bytes are the same for -j1 and -j2, and the colour is the same with
# and without the maps. A texture of stars alone is refused, naming the layer.
. "$(dirname "$0")/lib.sh"

relief_of() { # PRESET: prints reliefcheck's line for it at 256x256
    $DAPPLE render "presets/$1.ini" --quiet --size 256x256 -o "$TMP/$1.png" \
        --height "$TMP/$1-h.png" --normal "$TMP/$1-n.png" --set texture.background=transparent ||
        fail "$1: render --height failed"
    "$TOOLS/reliefcheck" "$TMP/$1.png" "$TMP/$1-h.png" "$TMP/$1-n.png"
}

relief_every_style() {
    local p line
    for p in leaf-litter daisy-meadow circles-and-outlines stipple splatter; do
        line=$(relief_of $p)
        set -- $line # raised R ground G tilted T seam S
        awk -v r="$2" 'BEGIN { exit !(r > 0.5) }' || fail "$p: only $2 of the ink is raised"
        [ "$4" = 0 ] || fail "$p: $4 bare pixels are raised"
        awk -v t="$6" 'BEGIN { exit !(t > 0.02) }' || fail "$p: the normal map is flat ($6)"
        if [ $p != stipple ]; then # stipple is a picture: it does not tile
            awk -v s="$8" 'BEGIN { exit !(s < 1.5) }' || fail "$p: a seam across the wrap ($8)"
        fi
    done
}

relief_scale_reported() {
    $DAPPLE render presets/leaf-litter.ini --size 128x128 -o "$TMP/l.png" --height "$TMP/lh.png" \
        2>"$TMP/log" || fail "leaf-litter --height"
    grep -q "^dapple: height map: height_scale [1-9]" "$TMP/log" || fail "height_scale: $(cat "$TMP/log")"
}

relief_threads_and_colour() {
    local p
    for p in leaf-litter daisy-meadow; do
        $DAPPLE render "presets/$p.ini" --quiet --size 192x192 -j1 -o "$TMP/a.png" \
            --height "$TMP/ah.png" --normal "$TMP/an.png"
        $DAPPLE render "presets/$p.ini" --quiet --size 192x192 -j2 -o "$TMP/b.png" \
            --height "$TMP/bh.png" --normal "$TMP/bn.png"
        $DAPPLE render "presets/$p.ini" --quiet --size 192x192 -j2 -o "$TMP/c.png"
        cmp -s "$TMP/ah.png" "$TMP/bh.png" || fail "$p: the height map differs for -j1 and -j2"
        cmp -s "$TMP/an.png" "$TMP/bn.png" || fail "$p: the normal map differs for -j1 and -j2"
        cmp -s "$TMP/b.png" "$TMP/c.png" || fail "$p: asking for the maps changed the colour"
    done
}

relief_refused() {
    expect_error 1 "dapple: no layer has relief ('sky' (stars)): --height and --normal would write flat maps" \
        "$TMP/s.png" -- $DAPPLE render presets/starfield.ini --size 64x64 -o "$TMP/s.png" --height "$TMP/sh.png"
    [ ! -e "$TMP/sh.png" ] || fail "a refused height map was written"
    expect_error 1 "dapple: no layer has relief ('sky' (stars)): --height and --normal would write flat maps" \
        "$TMP/s.png" -- $DAPPLE render presets/starfield.ini --size 64x64 -o "$TMP/s.png" --normal "$TMP/sn.png"
    $DAPPLE render presets/starfield.ini --quiet --size 64x64 -o "$TMP/s.png" || fail "stars without maps"
    # stars beside a layer with relief: the maps are made, and the stars named in a warning
    printf '[texture]\nsize = 64x64\n[layer sky]\nstyle = stars\nradius = 4\n[layer dots]\nstyle = circles\nradius = 6\n' \
        >"$TMP/mixed.ini"
    $DAPPLE render "$TMP/mixed.ini" -o "$TMP/m.png" --height "$TMP/mh.png" 2>"$TMP/log" ||
        fail "stars and circles: $(cat "$TMP/log")"
    grep -qxF "dapple: warning: layer 'sky' (stars) has no relief: the height and normal maps leave it out" \
        "$TMP/log" || fail "no warning for the stars: $(cat "$TMP/log")"
}

relief_every_style
relief_scale_reported
relief_threads_and_colour
relief_refused
finish
