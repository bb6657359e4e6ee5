# `dapple pack`: every output a preset asks for, a manifest whose checksums match, reruns
# that skip what is up to date, --force, --check, --seeds, --size-cap, shards merged into
# the same pack, byte-identical output whatever -j, broken presets failing alone, clear
# errors, and a pack killed with SIGKILL at several moments that a rerun completes.
. "$(dirname "$0")/lib.sh"
VERSION=$(sed -n 's/^#define DAPPLE_VERSION "\(.*\)"/\1/p' "$(dirname "$0")/../../src/dapple.h")

P=$TMP/presets # three small presets covering every kind of output
mkdir -p "$P"
cat >"$P/a.ini" <<'INI'
[texture]
size = 64x64
periodic = true

[layer a]
style = circles
radius = 4
colours = #ff0000, #00ff00
INI
cat >"$P/b.ini" <<'INI'
[texture]
size = 96x48
background = transparent
height = true
normal = true
mask = footprint
mask_depth = 16
points = csv

[layer drops]
style = droplets
rmin = 2
rmax = 6
field = perlin
INI
cat >"$P/c.ini" <<'INI'
[texture]
size = 80x80
texture = false
mask = density
points = json

[layer m]
style = circles
rmin = 2
rmax = 5
field = perlin:scale=20
INI
ALL_FILES="a.png b.png b-height.png b-normal.png b-mask.png b-points.csv c-mask.png c-points.json"

# "sha256  file" for each manifest entry (one entry per line is part of our format).
manifest_sums() {
    sed -n 's/.*"file": "\([^"]*\)".*"sha256": "\([0-9a-f]*\)"}.*/\2  \1/p' "$1/manifest.json"
}

# The manifest is JSON, sorted by file, and every checksum matches its file.
check_manifest() {
    local out=$1
    if command -v python3 >/dev/null; then
        python3 -m json.tool "$out/manifest.json" >/dev/null || fail "$out/manifest.json: not valid JSON"
    fi
    manifest_sums "$out" >"$TMP/sums"
    [ -s "$TMP/sums" ] || fail "$out/manifest.json: no outputs"
    cut -c67- "$TMP/sums" | LC_ALL=C sort -c || fail "$out/manifest.json: not sorted by file"
    (cd "$out" && sha256sum --quiet -c "$TMP/sums") || fail "$out: checksums differ from the manifest"
}

# Prints "dapple: pack: ..." summary with the time masked as T.
summary() {
    tail -1 "$1" | sed 's/ in [0-9.]* s$/ in T s/'
}

pack_renders_every_output() {
    local o=$TMP/o1
    $DAPPLE pack "$P" -o "$o" -j 2 2>"$TMP/log" || fail "pack: exit $?"
    for f in $ALL_FILES contact-sheet.png manifest.json; do
        [ -f "$o/$f" ] || fail "pack: $f missing"
    done
    expect_png "$o/a.png" "64 64 8 rgba srgb"
    expect_png "$o/b.png" "96 48 8 rgba srgb"
    expect_png "$o/b-height.png" "96 48 16 grey linear"
    expect_png "$o/b-normal.png" "96 48 8 rgb linear"
    expect_png "$o/b-mask.png" "96 48 16 grey linear"
    expect_png "$o/c-mask.png" "80 80 8 grey linear"
    check_manifest "$o"
    [ "$(grep -c '^dapple: \[[1-3]/3\] [abc]: [0-9] files\?, [0-9.]* s$' "$TMP/log")" = 3 ] ||
        fail "pack: progress lines: $(cat "$TMP/log")"
    [ "$(summary "$TMP/log")" = "dapple: pack: 3 rendered, 0 skipped, 0 failed in T s" ] ||
        fail "pack: summary: $(tail -1 "$TMP/log")"
    grep -q '"file": "b-height.png", "preset": "b", .*"bit_depth": 16, "colour_space": "linear", "kind": "height", "tileable": false, "height_scale": 1.73205081, "points": \[[0-9]*\]' \
        "$o/manifest.json" || fail "pack: manifest entry of b-height.png (65535 = the tallest cap, rmax 6 x scale 0.5 x tan 30 deg)"
    grep -q '"file": "a.png", .*"seed": 1, "size": \[64, 64\], "bit_depth": 8, "colour_space": "sRGB", "kind": "texture", "tileable": true' \
        "$o/manifest.json" || fail "pack: manifest entry of a.png"
    grep -q "\"file\": \"a.png\", \"preset\": \"a\", \"preset_sha256\": \"$(sha256sum <"$P/a.ini" | cut -c1-64)\"" \
        "$o/manifest.json" || fail "pack: preset_sha256 is not the preset file's sha256"
    grep -q '^{$' "$o/manifest.json" && grep -q "\"dapple\": \"$VERSION\"" "$o/manifest.json" || fail "pack: manifest header"
}

