# Merging at its widest (issue #30): `merge = 64` between stretched drops costs each pair
# the area its bridge may cover, and the pairs grow with the square of the gap. The bridges
# are now cut to the overlap of the two drops' boxes (same bytes, 2x faster), and a layer
# whose bridges would shade more than 6e8 pixels is refused before any drawing, naming
# `merge`: the issue's case (rmin 2, rmax 5, drop_stretch 2) renders at 8192x8192 within a
# minute; larger or denser drops at that size are refused. Generated small: drops 4 times
# their room (scale = 4) merging across 64 px at 1024x1024 are over the budget at once.
. "$(dirname "$0")/lib.sh"

layer() { # scale
    printf '[texture]\nsize = 1024x1024\nbackground = perlin\n[layer big]\nstyle = droplets\n'
    printf 'field = perlin:scale=200\nrmin = 20\nrmax = 60\nscale = %s\nmerge = 64\ndrop_stretch = 2\n' "$1"
}

case_merge_past_its_work_budget_is_refused_naming_merge() {
    layer 4 >"$TMP/wide.ini"
    expect_error 1 "dapple: layer 'big': merge = 64: the bridges between its drops would shade over 6e+08 pixels, the limit (a minute's work): lower merge (here capped at 64 px), scale or the drops' size, or render smaller" \
        "$TMP/wide.png" -- timeout 60 "$DAPPLE" render "$TMP/wide.ini" -o "$TMP/wide.png" --quiet
}

case_merge_within_its_budget_renders() {
    layer 0.5 >"$TMP/ok.ini"
    local code=0
    timeout 60 "$DAPPLE" render "$TMP/ok.ini" -o "$TMP/ok.png" --height "$TMP/ok-h.png" --quiet \
        2>"$TMP/stderr" || code=$?
    [ "$code" = 0 ] || fail "merge = 64 at scale 0.5: exit $code ($(head -c 300 "$TMP/stderr"))"
    expect_png "$TMP/ok.png" "1024 1024 8 rgba srgb"
}

case_the_issue_case_renders_small() {
    printf '[texture]\nsize = 256x256\nbackground = perlin\n[layer d]\nstyle = droplets\nfield = perlin:scale=60\nrmin = 2\nrmax = 5\nmerge = 64\ndrop_stretch = 2\n' \
        >"$TMP/issue.ini"
    local code=0
    timeout 60 "$DAPPLE" render "$TMP/issue.ini" -o "$TMP/issue.png" --quiet 2>"$TMP/stderr" || code=$?
    [ "$code" = 0 ] || fail "issue #30 merge case at 256x256: exit $code ($(head -c 300 "$TMP/stderr"))"
    expect_png "$TMP/issue.png" "256 256 8 rgba srgb"
}

for case in $(declare -F | awk '$3 ~ /^case_/ {print $3}'); do
    "$case"
done
finish
