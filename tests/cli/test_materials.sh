# The material maps (issue #41, docs/formats.md "Material maps"): the albedo has no baked
# light (pebbles: the tone spread over the stones at most 0.8 of the colour's), the
# roughness follows the material (rain-on-window: water near a mirror, fogged glass
# matte), the occlusion is darker in the gaps than on the stones' tops; each map tiles with
# the colour of a periodic preset, has the same bytes for -j1 and -j2 and leaves the colour
# as it was; the detail version's ground has almost no large-scale variation; a map a
# preset cannot give is refused, naming the layer; pack writes the maps a preset asks for.
. "$(dirname "$0")/lib.sh"

CHECK=$TOOLS/pbrcheck

# at_most VALUE LIMIT WHAT / at_least VALUE LIMIT WHAT
at_most() { awk -v v="$1" -v l="$2" 'BEGIN { exit !(v <= l) }' || fail "$3: $1, want at most $2"; }
at_least() { awk -v v="$1" -v l="$2" 'BEGIN { exit !(v >= l) }' || fail "$3: $1, want at least $2"; }

field() { # NAME "LINE": the value after NAME in a pbrcheck line
    awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' <<<"$2"
}

materials_pebbles() {
    $DAPPLE render presets/pebbles.ini --quiet --size 384x384 -o "$TMP/p.png" \
        --albedo "$TMP/pa.png" --roughness "$TMP/pr.png" --ao "$TMP/pao.png" \
        --height "$TMP/ph.png" || fail "pebbles: render with the material maps"
    expect_png "$TMP/pa.png" "384 384 8 rgba srgb"
    expect_png "$TMP/pr.png" "384 384 8 grey linear"
    expect_png "$TMP/pao.png" "384 384 8 grey linear"
    # the stones: a third of the height unit and up (the gravel stays below)
    local colour albedo gaps tops
    colour=$(field sd "$("$CHECK" tone "$TMP/p.png" "$TMP/ph.png" 0.3 1)")
    albedo=$(field sd "$("$CHECK" tone "$TMP/pa.png" "$TMP/ph.png" 0.3 1)")
    at_most "$(awk -v a="$albedo" -v c="$colour" 'BEGIN { print a / c }')" 0.8 \
        "pebbles: the albedo's tone spread over the colour's"
    gaps=$(field mean "$("$CHECK" tone "$TMP/pao.png" "$TMP/ph.png" 0 0.05)")
    tops=$(field mean "$("$CHECK" tone "$TMP/pao.png" "$TMP/ph.png" 0.6 1)")
    at_least "$(awk -v g="$gaps" -v t="$tops" 'BEGIN { print t - g }')" 0.15 \
        "pebbles: the occlusion on the tops ($tops) over the gaps ($gaps)"
    # stone 0.7 (varied by its tone) over the ground's 0.9
    at_most "$(field p90 "$("$CHECK" tone "$TMP/pr.png" "$TMP/ph.png" 0.3 1)")" 0.8 "pebbles: stone roughness"
    local f
    for f in p pa pr pao; do
        at_most "$(field seam "$("$CHECK" seam "$TMP/$f.png")")" 1.5 "pebbles: $f.png across the wrap"
    done
}

materials_rain() {
    $DAPPLE render presets/rain-on-window.ini --quiet --size 384x384 --roughness "$TMP/rr.png" \
        --height "$TMP/rh.png" --mask "$TMP/rf.png" --set texture.mask=frost 2>"$TMP/log" ||
        fail "rain-on-window: render --roughness: $(cat "$TMP/log")"
    local drops glass
    drops=$("$CHECK" tone "$TMP/rr.png" "$TMP/rh.png" 0.02 1)
    at_most "$(field p90 "$drops")" 0.1 "rain-on-window: roughness on the drops"
    glass=$("$CHECK" tone "$TMP/rr.png" "$TMP/rh.png" 0 0 "$TMP/rf.png" 0.4 1)
    at_least "$(field p10 "$glass")" 0.5 "rain-on-window: roughness of the fogged glass"
    at_most "$(field seam "$("$CHECK" seam "$TMP/rr.png")")" 1.5 "rain-on-window: roughness across the wrap"
}

materials_threads() {
    local p
    for p in pebbles leaf-litter; do
        $DAPPLE render "presets/$p.ini" --quiet --size 160x160 -j1 -o "$TMP/a.png" \
            --albedo "$TMP/aa.png" --roughness "$TMP/ar.png" --ao "$TMP/ao.png"
        $DAPPLE render "presets/$p.ini" --quiet --size 160x160 -j2 -o "$TMP/b.png" \
            --albedo "$TMP/ba.png" --roughness "$TMP/br.png" --ao "$TMP/bo.png"
        $DAPPLE render "presets/$p.ini" --quiet --size 160x160 -j2 -o "$TMP/c.png"
        cmp -s "$TMP/aa.png" "$TMP/ba.png" || fail "$p: the albedo differs for -j1 and -j2"
        cmp -s "$TMP/ar.png" "$TMP/br.png" || fail "$p: the roughness differs for -j1 and -j2"
        cmp -s "$TMP/ao.png" "$TMP/bo.png" || fail "$p: the occlusion differs for -j1 and -j2"
        cmp -s "$TMP/b.png" "$TMP/c.png" || fail "$p: asking for the material maps changed the colour"
        ! cmp -s "$TMP/a.png" "$TMP/aa.png" || fail "$p: the albedo is the colour texture"
    done
}