pack_rerun_skips() {
    local o=$TMP/o2
    $DAPPLE pack "$P" -o "$o" 2>/dev/null
    local inode
    inode=$(stat -c %i "$o/a.png")
    $DAPPLE pack "$P" -o "$o" 2>"$TMP/log" || fail "rerun: exit $?"
    [ "$(cat "$TMP/log")" = "dapple: pack: nothing to do, 8 outputs up to date" ] ||
        fail "rerun: stderr: $(cat "$TMP/log")"
    [ "$(stat -c %i "$o/a.png")" = "$inode" ] || fail "rerun: a.png was rewritten"
    check_manifest "$o"
    # A deleted preset leaves the manifest and the contact sheet.
    cp -r "$P" "$TMP/p2" && rm "$TMP/p2/c.ini"
    cp "$o/contact-sheet.png" "$TMP/sheet-before.png"
    $DAPPLE pack "$TMP/p2" -o "$o" 2>"$TMP/log"
    [ "$(cat "$TMP/log")" = "dapple: pack: nothing to do, 6 outputs up to date" ] || fail "deleted preset: $(cat "$TMP/log")"
    ! grep -q '"preset": "c"' "$o/manifest.json" || fail "deleted preset: still in the manifest"
    ! cmp -s "$o/contact-sheet.png" "$TMP/sheet-before.png" || fail "deleted preset: contact sheet not redrawn"
}

# An edited preset, a damaged output and a deleted output each re-render their preset only.
pack_rerenders_what_changed() {
    local o=$TMP/o3
    cp -r "$P" "$TMP/p3"
    $DAPPLE pack "$TMP/p3" -o "$o" 2>/dev/null
    echo "; edited" >>"$TMP/p3/a.ini"
    $DAPPLE pack "$TMP/p3" -o "$o" 2>"$TMP/log"
    [ "$(summary "$TMP/log")" = "dapple: pack: 1 rendered, 2 skipped, 0 failed in T s" ] ||
        fail "edited preset: $(cat "$TMP/log")"
    grep -q '^dapple: \[1/1\] a: ' "$TMP/log" || fail "edited preset: a not rendered"
    echo garbage >"$o/b-mask.png"
    rm "$o/c-points.json"
    $DAPPLE pack "$TMP/p3" -o "$o" 2>"$TMP/log"
    [ "$(summary "$TMP/log")" = "dapple: pack: 2 rendered, 1 skipped, 0 failed in T s" ] ||
        fail "damaged outputs: $(cat "$TMP/log")"
    check_manifest "$o"
}

pack_force() {
    local o=$TMP/o4
    $DAPPLE pack "$P" -o "$o" 2>/dev/null
    $DAPPLE pack "$P" -o "$o" --force 2>"$TMP/log"
    [ "$(summary "$TMP/log")" = "dapple: pack: 3 rendered, 0 skipped, 0 failed in T s" ] ||
        fail "--force: $(cat "$TMP/log")"
}

# Same bytes whatever the number of workers; the manifest differs only in "seconds".
pack_jobs_identical() {
    for j in 1 2 3; do
        $DAPPLE pack "$P" -o "$TMP/j$j" -j $j 2>/dev/null || fail "-j $j: exit $?"
    done
    for j in 2 3; do
        for f in $ALL_FILES contact-sheet.png; do
            cmp -s "$TMP/j1/$f" "$TMP/j$j/$f" || fail "-j 1 and -j $j: $f differs"
        done
        diff <(sed 's/"seconds": [0-9.]*/S/' "$TMP/j1/manifest.json") \
            <(sed 's/"seconds": [0-9.]*/S/' "$TMP/j$j/manifest.json") >/dev/null ||
            fail "-j 1 and -j $j: manifests differ beyond seconds"
    done
}

