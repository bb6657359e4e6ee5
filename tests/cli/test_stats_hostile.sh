# dapple stats under hostile input (issue #30): no crash, no NaN or infinity in any output,
# a bad row refused by its line, sizes that never overflow, and --radius any r > 0 (#29).
. "$(dirname "$0")/lib.sh"

# strict_json FILE: parses with Python's json refusing NaN and Infinity, else says why.
strict_json() {
    python3 -c '
import json, sys
def bad(c): raise ValueError("not JSON: " + c)
json.loads(open(sys.argv[1]).read(), parse_constant=bad)' "$1" 2>&1 || echo "invalid JSON"
}

no_nan_text() {
    ! grep -qiw 'nan\|inf' "$1" || fail "$2: nan or inf in the text: $(grep -iw 'nan\|inf' "$1" | head -3)"
}

coincident_points() {
    # no r column: the mean nearest-neighbour distance is 0 (crashed in spectrum.c)
    printf '1,1\n1,1\n' >"$TMP/two.csv"
    printf '1,1\n1,1\n5,5\n5,5\n' >"$TMP/pairs.csv"
    for f in two pairs; do
        for j in "" --json; do
            expect_error 1 "dapple: $TMP/$f.csv: the points have no radius and their mean nearest-neighbour distance is 0 (they coincide): give --radius R" \
                "$TMP/o.txt" -- $DAPPLE stats "$TMP/$f.csv" $j -o "$TMP/o.txt"
        done
    done
    # with a radius: every number is defined or says it is not (nn_cv was -nan)
    printf 'x,y,r\n1,1,2\n1,1,2\n' >"$TMP/same.csv"
    $DAPPLE stats "$TMP/same.csv" --json -o "$TMP/same.json" || fail "same.csv --json failed"
    [ -z "$(strict_json "$TMP/same.json")" ] || fail "same.json: $(strict_json "$TMP/same.json")"
    grep -q '"nn_cv":null' "$TMP/same.json" || fail "same.json: nn_cv is not null"
    $DAPPLE stats "$TMP/pairs.csv" --radius 1 >"$TMP/same.txt" || fail "pairs.csv --radius failed"
    no_nan_text "$TMP/same.txt" pairs.csv
    grep -q "CV undefined" "$TMP/same.txt" || fail "same.txt: CV not 'undefined': $(cat "$TMP/same.txt")"
}

# A density field allowing fewer than 8 probes (read out of bounds in density.c): a
# 1024x1024 grey map over 512x512 with one 3x3 white spot meets 1 to 4 probes.
few_probes() {
    python3 -c '
import sys
w = 1024; d = bytearray(w * w)
for y in range(20, 23):
    for x in range(20, 23): d[y * w + x] = 255
sys.stdout.buffer.write(b"P5 1024 1024 255\n" + bytes(d))' >"$TMP/few.pgm"
    printf '10.5,10.5\n200,200\n' >"$TMP/few.csv"
    local args="$TMP/few.csv --size 512x512 --map density --rmin 1 --field image:$TMP/few.pgm"
    $DAPPLE stats $args --json -o "$TMP/few.json" || fail "few probes: --json failed"
    [ -z "$(strict_json "$TMP/few.json")" ] || fail "few.json: $(strict_json "$TMP/few.json")"
    grep -q '"quantiles":\[{"r_lo":1,"r_hi":1,"area":1,' "$TMP/few.json" || fail "few.json: $(grep -o '"density".*' "$TMP/few.json")"
    $DAPPLE stats $args >"$TMP/few.txt" || fail "few probes: text failed"
    no_nan_text "$TMP/few.txt" "few probes"
    grep -q "^ *1 \.\. 1 *100\.0%.* level$" "$TMP/few.txt" || fail "few.txt: not one level row: $(cat "$TMP/few.txt")"
}

