#!/bin/sh
# A screenshot of `dapple preview PRESET.ini` as headless chromium shows it (docs/preview.md):
#   sh scripts/preview-screenshot.sh PRESET.ini OUT.png
# Needs chromium, node and tests/browser's node packages (sh scripts/install-deps.sh).
set -eu
[ $# -eq 2 ] || { echo "usage: sh scripts/preview-screenshot.sh PRESET.ini OUT.png" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
log=$(mktemp)
dapple=${DAPPLE:-dapple}
command -v "$dapple" >/dev/null || dapple=$here/../build/dapple
"$dapple" preview "$1" >"$log" 2>&1 &
pid=$!
stop() { kill -TERM $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -f "$log"; }
trap stop INT TERM
url=
for _ in $(seq 300); do
    url=$(sed -n 's/^dapple: previewing .* at \(http[^ ]*\) (Ctrl-C stops)$/\1/p' "$log")
    [ -n "$url" ] && break
    sleep 0.1
done
if [ -z "$url" ]; then
    echo "preview-screenshot: dapple preview printed no address" >&2
    stop
    exit 1
fi
status=0
HOME=${TMPDIR:-/tmp} node "$here/../tests/browser/preview_test.mjs" --screenshot "$url" "$2" || status=$?
stop
exit $status
