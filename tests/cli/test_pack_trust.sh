# Presets and packs that can be trusted (issue #14): preset files that are FIFOs or broken
# links are refused without hanging and fail a pack loudly; the line limit is what its
# message says and bare CR line endings are named; a pack notices a change in any file a
# preset reads and in the code that renders it; stale shard manifests do not poison
# --merge; and presets/ works wherever it is copied.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DAPPLE=$(cd "$(dirname "$DAPPLE")" && pwd)/$(basename "$DAPPLE")

# A command that must end within 20 s: a FIFO opened for reading would block forever.
bounded() {
    local code=0
    timeout 20 "$@" || code=$?
    [ "$code" != 124 ] || fail "$*: hung (killed after 20 s)"
    return "$code"
}

small_preset() { # NAME [KEY=VALUE lines for the layer...]: an 8x8 circles texture
    local name=$1
    shift
    { printf '[texture]\nsize = 8x8\n[layer a]\nstyle = circles\nradius = 2\n'; printf '%s\n' "$@"; } >"$name"
}

summary() { grep '^dapple: pack: ' "$1" | head -1; }

# ---------------------------------------------------------------- FIFOs never block

preset_fifo_is_refused() {
    local d=$TMP/fifo
    mkdir -p "$d"
    mkfifo "$d/p.ini" "$d/s.png"
    expect_error 1 "dapple: cannot open '$d/p.ini': not a regular file" "$d/o.png" -- \
        bounded $DAPPLE render "$d/p.ini" -o "$d/o.png"
    small_preset "$d/stamp.ini" "stamp = s.png"
    sed -i 's/circles/stamps/' "$d/stamp.ini"
    expect_error 1 "dapple: $d/stamp.ini:6: stamp: cannot open '$d/s.png' (the path is relative to the preset's folder): not a regular file" \
        "$d/o.png" -- bounded $DAPPLE render "$d/stamp.ini" -o "$d/o.png"
}

# Issue #40: a FIFO at any output name of a batch folder (its manifest, an output, the
# contact sheet, a tile, the tiles manifest) or at render's -o hung the run for ever: the
# output was opened for writing, which waits for a reader. Each is refused at once, naming
# the path; a FIFO that someone reads (a pipe into another program) is still written.
fifo_outputs_never_wait() {
    local d=$TMP/fifo-out f code
    mkdir -p "$d/in"
    small_preset "$d/in/a.ini"
    for f in manifest.json a.png contact-sheet.png; do
        rm -rf "$d/out"
        mkdir "$d/out"
        mkfifo "$d/out/$f"
        code=0
        bounded $DAPPLE pack "$d/in" -o "$d/out" 2>"$TMP/log" || code=$?
        [ "$code" = 1 ] || fail "pack with a FIFO at $f: exit $code, want 1"
        grep -qxF "dapple: cannot write $d/out/$f: a FIFO that nobody reads (writing would wait for ever)" "$TMP/log" ||
            fail "pack with a FIFO at $f: $(cat "$TMP/log")"
    done
    for f in 't_1_0.png' 'tiles.t_{x}_{y}.png.json'; do
        rm -rf "$d/tiles"
        mkdir "$d/tiles"
        mkfifo "$d/tiles/$f"
        code=0
        bounded $DAPPLE tiles --size 16x16 --tile-size 8 --radius 2 -o "$d/tiles/t_{x}_{y}.png" 2>"$TMP/log" || code=$?
        [ "$code" = 1 ] || fail "tiles with a FIFO at $f: exit $code, want 1"
        grep -qF "cannot write $d/tiles/$f: a FIFO that nobody reads" "$TMP/log" || fail "tiles with a FIFO at $f: $(cat "$TMP/log")"
    done
    mkfifo "$d/o.png"
    expect_error 1 "dapple: cannot write $d/o.png: a FIFO that nobody reads (writing would wait for ever)" "" -- \
        bounded $DAPPLE render "$d/in/a.ini" -o "$d/o.png"
    cat "$d/o.png" >"$d/read.png" &
    bounded $DAPPLE render "$d/in/a.ini" -o "$d/o.png" 2>"$TMP/log" || fail "render into a FIFO with a reader: $(cat "$TMP/log")"
    wait $!
    [ "$(head -c 4 "$d/read.png" | tail -c 3)" = PNG ] || fail "render into a FIFO with a reader: no PNG came out"
}