# A stepped map (three grey levels in bands of 37/28/35 %): a row per level, each marked
# (their blended edges, under 1 % each, join them), and no other row.
stepped_map() {
    python3 -c '
import sys
w = 100; rows = []
for y in range(100):
    v = 255 if y < 37 else 128 if y < 65 else 40
    rows.append(bytes([v]) * w)
sys.stdout.buffer.write(b"P5 100 100 255\n" + b"".join(rows))' >"$TMP/steps.pgm"
    local f="--size 200x200 --rmin 2 --rmax 6 --field image:$TMP/steps.pgm"
    $DAPPLE points $f -o "$TMP/steps.csv" 2>/dev/null || fail "points on the stepped map"
    $DAPPLE stats "$TMP/steps.csv" $f >"$TMP/steps.txt" || fail "stats on the stepped map"
    [ "$(grep -c ' level$' "$TMP/steps.txt")" = 3 ] || fail "steps.txt: not 3 levels: $(cat "$TMP/steps.txt")"
    [ "$(grep -c '^ *[0-9.]* \.\. [0-9.]* .*%' "$TMP/steps.txt")" = 3 ] || fail "steps.txt: not 3 rows: $(cat "$TMP/steps.txt")"
}

# One row with r = 0 in a valid r = 4 set: refused by its line, or given the field's
# radius with field options; never the nearest-neighbour mean for every row.
zero_radius_row() {
    python3 -c '
print("x,y,r")
for i in range(20):
    for j in range(20): print("%d,%d,%d" % (i * 8 + 4, j * 8 + 4, 0 if (i, j) == (0, 3) else 4))' >"$TMP/r0.csv"
    expect_error 1 "dapple: $TMP/r0.csv:5: r is 0: every point needs r > 0 (give --radius R for every point, or field options for the rows without r)" \
        "" -- $DAPPLE stats "$TMP/r0.csv" --strict
    $DAPPLE stats "$TMP/r0.csv" --strict --rmin 4 --rmax 4 --field constant --json -o "$TMP/r0.json" ||
        fail "r0.csv with a field: --strict failed a valid set"
    grep -q '"r":\[4,4\],.*"close_max":0,' "$TMP/r0.json" || fail "r0.json: $(head -c 300 "$TMP/r0.json")"
    $DAPPLE stats "$TMP/r0.csv" --strict --radius 4 >/dev/null || fail "r0.csv --radius 4: --strict failed"
}

# A point at 3.4e38 (floor(x) + 1 == x in float): no overflowed size and no option
# nobody gave, with or without a field.
huge_coordinate() {
    printf '3.4e38,1\n2,2\n' >"$TMP/big.csv"
    local msg="dapple: $TMP/big.csv:1: point (3.4e+38, 1) lies beyond the largest domain, 2097152 a side: give --size (the domain is taken from the points' extent)"
    expect_error 1 "$msg" "" -- $DAPPLE stats "$TMP/big.csv"
    expect_error 1 "$msg" "" -- $DAPPLE stats "$TMP/big.csv" --rmin 1 --rmax 2 --field perlin
    printf '{"size":[3.4e38,10],"points":[[1,1,1],[5,5,1]]}\n' >"$TMP/big.json"
    $DAPPLE stats "$TMP/big.json" >/dev/null 2>"$TMP/err" && fail "big.json: a 3.4e38 size accepted"
    ! grep -q -- '-2147483648\|width' "$TMP/err" || fail "big.json: $(cat "$TMP/err")"
}

# --radius takes any r > 0 (#29): a unit-square set with r = 0.01 is checked.
small_radius() {
    python3 -c '
for i in range(90):
    for j in range(90): print("%.4f,%.4f" % (i * 0.011 + 0.005, j * 0.011 + 0.005))' >"$TMP/unit.csv"
    $DAPPLE stats "$TMP/unit.csv" --radius 0.01 --strict >"$TMP/unit.txt" || fail "unit square, r = 0.01: $(cat "$TMP/unit.txt")"
    grep -q "in 1x1 (size from the points' extent), r = 0.01 (from --radius)$" "$TMP/unit.txt" || fail "unit.txt: $(head -1 "$TMP/unit.txt")"
    $DAPPLE stats "$TMP/unit.csv" --radius 0.0111 --strict >/dev/null 2>&1 && fail "r = 0.0111 > spacing passed --strict"
    expect_error 2 "dapple: --radius: expected a number > 0, got '0'" "" -- $DAPPLE stats "$TMP/unit.csv" --radius 0
    expect_error 2 "dapple: --radius: expected a number > 0, got '-1'" "" -- $DAPPLE stats "$TMP/unit.csv" --radius -1
    expect_error 2 "dapple: --radius: expected a number > 0, got '1e-50'" "" -- $DAPPLE stats "$TMP/unit.csv" --radius 1e-50
    # the sampling commands keep the sampler's limit
    expect_error 2 "dapple: --radius: expected a number in [0.25, 4096], got '0.01'" "" -- $DAPPLE points --size 9x9 --radius 0.01
}

