# Docs that cannot lie: every ```sh block of README.md and docs/*.md runs with bash -e,
# each page in its own scratch copy of the repo, DOC_JOBS pages at a time (default 2)
# (build/dapple, presets/, docs/, scripts/ work as in the repo root; `dapple` is on PATH). A page's blocks share one shell,
# as a reader pasting them into one terminal would. An ```output block right after a
# ```sh block must equal that block's stdout exactly. A picture a page shows from docs/
# that one of its examples writes must be byte-identical to the one in the repo; with
# REGEN=1 the pictures and ```output blocks are copied back instead (after a change that changes bytes:
# `REGEN=1 DAPPLE=build/dapple bash tests/cli/test_doc_examples.sh`). Blocks that must
# not run (installs, cluster jobs, minutes of work) are fenced ```console or ```text.
# PAGES=docs/cli.md limits the run to some pages; NO_BROWSER=1 (make test-quick) leaves out
# docs/preview.md, whose screenshot needs chromium and npm's packages. Runs from the repo
# root.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1
REGEN=${REGEN:-0}
PAGES=${PAGES:-README.md $(ls docs/*.md)}
if [ "${NO_BROWSER:-0}" = 1 ]; then
    PAGES=$(echo $PAGES | tr ' ' '\n' | grep -vx docs/preview.md)
    echo "doc examples: docs/preview.md left out (NO_BROWSER=1: its screenshot needs a browser)"
fi
ROOT=$PWD
BIN=$TMP/bin

mkdir -p "$BIN"
ln -s "$(cd "$(dirname "$DAPPLE")" && pwd)/$(basename "$DAPPLE")" "$BIN/dapple"
command -v parallel >/dev/null || cp tests/cli/parallel_serial.sh "$BIN/parallel"
chmod +x "$BIN"/* 2>/dev/null || true

# The build's libraries, for library.md's C and Python examples.
BUILD_DIR=$(cd "$(dirname "$DAPPLE")" && pwd)

# A library built with sanitizers (make check) needs their runtimes loaded first, in a C
# example and in python3 alike; python's own allocations are not ours to leak-check.
SAN_ENV=()
if nm "$BUILD_DIR/libdapple.a" 2>/dev/null | grep '__asan_' >/dev/null; then
    SAN_ENV=("LD_PRELOAD=$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
        ASAN_OPTIONS=detect_leaks=0)
fi

# scratch_repo DIR: the repo's inputs copied (src/ and the libraries linked), docs/ with
# mtime 0 so that what an example rewrites can be told from what it only read.
scratch_repo() {
    local f
    mkdir -p "$1/build"
    cp -r presets docs scripts "$1/"
    ln -s "$ROOT/src" "$1/src"
    ln -s "$ROOT/tests" "$1/tests" # preview.md's screenshot drives tests/browser's chromium
    ln -s "$BIN/dapple" "$1/build/dapple"
    for f in "$BUILD_DIR"/libdapple*; do ln -s "$f" "$1/build/"; done
    [ -z "${TOOLS:-}" ] || ln -s "$(cd "$TOOLS" && pwd)" "$1/build/tools" # gallery.md's litpreview
    find "$1/docs" -exec touch -h -d @0 {} +
}

# runner BLOCKS N: one bash -e script that runs blocks 1..N in order, each with its
# stdout in BLOCKS/I.stdout, and notes which block is running in BLOCKS/current.
runner() {
    local i
    echo "set -e"
    for ((i = 1; i <= $2; i++)); do
        printf 'echo %d >%q\n{\n' "$i" "$1/current"
        cat "$1/$i.sh"
        printf '\n} >%q\n' "$1/$i.stdout"
    done
}

# regen_output PAGE LINE STDOUT: the ```output block after the sh block at LINE becomes STDOUT.
regen_output() {
    awk -v from="$2" -v out="$3" '
        NR > from && !done && /^```output[ \t]*$/ { print; while ((getline l < out) > 0) print l; skip = 1; next }
        skip && /^```[ \t]*$/ { skip = 0; done = 1 }
        !skip { print }' "$1" >"$1.regen" && mv "$1.regen" "$1"
}

# outputs_match PAGE BLOCKS N: each ```output block equals its block's stdout.
outputs_match() {
    local i
    for ((i = 1; i <= $3; i++)); do
        [ -e "$2/$i.out" ] || continue
        echo >>"$CHECKS"
        if [ "$REGEN" = 1 ] && ! cmp -s "$2/$i.out" "$2/$i.stdout"; then
            regen_output "$1" "$(cat "$2/$i.line")" "$2/$i.stdout"
            continue
        fi
        cmp -s "$2/$i.out" "$2/$i.stdout" ||
            fail "$1:$(cat "$2/$i.line"): the output block is not what the example prints: $(diff "$2/$i.out" "$2/$i.stdout" | head -6)"
    done
}

# figures_match PAGE WORK BLOCKS: the page's pictures under docs/ that its examples
# rewrote are the repo's, byte for byte; one its examples name with -o must be rewritten.
figures_match() {
    local page=$1 work=$2 dir rel f
    dir=$(dirname "$page")
    for rel in $(grep -o '](\([a-z]*/\)*[A-Za-z0-9_.-]*\.png)' "$page" | sed 's/^](//; s/)$//' | sort -u); do
        f=$dir/$rel
        [ "$dir" = . ] && f=$rel
        case $f in docs/*) ;; *) continue ;; esac
        if [ "$(stat -c %Y "$work/$f" 2>/dev/null || echo 0)" = 0 ]; then
            if cat "$3"/*.sh | grep -qE -- "-o [^ ]*$(basename "$rel")( |$)"; then
                fail "$page shows $rel and an example writes it, but the example did not run or wrote elsewhere"
            fi
            continue
        fi
        echo >>"$CHECKS"
        case $f in *.screenshot.png)
            # a browser's screenshot: its bytes follow chromium's version and the fonts, not
            # dapple, so it is checked for being the PNG the script makes, not compared
            "$TOOLS/pnginfo" "$work/$f" | grep -q '^1100 720 ' || fail "$page: $f is not a 1100x720 screenshot"
            [ "$REGEN" = 1 ] && cp "$work/$f" "$f"
            continue ;;
        esac
        if [ "$REGEN" = 1 ]; then
            cp "$work/$f" "$f"
        else
            cmp -s "$work/$f" "$f" || fail "$page: $f is not what its example writes now (REGEN=1 to update)"
        fi
    done
}

run_page() {
    local page=$1 name work blocks n line
    name=$(echo "$page" | tr / _)
    work=$TMP/$name.work blocks=$TMP/$name.blocks
    mkdir -p "$blocks"
    awk -v dir="$blocks" -f tests/cli/doc_blocks.awk "$page"
    if [ -s "$blocks/bad" ]; then
        while IFS= read -r line; do fail "$page:$line"; done <"$blocks/bad"
    fi
    n=$(cat "$blocks/count")
    [ "$n" -gt 0 ] || return 0
    scratch_repo "$work"
    runner "$blocks" "$n" >"$blocks/run.sh"
    local env=()
    [ "$page" = docs/library.md ] && env=("${SAN_ENV[@]}")
    if ! (cd "$work" && env PATH="$BIN:$PATH" "${env[@]}" bash "$blocks/run.sh") 2>"$blocks/stderr"; then
        n=$(cat "$blocks/current")
        fail "$page:$(cat "$blocks/$n.line"): example failed: $(tail -3 "$blocks/stderr")"
        return 0
    fi
    outputs_match "$page" "$blocks" "$n"
    figures_match "$page" "$work" "$blocks"
}

# Pages run DOC_JOBS at a time (each in its own scratch repo), the longest first; each
# notes the outputs and pictures it compared in its own file, summed at the end.
DOC_JOBS=${DOC_JOBS:-2}
PAGES=$(echo $PAGES | tr ' ' '\n' | awk '$0 == "docs/cli.md" { print 0, $0; next }
    $0 == "README.md" { print 1, $0; next } { print 2, $0 }' | sort -s -k1,1n | cut -d' ' -f2-)
for page in $PAGES; do
    while [ "$(jobs -pr | wc -l)" -ge "$DOC_JOBS" ]; do wait -n || true; done
    CHECKS=$TMP/checks.$(echo "$page" | tr / _) run_page "$page" &
done
wait
CHECKED=$(cat "$TMP"/checks.* 2>/dev/null | wc -l)
echo "doc examples: $CHECKED outputs and pictures compared"
[ -n "${PAGES_GIVEN:-}" ] || [ "$CHECKED" -ge 8 ] || fail "only $CHECKED outputs and pictures compared over all pages: were output blocks or figures removed?"
finish
