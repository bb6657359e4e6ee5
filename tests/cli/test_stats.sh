# dapple stats: known answers through the command line (a grid with one pair moved
# closer, dapple's own sets), --strict, --json, --plot outputs, determinism, and every bad
# input refused with its exact message, exit status and no output left behind.
. "$(dirname "$0")/lib.sh"
DAPPLE_BIN=$DAPPLE

# A 3x3 grid of spacing 10 and r 5 (every pair at least 10 apart), then one more point 3
# from the first: exactly one pair closer than max(r), and one closer than min(r).
printf 'x,y,r\n5,5,5\n15,5,5\n25,5,5\n5,15,5\n15,15,5\n25,15,5\n5,25,5\n15,25,5\n25,25,5\n' >"$TMP/grid.csv"
{ cat "$TMP/grid.csv"; echo '8,5,5'; } >"$TMP/close.csv"

known_pairs() {
    local out
    out=$($DAPPLE stats "$TMP/grid.csv" --size 30x30 --json) || fail "stats grid.csv failed"
    case "$out" in *'"outside":0,"close_max":0,"close_min":0,'*) ;; *) fail "grid: $out" ;; esac
    case "$out" in *'"d_min":10,'*) ;; *) fail "grid: smallest distance is not 10: $out" ;; esac
    out=$($DAPPLE stats "$TMP/close.csv" --size 30x30 --json) || fail "stats close.csv failed"
    case "$out" in *'"close_max":1,"close_min":1,"first_close_lines":[2,11],'*) ;;
    *) fail "close: $out" ;; esac
    case "$out" in *'"worst":0.6,"d_min":3,'*) ;; *) fail "close: worst ratio: $out" ;; esac
}

strict_gates() {
    $DAPPLE stats "$TMP/grid.csv" --size 30x30 --strict >/dev/null 2>&1 || fail "--strict failed a valid set"
    expect_error 3 "dapple: --strict: the pair rule fails: 1 pair closer than max(r_p, r_q), 0 points outside the domain" "" \
        -- $DAPPLE stats "$TMP/close.csv" --size 30x30 --strict
    grep -q "the pair rule fails: first at lines 2 and 11" "$TMP/stdout" || fail "--strict: the report was not printed"
    # a point on the far edge (x = W) is outside the half-open domain: counted, and --strict fails
    { cat "$TMP/grid.csv"; echo '30,12,5'; } >"$TMP/edge.csv"
    expect_error 3 "dapple: --strict: the pair rule fails: 0 pairs closer than max(r_p, r_q), 1 point outside the domain" "" \
        -- $DAPPLE stats "$TMP/edge.csv" --size 30x30 --strict
}

dapple_sets() {
    $DAPPLE points --size 400x400 --radius 4 --seed 3 -o "$TMP/blue.csv" 2>/dev/null
    $DAPPLE stats "$TMP/blue.csv" --strict >"$TMP/blue.txt" || fail "stats of a dapple set failed --strict"
    grep -q "^  pairs closer than max(r_p, r_q)  0   the pair rule holds$" "$TMP/blue.txt" || fail "blue: $(cat "$TMP/blue.txt")"
    grep -q "^blue.csv\|400x400 (size from the points' extent), r = 4 (from the file)$" "$TMP/blue.txt" || fail "blue head: $(head -1 "$TMP/blue.txt")"
    local rho
    rho=$(sed -n 's/^  relative radius rho *\([0-9.]*\).*/\1/p' "$TMP/blue.txt")
    awk -v r="$rho" 'BEGIN { exit !(r >= 0.73 && r < 0.8) }' || fail "blue: rho $rho, want 0.73 .. 0.8"
    # no r column and no --radius: r is the mean nearest-neighbour distance
    cut -d, -f1,2 "$TMP/blue.csv" >"$TMP/xy.csv"
    $DAPPLE stats "$TMP/xy.csv" --size 400x400 | grep -q "(from nearest neighbours)$" || fail "xy.csv: r not from nearest neighbours"
    # the same set with --radius 5: pairs 4 apart now break the rule
    $DAPPLE stats "$TMP/blue.csv" --radius 5 --json | grep -q '"close_max":[1-9]' || fail "--radius 5 found no close pair"
}

