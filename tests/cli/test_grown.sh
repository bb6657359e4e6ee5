# Families grown by their processes (issue #38): frost ferns (crystals), a starfield (stars),
# splatter and snow on a sill render from their presets with their masks, give the same bytes for any -j,
# and refuse their keys on other styles, and bad values, by file and line.
. "$(dirname "$0")/lib.sh"

OUT=$TMP/out
mkdir -p "$OUT"

case_presets_render_the_same_bytes_for_any_j() {
    local p
    for p in frosted-window starfield splatter snowy-window; do
        "$DAPPLE" render "presets/$p.ini" --size 256x256 -o "$OUT/$p-1.png" --mask "$OUT/$p-m1.png" \
            -j 1 --quiet || fail "$p: exit $?"
        "$DAPPLE" render "presets/$p.ini" --size 256x256 -o "$OUT/$p-2.png" --mask "$OUT/$p-m2.png" \
            -j 2 --quiet || fail "$p -j 2: exit $?"
        cmp -s "$OUT/$p-1.png" "$OUT/$p-2.png" || fail "$p: -j 1 and -j 2 differ"
        cmp -s "$OUT/$p-m1.png" "$OUT/$p-m2.png" || fail "$p: masks differ between -j 1 and -j 2"
        expect_png "$OUT/$p-1.png" "256 256 8 rgba srgb"
    done
}

case_the_seed_changes_the_frost() {
    "$DAPPLE" render presets/frosted-window.ini --size 192x192 --seed 2 -o "$OUT/s2.png" --quiet
    "$DAPPLE" render presets/frosted-window.ini --size 192x192 --seed 3 -o "$OUT/s3.png" --quiet
    ! cmp -s "$OUT/s2.png" "$OUT/s3.png" || fail "seeds 2 and 3 grew the same frost"
}

case_keys_of_other_styles_are_refused() {
    printf '[texture]\nsize = 32x32\n[layer c]\nstyle = circles\nradius = 3\ncrystal_length = 40\n' >"$TMP/c.ini"
    expect_error 1 "dapple: $TMP/c.ini:6: crystal_length: applies only to crystals layers, not to circles" \
        "$OUT/c.png" -- "$DAPPLE" render "$TMP/c.ini" -o "$OUT/c.png"
    printf '[texture]\nsize = 32x32\n[layer s]\nstyle = splatter\nradius = 9\nstar_spikes = true\n' >"$TMP/s.ini"
    expect_error 1 "dapple: $TMP/s.ini:6: star_spikes: applies only to stars layers, not to splatter" \
        "$OUT/s.png" -- "$DAPPLE" render "$TMP/s.ini" -o "$OUT/s.png"
}

case_bad_values_name_file_line_and_key() {
    printf '[texture]\nsize = 32x32\n[layer s]\nstyle = splatter\nradius = 9\nsplat_force = 2\n' >"$TMP/f.ini"
    expect_error 1 "dapple: $TMP/f.ini:6: splat_force: expected a number in [0, 1], got '2'" \
        "$OUT/f.png" -- "$DAPPLE" render "$TMP/f.ini" -o "$OUT/f.png"
}

case_a_frost_too_large_for_its_limit_is_refused() {
    printf '[texture]\nsize = 128x128\n[layer i]\nstyle = crystals\nradius = 1\nmax_points = 50\n' >"$TMP/m.ini"
    expect_error 1 "dapple: layer 'i': frost: more than 50 segments (raise max_points)" \
        "$OUT/m.png" -- "$DAPPLE" render "$TMP/m.ini" -o "$OUT/m.png"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
