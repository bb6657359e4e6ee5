# dapple tiles (issue #16): a world written as a grid of tiles. Each mask tile is the
# `mask --region` of its window, byte for byte, and that window of the whole mask, pixel
# for pixel (edge tiles narrower when the tile size does not divide the world); the point
# tiles together are the whole world's points; -j 1 and -j 2 write the same bytes; two
# shards make the full set; a rerun skips the tiles whose files kept their checksums; bad
# input is refused with one line.
. "$(dirname "$0")/lib.sh"

WORLD=(--size 256x192 --rmin 2 --rmax 6 --field perlin:scale=60 --seed 5 --depth 16)

# x,y,r lines sorted, without the header
body() { tail -n +2 "$1" | sort; }

# tiles_run DIR [options...]: the 2x2 grid of WORLD (tiles of 128) into DIR, quietly
tiles_run() {
    local d=$1
    shift
    $DAPPLE tiles "${WORLD[@]}" --tile-size 128 -o "$d/g_x{x}_y{y}.png" \
        --points "$d/g_x{x}_y{y}.csv" "$@" 2>"$TMP/tiles.err" ||
        fail "tiles $*: $(tail -n 2 "$TMP/tiles.err")"
}

# same_files A B: the two folders hold the same tile files with the same bytes
same_files() {
    diff <(cd "$1" && sha256sum g_* | sort) <(cd "$2" && sha256sum g_* | sort) >/dev/null
}

tiles_are_regions() {
    local d=$TMP/grid
    tiles_run "$d" -j 2
    $DAPPLE mask "${WORLD[@]}" --points "$TMP/whole.csv" -o "$TMP/whole.png" 2>/dev/null ||
        fail "whole mask"
    : >"$TMP/parts.txt"
    for y in 0 1; do
        for x in 0 1; do
            local t=$d/g_x${x}_y${y} h=$((y == 0 ? 128 : 64))
            $DAPPLE mask "${WORLD[@]}" --region $((x * 128)),$((y * 128)),128x$h -o "$TMP/r.png" \
                2>/dev/null || fail "mask --region"
            cmp -s "$t.png" "$TMP/r.png" || fail "$t.png is not mask --region"
            "$TOOLS/pngtiles" "$TMP/whole.png" "$t.png" $((x * 128)) $((y * 128)) ||
                fail "$t.png is not its window of the whole mask"
            body "$t.csv" >>"$TMP/parts.txt"
        done
    done
    expect_png "$d/g_x1_y1.png" "128 64 16 grey linear"
    sort -o "$TMP/parts.txt" "$TMP/parts.txt"
    cmp -s "$TMP/parts.txt" <(body "$TMP/whole.csv") || fail "the point tiles are not the world's"
    grep -q '"window": \[128, 128, 128, 64\]' "$d/tiles.g_x{x}_y{y}.png.json" || fail "tiles.json: no window"
    grep -q "\"sha256\": \"$(sha256sum "$d/g_x1_y0.png" | cut -c1-64)\"" "$d/tiles.g_x{x}_y{y}.png.json" ||
        fail "tiles.json: g_x1_y0.png's checksum is not recorded"
}