# A manifest's memory is bounded by its size (#40): 7.5 MB of "{}" entries, under the size
# cap, would cost jansson some 100 bytes of tree per 2 bytes of text (60 MiB of them took
# 3.7 GB, then failed with an empty message). The read stops at 10 times the file plus a
# MiB, says so naming the file, and the pack renders everything again.
manifest_memory_is_bounded() {
    local d=$TMP/memory code=0
    mkdir -p "$d/in"
    small_preset "$d/in/a.ini"
    bounded $DAPPLE pack "$d/in" -o "$d/out" 2>/dev/null || fail "pack for the manifest test"
    python3 - "$d/out/manifest.json" <<'PY'
import sys
p = sys.argv[1]
t = open(p).read()
i = t.index('"outputs": [') + len('"outputs": [')
open(p, "w").write(t[:i] + "{}," * 2500000 + t[i:])
PY
    "$TOOLS/peakrss" "$TMP/rss" timeout 60 $DAPPLE pack "$d/in" -o "$d/out" 2>"$TMP/log" || code=$?
    [ "$code" = 0 ] || fail "pack over a {} manifest: exit $code ($(head -1 "$TMP/log"))"
    grep -q "^dapple: $d/out/manifest.json: reading it would take over 72 MiB of memory, 10 times its [0-9]* bytes: not a manifest dapple wrote (ignored: rendering everything)$" "$TMP/log" ||
        fail "a {} manifest: $(head -1 "$TMP/log")"
    # ASan (make check) keeps shadow memory and a quarantine of freed blocks on top
    local max=150000
    # (not ldd | grep -q: grep's early exit can kill ldd with SIGPIPE, and pipefail then
    # reads the match as a miss)
    case $(ldd "$DAPPLE" 2>/dev/null) in *libasan*) max=400000 ;; esac
    [ "$(cat "$TMP/rss")" -lt "$max" ] || fail "a 7.5 MB {} manifest: peak $(cat "$TMP/rss") KiB"
}

# ---------------------------------------------------------------- unreadable presets fail

pack_fails_unreadable_presets() {
    local p=$TMP/unread o=$TMP/unread-out code=0
    mkdir -p "$p"
    small_preset "$p/good.ini"
    ln -s nowhere.ini "$p/dangling.ini"
    ln -s loop.ini "$p/loop.ini"
    mkfifo "$p/fifo.ini"
    bounded $DAPPLE pack "$p" -o "$o" 2>"$TMP/log" || code=$?
    [ "$code" = 1 ] || fail "pack with unreadable presets: exit $code, want 1"
    grep -qxF "dapple: cannot open '$p/dangling.ini': No such file or directory" "$TMP/log" || fail "dangling link not reported: $(cat "$TMP/log")"
    grep -qxF "dapple: cannot open '$p/loop.ini': Too many levels of symbolic links" "$TMP/log" || fail "link loop not reported"
    grep -qxF "dapple: cannot open '$p/fifo.ini': not a regular file" "$TMP/log" || fail "FIFO not reported"
    [ "$(summary "$TMP/log")" = "dapple: pack: 1 rendered, 0 skipped, 3 failed in $(sed -n 's/.*failed in //p' "$TMP/log")" ] ||
        fail "summary: $(summary "$TMP/log")"
    grep -qxF "dapple: pack: 3 failed: dangling.ini, fifo.ini, loop.ini" "$TMP/log" || fail "failed list: $(tail -1 "$TMP/log")"
    [ -f "$o/good.png" ] || fail "the readable preset was not rendered"
}