density_table() {
    $DAPPLE points --size 300x300 --rmin 2 --map density --field perlin:scale=80 -o "$TMP/dens.csv" 2>/dev/null
    $DAPPLE stats "$TMP/dens.csv" --size 300x300 --rmin 2 --map density --field perlin:scale=80 >"$TMP/dens.txt" ||
        fail "stats --field failed"
    grep -q "^density against the field" "$TMP/dens.txt" || fail "no density table: $(cat "$TMP/dens.txt")"
    # each quantile got its expected share within 15 %
    awk '/^density against/ { on = 1; next } on && / \.\. / && !/ratio/ { if ($NF < 0.85 || $NF > 1.15) bad = bad " " $NF }
         END { if (bad != "") { print bad; exit 1 } }' "$TMP/dens.txt" || fail "density ratios off: $(cat "$TMP/dens.txt")"
}

plots_and_determinism() {
    $DAPPLE stats "$TMP/blue.csv" --plot "$TMP/a" --json -o "$TMP/a.json" || fail "--plot failed"
    $DAPPLE stats "$TMP/blue.csv" --plot "$TMP/b" --json -o "$TMP/b.json" || fail "--plot failed"
    for s in spectrum radial rdf points; do
        [ -s "$TMP/a-$s.png" ] || { fail "no $TMP/a-$s.png"; continue; }
        "$TOOLS/pnginfo" "$TMP/a-$s.png" >/dev/null || fail "a-$s.png: not a PNG"
        cmp -s "$TMP/a-$s.png" "$TMP/b-$s.png" || fail "a-$s.png: not the same bytes twice"
    done
    expect_png "$TMP/a-radial.png" "900 700 8 rgba srgb"
    head -1 "$TMP/a-radial.csv" | grep -qx "f,power,anisotropy_db" || fail "a-radial.csv header"
    [ "$(wc -l <"$TMP/a-radial.csv")" = 82 ] || fail "a-radial.csv: $(wc -l <"$TMP/a-radial.csv") lines, want 82"
    head -1 "$TMP/a-rdf.csv" | grep -qx "s,g" || fail "a-rdf.csv header"
    cmp -s "$TMP/a.json" "$TMP/b.json" || fail "the JSON report differs between two runs"
    # a variable radius adds the differential domain
    $DAPPLE points --size 400x400 --rmin 2 --rmax 6 --field perlin:scale=100 -o "$TMP/var.csv" 2>/dev/null
    $DAPPLE stats "$TMP/var.csv" --plot "$TMP/v" >"$TMP/var.txt" || fail "stats var.csv failed"
    grep -q "^differential domain" "$TMP/var.txt" || fail "var: no differential-domain section"
    head -1 "$TMP/v-radial.csv" | grep -qx "f,power,anisotropy_db,diff_power,diff_anisotropy_db" || fail "v-radial.csv header"
}

