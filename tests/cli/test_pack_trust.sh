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

# ---------------------------------------------------------------- presets/ anywhere

presets_work_anywhere() {
    local p=$TMP/elsewhere/my-presets o=$TMP/elsewhere-out
    mkdir -p "$TMP/elsewhere"
    cp -r "$ROOT/presets" "$p"
    ! grep -n '\.\./' "$p"/*.ini || fail "a shipped preset reads a file outside presets/"
    (cd / && $DAPPLE pack "$p" -o "$o" --size-cap 48 -j 2 2>"$TMP/log") || fail "presets/ copied elsewhere: $(grep -v '^dapple: \[' "$TMP/log")"
    [ "$(ls "$p"/*.ini | wc -l)" -ge 12 ] || fail "fewer presets than shipped"
    rm "$p/images/leaf-oak.png"
    expect_error 1 "dapple: $p/leaf-litter.ini:16: stamp: cannot open '$p/images/leaf-oak.png' (the path is relative to the preset's folder): No such file or directory" \
        "" -- $DAPPLE render "$p/leaf-litter.ini" -o "$TMP/leaf.png"
}

preset_fifo_is_refused
preset_line_limit_and_line_endings
presets_work_anywhere
finish
