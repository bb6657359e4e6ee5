# `dapple preview` over HTTP (curl): it listens on loopback only, serves only its owner (a
# request without the printed token gets 403 and reads, writes and renders nothing), serves
# its page and the renders of its preset and nothing else (a path with '..', an absolute
# path, a body over 1 MiB, oversized headers, another Host or Origin, two Hosts, a bad gen
# each get a clear HTTP error), survives bad values and 100
# parallel requests, saves a change into that one line of the file, renders exactly what
# `pack --size-cap` renders from the saved file (and at size=full what `render` renders),
# gives a quick pass of a tileable pane, serves the page's layout (key groups, views), and
# stops on SIGINT with exit 130 and no scratch file left, also in the middle of a render.
# The page itself runs in a browser in test_preview_browser.sh.
. "$(dirname "$0")/lib.sh"
set -m # background jobs of a script would otherwise start with SIGINT ignored
PRESETS=$(cd "$(dirname "$0")/../../presets" && pwd)
command -v curl >/dev/null || { fail "curl is missing (sh scripts/install-deps.sh installs it)"; finish; }

mkdir -p "$TMP/p" "$TMP/scratch"
# pebbles (the costliest preset per shape) on a quarter of its texture, previewed at 256
# px: the same keys and lines, a quarter of the shapes to draw in each of the renders.
sed 's/^size = .*/size = 384x384/' "$PRESETS/pebbles.ini" >"$TMP/p/pebbles.ini"
PRESET=$TMP/p/pebbles.ini
SIDE=256

