# `dapple points` and `dapple field`: output formats, the pair rule checked independently,
# determinism, bail-out, and every bad input refused with one clear line and no file.
. "$(dirname "$0")/lib.sh"

points_csv_format() {
    $DAPPLE points --size 60x40 --radius 3 --seed 5 -o "$TMP/p.csv" 2>"$TMP/log"
    [ "$(head -1 "$TMP/p.csv")" = "x,y,r" ] || fail "csv header"
    grep -q '^dapple: [0-9]* points in [0-9.]* s (complete)$' "$TMP/log" || fail "summary line: $(cat "$TMP/log")"
    "$TOOLS/ptcheck" -b 60 40 "$TMP/p.csv" >/dev/null || fail "pair rule (constant)"
}

points_json_format() {
    $DAPPLE points --size 30x20 --radius 4 --seed 9 --format json -o - 2>/dev/null >"$TMP/p.json"
    grep -q '^{"size":\[30,20\],"seed":9,"points":\[\[' "$TMP/p.json" || fail "json shape: $(head -c 80 "$TMP/p.json")"
}

points_deterministic() {
    $DAPPLE points --size 200x100 --rmin 1 --rmax 4 --field perlin:scale=30 --seed 3 -o "$TMP/a.csv" 2>/dev/null
    $DAPPLE points --size 200x100 --rmin 1 --rmax 4 --field perlin:scale=30 --seed 3 -o "$TMP/b.csv" 2>/dev/null
    $DAPPLE points --size 200x100 --rmin 1 --rmax 4 --field perlin:scale=30 --seed 4 -o "$TMP/c.csv" 2>/dev/null
    cmp -s "$TMP/a.csv" "$TMP/b.csv" || fail "same seed, different bytes"
    ! cmp -s "$TMP/a.csv" "$TMP/c.csv" || fail "different seeds, same bytes"
    "$TOOLS/ptcheck" -b 200 100 "$TMP/a.csv" >/dev/null || fail "pair rule (perlin)"
}

points_periodic() {
    $DAPPLE points --size 120x80 --rmin 2 --rmax 5 --field perlin:scale=40 --periodic -o "$TMP/p.csv" 2>/dev/null
    "$TOOLS/ptcheck" -p 120 80 "$TMP/p.csv" >/dev/null || fail "pair rule with wrapped distances"
}

points_image_field() {
    $DAPPLE field --size 64x64 --rmin 1 --rmax 8 --field perlin:scale=20 -o "$TMP/f.png" 2>/dev/null
    expect_png "$TMP/f.png" "64 64 8 grey linear"
    $DAPPLE points --size 128x128 --rmin 1 --rmax 6 --field "image:$TMP/f.png" -o "$TMP/p.csv" 2>/dev/null
    "$TOOLS/ptcheck" -b 128 128 "$TMP/p.csv" >/dev/null || fail "pair rule (image field)"
}

# A sharp field (a checkerboard of rmin and rmax squares): the front cannot step from a
# small-radius square into a large-radius one, so the sampler must seed every island. A
# square seeded holds about 420 points (r = 2.5) or 19 to 29 (r = 9); one missed, a few.
points_sharp_field_fills_every_square() {
    $DAPPLE points --size 256x256 --rmin 2.5 --rmax 9 --field image:tests/data/checker.png \
        -o "$TMP/checker.csv" 2>/dev/null
    "$TOOLS/ptcheck" -b 256 256 "$TMP/checker.csv" >/dev/null || fail "pair rule (checker)"
    local empty
    empty=$(awk -F, 'NR > 1 { n[int($1 / 64) "," int($2 / 64)]++ }
        END { e = 0; for (i = 0; i < 4; i++) for (j = 0; j < 4; j++) if (n[i "," j] < 10) e++; print e }' \
        "$TMP/checker.csv")
    [ "$empty" = 0 ] || fail "$empty of 16 checker squares have fewer than 10 points"
}

points_bailout() {
    $DAPPLE points --size 500x500 --radius 1 --max-points 1000 -o "$TMP/p.csv" 2>"$TMP/log"
    [ "$(($(wc -l <"$TMP/p.csv") - 1))" = 1000 ] || fail "bail-out count"
    grep -qxF "dapple: stopped at the limit of 1000 points (--max-points)" "$TMP/log" || fail "bail-out line"
    grep -q '(limit)$' "$TMP/log" || fail "summary says limit"
}

points_bad_input() {
    local o="$TMP/bad.csv"
    expect_error 2 "dapple: --radius: expected a number in [0.25, 4096], got '10abc'" "$o" -- $DAPPLE points --size 10x10 --radius 10abc -o "$o"
    expect_error 2 "dapple: --size: expected WxH with sides in [1, 2097152], got '0x0'" "$o" -- $DAPPLE points --size 0x0 --radius 1 -o "$o"
    expect_error 2 "dapple: --rmin (4) must not exceed --rmax (2)" "$o" -- $DAPPLE points --size 10x10 --rmin 4 --rmax 2 --field perlin -o "$o"
    expect_error 2 "dapple: --k: expected an integer in [1, 1000], got '0'" "$o" -- $DAPPLE points --size 10x10 --radius 1 --k 0 -o "$o"
    expect_error 2 "dapple: --seed: expected an integer in [0, 18446744073709551615], got '-3'" "$o" -- $DAPPLE points --size 10x10 --radius 1 --seed -3 -o "$o"
    expect_error 2 "dapple: --rmin: missing value (A)" "" -- $DAPPLE points --size 10x10 --rmin
    expect_error 2 "dapple: missing -o FILE" "" -- $DAPPLE points --size 10x10 --radius 1
    expect_error 2 "dapple: unknown option '--bogus' (see --help)" "$o" -- $DAPPLE points --bogus -o "$o"
    expect_error 2 "dapple: --field: unknown field kind 'foo' (expected constant, image:PATH or perlin[:key=value,...])" "$o" -- $DAPPLE points --size 10x10 --rmin 1 --rmax 2 --field foo -o "$o"
    expect_error 1 "dapple: $TMP/missing.png: No such file or directory" "$o" -- $DAPPLE points --size 10x10 --rmin 1 --rmax 2 --field "image:$TMP/missing.png" -o "$o"
    expect_error 1 "dapple: cannot create $TMP/nodir/p.csv: No such file or directory" "$TMP/nodir/p.csv" -- $DAPPLE points --size 10x10 --radius 1 -o "$TMP/nodir/p.csv"
}

points_refuses_runaway() {
    local o="$TMP/huge.csv"
    expect_error 1 "dapple: about 6.3e+08 points expected, over the default limit of 20000000: use a larger radius, or raise --max-points (the run then stops at that limit)" "$o" -- $DAPPLE points --size 30000x30000 --radius 1 -o "$o"
}

help_and_version() {
    $DAPPLE --version | grep -q '^dapple [0-9]' || fail "--version"
    $DAPPLE --help | grep -q 'points' || fail "--help lists commands"
    $DAPPLE points --help | grep -q -- '--max-points' || fail "points --help"
    expect_error 2 "dapple: missing command (try dapple --help)" "" -- $DAPPLE
    expect_error 2 "dapple: unknown command 'pointz' (try dapple --help)" "" -- $DAPPLE pointz
}

points_csv_format
points_json_format
points_deterministic
points_periodic
points_image_field
points_sharp_field_fills_every_square
points_bailout
points_bad_input
points_refuses_runaway
help_and_version
finish