pack_check() {
    local o=$TMP/o5
    $DAPPLE pack "$P" -o "$o" 2>/dev/null
    $DAPPLE pack "$P" -o "$o" --check 2>"$TMP/log" || fail "--check: exit $? on a good pack"
    [ "$(tail -1 "$TMP/log")" = "dapple: check: all 8 outputs match the manifest" ] ||
        fail "--check: $(cat "$TMP/log")"
    ! ls -a "$o" | grep -q '^\.check\.' || fail "--check: left its folder behind"
    cp "$o/manifest.json" "$TMP/good.json"
    sed -i 's/\("file": "a.png".*"sha256": "\)[0-9a-f]*/\1'"$(printf '0%.0s' {1..64})"'/' "$o/manifest.json"
    local code=0
    $DAPPLE pack "$P" -o "$o" --check 2>"$TMP/log" || code=$?
    [ "$code" = 1 ] || fail "--check: exit $code on a changed manifest, want 1"
    grep -q '^dapple: check: a.png: differs (sha256 [0-9a-f]\{12\}\.\.\., manifest 000000000000\.\.\.)$' "$TMP/log" ||
        fail "--check: mismatch line: $(cat "$TMP/log")"
    [ "$(tail -1 "$TMP/log")" = "dapple: check: 1 difference from the manifest" ] ||
        fail "--check: summary: $(tail -1 "$TMP/log")"
    expect_error 1 "dapple: $TMP/o5b/manifest.json: No such file or directory" "" -- \
        $DAPPLE pack "$P" -o "$TMP/o5b" --check
    # tampered (a checksum that is no checksum), truncated, binary, deeply nested: one line
    sed 's/\("file": "a.png".*"sha256": "\)[0-9a-f]/\1x/' "$TMP/good.json" >"$o/manifest.json"
    expect_error 1 "dapple: $o/manifest.json: a.png: no job_sha256 or sha256 of 64 hex digits" "" -- \
        $DAPPLE pack "$P" -o "$o" --check
    # without --check, that one bad entry costs its output only (#40: all were rendered again)
    $DAPPLE pack "$P" -o "$o" 2>"$TMP/log" || fail "pack with one bad manifest entry: $(cat "$TMP/log")"
    grep -qxF "dapple: $o/manifest.json: a.png: no job_sha256 or sha256 of 64 hex digits (1 bad entry): their outputs render again" "$TMP/log" ||
        fail "one bad entry: $(head -1 "$TMP/log")"
    grep -q "^dapple: pack: 1 rendered, [1-9][0-9]* skipped, 0 failed" "$TMP/log" || fail "one bad entry: $(grep '^dapple: pack:' "$TMP/log")"
    head -c 300 "$TMP/good.json" >"$o/manifest.json"
    $DAPPLE pack "$P" -o "$o" --check 2>"$TMP/log" && fail "--check: a truncated manifest passed"
    [ "$(wc -l <"$TMP/log")" = 1 ] && grep -q "^dapple: $o/manifest.json: line [0-9]*, column [0-9]*: " "$TMP/log" ||
        fail "--check: truncated manifest: $(cat "$TMP/log")"
    head -c 2000 /dev/urandom >"$o/manifest.json"
    $DAPPLE pack "$P" -o "$o" --check 2>"$TMP/log" && fail "--check: a binary manifest passed"
    [ "$(wc -l <"$TMP/log")" = 1 ] && ! LC_ALL=C grep -q '[^[:print:]]' "$TMP/log" ||
        fail "--check: binary manifest: not one printable line: $(cat -v "$TMP/log")"
    python3 -c 'print("[" * 100000 + "]" * 100000)' >"$o/manifest.json"
    expect_error 1 "dapple: $o/manifest.json: line 1, column 2049: maximum parsing depth reached near '['" "" -- \
        $DAPPLE pack "$P" -o "$o" --check
}

pack_seeds() {
    local o=$TMP/o6
    mkdir -p "$TMP/p6" && cp "$P/a.ini" "$TMP/p6/"
    $DAPPLE pack "$TMP/p6" -o "$TMP/o6plain" 2>/dev/null
    $DAPPLE pack "$TMP/p6" -o "$o" --seeds 1..3 2>"$TMP/log" || fail "--seeds: exit $?"
    for s in 1 2 3; do
        [ -f "$o/a-s$s.png" ] || fail "--seeds: a-s$s.png missing"
        grep -q "\"file\": \"a-s$s.png\", .*\"seed\": $s," "$o/manifest.json" || fail "--seeds: manifest seed $s"
    done
    cmp -s "$o/a-s1.png" "$TMP/o6plain/a.png" || fail "--seeds: seed 1 differs from the preset's own seed 1"
    ! cmp -s "$o/a-s1.png" "$o/a-s2.png" || fail "--seeds: seeds 1 and 2 gave the same bytes"
    check_manifest "$o"
}