# ---------------------------------------------------------------- line limit, line endings

preset_line_limit_and_line_endings() {
    local d=$TMP/lines pad
    mkdir -p "$d"
    pad=$(printf '%*s' $((199 - 6)) '') # "k =" + pad + " 30": 199 bytes
    small_preset "$d/ok.ini" "k =${pad} 30"            # 199 bytes + LF: a 200-byte line
    [ "$(sed -n 6p "$d/ok.ini" | wc -c)" = 200 ] || fail "test setup: line 6 is not 200 bytes"
    bounded $DAPPLE render "$d/ok.ini" -o "$d/ok.png" 2>"$TMP/log" || fail "a 200-byte line (with its LF) refused: $(cat "$TMP/log")"
    sed 's/$/\r/' "$d/ok.ini" >"$d/crlf.ini"                 # CRLF still works, 199 + CRLF
    bounded $DAPPLE render "$d/crlf.ini" -o "$d/crlf.png" 2>"$TMP/log" || fail "CRLF preset refused: $(cat "$TMP/log")"
    cmp -s "$d/ok.png" "$d/crlf.png" || fail "CRLF preset renders differently"
    small_preset "$d/long.ini" "k =${pad}  30"          # 200 bytes + LF
    expect_error 1 "dapple: $d/long.ini:6: line too long (200 bytes, max 199 not counting the line break)" "$d/o.png" -- \
        bounded $DAPPLE render "$d/long.ini" -o "$d/o.png"
    tr '\n' '\r' <"$d/ok.ini" >"$d/mac.ini"
    expect_error 1 "dapple: $d/mac.ini:1: CR line endings (old Mac); save the file with LF or CRLF line endings" "$d/o.png" -- \
        bounded $DAPPLE render "$d/mac.ini" -o "$d/o.png"
}

# ---------------------------------------------------------------- every change noticed

# grey PNGs made by dapple itself; the seed makes different bytes
png() { $DAPPLE mask --size 16x16 --radius 3 --seed "$2" -o "$1" 2>/dev/null; }

# Each preset reads one kind of file; changing a file rerenders exactly its readers.
pack_notices_every_input() {
    local p=$TMP/inputs o=$TMP/inputs-out f
    mkdir -p "$p/img"
    for f in stamp field exclude bg shared; do png "$p/img/$f.png" 1; done
    small_preset "$p/a-stamp.ini" "stamp = img/stamp.png"
    sed -i 's/circles/stamps/' "$p/a-stamp.ini"
    { printf '[texture]\nsize = 8x8\n[layer a]\nstyle = circles\nrmin = 1\nrmax = 3\nfield = image:img/field.png\n'; } >"$p/b-field.ini"
    small_preset "$p/c-exclude.ini" "exclude = image:img/exclude.png"
    small_preset "$p/d-bg.ini"
    sed -i 's/^size = 8x8/&\nbackground = image\nbackground_image = img\/bg.png/' "$p/d-bg.ini"
    small_preset "$p/e-none.ini"
    small_preset "$p/f-shared.ini" "exclude = image:img/shared.png, image:img/exclude.png"
    $DAPPLE pack "$p" -o "$o" -j 2 2>"$TMP/log" || fail "inputs pack: exit $? ($(cat "$TMP/log"))"
    for f in stamp field exclude bg; do
        png "$p/img/$f.png" 2
        $DAPPLE pack "$p" -o "$o" -j 1 2>"$TMP/log" || fail "inputs pack after $f.png changed: exit $?"
        local want=a-stamp
        case $f in field) want=b-field ;; exclude) want="c-exclude f-shared" ;; bg) want=d-bg ;; esac
        local got
        got=$(sed -n 's/^dapple: \[[0-9]*\/[0-9]*\] \([a-z-]*\): .*/\1/p' "$TMP/log" | sort | tr '\n' ' ')
        [ "$got" = "$want " ] || fail "after $f.png changed: rendered '$got', want '$want '"
    done
    $DAPPLE pack "$p" -o "$o" 2>"$TMP/log"
    grep -qxF "dapple: pack: nothing to do, 6 outputs up to date" "$TMP/log" || fail "inputs: rerun not a no-op: $(cat "$TMP/log")"
    # the digest is what sha256sum shows, names relative to the preset's folder, sorted
    local want
    want=$(cd "$p" && sha256sum img/exclude.png img/shared.png | sha256sum | cut -c1-64)
    grep -q "\"file\": \"f-shared.png\", .*\"inputs_sha256\": \"$want\"" "$o/manifest.json" ||
        fail "inputs_sha256 of f-shared is not sha256sum's: $(grep f-shared "$o/manifest.json")"
    grep -q "\"file\": \"e-none.png\", .*\"inputs_sha256\": \"$(printf '' | sha256sum | cut -c1-64)\"" "$o/manifest.json" ||
        fail "inputs_sha256 of a preset without files"
}