bad_inputs() {
    printf 'x,y,r\n1,2,3\n4,abc,3\n' >"$TMP/bad.csv"
    printf 'x,y,r\n1,2,3\n4,nan,3\n' >"$TMP/nan.csv"
    printf 'x,y,r\n1,2,3\n4,inf,3\n' >"$TMP/inf.csv"
    printf 'x,y,r\n1,2,3\n4,5,-3\n' >"$TMP/neg.csv"
    : >"$TMP/empty.csv"
    printf 'x,y,r\n' >"$TMP/header.csv"
    printf '1,2\n' >"$TMP/one.csv"
    printf 'x,y,r\n1,2,3\n600,20,3\n' >"$TMP/far.csv"
    local DAPPLE
    DAPPLE=$(cd "$(dirname "$DAPPLE_BIN")" && pwd)/$(basename "$DAPPLE_BIN") # we cd below
    cd "$TMP"
    expect_error 1 "dapple: bad.csv:3: expected a number in column 'y', got 'abc'" "$TMP/r.json" -- $DAPPLE stats bad.csv --json -o "$TMP/r.json"
    expect_error 1 "dapple: nan.csv:3: expected a number in column 'y', got 'nan'" "$TMP/r.json" -- $DAPPLE stats nan.csv -o "$TMP/r.json"
    expect_error 1 "dapple: inf.csv:3: expected a number in column 'y', got 'inf'" "$TMP/r.json" -- $DAPPLE stats inf.csv -o "$TMP/r.json"
    expect_error 1 "dapple: neg.csv:3: expected a radius >= 0 in column 'r', got '-3'" "$TMP/r.json" -- $DAPPLE stats neg.csv -o "$TMP/r.json"
    expect_error 1 "dapple: empty.csv: no points" "$TMP/r.json" -- $DAPPLE stats empty.csv -o "$TMP/r.json"
    expect_error 1 "dapple: header.csv: no points" "$TMP/r.json" -- $DAPPLE stats header.csv -o "$TMP/r.json"
    expect_error 1 "dapple: one.csv: stats need at least 2 points, found 1" "$TMP/r.json" -- $DAPPLE stats one.csv -o "$TMP/r.json"
    expect_error 1 "dapple: far.csv:3: point (600, 20) lies outside the 512x512 domain (from --size)" "$TMP/p-points.png" \
        -- $DAPPLE stats far.csv --size 512x512 --plot "$TMP/p"
    expect_error 1 "dapple: missing.csv: No such file or directory" "" -- $DAPPLE stats missing.csv
    expect_error 2 "dapple: missing POINTS (a CSV or JSON point file)" "" -- $DAPPLE stats --json
    expect_error 2 "dapple: --size: expected WxH with sides in [1, 2097152], got '0x5'" "" -- $DAPPLE stats bad.csv --size 0x5
    expect_error 2 "dapple: --radius: give either --radius or --rmin, --rmax and --field" "" \
        -- $DAPPLE stats grid.csv --radius 3 --field perlin
    expect_error 1 "dapple: -o: 'grid.csv' is also an input; refusing to overwrite it" "" -- $DAPPLE stats grid.csv -o grid.csv
    cmp -s grid.csv <(printf 'x,y,r\n5,5,5\n15,5,5\n25,5,5\n5,15,5\n15,15,5\n25,15,5\n5,25,5\n15,25,5\n25,25,5\n') || fail "grid.csv was changed"
    cd - >/dev/null
}

# A density map 90 % at 25 % grey with a white road across it (10 %, as a binary PGM):
# equal-area quantiles merged the road into one row with the ground (ratio 1.000 whatever
# it got). The road is a level with its own row, its count within 5 % of the map's.
small_level() {
    { printf 'P5\n100 100\n255\n'
      for j in $(seq 0 99); do
          if [ "$j" -ge 45 ] && [ "$j" -lt 55 ]; then head -c 100 /dev/zero | tr '\0' '\377'
          else head -c 100 /dev/zero | tr '\0' '\100'; fi
      done; } >"$TMP/road.pgm"
    local f=(--size 400x400 --periodic --rmin 2 --map density --field "image:$TMP/road.pgm")
    $DAPPLE points "${f[@]}" -o "$TMP/road.csv" 2>/dev/null || fail "points on road.pgm failed"
    $DAPPLE stats "$TMP/road.csv" "${f[@]}" >"$TMP/road.txt" || fail "stats road.csv failed"
    awk '/^density against/ { on = 1 } on && $1 == 2 && $3 == 2 && $NF == "level" { road = 1; r = $(NF-1); a = $4 + 0 }
         END { if (!road || a < 8 || a > 10.5 || r < 0.95 || r > 1.05) exit 1 }' "$TMP/road.txt" ||
        fail "the road has no row of its own within 5 %: $(sed -n '/^density/,$p' "$TMP/road.txt")"
    grep -q '"level":true' <($DAPPLE stats "$TMP/road.csv" "${f[@]}" --json) || fail "road: no level in the JSON"
}

# An excluded pond is empty on purpose: with --exclude, the uncovered fraction counts only
# where the field allows points (it read the pond's share, 0.05, before).
uncovered_where_allowed() {
    "$TOOLS/roadpng" "$TMP/pond.png"
    local f=(--size 256x256 --radius 3 --exclude "image:$TMP/pond.png")
    $DAPPLE points "${f[@]}" -o "$TMP/pond.csv" 2>/dev/null || fail "points --exclude failed"
    local with without
    with=$($DAPPLE stats "$TMP/pond.csv" "${f[@]}" --json | sed 's/.*"uncovered":\([^,]*\),.*/\1/')
    without=$($DAPPLE stats "$TMP/pond.csv" --size 256x256 --radius 3 --json | sed 's/.*"uncovered":\([^,]*\),.*/\1/')
    awk -v a="$with" -v b="$without" 'BEGIN { exit !(a < 0.005 && b > 0.1) }' ||
        fail "uncovered: $with with the field (want < 0.005), $without without (want the pond, > 0.1)"
}