pack_size_cap() {
    local o=$TMP/o7
    mkdir -p "$TMP/p7"
    sed 's/size = 96x48/size = 256x128/' "$P/b.ini" >"$TMP/p7/b.ini"
    $DAPPLE pack "$TMP/p7" -o "$o" --size-cap 64 2>/dev/null || fail "--size-cap: exit $?"
    expect_png "$o/b.png" "64 32 8 rgba srgb"
    expect_png "$o/b-mask.png" "64 32 16 grey linear"
    grep -q '"size": \[64, 32\]' "$o/manifest.json" || fail "--size-cap: manifest size"
    ! grep -q "$(sha256sum <"$TMP/p7/b.ini" | cut -c1-64)" "$o/manifest.json" ||
        fail "--size-cap: preset hash ignores the cap"
    $DAPPLE pack "$TMP/p7" -o "$o" 2>"$TMP/log"
    [ "$(summary "$TMP/log")" = "dapple: pack: 1 rendered, 0 skipped, 0 failed in T s" ] ||
        fail "--size-cap: dropping the cap did not re-render: $(cat "$TMP/log")"
    expect_png "$o/b.png" "256 128 8 rgba srgb"
}

# Shards 1/2 and 2/2 side by side into one folder, merged: the same pack as one run.
pack_shards_merge() {
    local o=$TMP/o8
    $DAPPLE pack "$P" -o "$TMP/o8whole" 2>/dev/null
    if command -v parallel >/dev/null; then # the local form of docs/pack.md's example
        parallel --will-cite "$DAPPLE pack '$P' -o '$o' --shard {}/2 -j 1" ::: 1 2 2>"$TMP/log1" ||
            fail "--shard with GNU parallel: exit $? ($(cat "$TMP/log1"))"
    else
        $DAPPLE pack "$P" -o "$o" --shard 1/2 2>"$TMP/log1" &
        local pid=$!
        $DAPPLE pack "$P" -o "$o" --shard 2/2 2>"$TMP/log2" || fail "--shard 2/2: exit $?"
        wait $pid || fail "--shard 1/2: exit $?"
    fi
    [ -f "$o/manifest-shard-1-of-2.json" ] && [ -f "$o/manifest-shard-2-of-2.json" ] ||
        fail "--shard: shard manifests missing"
    [ ! -e "$o/manifest.json" ] && [ ! -e "$o/contact-sheet.png" ] || fail "--shard: wrote the pack's manifest or sheet"
    grep -q '"file": "a.png"' "$o/manifest-shard-1-of-2.json" && grep -q '"file": "c-mask.png"' "$o/manifest-shard-1-of-2.json" &&
        grep -q '"file": "b.png"' "$o/manifest-shard-2-of-2.json" || fail "--shard: presets not split by index % N"
    $DAPPLE pack -o "$o" --merge 2>"$TMP/log" || fail "--merge: exit $?"
    [ "$(cat "$TMP/log")" = "dapple: pack: merged 2 shard manifests: 8 outputs" ] || fail "--merge: $(cat "$TMP/log")"
    diff <(manifest_sums "$o") <(manifest_sums "$TMP/o8whole") >/dev/null || fail "--merge: checksums differ from a whole pack"
    cmp -s "$o/contact-sheet.png" "$TMP/o8whole/contact-sheet.png" || fail "--merge: contact sheet differs"
    check_manifest "$o"
    $DAPPLE pack "$P" -o "$o" 2>"$TMP/log"
    [ "$(cat "$TMP/log")" = "dapple: pack: nothing to do, 8 outputs up to date" ] || fail "after --merge: $(cat "$TMP/log")"
}