# A 10000-digit decimal equal to 1 is 1 (any field of 64 bytes or more was "expected a
# number"); a 10000-digit integer is out of range.
long_numbers() {
    python3 -c 'print("x,y,r\n1." + "0" * 10000 + ",1,1\n5,5,1")' >"$TMP/long.csv"
    $DAPPLE stats "$TMP/long.csv" --json -o "$TMP/long.json" || fail "a 10000-digit 1 refused: $(cat "$TMP/long.json" 2>&1)"
    grep -q '"d_min":5.65685,' "$TMP/long.json" || fail "long.json: $(head -c 200 "$TMP/long.json")"
    python3 -c 'print("x,y\n" + "1" * 10000 + ",1\n5,5")' >"$TMP/huge.csv"
    expect_error 1 "dapple: $TMP/huge.csv:2: '1111111111111111111111111111111111111111...' in column 'x' is out of range (beyond the float range)" \
        "" -- $DAPPLE stats "$TMP/huge.csv"
}

# Bounded work: a radius that dwarfs the spacing puts every pair within reach (all N^2/2
# for --radius 4096 over 916 k points); measuring stops at the cap and the report says so.
# A big set's spectrum uses every k-th centre (5 M points took 79 s), and says so.
bounded_work() {
    python3 -c '
import random
random.seed(3)
print("x,y")
for i in range(6000): print("%.3f,%.3f" % (random.uniform(0, 100), random.uniform(0, 100)))' >"$TMP/dense.csv"
    $DAPPLE stats "$TMP/dense.csv" --radius 4096 >"$TMP/dense.txt" || fail "dense --radius 4096 failed"
    grep -q "^  counting stopped at 10384000 pairs within 2 r (the cap): the counts are lower bounds$" "$TMP/dense.txt" ||
        fail "dense: no cap said: $(head -8 "$TMP/dense.txt")"
    $DAPPLE stats "$TMP/dense.csv" --radius 4096 --json -o "$TMP/dense.json" || fail "dense --json failed"
    grep -q '"pairs_capped_at":10384000,' "$TMP/dense.json" || fail "dense.json: no pairs_capped_at"
    # one point of r 4096 among r 4: counted exactly (cells of the mean r, not the largest)
    python3 -c '
print("x,y,r")
for i in range(20):
    for j in range(20): print("%d,%d,%d" % (i * 8 + 4, j * 8 + 4, 4096 if (i, j) == (5, 5) else 4))' >"$TMP/onebig.csv"
    $DAPPLE stats "$TMP/onebig.csv" --json -o "$TMP/onebig.json" || fail "onebig.csv failed"
    grep -q '"close_max":399,"close_min":0,"first_close_lines":\[2,107\],"worst"' "$TMP/onebig.json" || fail "onebig.json: $(head -c 300 "$TMP/onebig.json")"
    # a valid set never meets the cap
    grep -q "counting stopped" "$TMP/same.txt" && fail "same.txt: capped"
    python3 -c '
import random
random.seed(4)
print("x,y")
for j in range(283):
    for i in range(283): print("%.3f,%.3f" % ((i + random.uniform(0.1, 0.9)) * 7, (j + random.uniform(0.1, 0.9)) * 7))' >"$TMP/many.csv"
    $DAPPLE stats "$TMP/many.csv" --radius 30 --json -o "$TMP/many.json" || fail "many.csv failed"
    grep -q '"centres":[0-9]*,"candidates":[0-9]*,"centre_stride":[0-9]*,' "$TMP/many.json" || fail "many.json: no stride: $(grep -o '"centres"[^p]*' "$TMP/many.json")"
    $DAPPLE stats "$TMP/many.csv" --radius 30 | grep -q "^  centres  *[0-9]* of 80089 points (10 r from the edges; every [0-9]*th of [0-9]*)$" ||
        fail "many.csv: the text does not say the centres were thinned"
}

long_numbers
coincident_points
few_probes
stepped_map
zero_radius_row
huge_coordinate
small_radius
bounded_work
finish