# render --points writes every layer into one list: measured whole, the layers break each
# other's pair rule (and stats says so); --layer N measures one, --preset names it and gives
# its field, size and periodicity.
layers_and_presets() {
    local P=presets/circles-and-outlines.ini
    $DAPPLE render "$P" --points "$TMP/co.csv" --quiet 2>/dev/null || fail "render --points failed"
    $DAPPLE stats "$TMP/co.csv" >/dev/null 2>"$TMP/co.err"
    grep -qxF "dapple: warning: $TMP/co.csv holds layers 0 to 1, measured as one set: --layer N measures one" "$TMP/co.err" ||
        fail "no warning for a list of two layers: $(cat "$TMP/co.err")"
    for l in 0 1; do
        $DAPPLE stats "$TMP/co.csv" --layer $l --size 768x768 --periodic --strict >"$TMP/co$l.txt" 2>&1 || fail "--layer $l: $(cat "$TMP/co$l.txt")"
    done
    local n1
    n1=$(awk -F, 'NR > 1 && $4 == 1' "$TMP/co.csv" | wc -l)
    grep -q "^$TMP/co.csv, layer 1: $n1 points in " "$TMP/co1.txt" || fail "--layer 1 head: $(head -1 "$TMP/co1.txt")"
    $DAPPLE stats "$TMP/co.csv" --preset "$P" --layer rings >"$TMP/rings.txt" || fail "--preset --layer rings failed"
    grep -q "^$TMP/co.csv, layer 1 ('rings'): $n1 points in 768x768, periodic (size from the preset)" "$TMP/rings.txt" ||
        fail "--preset head: $(head -1 "$TMP/rings.txt")"
    grep -q "^density against the field" "$TMP/rings.txt" || fail "--preset: no density table"
    grep -q "the field allows where one" "$TMP/rings.txt" || fail "--preset: uncovered not measured against the field"
    "$TOOLS/roadpng" "$TMP/pond.png"
    # a gravel path of a preset whose field allows no point off the path (black): left out
    # with --preset, not uncovered (it read 0.76 for a layer with black areas)
    printf '[texture]\nsize = 256x256\n\n[layer gravel]\nstyle = circles\nmap = density\nrmin = 3\nfield = image:pond.png\n' >"$TMP/path.ini"
    $DAPPLE render "$TMP/path.ini" --points "$TMP/path.csv" --quiet 2>/dev/null || fail "render path.ini failed"
    local with without
    with=$($DAPPLE stats "$TMP/path.csv" --preset "$TMP/path.ini" --layer gravel --json | sed 's/.*"uncovered":\([^,]*\),.*/\1/')
    without=$($DAPPLE stats "$TMP/path.csv" --size 256x256 --json | sed 's/.*"uncovered":\([^,]*\),.*/\1/')
    awk -v a="$with" -v b="$without" 'BEGIN { exit !(a < 0.005 && b > 0.5) }' ||
        fail "path: uncovered $with with the preset (want < 0.005), $without without (want > 0.5)"
    expect_error 1 "dapple: --preset: $P has 2 layers: give --layer NAME (discs, rings)" "" -- $DAPPLE stats "$TMP/co.csv" --preset "$P"
    expect_error 1 "dapple: --layer: $P has no layer 'ring' (its layers: discs, rings)" "" -- $DAPPLE stats "$TMP/co.csv" --preset "$P" --layer ring
    expect_error 1 "dapple: $TMP/co.csv: --layer: no point of layer 7" "" -- $DAPPLE stats "$TMP/co.csv" --layer 7
    expect_error 1 "dapple: $TMP/grid.csv: --layer: the file has no layer column" "" -- $DAPPLE stats "$TMP/grid.csv" --layer 0
    expect_error 2 "dapple: --layer: 'rings' is not a layer number (a name needs --preset FILE)" "" -- $DAPPLE stats "$TMP/co.csv" --layer rings
    expect_error 2 "dapple: --preset: not with --radius or the field options (the preset's layer gives the field)" "" \
        -- $DAPPLE stats "$TMP/co.csv" --preset "$P" --layer rings --rmin 3 --rmax 5 --field perlin
}

known_pairs
strict_gates
dapple_sets
density_table
plots_and_determinism
bad_inputs
small_level
uncovered_where_allowed
layers_and_presets
finish