pack_broken_preset() {
    local p=$TMP/p9 o=$TMP/o9
    mkdir -p "$p" && cp "$P/a.ini" "$p/"
    printf '[texture]\nsize = 64x64\n[layer a]\nstyle = circles\nradius = abc\n' >"$p/bad.ini"
    local code=0
    $DAPPLE pack "$p" -o "$o" 2>"$TMP/log" || code=$?
    [ "$code" = 1 ] || fail "broken preset: exit $code, want 1"
    grep -qxF "dapple: $p/bad.ini:5: radius: expected a number in [0.25, 4096], got 'abc'" "$TMP/log" ||
        fail "broken preset: message: $(cat "$TMP/log")"
    [ "$(tail -1 "$TMP/log")" = "dapple: pack: 1 failed: bad.ini" ] || fail "broken preset: last line: $(tail -1 "$TMP/log")"
    [ -f "$o/a.png" ] && grep -q '"file": "a.png"' "$o/manifest.json" || fail "broken preset: the good one was not rendered"
    [ ! -e "$o/.dapple-batch.lock" ] || fail "the lock file outlived the pack"
    ! grep -q '"preset": "bad"' "$o/manifest.json" || fail "broken preset: in the manifest"
}

# Two presets that would write the same file: the later one (in name order) fails.
pack_name_collision() {
    local p=$TMP/p13 o=$TMP/o13
    mkdir -p "$p" && cp "$P/c.ini" "$p/" && cp "$P/a.ini" "$p/c-mask.ini" && cp "$P/a.ini" "$p/contact-sheet.ini"
    local code=0
    $DAPPLE pack "$p" -o "$o" 2>"$TMP/log" || code=$?
    [ "$code" = 1 ] || fail "collision: exit $code, want 1"
    grep -qxF "dapple: $p/c.ini: its output c-mask.png is also written by c-mask.ini" "$TMP/log" ||
        fail "collision: message: $(cat "$TMP/log")"
    grep -qxF "dapple: $p/contact-sheet.ini: its output contact-sheet.png is also written by the pack (its contact sheet)" "$TMP/log" ||
        fail "collision with the sheet: message: $(cat "$TMP/log")"
    [ "$(tail -1 "$TMP/log")" = "dapple: pack: 2 failed: c.ini, contact-sheet.ini" ] || fail "collision: $(tail -1 "$TMP/log")"
}

# A preset packed into its own folder must not overwrite the image it reads.
pack_keeps_inputs() {
    local p=$TMP/p14
    mkdir -p "$p"
    $DAPPLE field --size 32x32 --rmin 2 --rmax 6 --field perlin -o "$p/a.png" 2>/dev/null
    cp "$p/a.png" "$TMP/a-before.png"
    printf '[texture]\nsize = 64x64\n[layer l]\nstyle = circles\nrmin = 2\nrmax = 6\nfield = image:a.png\n' >"$p/a.ini"
    local code=0
    $DAPPLE pack "$p" -o "$p" 2>"$TMP/log" || code=$?
    [ "$code" = 1 ] || fail "keeps inputs: exit $code, want 1"
    grep -qxF "dapple: $p/a.ini: its output $p/a.png would overwrite $p/a.png, read by a.ini" "$TMP/log" ||
        fail "keeps inputs: message: $(cat "$TMP/log")"
    cmp -s "$p/a.png" "$TMP/a-before.png" || fail "keeps inputs: a.png was overwritten"
}

pack_errors() {
    expect_error 1 "dapple: $TMP/nope: No such file or directory" "$TMP/e1" -- $DAPPLE pack "$TMP/nope" -o "$TMP/e1"
    expect_error 1 "dapple: $P/a.ini: Not a directory" "$TMP/e2" -- $DAPPLE pack "$P/a.ini" -o "$TMP/e2"
    mkdir -p "$TMP/empty"
    expect_error 1 "dapple: pack: no *.ini presets in $TMP/empty" "$TMP/e3" -- $DAPPLE pack "$TMP/empty" -o "$TMP/e3"
    expect_error 2 "dapple: missing -o FILE" "" -- $DAPPLE pack "$P"
    expect_error 1 "dapple: $TMP/no/out: cannot create the folder: No such file or directory" "$TMP/no/out" -- \
        $DAPPLE pack "$P" -o "$TMP/no/out"
    expect_error 1 "dapple: $P/a.ini: not a folder" "" -- $DAPPLE pack "$P" -o "$P/a.ini"
    expect_error 2 "dapple: --shard: expected I/N with 1 <= I <= N, got '3/2'" "" -- $DAPPLE pack "$P" -o "$TMP/e4" --shard 3/2
    mkdir -p "$TMP/e5"
    expect_error 1 "dapple: $TMP/e5: no manifest-shard-I-of-N.json to merge" "" -- \
        $DAPPLE pack -o "$TMP/e5" --merge
    if [ "$(id -u)" != 0 ]; then # root writes anywhere
        mkdir -p "$TMP/ro" && chmod 555 "$TMP/ro"
        expect_error 1 "dapple: $TMP/ro: not writable: Permission denied" "$TMP/ro/a.png" -- $DAPPLE pack "$P" -o "$TMP/ro"
        chmod 755 "$TMP/ro"
    fi
}

