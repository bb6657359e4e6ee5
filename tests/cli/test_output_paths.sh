# Two outputs of one run never share a path (issue #30): refused before any work, naming
# both options, for every command that writes more than one file; spelt differently
# ("./a.png", "out/../a.png") they are still one file.
. "$(dirname "$0")/lib.sh"
PRESET=presets/circles-and-outlines.ini
mkdir -p "$TMP/out"

render_outputs() {
    local o
    for o in --height --normal --mask --points; do
        expect_error 1 "dapple: -o and $o both name '$TMP/a.png': give each output its own file" "$TMP/a.png" \
            -- $DAPPLE render "$PRESET" -o "$TMP/a.png" $o "$TMP/a.png"
    done
    expect_error 1 "dapple: -o and --height both name '$TMP/out/../a.png': give each output its own file" "$TMP/a.png" \
        -- $DAPPLE render "$PRESET" -o "$TMP/a.png" --height "$TMP/out/../a.png"
    expect_error 1 "dapple: --height and --normal both name '$TMP/./h.png': give each output its own file" "$TMP/h.png" \
        -- $DAPPLE render "$PRESET" -o "$TMP/a.png" --height "$TMP/h.png" --normal "$TMP/./h.png"
    [ ! -e "$TMP/a.png" ] || fail "render wrote a.png after refusing"
}

mask_outputs() {
    expect_error 1 "dapple: -o and --points both name '$TMP/./m.png': give each output its own file" "$TMP/m.png" \
        -- $DAPPLE mask --size 64x64 --radius 4 -o "$TMP/m.png" --points "$TMP/./m.png"
}

stats_outputs() {
    $DAPPLE points --size 200x200 --radius 3 -o "$TMP/b.csv" 2>/dev/null
    expect_error 1 "dapple: -o and --plot both name '$TMP/p-radial.csv': give each output its own file" "$TMP/p-points.png" \
        -- $DAPPLE stats "$TMP/b.csv" --plot "$TMP/p" -o "$TMP/p-radial.csv"
    [ ! -e "$TMP/p-radial.csv" ] || fail "stats wrote p-radial.csv after refusing"
    # a second run with no spectrum to chart leaves only its own file: the old charts go
    $DAPPLE stats "$TMP/b.csv" --plot "$TMP/p" >/dev/null || fail "stats --plot failed"
    [ "$(ls "$TMP" | grep -c '^p-')" = 6 ] || fail "--plot: $(ls "$TMP" | grep '^p-' | tr '\n' ' '), want 6 files"
    printf 'x,y,r\n1,1,2\n5,5,2\n' >"$TMP/small.csv" # no point lies 10 r from the edges
    $DAPPLE stats "$TMP/small.csv" --plot "$TMP/p" >/dev/null || fail "stats --plot small.csv failed"
    [ "$(ls "$TMP" | grep '^p-')" = "p-points.png" ] || fail "stale charts left: $(ls "$TMP" | grep '^p-' | tr '\n' ' ')"
    # a run failing at its 4th file (a full disk) leaves none of the first three, nor a temporary
    ln -s /dev/full "$TMP/out/q-points.png"
    expect_error 1 "dapple: $TMP/out/q-points.png: No space left on device" "$TMP/out/q-spectrum.png" \
        -- $DAPPLE stats "$TMP/b.csv" --plot "$TMP/out/q"
    [ "$(ls -A "$TMP/out")" = "q-points.png" ] || fail "a failed --plot left: $(ls -A "$TMP/out" | tr '\n' ' ')"
}

render_outputs
mask_outputs
stats_outputs
finish
