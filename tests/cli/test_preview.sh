# `dapple preview` over HTTP (curl): it listens on loopback only, serves its page and the
# renders of its preset and nothing else (a path with '..', an absolute path, a body over
# 1 MiB, oversized headers, another Host or Origin each get a clear HTTP error), survives bad values and 100
# parallel requests, saves a change into that one line of the file, renders exactly what
# `pack --size-cap` renders from the saved file, and stops on SIGINT with exit 130 and no
# scratch file left, also in the middle of a render. The page itself runs in a browser
# in test_preview_browser.sh.
. "$(dirname "$0")/lib.sh"
set -m # background jobs of a script would otherwise start with SIGINT ignored
PRESETS=$(cd "$(dirname "$0")/../../presets" && pwd)
command -v curl >/dev/null || { fail "curl is missing (sh scripts/install-deps.sh installs it)"; finish; }

mkdir -p "$TMP/p" "$TMP/scratch"
cp "$PRESETS/pebbles.ini" "$TMP/p/pebbles.ini"
PRESET=$TMP/p/pebbles.ini

# start_preview ARGS...: runs it in the background (PID), its address in URL.
start_preview() {
    TMPDIR=$TMP/scratch "$DAPPLE" preview "$@" >"$TMP/preview.out" 2>"$TMP/preview.err" &
    PID=$!
    URL=
    for _ in $(seq 300); do
        URL=$(sed -n 's/^dapple: previewing .* at \(http[^ ]*\) (Ctrl-C stops)$/\1/p' "$TMP/preview.out" 2>/dev/null || true)
        [ -n "$URL" ] && return 0
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.1
    done
    fail "preview $*: no address printed ($(cat "$TMP/preview.err"))"
    return 1
}

# stop_preview: SIGINT; exit 130, "dapple: stopped", nothing left in the scratch folder.
stop_preview() {
    kill -INT "$PID"
    local code=0
    wait "$PID" || code=$?
    [ "$code" = 130 ] || fail "preview: exit $code after SIGINT, want 130 ($(cat "$TMP/preview.err"))"
    grep -qx "dapple: stopped" "$TMP/preview.err" || fail "preview: stderr '$(cat "$TMP/preview.err")' after SIGINT"
    [ -z "$(ls -A "$TMP/scratch")" ] || fail "preview left scratch files: $(ls -A "$TMP/scratch")"
    [ -z "$(ls -A "$TMP/p" | grep -v '^pebbles.ini$')" ] || fail "preview left files beside the preset: $(ls -A "$TMP/p")"
}

# http EXPECTED_CODE WHAT curl-args...: the status code, and the body into $TMP/body.
http() {
    local want=$1 what=$2 code
    shift 2
    code=$(curl -s -o "$TMP/body" -w '%{http_code}' "$@") || true
    [ "$code" = "$want" ] || fail "$what: HTTP $code, want $want ($(head -c 200 "$TMP/body"))"
}

usage_errors() {
    expect_error 2 "dapple: missing PRESET.ini" "" -- "$DAPPLE" preview
    expect_error 1 "dapple: cannot open '$TMP/none.ini': No such file or directory" "" -- \
        "$DAPPLE" preview "$TMP/none.ini"
    expect_error 2 "dapple: --host: expected a numeric IPv4 or IPv6 address, got 'example.com'" "" -- \
        "$DAPPLE" preview "$PRESET" --host example.com
    expect_error 2 "dapple: --port: expected an integer in [0, 65535], got '70000'" "" -- \
        "$DAPPLE" preview "$PRESET" --port 70000
}

