# docs/library.md's runnable claims: each ```sh block runs with bash -e in a scratch folder
# where build/, src/ and docs/ are the repo's, and an ```output block right after it must
# be its stdout exactly (the C example, the Python ctypes example). The general doc-test
# harness (issue #15, docs half) does this for every page; this keeps library.md honest
# until then. Runs from the repo root.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1

BUILD=$(cd "$(dirname "$DAPPLE")" && pwd)
mkdir -p "$TMP/work"
ln -s "$BUILD" "$TMP/work/build"
ln -s "$PWD/src" "$TMP/work/src"
ln -s "$PWD/docs" "$TMP/work/docs"

# Splits the page into block files: N.sh and N.output (N.output only right after N.sh).
awk -v dir="$TMP" '
    /^```sh$/ { n++; f = dir "/" n ".sh"; next }
    /^```output$/ && last == "sh" { f = dir "/" n ".output"; next }
    /^```/ && f != "" { last = (f ~ /\.sh$/) ? "sh" : "output"; f = ""; next }
    /^```/ { last = ""; next }
    f != "" { print > f; next }
    /[^ ]/ { last = "" }
' docs/library.md

# A library built with sanitizers (make check) needs their runtimes loaded first, in the
# C example and in python3 alike; python's own allocations are not ours to leak-check.
if nm "$BUILD/libdapple.a" 2>/dev/null | grep '__asan_' >/dev/null; then
    export LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
    export ASAN_OPTIONS=detect_leaks=0
fi
blocks=0
for sh in "$TMP"/*.sh; do
    [ -e "$sh" ] || break
    blocks=$((blocks + 1))
    out=${sh%.sh}.output
    (cd "$TMP/work" && bash -e "$sh") >"$TMP/got" 2>"$TMP/err" ||
        { fail "library.md block $(basename "$sh"): $(tail -3 "$TMP/err")"; continue; }
    [ ! -e "$out" ] || cmp -s "$out" "$TMP/got" ||
        fail "library.md block $(basename "$sh") prints otherwise: $(diff "$out" "$TMP/got" | head -6)"
done
[ "$blocks" -ge 2 ] || fail "library.md: found $blocks sh blocks, want the C and the Python example"
[ "$(ls "$TMP"/*.output 2>/dev/null | wc -l)" -ge 2 ] || fail "library.md: the examples lost their output blocks"
finish
