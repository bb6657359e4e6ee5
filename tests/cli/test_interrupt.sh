# Interrupts and leftovers: SIGINT or SIGTERM to render, mask, points and pack at several
# moments gives exit 130 or 143, one line on stderr, no temporary file, folder or lock left
# and every earlier output unchanged; a SIGKILLed run's temp file is removed by the next run
# writing into that folder, while a live run's is not; outputs are checked before the work.
# Moments are found by polling (the handler installed, a temp file present, jobs done), and
# the process is stopped (SIGSTOP) while the moment holds, so a loaded machine cannot make
# the signal land after the run has ended.
. "$(dirname "$0")/lib.sh"
set -m # background jobs of a script would otherwise start with SIGINT ignored
SHIPPED=$(cd "$(dirname "$0")/../../presets" && pwd)
# The batch scenarios need several jobs, not every preset: six cheap ones keep the pack
# renders (run in full here some nine times) from being most of the test's time; each job
# still takes long enough (about 0.1 s) for a poll to catch the run between two jobs.
PRESETS=$TMP/presets
mkdir -p "$PRESETS"
for p in rain-on-glass cobbles cracked-mud rain-on-window splatter condensation; do
    cp "$SHIPPED/$p.ini" "$PRESETS/"
done
TEMP_RE='^\..*\.[A-Za-z0-9]\{6\}$'

# Seconds to wait for a moment before giving up: generous, for a loaded 2-core machine.
LIMIT=300

state() { # the process state letter (R, S, T, Z, ...), or X when it is gone
    local s
    s=$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null) || s=X
    echo "${s:-X}"
}

# handler_ready PID: the process catches SIGINT (its handler is installed).
handler_ready() {
    local mask
    mask=$(sed -n 's/^SigCgt:\t*//p' "/proc/$1/status" 2>/dev/null) || return 1
    [ -n "$mask" ] && (((0x$mask >> 1) & 1))
}

has_temp() { ls -A "$2" 2>/dev/null | grep -q '\.dapple\.[A-Za-z0-9]\{6\}$'; }

# reap PID: sets CODE to its exit code once it has exited (with job control, wait returns
# 147 each time the process stops). Not in $(...): a subshell cannot wait for it.
reap() {
    CODE=0
    wait "$1" || CODE=$?
    while [ "$CODE" = 147 ]; do
        kill -CONT "$1" 2>/dev/null || true
        CODE=0
        wait "$1" || CODE=$?
    done
}

# catch PID COND ARG: polls until "COND PID ARG" holds, then stops the process and checks
# that it still holds. Returns 1 when the process ended first or the wait ran out.
catch() {
    local pid=$1 cond=$2 arg=$3 start=$SECONDS
    while ((SECONDS - start < LIMIT)); do
        case $(state "$pid") in Z | X) return 1 ;; esac
        if $cond "$pid" "$arg"; then
            kill -STOP "$pid"
            while [ "$(state "$pid")" != T ]; do
                case $(state "$pid") in Z | X) return 1 ;; esac
                sleep 0.01
            done
            $cond "$pid" "$arg" && return 0
            kill -CONT "$pid"
        fi
        sleep 0.05
    done
    return 1
}

# interrupt NAME SIG CODE COND ARG DIR -- command...: runs the command in the background,
# sends SIG at the moment COND, and checks the exit code, the last stderr line and that DIR
# holds no temporary file, --check folder or lock.
interrupt() {
    local name=$1 sig=$2 code=$3 cond=$4 arg=$5 dir=$6
    shift 7
    "$@" >/dev/null 2>"$TMP/$name.err" &
    local pid=$!
    if ! catch "$pid" "$cond" "$arg"; then
        fail "$name: the moment ($cond) never came: $(tail -n 2 "$TMP/$name.err")"
        reap "$pid"
        return
    fi
    kill "-$sig" "$pid"
    kill -CONT "$pid"
    reap "$pid"
    [ "$CODE" = "$code" ] || fail "$name: exit $CODE, want $code"
    local want=${WANT_LINE:-dapple: interrupted}
    tail -n 1 "$TMP/$name.err" | grep -Eqx -- "$want" ||
        fail "$name: last stderr line '$(tail -n 1 "$TMP/$name.err")', want '$want'"
    WANT_LINE=
    local left
    left=$(ls -A "$dir" 2>/dev/null | grep -e "$TEMP_RE" -e '^\.dapple-batch\.lock$' || true)
    [ -z "$left" ] || fail "$name: left behind in $dir: $left"
}

