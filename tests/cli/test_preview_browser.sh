# The preview page in a real browser: headless Debian chromium, driven by puppeteer-core
# (tests/browser/preview_test.mjs), against `dapple preview` of a copy of pebbles.ini. A
# machine without chromium, node or the node packages fails here, loudly: the test is
# never skipped (sh scripts/install-deps.sh installs all three; make test runs npm ci).
. "$(dirname "$0")/lib.sh"
set -m
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
missing=
[ -x "$CHROMIUM" ] || missing="$missing chromium ($CHROMIUM)"
command -v node >/dev/null || missing="$missing node"
[ -d "$ROOT/tests/browser/node_modules/puppeteer-core" ] || missing="$missing puppeteer-core (npm ci in tests/browser)"
if [ -n "$missing" ]; then
    fail "cannot run the browser test, missing:$missing. Run: sh scripts/install-deps.sh"
    finish
fi

mkdir -p "$TMP/p" "$TMP/scratch"
# a quarter of pebbles' texture, previewed at 256 px: the page's every view and zoom, with a
# quarter of the shapes to draw in each render
sed 's/^size = .*/size = 384x384/' "$ROOT/presets/pebbles.ini" >"$TMP/p/pebbles.ini"
TMPDIR=$TMP/scratch "$DAPPLE" preview "$TMP/p/pebbles.ini" --side 256 >"$TMP/out" 2>"$TMP/err" &
PID=$!
URL=
for _ in $(seq 300); do
    URL=$(sed -n 's/^dapple: previewing .* at \(http[^ ]*\) (Ctrl-C stops)$/\1/p' "$TMP/out" 2>/dev/null || true)
    [ -n "$URL" ] && break
    sleep 0.1
done
if [ -z "$URL" ]; then
    fail "preview printed no address: $(cat "$TMP/err")"
else
    # HOME: chromium writes its profile there; CI's may be read-only
    HOME=$TMP CHROMIUM=$CHROMIUM node "$ROOT/tests/browser/preview_test.mjs" "$URL" "$TMP/p/pebbles.ini" >"$TMP/log" 2>&1 ||
        fail "the browser test failed: $(grep -v '^ok: ' "$TMP/log" | head -20)"
    grep -E '^[0-9]+ passed, 0 failed$' "$TMP/log" || true
fi
kill -INT "$PID"
code=0
wait "$PID" || code=$?
[ "$code" = 130 ] || fail "preview: exit $code after SIGINT"
[ -z "$(ls -A "$TMP/scratch")" ] || fail "preview left scratch files"
finish