# Temp files of a killed run are removed; other hidden files are not.
pack_removes_stale_temps() {
    local o=$TMP/o10
    mkdir -p "$o/.check.Q1w2E3"
    touch "$o/.a.png.Ab12Cd" "$o/.check.Q1w2E3/x.png" "$o/.keep"
    $DAPPLE pack "$P" -o "$o" 2>/dev/null
    [ ! -e "$o/.a.png.Ab12Cd" ] && [ ! -e "$o/.check.Q1w2E3" ] || fail "stale temp files left"
    [ -e "$o/.keep" ] || fail "a hidden file that is not ours was removed"
}

pack_bad_manifest_ignored() {
    local o=$TMP/o11
    $DAPPLE pack "$P" -o "$o" 2>/dev/null
    echo "{\"dapple\": \"$VERSION\", \"outputs\": [" >"$o/manifest.json"
    $DAPPLE pack "$P" -o "$o" 2>"$TMP/log" || fail "bad manifest: exit $?"
    grep -qxF "dapple: $o/manifest.json: line 2, column 0: ']' expected near end of file (ignored: rendering everything)" "$TMP/log" ||
        fail "bad manifest: message: $(head -1 "$TMP/log")"
    check_manifest "$o"
    # a manifest of the format before the batch engine: refused, saying to rerun
    echo "{\"dapple\": \"0.4.0\", \"outputs\": []}" >"$o/manifest.json"
    $DAPPLE pack "$P" -o "$o" 2>"$TMP/log" || fail "old manifest: exit $?"
    grep -qxF "dapple: $o/manifest.json: made by an older dapple (before manifest format 2): rerun to make it again (ignored: rendering everything)" "$TMP/log" ||
        fail "old manifest: message: $(head -1 "$TMP/log")"
    check_manifest "$o"
}

pack_tty_progress() {
    command -v script >/dev/null || return 0
    script -qec "$DAPPLE pack '$P' -o '$TMP/o12' 2>&1" /dev/null >"$TMP/tty" </dev/null || fail "tty: exit $?"
    grep -q $'\r\[#*\.*\] [0-3]/3 [abc]' "$TMP/tty" || fail "tty: no live bar: $(head -c 300 "$TMP/tty" | od -c | head)"
    ! grep -q '^dapple: \[1/3\]' "$TMP/tty" || fail "tty: plain progress lines on a terminal"
    grep -q 'dapple: pack: 3 rendered, 0 skipped, 0 failed' "$TMP/tty" || fail "tty: summary"
}