# 300x200 in tiles of 128: three columns (the last 44 wide), two rows (the last 72 high)
edge_tiles_narrower() {
    local d=$TMP/edge w=(--size 300x200 --radius 3 --periodic --kind splat)
    $DAPPLE tiles "${w[@]}" --tile-size 128 -o "$d/e_{x}_{y}.png" 2>/dev/null || fail "edge tiles"
    $DAPPLE mask "${w[@]}" -o "$TMP/edge.png" 2>/dev/null || fail "edge: whole mask"
    expect_png "$d/e_2_1.png" "44 72 8 grey linear"
    expect_png "$d/e_2_0.png" "44 128 8 grey linear"
    for t in 0,0 1,0 2,0 0,1 1,1 2,1; do
        "$TOOLS/pngtiles" "$TMP/edge.png" "$d/e_${t%,*}_${t#*,}.png" $((${t%,*} * 128)) \
            $((${t#*,} * 128)) || fail "edge tile $t is not its window"
    done
    [ "$(ls "$d" | grep -c '^e_')" = 6 ] || fail "edge: $(ls "$d")"
}

jobs_same_bytes() {
    tiles_run "$TMP/j1" -j 1
    tiles_run "$TMP/j2" -j 2
    same_files "$TMP/j1" "$TMP/j2" || fail "tiles: -j 1 and -j 2 differ"
    cmp -s "$TMP/j1/tiles.g_x{x}_y{y}.png.json" "$TMP/j2/tiles.g_x{x}_y{y}.png.json" || fail "tiles.json: -j 1 and -j 2 differ"
}

# Two shards into one folder, then a plain run: nothing left to make, and its tiles.json is
# the one a single run writes.
shards_make_the_set() {
    local s=$TMP/shards
    tiles_run "$TMP/one"
    tiles_run "$s" --shard 1/2 -j 1
    [ "$(ls "$s" | grep -c '^g_')" = 4 ] || fail "shard 1/2: $(ls "$s")"
    tiles_run "$s" --shard 2/2 -j 1
    same_files "$TMP/one" "$s" || fail "two shards differ from a single run"
    [ -e "$s/tiles.g_x{x}_y{y}.png-shard-1-of-2.json" ] && [ -e "$s/tiles.g_x{x}_y{y}.png-shard-2-of-2.json" ] ||
        fail "shard manifests: $(ls "$s")"
    tiles_run "$s"
    grep -qx "dapple: tiles: nothing to do, 4 tiles up to date" "$TMP/tiles.err" ||
        fail "after the shards: $(cat "$TMP/tiles.err")"
    cmp -s "$TMP/one/tiles.g_x{x}_y{y}.png.json" "$s/tiles.g_x{x}_y{y}.png.json" || fail "tiles.json after shards differs"
}

reruns_skip() {
    local d=$TMP/rerun
    tiles_run "$d"
    grep -qx "dapple: \[4/4\] x1_y1: 2 files, [0-9.]* s" "$TMP/tiles.err" || fail "progress lines"
    local before=$(sha256sum "$d"/g_*)
    tiles_run "$d"
    grep -qx "dapple: tiles: nothing to do, 4 tiles up to date" "$TMP/tiles.err" ||
        fail "rerun: $(cat "$TMP/tiles.err")"
    rm "$d/g_x1_y0.csv"
    echo damaged >"$d/g_x0_y1.png"
    tiles_run "$d"
    grep -q "^dapple: tiles: 2 written, 2 up to date in" "$TMP/tiles.err" ||
        fail "rerun after damage: $(cat "$TMP/tiles.err")"
    [ "$(sha256sum "$d"/g_*)" = "$before" ] || fail "rerun: the repaired tiles differ"
    tiles_run "$d" --force
    grep -q "^dapple: tiles: 4 written, 0 up to date in" "$TMP/tiles.err" || fail "--force"
    # another world (another seed) in the same folder makes every tile again
    $DAPPLE tiles "${WORLD[@]}" --seed 6 --tile-size 128 -o "$d/g_x{x}_y{y}.png" \
        --points "$d/g_x{x}_y{y}.csv" 2>"$TMP/tiles.err" || fail "seed 6"
    grep -q "^dapple: tiles: 4 written, 0 up to date in" "$TMP/tiles.err" || fail "another seed"
    grep -qx "dapple: tiles.g_x{x}_y{y}.png.json: made for another world (other options, images or dapple build): its tiles are made again" \
        "$TMP/tiles.err" || fail "another seed: no note on the old manifest: $(head -n 1 "$TMP/tiles.err")"
}

# A tile that cannot be written stops the run (exit 1, naming the tile); the manifest keeps
# the tiles made before it, and the rerun makes only the rest.
failed_tile_resumes() {
    local d=$TMP/failed w=(--size 256x256 --tile-size 128 --radius 3)
    mkdir -p "$d/f_1_0.png"
    expect_error 1 "dapple: tile x1_y0: cannot create $d/f_1_0.png: Is a directory" "" -- \
        $DAPPLE tiles "${w[@]}" -o "$d/f_{x}_{y}.png"
    grep -q '"file": "f_0_0.png"' "$d/tiles.f_{x}_{y}.png.json" || fail "failed run: tile x0_y0 not listed"
    rmdir "$d/f_1_0.png"
    $DAPPLE tiles "${w[@]}" -o "$d/f_{x}_{y}.png" 2>"$TMP/tiles.err" || fail "rerun after failure"
    grep -q "^dapple: tiles: 3 written, 1 up to date in" "$TMP/tiles.err" ||
        fail "rerun after failure: $(tail -n 1 "$TMP/tiles.err")"
}

# An explicit --max-points stops each tile there: a bail-out, said per tile, exit 0.
max_points_bail_out() {
    $DAPPLE tiles --size 512x512 --tile-size 256 --radius 2 --max-points 3000 \
        -o "$TMP/lim/l_{x}_{y}.png" 2>"$TMP/lim.err" || fail "--max-points: exit $?"
    grep -qx "dapple: tile x1_y1: stopped at the limit of 3000 points (--max-points)" "$TMP/lim.err" ||
        fail "--max-points: $(head -n 1 "$TMP/lim.err")"
}

# -o naming point lists writes them alone, as CSV or JSON
points_only() {
    local d=$TMP/pts
    $DAPPLE tiles "${WORLD[@]}" --tile-size 100 -o "$d/p_{y}_{x}.json" --quiet 2>"$TMP/q.err" ||
        fail "points-only tiles"
    [ ! -s "$TMP/q.err" ] || fail "--quiet printed: $(cat "$TMP/q.err")"
    [ "$(ls "$d" | grep -c '^p_.*\.json$')" = 6 ] && [ -e "$d/tiles.p_{y}_{x}.json.json" ] ||
        fail "points-only: $(ls "$d")"
    [ "$(ls "$d" | grep -c '\.png$')" = 0 ] || fail "points-only wrote images"
}

bad_input() {
    local w=(--size 256x256 --radius 4) o=$TMP/bad/t_{x}_{y}.png
    expect_error 2 "dapple: --tile-size: expected an integer in [1, 8192], got '0'" "$TMP/bad" -- \
        $DAPPLE tiles "${w[@]}" --tile-size 0 -o "$o"
    expect_error 2 "dapple: missing --tile-size PX" "$TMP/bad" -- $DAPPLE tiles "${w[@]}" -o "$o"
    expect_error 2 "dapple: -o: the file name needs {x} and {y} (the tile's column and row), got '$TMP/bad/t_{x}.png'" \
        "$TMP/bad" -- $DAPPLE tiles "${w[@]}" --tile-size 64 -o "$TMP/bad/t_{x}.png"
    expect_error 2 "dapple: --jobs: expected an integer in [1, 256], got '0'" "$TMP/bad" -- \
        $DAPPLE tiles "${w[@]}" --tile-size 64 -j 0 -o "$o"
    expect_error 2 "dapple: --shard: expected I/N with 1 <= I <= N, got '3/2'" "$TMP/bad" -- \
        $DAPPLE tiles "${w[@]}" --tile-size 64 --shard 3/2 -o "$o"
    expect_error 2 "dapple: --points: must name the folder of -o (one manifest lists both)" \
        "$TMP/bad" -- $DAPPLE tiles "${w[@]}" --tile-size 64 -o "$o" --points "$TMP/p_{x}_{y}.csv"
    expect_error 2 "dapple: --points: -o already names point lists (.csv or .json)" "$TMP/bad" -- \
        $DAPPLE tiles "${w[@]}" --tile-size 64 -o "$TMP/bad/{x}_{y}.csv" --points "$TMP/bad/{x}{y}.csv"
    expect_error 2 "dapple: --tile-size: 16 gives 4194304 tiles, more than 65536: use larger tiles" \
        "$TMP/bad" -- $DAPPLE tiles --size 32767x32767 --radius 4 --tile-size 16 -o "$o"
    mkdir -p "$TMP/in"
    $DAPPLE field --size 64x64 --rmin 1 --rmax 4 --field perlin -o "$TMP/in/f_0_0.png" 2>/dev/null
    local before=$(sha256sum <"$TMP/in/f_0_0.png")
    expect_error 1 "dapple: -o: '$TMP/in/f_0_0.png' is also an input; refusing to overwrite it" "" -- \
        $DAPPLE tiles --size 64x64 --tile-size 32 --rmin 1 --rmax 4 --field "image:$TMP/in/f_0_0.png" \
        -o "$TMP/in/f_{x}_{y}.png"
    [ "$(sha256sum <"$TMP/in/f_0_0.png")" = "$before" ] || fail "tiles overwrote the field image"
    expect_error 1 "dapple: about 7.52e+08 points expected in a tile, over the default limit of 20000000: use smaller tiles or a larger radius, or give --max-points" \
        "$TMP/bad" -- $DAPPLE tiles --size 32767x32767 --radius 0.25 --tile-size 8192 -o "$o"
}

# Zero-padded, 1-based names (issue #29): the same tiles, so they join as the plain ones do.
padded_one_based_names() {
    local d=$TMP/padded spec
    # a bad padding is named as written (#40: each got "the file name needs {x} and {y}")
    for spec in '{x:00}' '{x:2}' '{x:0a}' '{x:}'; do
        expect_error 2 "dapple: -o: '$spec' is not a placeholder: use {x} or a zero-padded {x:0N}, N from 1 to 9 digits" \
            "" -- $DAPPLE tiles "${WORLD[@]}" --tile-size 128 -o "$d/p_${spec}_{y}.png"
    done
    # with --tile-base 1, a clash names the tiles in the user's numbering (#40: from 0)
    expect_error 2 "dapple: -o: tiles (11, 1) and (1, 11) would both be named t111.csv: separate {x} and {y} (t{x}_{y}) or pad them ({x:02})" \
        "" -- $DAPPLE tiles --size 1200x1200 --tile-size 100 --radius 8 --tile-base 1 -o "$d/t{x}{y}.csv"
    $DAPPLE tiles "${WORLD[@]}" --tile-size 128 -o "$d/p_{x:02}_{y:03}.png" --tile-base 1 \
        2>"$TMP/tiles.err" || fail "padded names: $(tail -n 1 "$TMP/tiles.err")"
    for y in 0 1; do
        for x in 0 1; do
            local t=$d/p_0$((x + 1))_00$((y + 1)).png
            [ -f "$t" ] || fail "padded names: no $t ($(ls "$d"))"
            cmp -s "$t" "$TMP/grid/g_x${x}_y${y}.png" || fail "$t is not tile ($x, $y)"
            "$TOOLS/pngtiles" "$TMP/whole.png" "$t" $((x * 128)) $((y * 128)) ||
                fail "$t is not its window of the whole mask"
        done
    done
    grep -q '"file": "p_01_002.png", "index": 2, "x": 0, "y": 1' "$d/tiles.p_{x:02}_{y:03}.png.json" ||
        fail "padded names: manifest entry"
}

# Issue #30: names that collide on the grid are refused before any work; a pattern cannot
# name the manifest; two tile sets in one folder keep their own manifests; a manifest
# larger than the grid can need is refused unread.
names_and_manifests() {
    expect_error 2 "dapple: -o: tiles (11, 0) and (1, 10) would both be named t110.csv: separate {x} and {y} (t{x}_{y}) or pad them ({x:02})" \
        "$TMP/coll" -- $DAPPLE tiles --size 1200x1200 --tile-size 100 --radius 8 -o "$TMP/coll/t{x}{y}.csv"
    local d=$TMP/sets w=(--size 256x256 --tile-size 128 --radius 3)
    $DAPPLE tiles "${w[@]}" -o "$d/tiles-shard-{x}-of-{y}.json" --shard 1/1 2>/dev/null || fail "shard-like names"
    python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["points"]' "$d/tiles-shard-1-of-1.json" ||
        fail "tile (1, 1) is not a point list: the manifest overwrote it"
    $DAPPLE tiles "${w[@]}" -o "$d/grass_{x}_{y}.png" 2>/dev/null || fail "grass"
    $DAPPLE tiles "${w[@]}" --seed 9 -o "$d/rocks_{x}_{y}.png" 2>/dev/null || fail "rocks"
    $DAPPLE tiles "${w[@]}" -o "$d/grass_{x}_{y}.png" 2>"$TMP/tiles.err" || fail "grass again"
    grep -qx "dapple: tiles: nothing to do, 4 tiles up to date" "$TMP/tiles.err" ||
        fail "two sets in one folder: $(tail -n 1 "$TMP/tiles.err")"
    # a pattern that spells another set's names (#40: each overwrote the other's tiles)
    expect_error 1 "dapple: -o: $d/grass_0_0.png is a tile of another set (tiles.grass_{x}_{y}.png.json lists it): these tiles would overwrite it; name them otherwise, or remove that set's manifest" \
        "" -- $DAPPLE tiles "${w[@]}" --seed 5 -o "$d/grass_{x:01}_{y:01}.png"
    $DAPPLE tiles "${w[@]}" -o "$d/grass_{x}_{y}.png" 2>"$TMP/tiles.err" || fail "grass after the refused set"
    grep -qx "dapple: tiles: nothing to do, 4 tiles up to date" "$TMP/tiles.err" ||
        fail "a refused colliding set touched the tiles: $(tail -n 1 "$TMP/tiles.err")"
    # a 1 GiB manifest (sparse) is refused before it is read, and the tiles are made again
    truncate -s 1G "$d/tiles.grass_{x}_{y}.png.json"
    "$TOOLS/peakrss" "$TMP/rss" $DAPPLE tiles "${w[@]}" -o "$d/grass_{x}_{y}.png" 2>"$TMP/tiles.err" ||
        fail "huge manifest: exit $?"
    grep -qx "dapple: $d/tiles.grass_{x}_{y}.png.json: 1073741824 bytes, more than the 73728 a manifest of this run can need (ignored: its tiles are made again)" \
        "$TMP/tiles.err" || fail "huge manifest: $(head -n 1 "$TMP/tiles.err")"
    grep -q "^dapple: tiles: 4 written, 0 up to date" "$TMP/tiles.err" || fail "huge manifest: $(tail -n 1 "$TMP/tiles.err")"
    [ "$(cat "$TMP/rss")" -lt 204800 ] || fail "huge manifest: peak $(cat "$TMP/rss") KiB"
    # one tampered entry costs its tile, not the other three (#40: all four were made again)
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); o=d["outputs"][0]; o["sha256"]="x"+o["sha256"][1:]; json.dump(d,open(sys.argv[1],"w"))' \
        "$d/tiles.grass_{x}_{y}.png.json"
    $DAPPLE tiles "${w[@]}" -o "$d/grass_{x}_{y}.png" 2>"$TMP/tiles.err" || fail "tampered: exit $?"
    grep -qx "dapple: $d/tiles.grass_{x}_{y}.png.json: grass_0_0.png: no job_sha256 or sha256 of 64 hex digits (1 bad entry): their tiles are made again" \
        "$TMP/tiles.err" || fail "tampered manifest: $(head -n 1 "$TMP/tiles.err")"
    grep -q "^dapple: tiles: 1 written, 3 up to date" "$TMP/tiles.err" || fail "one tampered entry: $(tail -n 1 "$TMP/tiles.err")"
    # truncated or an older format: one line each, the tiles made again
    echo '{"dapple": "0.4.0", "world": {}, "tiles": []}' >"$d/tiles.json" # 0.4.0's name
    $DAPPLE tiles "${w[@]}" -o "$d/grass_{x}_{y}.png" 2>"$TMP/tiles.err" || fail "old tiles.json: exit $?"
    grep -qx "dapple: $d/tiles.json: made by an older dapple (before manifest format 2), not read: remove it once its tiles are made again" \
        "$TMP/tiles.err" || fail "old tiles.json: $(head -n 1 "$TMP/tiles.err")"
    rm "$d/tiles.json"
    echo '{"dapple": "0.4.0", "world": {}, "tiles": []}' >"$d/tiles.grass_{x}_{y}.png.json"
    $DAPPLE tiles "${w[@]}" -o "$d/grass_{x}_{y}.png" 2>"$TMP/tiles.err" || fail "old format: exit $?"
    grep -qx "dapple: $d/tiles.grass_{x}_{y}.png.json: made by an older dapple (before manifest format 2): rerun to make it again (ignored: its tiles are made again)" \
        "$TMP/tiles.err" || fail "old manifest: $(head -n 1 "$TMP/tiles.err")"
}

# With --y-up the names count rows up from the bottom edge, as the points' y does: tile
# y0 was the top row while its points' y were the largest (#39). And an option of another
# command is named as such, not a bare "unknown option".
y_up_names() {
    local d=$TMP/yup
    $DAPPLE tiles --size 200x200 --radius 4 --tile-size 100 --y-up -o "$d/p_{x}_{y}.csv" --quiet ||
        fail "tiles --y-up failed"
    awk -F, 'NR > 1 && ($2 < 0 || $2 > 100) { bad = 1 } END { exit bad }' "$d/p_0_0.csv" ||
        fail "--y-up: tile y0 holds points above y = 100 (it names the top row)"
    awk -F, 'NR > 1 && ($2 < 100 || $2 > 200) { bad = 1 } END { exit bad }' "$d/p_0_1.csv" ||
        fail "--y-up: tile y1 holds points below y = 100"
    expect_error 2 "dapple: --count is an option of points and mask, not of tiles (see --help)" "" -- \
        $DAPPLE tiles --size 200x200 --radius 4 --tile-size 100 --count 50 -o "$d/q_{x}_{y}.csv"
}

tiles_are_regions
padded_one_based_names
names_and_manifests
edge_tiles_narrower
jobs_same_bytes
shards_make_the_set
reruns_skip
failed_tile_resumes
max_points_bail_out
points_only
bad_input
y_up_names
finish