sum() { sha256sum "$1" | cut -c1-64; }

# splatter: at 2048 px its shapes take 0.4 s and its two PNGs as long to write, so the
# moments before and during the write both last long enough to catch.
render_interrupted() {
    local d=$TMP/render pre=$SHIPPED/splatter.ini
    mkdir -p "$d"
    $DAPPLE render "$pre" --size 64x64 -o "$d/r.png" --height "$d/h.png" 2>/dev/null
    local r=$(sum "$d/r.png") h=$(sum "$d/h.png")
    local big=(--size 2048x2048 -o "$d/r.png" --height "$d/h.png")
    interrupt render-early INT 130 handler_ready - "$d" -- $DAPPLE render "$pre" "${big[@]}"
    interrupt render-writing INT 130 has_temp "$d" "$d" -- $DAPPLE render "$pre" "${big[@]}"
    interrupt render-term TERM 143 has_temp "$d" "$d" -- $DAPPLE render "$pre" "${big[@]}"
    [ "$(sum "$d/r.png")" = "$r" ] || fail "render: the earlier texture changed"
    [ "$(sum "$d/h.png")" = "$h" ] || fail "render: the earlier height map changed"
}

mask_interrupted() {
    local d=$TMP/mask
    mkdir -p "$d"
    $DAPPLE mask --size 64x64 --radius 2 -o "$d/m.png" 2>/dev/null
    local m=$(sum "$d/m.png")
    local big=(--size 4096x4096 --rmin 2.5 --rmax 6 --field perlin -o "$d/m.png")
    interrupt mask-early INT 130 handler_ready - "$d" -- $DAPPLE mask "${big[@]}"
    interrupt mask-writing INT 130 has_temp "$d" "$d" -- $DAPPLE mask "${big[@]}"
    [ "$(sum "$d/m.png")" = "$m" ] || fail "mask: the earlier mask changed"
}

points_interrupted() {
    local d=$TMP/points
    mkdir -p "$d"
    $DAPPLE points --size 64x64 --radius 2 -o "$d/p.csv" 2>/dev/null
    local p=$(sum "$d/p.csv")
    local big=(--size 4000x4000 --radius 1 -o "$d/p.csv")
    interrupt points-early INT 130 handler_ready - "$d" -- $DAPPLE points "${big[@]}"
    interrupt points-writing INT 130 has_temp "$d" "$d" -- $DAPPLE points "${big[@]}"
    # a shell started under nohup passes SIGHUP on ignored, and dapple then keeps it ignored
    # (as nohup asks); bash cannot undo that, so the case is left out there
    if (((0x$(sed -n 's/^SigIgn:\t*//p' /proc/$$/status) >> 0) & 1)); then
        echo "points-hangup: left out, SIGHUP is ignored here (nohup)"
    else
        interrupt points-hangup HUP 129 handler_ready - "$d" -- $DAPPLE points "${big[@]}"
    fi
    [ "$(sum "$d/p.csv")" = "$p" ] || fail "points: the earlier point list changed"
}

finished() { grep -q "^dapple: \[${2% *}/" "$TMP/${2#* }.err"; } # PID "N NAME": N jobs reported