# SIGKILL at several moments: no truncated PNG and no temp file but ".NAME.XXXXXX", and a
# rerun completes the pack with a manifest that matches every file.
pack_survives_sigkill() {
    local p=$TMP/pk o=$TMP/ok
    mkdir -p "$p"
    for i in 1 2 3 4 5 6; do
        sed -e "s/size = 96x48/size = 384x384/" -e "s/^\[texture\]\$/[texture]\nseed = $i/" \
            "$P/b.ini" >"$p/k$i.ini"
    done
    for delay in 0.2 0.5 1 1.5; do
        $DAPPLE pack "$p" -o "$o" -j 2 2>/dev/null &
        local pid=$!
        sleep $delay
        kill -9 $pid 2>/dev/null || true
        wait $pid 2>/dev/null || true
        for f in "$o"/*.png; do
            [ -e "$f" ] || continue
            "$TOOLS/pnginfo" "$f" >/dev/null 2>&1 || fail "SIGKILL after $delay s: $(basename "$f") is not a whole PNG"
        done
        local odd
        odd=$(ls -A "$o" | grep '^\.' | grep -v '^\..*\.[A-Za-z0-9]\{6\}$' | grep -vx '\.dapple-batch\.lock' || true)
        [ -z "$odd" ] || fail "SIGKILL after $delay s: unexpected hidden files: $odd"
        [ ! -e "$o/manifest.json" ] || check_manifest "$o"
    done
    $DAPPLE pack "$p" -o "$o" 2>"$TMP/log" || fail "rerun after SIGKILL: exit $?"
    ! ls -A "$o" | grep -q '^\..*\.[A-Za-z0-9]\{6\}$' || fail "rerun after SIGKILL: temp files left: $(ls -A "$o")"
    check_manifest "$o"
    [ "$(manifest_sums "$o" | wc -l)" = 30 ] || fail "rerun after SIGKILL: manifest has $(manifest_sums "$o" | wc -l) outputs, want 30"
    $DAPPLE pack "$p" -o "$TMP/ok-clean" 2>/dev/null
    diff <(manifest_sums "$o") <(manifest_sums "$TMP/ok-clean") >/dev/null || fail "rerun after SIGKILL: differs from an uninterrupted pack"
}

pack_renders_every_output
pack_rerun_skips
pack_rerenders_what_changed
pack_force
pack_jobs_identical
pack_check
pack_seeds
# --scale F with render's meaning (issue #29): the same look at F times the size, the same
# bytes as `render --scale F`, a size that is no whole number rounded and said (#39);
# --scale-to WxH as render's.
pack_scale() {
    local o=$TMP/o7s
    mkdir -p "$TMP/p7s"
    cp "$P/b.ini" "$TMP/p7s/b.ini"
    $DAPPLE pack "$TMP/p7s" -o "$o" --scale 1.5 2>/dev/null || fail "--scale: exit $?"
    expect_png "$o/b.png" "144 72 8 rgba srgb"
    grep -q '"size": \[144, 72\]' "$o/manifest.json" || fail "--scale: manifest size"
    $DAPPLE render "$TMP/p7s/b.ini" --scale 1.5 -o "$TMP/b-render.png" 2>/dev/null || fail "render --scale"
    cmp -s "$o/b.png" "$TMP/b-render.png" || fail "pack --scale 1.5 differs from render --scale 1.5"
    $DAPPLE pack "$TMP/p7s" -o "$o" 2>"$TMP/log"
    [ "$(summary "$TMP/log")" = "dapple: pack: 1 rendered, 0 skipped, 0 failed in T s" ] ||
        fail "--scale: dropping it did not re-render: $(cat "$TMP/log")"
    # a size that is no whole number of pixels is rounded as render rounds it, and said (it
    # was refused with "makes 768x768 1024x1024, not a whole number of pixels")
    $DAPPLE pack "$TMP/p7s" -o "$o" --scale 1.3 2>"$TMP/log" || fail "--scale 1.3: exit $? ($(cat "$TMP/log"))"
    grep -qxF "dapple: pack: $TMP/p7s/b.ini: --scale 1.3 gives 124.8x62.4 pixels, rounded to 125x62 (--scale-to WxH for an exact size)" "$TMP/log" ||
        fail "--scale 1.3: $(cat "$TMP/log")"
    expect_png "$o/b.png" "125 62 8 rgba srgb"
    $DAPPLE render "$TMP/p7s/b.ini" --scale 1.3 -o "$TMP/b-render.png" 2>/dev/null
    cmp -s "$o/b.png" "$TMP/b-render.png" || fail "pack --scale 1.3 differs from render --scale 1.3"
    # a 768 px preset at 1024 px: --scale 1.33333 rounds to it, --scale-to gives it exactly
    mkdir -p "$TMP/p7t"
    printf '[texture]\nsize = 768x768\n\n[layer a]\nstyle = circles\nradius = 24\n' >"$TMP/p7t/big.ini"
    $DAPPLE pack "$TMP/p7t" -o "$TMP/o7t" --scale 1.33333 2>"$TMP/log" || fail "--scale 1.33333: exit $?"
    grep -qxF "dapple: pack: $TMP/p7t/big.ini: --scale 1.33333 gives 1023.99744x1023.99744 pixels, rounded to 1024x1024 (--scale-to WxH for an exact size)" "$TMP/log" ||
        fail "--scale 1.33333: $(cat "$TMP/log")"
    expect_png "$TMP/o7t/big.png" "1024 1024 8 rgba srgb"
    $DAPPLE pack "$TMP/p7t" -o "$TMP/o7u" --scale-to 1024x1024 2>"$TMP/log" || fail "--scale-to: exit $? ($(cat "$TMP/log"))"
    ! grep -q rounded "$TMP/log" || fail "--scale-to reports a rounding"
    $DAPPLE render "$TMP/p7t/big.ini" --scale-to 1024x1024 -o "$TMP/big-render.png" 2>/dev/null
    cmp -s "$TMP/o7u/big.png" "$TMP/big-render.png" || fail "pack --scale-to differs from render --scale-to"
    grep -q '"size": \[1024, 1024\]' "$TMP/o7u/manifest.json" || fail "--scale-to: manifest size"
    # a preset of another aspect ratio fails, named; --scale-to is part of the preset hash
    $DAPPLE pack "$TMP/p7s" -o "$o" --scale-to 100x100 2>"$TMP/log" && fail "--scale-to 100x100 on 96x48: exit 0"
    grep -qxF "dapple: $TMP/p7s/b.ini: --scale-to: 100x100 is not the preset's aspect ratio (96x48): the same look at that width is 100x50, at that height 200x100 (--size changes the aspect, not the look)" "$TMP/log" ||
        fail "--scale-to 100x100: $(cat "$TMP/log")"
    $DAPPLE pack "$TMP/p7s" -o "$o" --scale-to 192x96 2>/dev/null || fail "--scale-to 192x96: exit $?"
    expect_png "$o/b.png" "192 96 8 rgba srgb"
    expect_error 2 "dapple: --scale-to: not with --scale (it sets the size and scale)" "" -- \
        $DAPPLE pack "$TMP/p7s" -o "$o" --scale-to 192x96 --scale 2
}

# --shard I/N splits jobs (preset x seed), not presets: 8 seeds of one preset over 2 shards
# are 4 and 4 (all 8 went to shard 1); a shard with no job says so, not "nothing to do".
pack_shards_by_job() {
    mkdir -p "$TMP/p9"
    cp "$P/a.ini" "$TMP/p9/a.ini"
    local o=$TMP/o9 n1 n2
    $DAPPLE pack "$TMP/p9" -o "$o" --seeds 1..8 --shard 1/2 2>/dev/null || fail "--seeds 1..8 --shard 1/2: exit $?"
    $DAPPLE pack "$TMP/p9" -o "$o" --seeds 1..8 --shard 2/2 2>/dev/null || fail "--seeds 1..8 --shard 2/2: exit $?"
    n1=$(grep -c '"file": "a-s[0-9]*.png"' "$o/manifest-shard-1-of-2.json")
    n2=$(grep -c '"file": "a-s[0-9]*.png"' "$o/manifest-shard-2-of-2.json")
    [ "$n1 $n2" = "4 4" ] || fail "--shard: 8 seeds of one preset split $n1 and $n2, want 4 and 4"
    grep -q '"file": "a-s1.png"' "$o/manifest-shard-1-of-2.json" && grep -q '"file": "a-s2.png"' "$o/manifest-shard-2-of-2.json" ||
        fail "--shard: seeds not split by job index % N"
    $DAPPLE pack -o "$o" --merge 2>"$TMP/log" || fail "--merge of job shards: exit $?"
    [ "$(cat "$TMP/log")" = "dapple: pack: merged 2 shard manifests: 8 outputs" ] || fail "--merge: $(cat "$TMP/log")"
    $DAPPLE pack "$TMP/p9" -o "$TMP/o9whole" --seeds 1..8 2>/dev/null
    diff <(manifest_sums "$o") <(manifest_sums "$TMP/o9whole") >/dev/null || fail "job shards: checksums differ from a whole pack"
    $DAPPLE pack "$TMP/p9" -o "$TMP/o9e" --shard 3/4 2>"$TMP/log" || fail "an empty shard: exit $?"
    [ "$(cat "$TMP/log")" = "dapple: pack: shard 3/4 has no jobs (1 in all: 1 preset x 1 seed)" ] ||
        fail "an empty shard: $(cat "$TMP/log")"
    [ -f "$TMP/o9e/manifest-shard-3-of-4.json" ] || fail "an empty shard wrote no manifest for --merge"
}

pack_size_cap
pack_scale
pack_shards_by_job
pack_shards_merge
pack_broken_preset
pack_name_collision
pack_keeps_inputs
pack_errors
pack_removes_stale_temps
pack_bad_manifest_ignored
pack_tty_progress
pack_survives_sigkill
finish