serves_only_its_page() {
    case $URL in http://127.0.0.1:*) ;; *) fail "preview listens on $URL, want 127.0.0.1" ;; esac
    local port=${URL##*:} ip
    port=${port%/}
    ip=$(hostname -I 2>/dev/null | awk '{ print $1 }') || true
    if [ -n "$ip" ]; then
        curl -s -o /dev/null --max-time 3 "http://$ip:$port/" && fail "preview answers on $ip: not loopback only"
    fi
    http 200 "the page" "$URL"
    grep -q '<canvas id="canvas"' "$TMP/body" || fail "the page has no canvas"
    http 200 "page.js" "${URL}page.js"
    http 200 "page.css" "${URL}page.css"
    http 200 "the spec" "${URL}api/spec"
    grep -q '"key":"aspect","type":"number","lo":0.05' "$TMP/body" || fail "the spec lacks the table's aspect: $(head -c 300 "$TMP/body")"
    # the page's keys are the table's: every key `dapple layers` lists, with the styles that read it
    local k n=0
    for k in $("$DAPPLE" layers "$PRESET" | sed -n '/keys:/,$p' | sed 's/^.*keys://'); do
        n=$((n + 1))
        grep -q "\"key\":\"$k\"" "$TMP/body" || fail "the page's spec lacks the key '$k'"
    done
    [ "$n" -ge 60 ] || fail "read only $n keys from dapple layers"
    grep -q '"key":"stamp",[^}]*"styles":\["stamps"\]' "$TMP/body" || fail "the spec does not say that only stamps read 'stamp'"
    http 400 "a path with .." --path-as-is "${URL}../../etc/passwd"
    grep -q "refused: a path with '..'" "$TMP/body" || fail "'..' refused without saying why: $(cat "$TMP/body")"
    http 400 "an encoded .." --path-as-is "${URL}%2e%2e/etc/passwd"
    http 400 "an absolute path" --path-as-is "${URL}/etc/passwd"
    grep -q "refused: an absolute path" "$TMP/body" || fail "an absolute path refused without saying why: $(cat "$TMP/body")"
    http 404 "a file of the disk" "${URL}etc/passwd"
    http 404 "the preset itself" "${URL}pebbles.ini"
    grep -q "only the page and its renders are served" "$TMP/body" || fail "404 without saying why"
    http 403 "another Host" -H "Host: example.com" "$URL"
    http 403 "a POST from another page" -X POST -H "Origin: http://example.com" "${URL}api/save"
    http 405 "GET of a render" "${URL}api/render?view=texture"
    head -c $((2 * 1024 * 1024)) /dev/zero | tr '\0' 'a' >"$TMP/big"
    http 413 "a 2 MiB body" -X POST --data-binary @"$TMP/big" "${URL}api/render?view=texture"
    grep -q "refused: a request over 1048576 bytes" "$TMP/body" || fail "413 without saying why"
    http 413 "a 2 MiB chunked body" -X POST -H "Transfer-Encoding: chunked" --data-binary @"$TMP/big" \
        "${URL}api/render?view=texture"
    local long
    long=$(head -c 60000 /dev/zero | tr '\0' 'a')
    http 431 "60 kB of headers" -H "X-Big: $long" "$URL"
    http 414 "a 60 kB path" "${URL}?$long"
    http 400 "an absolute URL as the target" --request-target "http://example.com/etc/passwd" "$URL"
    http 200 "still serving after the refusals" "$URL"
}

renders_and_errors() {
    http 200 "a render" -X POST "${URL}api/render?view=texture&gen=1" -o "$TMP/texture.png"
    cp "$TMP/body" "$TMP/texture.png"
    expect_png "$TMP/texture.png" "512 512 8 rgba srgb"
    http 200 "the height map" -X POST "${URL}api/render?view=height&gen=2"
    http 200 "the normal map" -X POST "${URL}api/render?view=normal&gen=3"
    http 200 "the clearance mask" -X POST "${URL}api/render?view=mask&kind=clearance&gen=4"
    http 400 "an unknown view" -X POST "${URL}api/render?view=nope&gen=5"
    http 422 "a bad value" -X POST --data-binary 'stones.aspect=abc' "${URL}api/render?view=texture&gen=6"
    grep -qF "{\"error\":\"$PRESET:43: aspect: expected a number in [0.05, 1], got 'abc'\",\"key\":\"stones.aspect\"}" "$TMP/body" ||
        fail "a bad value: $(cat "$TMP/body")"
    http 422 "a missing image" -X POST --data-binary 'stones.field=image:missing.png' "${URL}api/render?view=texture&gen=7"
    grep -q '"key":"stones.field"' "$TMP/body" || fail "a missing image: $(cat "$TMP/body")"
    http 422 "a key the style does not read" -X POST --data-binary 'stones.stamp=daisy' "${URL}api/render?view=texture&gen=8"
    grep -q 'applies only to stamps layers' "$TMP/body" || fail "a key of another style: $(cat "$TMP/body")"
    http 422 "no such section" -X POST --data-binary 'rocks.scale=1' "${URL}api/render?view=texture&gen=9"
    http 422 "a line break in a value" -X POST --data-binary $'stones.scale=1 ; x' "${URL}api/render?view=texture&gen=10"
    http 200 "still rendering after the failures" -X POST "${URL}api/render?view=texture&gen=11"
    cmp -s "$TMP/body" "$TMP/texture.png" || fail "the same preset rendered twice gives other bytes"
}

parallel_requests() {
    local i codes
    for i in $(seq 100); do
        curl -s -o /dev/null -w '%{http_code}\n' -X POST "${URL}api/render?view=texture&gen=$((100 + i))" \
            >"$TMP/par.$i" &
    done
    for i in $(seq 100); do
        curl -s -o /dev/null -w '%{http_code}\n' "$URL" >"$TMP/get.$i" &
    done
    wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
    codes=$(cat "$TMP"/par.* | sort | uniq -c | tr '\n' ' ')
    cat "$TMP"/par.* "$TMP"/get.* | grep -qvE '^(200|409|503)$' && fail "100 parallel requests: codes $codes"
    grep -qx 200 "$TMP"/par.* || fail "100 parallel renders: none rendered ($codes)"
    kill -0 "$PID" || fail "preview died under 100 parallel requests"
    http 200 "serving after 100 parallel requests" "$URL"
}

save_round_trip() {
    cp "$PRESET" "$TMP/before.ini"
    http 200 "a render with a change" -X POST --data-binary 'stones.scale=0.6' "${URL}api/render?view=texture&gen=1000"
    cp "$TMP/body" "$TMP/shown.png"
    cmp -s "$TMP/shown.png" "$TMP/texture.png" && fail "stones.scale=0.6 renders the same picture"
    http 200 "save" -X POST --data-binary 'stones.scale=0.6' "${URL}api/save"
    local d
    d=$(diff "$TMP/before.ini" "$PRESET" | tr "\n" "|" || true)
    [ "$d" = "42c42|< scale = 0.85|---|> scale = 0.6|" ] || fail "save changed more than the line of scale: $d"
    http 422 "saving a bad value" -X POST --data-binary 'stones.scale=big' "${URL}api/save"
    cmp -s "$PRESET" <(sed 's/^scale = 0.85$/scale = 0.6/' "$TMP/before.ini") || fail "a refused save changed the file"
    http 200 "a render of the saved file" -X POST "${URL}api/render?view=texture&gen=1001"
    cmp -s "$TMP/body" "$TMP/shown.png" || fail "the saved file renders other bytes than the preview showed"
    mkdir -p "$TMP/packin"
    cp "$PRESET" "$TMP/packin/"
    "$DAPPLE" pack "$TMP/packin" -o "$TMP/packout" --size-cap 512 >/dev/null 2>&1 || fail "pack of the saved preset failed"
    cmp -s "$TMP/packout/pebbles.png" "$TMP/shown.png" || fail "pack --size-cap 512 of the saved preset gives other bytes than the preview"
    # a key the file lacks goes in after its section's last key
    http 200 "save a new key" -X POST --data-binary 'texture.normal=true' "${URL}api/save"
    d=$(diff "$TMP/before.ini" "$PRESET" | tr "\n" "|" || true)
    [ "$d" = "14a15|> normal = true|42c43|< scale = 0.85|---|> scale = 0.6|" ] || fail "a new key: $d"
    local stamp
    stamp=$(curl -s "${URL}api/stamp")
    cp "$TMP/before.ini" "$PRESET.new" && mv "$PRESET.new" "$PRESET"
    [ "$(curl -s "${URL}api/stamp")" != "$stamp" ] || fail "the stamp did not change when the file did"
}

# A newer edit stops a render still running (409 for the older one), and SIGINT while a
# render runs takes its child down too, with its files. A 3072 px pebbles keeps the
# renders running long enough.
cancel_and_interrupt() {
    mkdir -p "$TMP/bigpreset"
    sed 's/^size = .*/size = 3072x3072/' "$PRESET" >"$TMP/bigpreset/pebbles.ini"
    start_preview "$TMP/bigpreset/pebbles.ini" --side 3072 || return
    curl -s -o /dev/null -w '%{http_code}' -X POST "${URL}api/render?view=texture&gen=1" >"$TMP/c1" &
    local c1=$! first= second=
    for _ in $(seq 400); do
        first=$(pgrep -P "$PID" | head -1) && [ -n "$first" ] && break
        sleep 0.05
    done
    [ -n "$first" ] || fail "no render child seen"
    curl -s -o /dev/null -X POST --data-binary 'stones.scale=0.5' "${URL}api/render?view=texture&gen=2" &
    wait "$c1" || true
    [ "$(cat "$TMP/c1")" = 409 ] || fail "a render overtaken by a newer edit: HTTP $(cat "$TMP/c1"), want 409"
    ! kill -0 "$first" 2>/dev/null || fail "the overtaken render $first still runs"
    for _ in $(seq 400); do
        second=$(pgrep -P "$PID" | head -1) && [ -n "$second" ] && break
        sleep 0.05
    done
    [ -n "$second" ] || fail "the newer render did not start"
    stop_preview
    [ -z "$second" ] || ! kill -0 "$second" 2>/dev/null || fail "the render child $second outlived the server"
    wait 2>/dev/null || true
}

usage_errors
start_preview "$PRESET" && {
    serves_only_its_page
    renders_and_errors
    parallel_requests
    save_round_trip
    stop_preview
}
cancel_and_interrupt
finish
