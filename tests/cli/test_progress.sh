# The live progress line of single commands: shown on a terminal once a run has lasted
# 2 s, never when stderr is a file, gone with --quiet (the summary too), and never a
# change to the output. Runs are made to last long enough without depending on the
# machine's speed: the process is stopped (SIGSTOP) for 2.5 s once its progress thread
# exists, so its clock passes 2 s whatever the work costs. Needs script(1) for a terminal.
. "$(dirname "$0")/lib.sh"
command -v script >/dev/null || {
    echo "note: script(1) is missing: progress on a terminal not tested" >&2
    finish
    exit 0
}
ARGS="--size 2000x2000 --rmin 1 --rmax 3 --field perlin"

# pause_when_threads PIDFILE N: once the process in PIDFILE runs N threads, stop it for
# 2.5 s. Returns 1 if it ended first.
pause_when_threads() {
    local pid start=$SECONDS
    while [ ! -s "$1" ]; do
        ((SECONDS - start < 300)) || return 1
        sleep 0.02
    done
    pid=$(cat "$1")
    while [ "$(ls "/proc/$pid/task" 2>/dev/null | wc -l)" -lt "$2" ]; do
        [ -d "/proc/$pid" ] && ((SECONDS - start < 300)) || return 1
        sleep 0.01
    done
    kill -STOP "$pid" && sleep 2.5 && kill -CONT "$pid"
}

# on_tty NAME N -- command...: runs the command on a pseudo-terminal (its transcript in
# $TMP/NAME.tty), paused as above once it has N threads.
on_tty() {
    local name=$1 n=$2
    shift 3
    rm -f "$TMP/$name.pid"
    script -qec "$* & echo \$! >'$TMP/$name.pid'; wait \$!" /dev/null >"$TMP/$name.tty" </dev/null &
    local sp=$!
    pause_when_threads "$TMP/$name.pid" "$n" || fail "$name: the run ended before it could be paused"
    wait $sp || fail "$name: exit $?"
}

progress_on_terminal() {
    $DAPPLE points $ARGS -o "$TMP/plain.csv" 2>"$TMP/plain.err" || fail "points: exit $?"
    on_tty tty 2 -- $DAPPLE points $ARGS -o "$TMP/tty.csv"
    grep -q $'\rdapple: [a-z ]*\.\.\. [0-9]* s\033\[K' "$TMP/tty.tty" ||
        fail "no progress line on a terminal: $(head -c 300 "$TMP/tty.tty" | od -c | head -5)"
    grep -q 'dapple: [0-9]* points in' "$TMP/tty.tty" || fail "no summary on a terminal"
    cmp -s "$TMP/plain.csv" "$TMP/tty.csv" || fail "the progress line changed the output"
}

# Not a terminal: the same long run prints its summary and nothing else.
no_progress_to_a_file() {
    rm -f "$TMP/file.pid"
    (
        $DAPPLE points $ARGS -o "$TMP/file.csv" 2>"$TMP/file.err" &
        echo $! >"$TMP/file.pid"
        wait $!
    ) &
    local sp=$!
    pause_when_threads "$TMP/file.pid" 1 || fail "file: the run ended before it could be paused"
    wait $sp || fail "file: exit $?"
    ! grep -q $'\r' "$TMP/file.err" || fail "progress written to a file: $(od -c "$TMP/file.err" | head -3)"
    [ "$(grep -c . "$TMP/file.err")" = 1 ] && grep -q '^dapple: [0-9]* points in' "$TMP/file.err" ||
        fail "stderr to a file: '$(cat "$TMP/file.err")', want the summary alone"
}

# --quiet on a terminal: nothing at all, for points, field, mask and render alike.
quiet_is_silent() {
    on_tty quiet 1 -- $DAPPLE points $ARGS --quiet -o "$TMP/quiet.csv"
    [ ! -s "$TMP/quiet.tty" ] || fail "--quiet printed: $(head -c 200 "$TMP/quiet.tty" | od -c | head -3)"
    cmp -s "$TMP/plain.csv" "$TMP/quiet.csv" || fail "--quiet changed the output"
    local pre
    pre=$(cd "$(dirname "$0")/../../presets" && pwd)/terrazzo.ini
    script -qec "$DAPPLE field --size 64x64 --radius 2 --quiet -o $TMP/f.png; \
        $DAPPLE mask --size 64x64 --radius 2 --quiet -o $TMP/m.png; \
        $DAPPLE render $pre --size 64x64 --quiet -o $TMP/r.png" /dev/null >"$TMP/q2.tty" </dev/null ||
        fail "--quiet field, mask, render: exit $?"
    [ ! -s "$TMP/q2.tty" ] || fail "--quiet printed: $(head -c 200 "$TMP/q2.tty")"
    [ -s "$TMP/f.png" ] && [ -s "$TMP/m.png" ] && [ -s "$TMP/r.png" ] || fail "--quiet: an output is missing"
}

progress_on_terminal
no_progress_to_a_file
quiet_is_silent
finish