# The build identity: the sha256 over src/ the Makefile describes, in --version and the
# manifest; a manifest of another build renders everything again.
build_identity() {
    local id want
    id=$($DAPPLE --version | sed -n 's/^dapple [0-9.]* (build \([0-9a-f]\{12\}\))$/\1/p')
    [ -n "$id" ] || fail "--version: '$($DAPPLE --version)', want 'dapple X.Y.Z (build 12 hex digits)'"
    want=$(cd "$ROOT" && for f in $(printf '%s\n' src/*.h src/*/*.c src/*/*.h | LC_ALL=C sort); do
        printf '%s\n' "$f"; cat "$f"; done | sha256sum | cut -c1-12)
    [ "$id" = "$want" ] || fail "build id $id is not the sha256 of the sources ($want) (a stale build?)"
    local p=$TMP/inputs o=$TMP/inputs-out
    grep -q "^  \"build\": \"$id[0-9a-f]\{52\}\",$" "$o/manifest.json" || fail "manifest: no build $id"
    sed -i "s/^  \"build\": \"[0-9a-f]*\"/  \"build\": \"$(printf '0%.0s' {1..64})\"/" "$o/manifest.json"
    $DAPPLE pack "$p" -o "$o" 2>"$TMP/log"
    grep -q "^dapple: pack: 6 rendered, 0 skipped, 0 failed" "$TMP/log" || fail "another build's manifest: $(summary "$TMP/log")"
}

# ---------------------------------------------------------------- --merge and stale shards

pack_merge_refuses_stale_shards() {
    local p=$TMP/shp o=$TMP/shards
    mkdir -p "$p"
    for f in a b c d; do small_preset "$p/$f.ini"; done
    for i in 1 2 3; do $DAPPLE pack "$p" -o "$o" --shard $i/3 2>/dev/null || fail "--shard $i/3"; done
    $DAPPLE pack -o "$o" --merge 2>/dev/null || fail "--merge of 3"
    [ -f "$o/manifest.json" ] || fail "no manifest after --merge"
    for i in 1 2; do $DAPPLE pack "$p" -o "$o" --shard $i/2 2>/dev/null || fail "--shard $i/2"; done
    touch -d '2001-01-01' "$o"/manifest-shard-*-of-3.json # older, whatever the clock's grain
    expect_error 1 "dapple: $o/manifest-shard-1-of-3.json: left from an earlier split into 3 (the newest shards are of 2): remove $o/manifest-shard-*-of-3.json and merge again" \
        "$o/manifest.json" -- $DAPPLE pack -o "$o" --merge
    rm "$o"/manifest-shard-*-of-3.json
    rm "$o/manifest-shard-2-of-2.json"
    expect_error 1 "dapple: $o: manifest-shard-2-of-2.json is missing: run the pack with --shard 2/2, then merge" \
        "$o/manifest.json" -- $DAPPLE pack -o "$o" --merge
    $DAPPLE pack "$p" -o "$o" --shard 2/2 2>/dev/null
    $DAPPLE pack -o "$o" --merge 2>"$TMP/log" || fail "--merge after cleaning: exit $?"
    [ "$(cat "$TMP/log")" = "dapple: pack: merged 2 shard manifests: 4 outputs" ] || fail "--merge: $(cat "$TMP/log")"
    $DAPPLE pack "$p" -o "$o" 2>"$TMP/log"
    grep -qxF "dapple: pack: nothing to do, 4 outputs up to date" "$TMP/log" || fail "after merge: $(cat "$TMP/log")"
    # a shard of another build cannot be merged either
    sed -i 's/^  "build": "[0-9a-f]\{6\}/  "build": "ffffff/' "$o/manifest-shard-1-of-2.json"
    expect_error 1 "dapple: $o/manifest-shard-1-of-2.json: made by another build of dapple (ffffff$(grep -o '"build": "[0-9a-f]*' "$o/manifest-shard-2-of-2.json" | cut -c17-22), this is $($DAPPLE --version | sed 's/.*build \(.*\))/\1/')): render it again with this one" \
        "$o/manifest.json" -- $DAPPLE pack -o "$o" --merge
}

# ---------------------------------------------------------------- presets/ anywhere

presets_work_anywhere() {
    local p=$TMP/elsewhere/my-presets o=$TMP/elsewhere-out
    mkdir -p "$TMP/elsewhere"
    cp -r "$ROOT/presets" "$p"
    ! grep -n '\.\./' "$p"/*.ini || fail "a shipped preset reads a file outside presets/"
    (cd / && $DAPPLE pack "$p" -o "$o" --size-cap 48 -j 2 2>"$TMP/log") || fail "presets/ copied elsewhere: $(grep -v '^dapple: \[' "$TMP/log")"
    [ "$(ls "$p"/*.ini | wc -l)" -ge 12 ] || fail "fewer presets than shipped"
    # leaf-litter draws built-in leaves now: give its copy the shipped PNG stamps back, so a
    # stamp path relative to the preset's folder is still tested
    sed -i '0,/^stamp = leaves$/s//stamp = images\/leaf-beech.png, images\/leaf-oak.png/' \
        "$p/leaf-litter.ini"
    rm "$p/images/leaf-oak.png"
    local line # the first stamp list naming it
    line=$(grep -n '^stamp = .*leaf-oak.png' "$p/leaf-litter.ini" | head -1 | cut -d: -f1)
    expect_error 1 "dapple: $p/leaf-litter.ini:$line: stamp: cannot open '$p/images/leaf-oak.png' (the path is relative to the preset's folder): No such file or directory" \
        "" -- $DAPPLE render "$p/leaf-litter.ini" -o "$TMP/leaf.png"
}

# render refuses to overwrite an exclusion image, as it does field images and stamps
render_keeps_exclude_images() {
    local d=$TMP/keep
    mkdir -p "$d"
    png "$d/ex.png" 1
    cp "$d/ex.png" "$d/ex.orig"
    small_preset "$d/p.ini" "exclude = image:ex.png"
    expect_error 1 "dapple: -o: '$d/ex.png' is also an input; refusing to overwrite it" "" -- \
        $DAPPLE render "$d/p.ini" -o "$d/ex.png"
    cmp -s "$d/ex.png" "$d/ex.orig" || fail "the exclusion image was overwritten"
}

preset_fifo_is_refused
fifo_outputs_never_wait
manifest_memory_is_bounded
pack_fails_unreadable_presets
preset_line_limit_and_line_endings
pack_notices_every_input
build_identity
pack_merge_refuses_stale_shards
presets_work_anywhere
render_keeps_exclude_images
finish