# start_preview ARGS...: runs it in the background (PID); the printed address in FULL, the
# address without the token in URL, the token in TOKEN, the cookie that carries it in COOKIE.
start_preview() {
    TMPDIR=$TMP/scratch "$DAPPLE" preview "$@" >"$TMP/preview.out" 2>"$TMP/preview.err" &
    PID=$!
    URL=
    for _ in $(seq 300); do
        FULL=$(sed -n 's/^dapple: previewing .* at \(http[^ ]*\) (Ctrl-C stops)$/\1/p' "$TMP/preview.out" 2>/dev/null || true)
        if [ -n "$FULL" ]; then
            URL=${FULL%%\?*}
            TOKEN=${FULL##*\?token=}
            PORT=${URL##*:}
            PORT=${PORT%/}
            COOKIE="dapple_preview_$PORT=$TOKEN"
            return 0
        fi
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

# http EXPECTED_CODE WHAT curl-args...: the owner's request (the token's cookie): the
# status code, and the body into $TMP/body. stranger: the same without the cookie.
http() {
    local want=$1 what=$2
    shift 2
    stranger "$want" "$what" -b "$COOKIE" "$@"
}

stranger() {
    local want=$1 what=$2 code
    shift 2
    code=$(curl -s -o "$TMP/body" -w '%{http_code}' "$@") || true
    [ "$code" = "$want" ] || fail "$what: HTTP $code, want $want ($(head -c 200 "$TMP/body"))"
}

# raw REQUEST: sends the bytes as they are (curl would merge two Host headers); the
# answer's status line into $TMP/raw, its body after it.
raw() {
    exec 3<>"/dev/tcp/127.0.0.1/$PORT"
    printf '%b' "$1" >&3
    timeout 10 cat <&3 >"$TMP/raw" || true
    exec 3>&-
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

# Issue #40: another user of the machine reaches 127.0.0.1 too. Without the printed token
# (or with a wrong one, in the query or the cookie) every route is 403, and nothing is
# read, written or rendered: the preset keeps its bytes and time, no render job starts.
owner_only() {
    echo "$FULL" | grep -qE '^http://127\.0\.0\.1:[0-9]+/\?token=[0-9a-f]{64}$' || fail "printed address '$FULL': want http://127.0.0.1:PORT/?token=64 hex digits"
    local wrong before route n
    wrong=$(printf '%s' "$TOKEN" | tr '0-9a-f' '1-9a-f0')
    cp -p "$PRESET" "$TMP/owner.ini"
    before=$(stat -c '%Y %i %s' "$PRESET")
    printf '[texture]\nsize = 8x8\n' >"$TMP/secret.ini"
    chmod 600 "$TMP/secret.ini"
    for route in "" "page.js" "controls.js" "viewer.js" "page.css" "api/spec" "api/stamp" "api/layout"; do
        stranger 403 "GET /$route without the token" "$URL$route"
        grep -q "with its token" "$TMP/body" || fail "403 without saying why: $(cat "$TMP/body")"
        stranger 403 "GET /$route with a wrong token" "$URL$route?token=$wrong"
        stranger 403 "GET /$route with a wrong cookie" -b "dapple_preview_$PORT=$wrong" "$URL$route"
        stranger 403 "GET /$route with a short token" "$URL$route?token=${TOKEN%?}"
        ! grep -q "size" "$TMP/body" || fail "GET /$route without the token shows the preset: $(head -c 200 "$TMP/body")"
    done
    stranger 403 "a cookie of another port" -b "dapple_preview_1=$TOKEN" "${URL}api/spec"
    stranger 403 "a save without the token" -X POST --data-binary 'stones.scale=0.1' "${URL}api/save"
    stranger 403 "a save with a wrong token" -X POST --data-binary 'stones.scale=0.1' "${URL}api/save?token=$wrong"
    stranger 403 "a render without the token" -X POST --data-binary "texture.background_image=$TMP/secret.png" \
        "${URL}api/render?view=texture&gen=1"
    stranger 403 "a render with a wrong cookie" -b "dapple_preview_$PORT=$wrong" -X POST "${URL}api/render?view=texture&gen=1"
    n=$(pgrep -c -P "$PID" || true)
    [ "${n:-0}" = 0 ] || fail "a request without the token started $n render jobs"
    [ -z "$(ls -A "$TMP/scratch"/*/ 2>/dev/null)" ] || fail "a request without the token made job folders: $(ls -R "$TMP/scratch")"
    cmp -s "$PRESET" "$TMP/owner.ini" || fail "a save without the token changed the preset"
    [ "$(stat -c '%Y %i %s' "$PRESET")" = "$before" ] || fail "a request without the token touched the preset"
    # the owner: the printed address sets the cookie, and the cookie alone then opens the rest
    curl -s -D "$TMP/headers" -o /dev/null "$FULL"
    grep -qi "^set-cookie: dapple_preview_$PORT=$TOKEN; Path=/; HttpOnly; SameSite=Strict" "$TMP/headers" ||
        fail "the printed address sets no HttpOnly, SameSite=Strict cookie: $(grep -i cookie "$TMP/headers")"
    stranger 200 "the spec with the token in the query" "${URL}api/spec?token=$TOKEN"
    http 200 "the spec with the cookie" "${URL}api/spec"
    http 200 "the page with the cookie" "$URL"
    curl -s -D "$TMP/headers" -o /dev/null -b "$COOKIE" "$URL"
    ! grep -qi "set-cookie" "$TMP/headers" || fail "the cookie is set again without the token in the query"
}

# Malformed requests of the owner: a generation that is not a whole number (strtoull read
# "-1" as 2^64 - 1 and cancelled every later render), two Host headers.
bad_requests() {
    local g
    for g in -1 abc 1e3 "" 18446744073709551615 9007199254740992; do
        http 400 "gen=$g" -X POST "${URL}api/render?view=texture&gen=$g"
        grep -qF "gen: expected a whole number in [0, 9007199254740991], got '$g'" "$TMP/body" || fail "gen=$g: $(cat "$TMP/body")"
    done
    http 200 "a render after the bad gens" -X POST "${URL}api/render?view=texture&gen=0"
    raw "GET /?token=$TOKEN HTTP/1.1\r\nHost: 127.0.0.1:$PORT\r\nHost: evil.example\r\nConnection: close\r\n\r\n"
    head -1 "$TMP/raw" | grep -q " 400 " || fail "two Host headers: $(head -1 "$TMP/raw")"
    grep -q "more than one Host header" "$TMP/raw" || fail "two Host headers refused without saying why"
    raw "GET /?token=$TOKEN HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1:$PORT\r\nConnection: close\r\n\r\n"
    head -1 "$TMP/raw" | grep -q " 400 " || fail "two Host headers, the foreign one first: $(head -1 "$TMP/raw")"
}

# Save writes into the file itself: a 0600 preset stays 0600 and its hard link sees the
# change (a rename over it made it 0644 and broke the link); a key that is not a key
# ('#note' would be written as a comment) is refused naming it, and the file is unchanged.
save_in_place() {
    local ino k
    chmod 600 "$PRESET"
    ln -f "$PRESET" "$TMP/link.ini"
    ino=$(stat -c %i "$PRESET")
    http 200 "save of a 0600 hard-linked preset" -X POST --data-binary 'stones.scale=0.61' "${URL}api/save"
    [ "$(stat -c '%a %i %h' "$PRESET")" = "600 $ino 2" ] || fail "save: mode, inode, links $(stat -c '%a %i %h' "$PRESET"), want 600 $ino 2"
    grep -qx "scale = 0.61" "$TMP/link.ini" || fail "save: the hard link does not see the change"
    cp -p "$PRESET" "$TMP/keys.ini"
    for k in '#note' ';note' 'a b' 'a.b'; do
        http 422 "save of the key '$k'" -X POST --data-binary "stones.$k=1" "${URL}api/save"
        grep -qF "stones.$k: '$k' is not a key (letters, digits and '_')" "$TMP/body" || fail "save of '$k': $(cat "$TMP/body")"
    done
    http 422 "save of an empty key" -X POST --data-binary "stones.=1" "${URL}api/save"
    grep -qF "'' is not a key" "$TMP/body" || fail "save of an empty key: $(cat "$TMP/body")"
    cmp -s "$PRESET" "$TMP/keys.ini" || fail "a refused key changed the preset"
    chmod 400 "$PRESET"
    if [ "$(id -u)" != 0 ]; then
        http 500 "save of a read-only preset" -X POST --data-binary 'stones.scale=0.62' "${URL}api/save"
        grep -qF "cannot save $PRESET: Permission denied" "$TMP/body" || fail "read-only: $(cat "$TMP/body")"
    fi
    chmod 644 "$PRESET"
    rm -f "$TMP/link.ini"
    # a FIFO put in the preset's place: refused at once, naming it, for reading and saving
    mv "$PRESET" "$TMP/keep.ini"
    mkfifo "$PRESET"
    http 500 "the spec of a FIFO" --max-time 10 "${URL}api/spec"
    grep -qF "cannot open '$PRESET': not a regular file" "$TMP/body" || fail "the spec of a FIFO: $(cat "$TMP/body")"
    http 422 "a render of a FIFO" --max-time 10 -X POST "${URL}api/render?view=texture&gen=0"
    grep -qF "not a regular file" "$TMP/body" || fail "a render of a FIFO: $(cat "$TMP/body")"
    http 500 "a save into a FIFO" --max-time 10 -X POST --data-binary 'stones.scale=0.5' "${URL}api/save"
    grep -qF "not a regular file" "$TMP/body" || fail "a save into a FIFO: $(cat "$TMP/body")"
    rm "$PRESET"
    mv "$TMP/keep.ini" "$PRESET"
}

# --host: an address other machines reach needs --allow-remote, warns, and keeps the token
# and Host checks; any loopback address (127.0.0.2) serves its own page.
other_hosts() {
    expect_error 2 "dapple: --host 0.0.0.0: other machines could reach the preview there; add --allow-remote to mean it" "" -- \
        "$DAPPLE" preview "$PRESET" --host 0.0.0.0
    start_preview "$PRESET" --host 0.0.0.0 --allow-remote || return
    grep -q "^dapple: warning: --host 0.0.0.0 is not a loopback address" "$TMP/preview.err" || fail "--allow-remote without a warning: $(cat "$TMP/preview.err")"
    URL=http://127.0.0.1:$PORT/
    stranger 403 "0.0.0.0 without the token" "$URL"
    http 403 "0.0.0.0 with another Host" -H "Host: evil.example" "$URL"
    http 403 "0.0.0.0 with another Host and port" -H "Host: evil.example:$PORT" -X POST --data-binary 'stones.scale=0.1' "${URL}api/save"
    http 200 "0.0.0.0 by its own address" "$URL"
    stop_preview
    start_preview "$PRESET" --host 127.0.0.2 || return
    stranger 200 "127.0.0.2: its own page" "$FULL"
    http 200 "127.0.0.2: its spec" "${URL}api/spec"
    http 403 "127.0.0.2: another Host" -H "Host: evil.example" "${URL}api/spec"
    stop_preview
}

# A render stops when its client hangs up (nobody would see it), and one over --time-limit
# is stopped and answered with a message naming the option. 3072 px pebbles takes seconds.
render_limits() {
    local child= code
    start_preview "$TMP/bigpreset/pebbles.ini" --side 3072 --time-limit 1 || return
    SECONDS=0
    http 422 "a render over --time-limit 1" -X POST "${URL}api/render?view=texture&gen=1"
    grep -qF "the render ran over 1 s, the preview's limit (--time-limit)" "$TMP/body" || fail "over the time limit: $(cat "$TMP/body")"
    [ "$SECONDS" -le 4 ] || fail "a render over --time-limit 1 answered after $SECONDS s"
    [ -z "$(pgrep -P "$PID")" ] || fail "the render over its time limit still runs"
    stop_preview
    start_preview "$TMP/bigpreset/pebbles.ini" --side 3072 || return
    curl -s -b "$COOKIE" -o /dev/null -X POST "${URL}api/render?view=texture&gen=1" &
    code=$!
    for _ in $(seq 400); do
        child=$(pgrep -P "$PID" | head -1) && [ -n "$child" ] && break
        sleep 0.05
    done
    [ -n "$child" ] || fail "no render child seen"
    kill "$code"
    wait "$code" 2>/dev/null || true
    for _ in $(seq 40); do
        kill -0 "$child" 2>/dev/null || break
        sleep 0.05
    done
    ! kill -0 "$child" 2>/dev/null || fail "the render $child runs on after its client hung up"
    stop_preview
}

# 300 connections that never finish their headers (a slow-loris client) filled every
# connection slot and nobody else was answered; the oldest waiting ones are now cut, so a
# request still gets its answer.
slow_connections() {
    local fds=() fd i
    for i in $(seq 300); do
        exec {fd}<>"/dev/tcp/127.0.0.1/$PORT" || break
        printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nX-Slow: ' "$PORT" >&$fd
        fds+=("$fd")
    done
    [ "${#fds[@]}" = 300 ] || fail "opened only ${#fds[@]} slow connections"
    http 200 "the page, with 300 connections stuck in their headers" --max-time 10 "$URL"
    for fd in "${fds[@]}"; do exec {fd}>&-; done
    kill -0 "$PID" || fail "preview died under 300 slow connections"
}

# A preview killed by SIGKILL cannot remove its scratch folder (nor can its jobs, killed
# with it): the next preview removes the folders whose server is gone, and no other.
sigkill_leftovers() {
    local old
    start_preview "$PRESET" || return
    http 200 "a render before SIGKILL" -X POST "${URL}api/render?view=texture&gen=1"
    kill -KILL "$PID"
    wait "$PID" 2>/dev/null || true
    old=$(ls -A "$TMP/scratch")
    case $old in .preview-"$PID".dapple.??????) ;; *) fail "scratch folder after SIGKILL: '$old', want .preview-$PID.dapple.XXXXXX" ;; esac
    mkdir "$TMP/scratch/.preview-$$.dapple.AbC123" # a live process's (this shell's): kept
    touch "$TMP/scratch/.preview-$$.dapple.AbC123/keep"
    start_preview "$PRESET" || return
    [ ! -e "$TMP/scratch/$old" ] || fail "the next preview left the folder of the one killed: $old"
    [ -e "$TMP/scratch/.preview-$$.dapple.AbC123/keep" ] || fail "the next preview removed the folder of a live process"
    rm -r "$TMP/scratch/.preview-$$.dapple.AbC123"
    stop_preview
}

# /api/spec of a preset holding a Latin-1 byte (#40: invalid UTF-8 inside the JSON, which
# the page could not parse): the answer is valid JSON, the byte sent as U+FFFD.
latin1_value() {
    cp "$PRESET" "$TMP/latin1.ini"
    printf '[layer extra]\nstyle = circles\nradius = 3\ncolour = caf\351\n' >>"$PRESET"
    http 200 "the spec of a Latin-1 value" "${URL}api/spec"
    python3 -c 'import json,sys; d=json.loads(open(sys.argv[1],"rb").read().decode("utf-8")); assert "caf\ufffd" in json.dumps(d, ensure_ascii=False)' "$TMP/body" ||
        fail "the spec of a Latin-1 value is not valid UTF-8 JSON with U+FFFD: $(head -c 200 "$TMP/body" | cat -v)"
    cp "$TMP/latin1.ini" "$PRESET"
}

# GET /api/layout: the groups in the page's order, the group of every key, the views with
# the mask's kinds (issue #41: the page names neither keys nor outputs).
layout() {
    http 200 "the layout" "${URL}api/layout"
    python3 - "$TMP/body" <<'PY' || fail "the layout: $(head -c 300 "$TMP/body")"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["groups"] == ["Distribution", "Shape", "Shading", "Output"], d["groups"]
assert d["keys"]["layer"]["rmin"] == "Distribution" and d["keys"]["layer"]["colours"] == "Shading"
assert d["keys"]["texture"]["size"] == "Output" and d["keys"]["layer"]["wobble"] == "Shape"
assert all(g in d["groups"] for sec in d["keys"].values() for g in sec.values())
names = [v["name"] for v in d["views"]]
assert names[:4] == ["texture", "height", "normal", "mask"], names
assert "clearance" in d["views"][3]["kinds"] and "none" not in d["views"][3]["kinds"]
PY
    local k n=0
    for k in $("$DAPPLE" layers "$PRESET" | sed -n '/keys:/,$p' | sed 's/^.*keys://'); do
        n=$((n + 1))
        grep -q "\"$k\":\"" "$TMP/body" || fail "the layout has no group for the key '$k'"
    done
    [ "$n" -ge 60 ] || fail "read only $n keys from dapple layers"
    http 200 "controls.js" "${URL}controls.js"
    grep -q "function rebuild" "$TMP/body" || fail "controls.js is not the panels' script"
    http 200 "viewer.js" "${URL}viewer.js"
}

# size=full renders the preset at its own size: the bytes of `dapple render` with the same
# changes. quick=N is a pane of 1/N of each side, tileable, at the exact picture's scale;
# the exact picture says which N the next quick pass should use.
full_and_quick() {
    http 200 "a full-size render" -D "$TMP/headers" -X POST --data-binary $'stones.scale=0.6\ntexture.seed=5' \
        "${URL}api/render?view=texture&size=full&gen=20"
    cp "$TMP/body" "$TMP/full.png"
    "$DAPPLE" render "$PRESET" --set stones.scale=0.6 --set texture.seed=5 -o "$TMP/render.png" --quiet
    cmp -s "$TMP/full.png" "$TMP/render.png" || fail "size=full gives other bytes than dapple render"
    expect_png "$TMP/full.png" "384 384 8 rgba srgb"
    grep -qi "^x-picture-size: 384x384" "$TMP/headers" || fail "size=full: $(grep -i '^x-' "$TMP/headers")"
    grep -qiE "^x-quick-tiles: [1-8]" "$TMP/headers" || fail "an exact render gives no quick tiling: $(grep -i '^x-' "$TMP/headers")"
    http 200 "the height map at full size" -X POST "${URL}api/render?view=height&size=full&gen=21"
    expect_png "$TMP/body" "384 384 16 grey linear"
    http 200 "a quick pass" -D "$TMP/headers" -X POST "${URL}api/render?view=texture&quick=3&gen=22"
    expect_png "$TMP/body" "86 86 8 rgba srgb"
    grep -qi "^x-tiles: 3" "$TMP/headers" || fail "a quick pass: $(grep -i '^x-' "$TMP/headers")"
    grep -qi "^x-picture-size: 256x256" "$TMP/headers" || fail "a quick pass: $(grep -i '^x-' "$TMP/headers")"
    cmp -s "$TMP/body" "$TMP/texture.png" && fail "the quick pass is the exact picture"
    http 200 "a quick pass at full size" -X POST "${URL}api/render?view=normal&quick=4&size=full&gen=23"
    expect_png "$TMP/body" "96 96 8 rgb linear"
    http 200 "an exact pass at low priority" -X POST "${URL}api/render?view=texture&priority=low&gen=24"
    cmp -s "$TMP/body" "$TMP/texture.png" || fail "priority=low changes the picture"
    local q
    for q in "view=texture&quick=1" "view=texture&quick=9" "view=texture&quick=abc" "view=texture&quick=" \
        "view=texture&size=huge" "view=texture&priority=urgent" "view=mask" "view=mask&kind=none" \
        "view=mask&kind=nope" "view=albedo_nope" "view="; do
        http 400 "render with $q" -X POST "${URL}api/render?$q&gen=25"
    done
    http 400 "quick=9" -X POST "${URL}api/render?view=texture&quick=9"
    grep -qF "quick: expected a whole number in [2, 8], got '9'" "$TMP/body" || fail "quick=9: $(cat "$TMP/body")"
    http 400 "an unknown view" -X POST "${URL}api/render?view=nope"
    grep -qF "expected view=texture, height, normal, mask, albedo, roughness or ao (the mask with kind=KIND)" "$TMP/body" || fail "view=nope: $(cat "$TMP/body")"
    # the material maps are views too, the bytes of render's --albedo, --roughness, --ao
    "$DAPPLE" render "$PRESET" --albedo "$TMP/albedo.png" --roughness "$TMP/rough.png" --ao "$TMP/ao.png" --quiet
    local v n=90
    for v in albedo:albedo roughness:rough ao:ao; do
        n=$((n + 1))
        http 200 "the ${v%%:*} view at full size" -X POST "${URL}api/render?view=${v%%:*}&size=full&gen=$n"
        cmp -s "$TMP/body" "$TMP/${v#*:}.png" || fail "view=${v%%:*} at full size gives other bytes than render --${v%%:*}"
    done
}

renders_and_errors() {
    http 200 "a render" -X POST "${URL}api/render?view=texture&gen=1" -o "$TMP/texture.png"
    cp "$TMP/body" "$TMP/texture.png"
    expect_png "$TMP/texture.png" "256 256 8 rgba srgb"
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
    local i codes gets
    for i in $(seq 100); do
        curl -s -b "$COOKIE" -o /dev/null -w '%{http_code}\n' -X POST "${URL}api/render?view=texture&gen=$((100 + i))" \
            >"$TMP/par.$i" &
    done
    for i in $(seq 100); do
        curl -s -b "$COOKIE" -o /dev/null -w '%{http_code}\n' "$URL" >"$TMP/get.$i" &
    done
    wait $(jobs -p | grep -v "^$PID$") 2>/dev/null || true
    codes=$(cat "$TMP"/par.* | sort | uniq -c | tr '\n' ' ')
    gets=$(cat "$TMP"/get.* | sort | uniq -c | tr '\n' ' ')
    cat "$TMP"/par.* | grep -qvE '^(200|409|503)$' && fail "100 parallel renders: codes $codes"
    # 200 connections at once: more than MAX_WAITING of them may still be sending their
    # headers when the next arrives, and the guard cuts the oldest (000, conn_guard.h)
    cat "$TMP"/get.* | grep -qvE '^(200|503|000)$' && fail "100 parallel page loads: codes $gets"
    grep -qx 200 "$TMP"/get.* || fail "100 parallel page loads: none answered ($gets)"
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
    "$DAPPLE" pack "$TMP/packin" -o "$TMP/packout" --size-cap $SIDE >/dev/null 2>&1 || fail "pack of the saved preset failed"
    cmp -s "$TMP/packout/pebbles.png" "$TMP/shown.png" || fail "pack --size-cap $SIDE of the saved preset gives other bytes than the preview"
    # a key the file lacks goes in after its section's last key
    http 200 "save a new key" -X POST --data-binary 'texture.normal=true' "${URL}api/save"
    d=$(diff "$TMP/before.ini" "$PRESET" | tr "\n" "|" || true)
    [ "$d" = "14a15|> normal = true|42c43|< scale = 0.85|---|> scale = 0.6|" ] || fail "a new key: $d"
    local stamp
    stamp=$(curl -s -b "$COOKIE" "${URL}api/stamp")
    cp "$TMP/before.ini" "$PRESET.new" && mv "$PRESET.new" "$PRESET"
    [ "$(curl -s -b "$COOKIE" "${URL}api/stamp")" != "$stamp" ] || fail "the stamp did not change when the file did"
}

# A newer edit stops a render still running (409 for the older one), and SIGINT while a
# render runs takes its child down too, with its files. A 3072 px pebbles keeps the
# renders running long enough.
cancel_and_interrupt() {
    mkdir -p "$TMP/bigpreset"
    sed 's/^size = .*/size = 3072x3072/' "$PRESET" >"$TMP/bigpreset/pebbles.ini"
    start_preview "$TMP/bigpreset/pebbles.ini" --side 3072 || return
    curl -s -b "$COOKIE" -o /dev/null -w '%{http_code}' -X POST "${URL}api/render?view=texture&gen=1" >"$TMP/c1" &
    local c1=$! first= second=
    for _ in $(seq 400); do
        first=$(pgrep -P "$PID" | head -1) && [ -n "$first" ] && break
        sleep 0.05
    done
    [ -n "$first" ] || fail "no render child seen"
    curl -s -b "$COOKIE" -o /dev/null -X POST --data-binary 'stones.scale=0.5' "${URL}api/render?view=texture&gen=2" &
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
start_preview "$PRESET" --side $SIDE && {
    owner_only
    serves_only_its_page
    bad_requests
    renders_and_errors
    layout
    full_and_quick
    parallel_requests
    slow_connections
    save_round_trip
    save_in_place
    latin1_value
    stop_preview
}
other_hosts
cancel_and_interrupt
render_limits
sigkill_leftovers
finish