pack_interrupted() {
    local o=$TMP/pack args=(--size-cap 256 -j 1) n
    n=$(ls "$PRESETS"/*.ini | wc -l) # presets in the pack; 4 renders each with --seeds 1..4
    $DAPPLE pack "$PRESETS" -o "$TMP/pack-clean" "${args[@]}" 2>/dev/null
    WANT_LINE="dapple: interrupted(: [0-9]+ of $n presets done; rerun to finish)?"
    interrupt pack-early INT 130 handler_ready - "$o" -- $DAPPLE pack "$PRESETS" -o "$o" "${args[@]}"
    WANT_LINE="dapple: interrupted: [2-9] of $n presets done; rerun to finish"
    interrupt pack INT 130 finished "2 pack" "$o" -- $DAPPLE pack "$PRESETS" -o "$o" "${args[@]}"
    [ "$(ls -A "$o" | grep -c '^\.')" = 0 ] || fail "pack: hidden files left: $(ls -A "$o")"
    WANT_LINE="dapple: interrupted: [1-9][0-9]? of $((4 * n)) renders done; rerun to finish"
    interrupt pack-seeds TERM 143 finished "1 pack-seeds" "$TMP/pack-seeds" -- \
        $DAPPLE pack "$PRESETS" -o "$TMP/pack-seeds" "${args[@]}" --seeds 1..4
    # the rerun finishes the pack, byte for byte as an uninterrupted one
    $DAPPLE pack "$PRESETS" -o "$o" "${args[@]}" 2>"$TMP/rerun.err" || fail "pack rerun: exit $?"
    diff <(cd "$o" && sha256sum ./*.png | sort) <(cd "$TMP/pack-clean" && sha256sum ./*.png | sort) \
        >/dev/null || fail "pack rerun: outputs differ from an uninterrupted pack"
    # --check renders into a folder of its own, which an interrupt removes with its files
    WANT_LINE="dapple: interrupted: [0-9]+ of $n presets done; rerun to finish"
    interrupt pack-check INT 130 finished "1 pack-check" "$o" -- \
        $DAPPLE pack "$PRESETS" -o "$o" "${args[@]}" --check
    [ "$(ls -A "$o" | grep -c '^\.')" = 0 ] || fail "pack --check: hidden files left: $(ls -A "$o")"
}

# The temp file of a SIGKILLed run is removed by the next run writing there; a live run's
# temp file (the run stopped, not dead) is left alone, and that run completes.
live_temp() { ls -A "$2" 2>/dev/null | grep -q '^\.live\.png\.dapple\.'; }

stale_temps_removed() {
    local d=$TMP/stale pre=$SHIPPED/splatter.ini
    mkdir -p "$d"
    touch "$d/.notes.backup" "$d/.x.png.Ab12Cd"
    $DAPPLE render "$pre" --size 2048x2048 -o "$d/r.png" 2>/dev/null &
    local pid=$!
    catch $pid has_temp "$d" || fail "stale: no temp file appeared"
    kill -KILL $pid
    { reap $pid; } 2>/dev/null
    local stale
    stale=$(ls -A "$d" | grep '\.dapple\.' || true)
    [ -n "$stale" ] || fail "stale: SIGKILL left no temp file (nothing to test)"
    # a second render removes it as it starts, and is stopped while it writes
    $DAPPLE render "$pre" --size 2048x2048 -o "$d/live.png" 2>/dev/null &
    pid=$!
    catch $pid live_temp "$d" || fail "stale: no live temp file appeared"
    [ ! -e "$d/$stale" ] || fail "stale: render did not remove $stale"
    local live
    live=$(ls -A "$d" | grep '^\.live\.png\.dapple\.' || true)
    # points removes a stale one (unlocked, our name) and keeps the live one
    touch "$d/.old.csv.dapple.Ab12Cd"
    $DAPPLE points --size 64x64 --radius 4 -o "$d/p.csv" 2>/dev/null || fail "stale: points failed"
    [ ! -e "$d/.old.csv.dapple.Ab12Cd" ] || fail "stale: points did not remove .old.csv.dapple.Ab12Cd"
    [ -n "$live" ] && [ -e "$d/$live" ] || fail "stale: the live run's temp file '$live' was removed"
    [ -e "$d/.notes.backup" ] && [ -e "$d/.x.png.Ab12Cd" ] || fail "stale: a file not ours was removed"
    kill -CONT $pid
    { reap $pid; } 2>/dev/null
    [ "$CODE" = 0 ] || fail "stale: the live run failed: exit $CODE"
    expect_png "$d/live.png" "2048 2048 8 rgba srgb"
}

# A missing output folder is found before the field is read, let alone sampled.
outputs_checked_first() {
    local d=$TMP/first
    mkdir -p "$d"
    for cmd in points field mask; do
        expect_error 1 "dapple: cannot create $d/nodir/o.png: No such file or directory" "" -- \
            $DAPPLE $cmd --size 64x64 --rmin 1 --rmax 4 --field "image:$d/missing.png" -o "$d/nodir/o.png"
    done
}

# One scenario for both batch commands (one engine, src/batch/): interrupted once the first
# job is reported, then rerun. The rerun keeps what was done (some outputs up to date), the
# folder ends byte for byte as an uninterrupted run's, and the manifest (the batch format
# both write) is strict JSON listing every output with its file's checksum.
manifest_matches() { # DIR MANIFEST: every entry's sha256 is its file's, and nothing else is
    python3 - "$1" "$2" <<'PY'
import hashlib, json, os, sys
d, m = sys.argv[1], json.load(open(os.path.join(sys.argv[1], sys.argv[2])))
assert m["format"] == 2 and m["outputs"], "format or outputs"
for e in m["outputs"]:
    got = hashlib.sha256(open(os.path.join(d, e["file"]), "rb").read()).hexdigest()
    assert got == e["sha256"], e["file"]
PY
}

batch_interrupted_and_resumed() { # NAME DIR CLEAN MANIFEST UNIT -- command (without -o DIR...)
    local name=$1 d=$2 clean=$3 manifest=$4 unit=$5
    shift 6
    WANT_LINE="dapple: interrupted: [1-9][0-9]? of [0-9]+ $unit done; rerun to finish"
    interrupt "$name" INT 130 finished "1 $name" "$d" -- "$@"
    "$@" 2>"$TMP/$name-rerun.err" || fail "$name rerun: exit $?"
    grep -Eq "([1-9][0-9]* skipped|[1-9][0-9]* up to date)" "$TMP/$name-rerun.err" ||
        fail "$name rerun: nothing was kept: $(tail -n 1 "$TMP/$name-rerun.err")"
    diff <(cd "$d" && sha256sum ./* | grep -v "$manifest" | sort) \
        <(cd "$clean" && sha256sum ./* | grep -v "$manifest" | sort) >/dev/null ||
        fail "$name rerun: outputs differ from an uninterrupted run"
    manifest_matches "$d" "$manifest" || fail "$name rerun: the manifest does not match the files"
}

batch_both_resume() {
    local w=(--size 1024x1024 --rmin 1.5 --rmax 4 --field perlin --tile-size 256 -j 1)
    $DAPPLE pack "$PRESETS" -o "$TMP/bp-clean" --size-cap 128 -j 1 2>/dev/null
    batch_interrupted_and_resumed bpack "$TMP/bp" "$TMP/bp-clean" manifest.json presets -- \
        $DAPPLE pack "$PRESETS" -o "$TMP/bp" --size-cap 128 -j 1
    $DAPPLE tiles "${w[@]}" -o "$TMP/bt-clean/t_{x}_{y}.png" 2>/dev/null
    batch_interrupted_and_resumed btiles "$TMP/bt" "$TMP/bt-clean" "tiles.t_{x}_{y}.png.json" tiles -- \
        $DAPPLE tiles "${w[@]}" -o "$TMP/bt/t_{x}_{y}.png"
}

batch_both_resume
render_interrupted
mask_interrupted
points_interrupted
pack_interrupted
stale_temps_removed
outputs_checked_first
finish
