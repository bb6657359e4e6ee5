# Shared helpers for the CLI tests: sourced by every tests/cli/test_*.sh.
# DAPPLE is the binary under test, TOOLS the folder of test helpers (pnginfo, ptcheck, tonecheck).
set -eu -o pipefail
DAPPLE=${DAPPLE:-build/dapple}
TOOLS=${TOOLS:-build/tools}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILS=0

# Counted in a file too: a fail() inside a pipeline (`layer ... | bad_preset`) runs in a
# subshell, whose FAILS the script never sees.
fail() { echo "FAIL: $*" >&2; FAILS=$((FAILS + 1)); echo >>"$TMP/.fails"; }

# expect_error CODE "exact stderr line" OUTPUT_THAT_MUST_NOT_EXIST -- command...
expect_error() {
    local want_code=$1 want_msg=$2 out=$3
    shift 4
    local code=0
    "$@" >"$TMP/stdout" 2>"$TMP/stderr" || code=$?
    [ "$code" = "$want_code" ] || fail "$*: exit $code, want $want_code ($(head -c 300 "$TMP/stderr"))"
    grep -qxF -- "$want_msg" "$TMP/stderr" || fail "$*: stderr was '$(head -c 300 "$TMP/stderr")', want '$want_msg'"
    [ -z "$out" ] || [ ! -e "$out" ] || fail "$*: $out exists after a failure"
    if ls -a "$(dirname "${out:-$TMP/x}")" 2>/dev/null | grep -q '^\..*\.[A-Za-z0-9]\{6\}$'; then
        fail "$*: a temporary file was left behind"
    fi
}

# expect_png FILE "W H DEPTH COLOUR SPACE"
expect_png() {
    local got
    got=$("$TOOLS/pnginfo" "$1") || { fail "$1: not a readable PNG"; return; }
    [ "$got" = "$2" ] || fail "$1: '$got', want '$2'"
}

finish() {
    [ ! -s "$TMP/.fails" ] || FAILS=$(wc -l <"$TMP/.fails")
    if [ "$FAILS" -ne 0 ]; then
        echo "$FAILS failure(s) in $0" >&2
        exit 1
    fi
    echo "ok: $0"
}