materials_detail() {
    local full detail
    # (at 384 px the big drops leave the small ones no room: render warns, stderr is dropped)
    $DAPPLE render presets/rain-on-window.ini --quiet --size 384x384 -o "$TMP/full.png" 2>/dev/null
    $DAPPLE render presets/rain-on-window.ini --quiet --size 384x384 -o "$TMP/detail.png" \
        --detail 2>/dev/null
    $DAPPLE render presets/rain-on-window.ini --quiet --size 384x384 -o "$TMP/key.png" \
        --set texture.ground=detail 2>/dev/null
    cmp -s "$TMP/detail.png" "$TMP/key.png" || fail "--detail and ground = detail differ"
    full=$(field large "$("$CHECK" large "$TMP/full.png" 96)")
    detail=$(field large "$("$CHECK" large "$TMP/detail.png" 96)")
    at_most "$(awk -v d="$detail" -v f="$full" 'BEGIN { print d / f }')" 0.1 \
        "rain-on-window: the detail version's large-scale variance over the full one's"
    $DAPPLE render presets/rain-on-glass.ini --quiet --size 384x384 -o "$TMP/g.png" --detail
    at_most "$(field large "$("$CHECK" large "$TMP/g.png" 96)")" 0.001 "rain-on-glass --detail: large-scale variance"
    at_most "$(field seam "$("$CHECK" seam "$TMP/g.png")")" 1.5 "rain-on-glass --detail across the wrap"
}

materials_refused() {
    expect_error 1 "dapple: layer 'big' (droplets) has no albedo (its colour is the scene it refracts): --albedo cannot be written" \
        "$TMP/ra.png" -- $DAPPLE render presets/rain-on-window.ini --size 64x64 -o "$TMP/r.png" --albedo "$TMP/ra.png"
    [ ! -e "$TMP/r.png" ] || fail "a refused render wrote its colour texture"
    expect_error 1 "dapple: layer 'sky' (stars) has no roughness (a star is light, not a surface): --roughness cannot be written" \
        "$TMP/sr.png" -- $DAPPLE render presets/starfield.ini --size 64x64 --roughness "$TMP/sr.png"
    expect_error 1 "dapple: no layer has relief ('sky' (stars)): --ao (found from the height map) would be flat" \
        "$TMP/so.png" -- $DAPPLE render presets/starfield.ini --size 64x64 --ao "$TMP/so.png"
    expect_error 1 "dapple: -o and --albedo both name '$TMP/x.png': give each output its own file" \
        "$TMP/x.png" -- $DAPPLE render presets/pebbles.ini --size 64x64 -o "$TMP/x.png" --albedo "$TMP/x.png"
    expect_error 1 "dapple: --roughness and --ao both name '$TMP/y.png': give each output its own file" \
        "$TMP/y.png" -- $DAPPLE render presets/pebbles.ini --size 64x64 --roughness "$TMP/y.png" --ao "$TMP/y.png"
    # alone, without -o: only the map is written
    $DAPPLE render presets/pebbles.ini --quiet --size 64x64 --ao "$TMP/alone.png" || fail "--ao alone"
    expect_png "$TMP/alone.png" "64 64 8 grey linear"
}

materials_pack() {
    mkdir -p "$TMP/presets"
    sed -e 's/^size = .*/size = 128x128/' -e '/^periodic = true/a albedo = true\nroughness = true\nao = true' \
        presets/pebbles.ini >"$TMP/presets/pebbles.ini"
    $DAPPLE pack "$TMP/presets" -o "$TMP/out" -j 2 >/dev/null 2>"$TMP/log" || fail "pack: $(cat "$TMP/log")"
    $DAPPLE render "$TMP/presets/pebbles.ini" --quiet -o "$TMP/r.png" --albedo "$TMP/ra.png" \
        --roughness "$TMP/rr.png" --ao "$TMP/ro.png"
    local kind file want
    for kind in albedo roughness ao; do
        file=$TMP/out/pebbles-$kind.png
        [ -e "$file" ] || { fail "pack: no pebbles-$kind.png"; continue; }
        grep -q "\"file\": \"pebbles-$kind.png\".*\"kind\": \"$kind\".*\"sha256\": \"$(sha256sum "$file" | cut -c1-64)\"" \
            "$TMP/out/manifest.json" || fail "pack: the manifest has no entry of $kind with its checksum"
    done
    cmp -s "$TMP/out/pebbles-albedo.png" "$TMP/ra.png" || fail "pack: the albedo differs from render's"
    cmp -s "$TMP/out/pebbles-roughness.png" "$TMP/rr.png" || fail "pack: the roughness differs from render's"
    cmp -s "$TMP/out/pebbles-ao.png" "$TMP/ro.png" || fail "pack: the occlusion differs from render's"
    grep -q '"file": "pebbles-albedo.png".*"colour_space": "sRGB"' "$TMP/out/manifest.json" ||
        fail "pack: the albedo is not sRGB in the manifest"
    grep -q '"file": "pebbles-ao.png".*"colour_space": "linear"' "$TMP/out/manifest.json" ||
        fail "pack: the occlusion is not linear in the manifest"
}

materials_pebbles
materials_rain
materials_threads
materials_detail
materials_refused
materials_pack
finish
