# Runs the test programs and scripts given as arguments, TEST_JOBS at a time (default: the
# number of cores plus one), and reports each as it ends: the suite is CPU-bound, so two at
# a time on two cores halves its wall time. The slowest go first, so no long test starts last and
# runs alone. Each test's output goes to LOGS/NAME.log and is printed in full only if the
# test fails. Exit 1 if any failed.
#   bash tests/run_all.sh LOGS build/tests/test_sampler tests/cli/test_pack.sh ...
# A *.sh argument runs with bash (DAPPLE, TOOLS and NO_BROWSER pass through the
# environment); anything else is a Criterion program, run with --jobs 1 since the other
# tests keep the cores busy.
set -u
LOGS=$1
shift
# One more than the cores: several tests spend seconds waiting on what they started (a
# signal's moment, a server, a progress line), and a third test uses those gaps (on two
# cores: 4.1 min for make test, against 4.6 min two at a time).
JOBS=${TEST_JOBS:-$(($(nproc) + 1))}
mkdir -p "$LOGS"
rm -f "$LOGS"/*.log "$LOGS"/*.failed

# The tests known to take longest on their own, first; the rest in the order given.
SLOW="test_doc_examples.sh test_interrupt.sh test_periodic_axis.sh test_world test_preview.sh
test_lens.sh test_water test_arrangement.sh test_preview_browser.sh test_cells.sh
test_hostile.sh test_sampler"
ordered=()
for name in $SLOW; do
    for t in "$@"; do [ "$(basename "$t")" = "$name" ] && ordered+=("$t"); done
done
for t in "$@"; do
    case " $(echo $SLOW) " in *" $(basename "$t") "*) ;; *) ordered+=("$t") ;; esac
done

run_one() { # run_one LOGS TEST
    local log=$1/$(basename "$2").log start=$SECONDS code=0 cpu TIMEFORMAT=%U+%S
    # The processor time (user + system, children included) tells which tests to trim when
    # the suite grows: on two cores, the suite's wall time is at least half their sum.
    cpu=$({ time {
        case $2 in
        *.sh) bash "$2" >"$log" 2>&1 || code=$? ;;
        *) "$2" --jobs 1 --short-filename >"$log" 2>&1 || code=$? ;;
        esac
        echo "$code" >"$log.code"
    }; } 2>&1)
    code=$(cat "$log.code") && rm -f "$log.code"
    cpu=$(echo "$cpu" | awk -F+ '{ printf "%.0f", $1 + $2 }')
    if [ "$code" = 0 ]; then
        echo "ok   $2 ($((SECONDS - start)) s, $cpu s CPU)"
    else
        touch "$1/$(basename "$2").failed"
        { echo "FAIL $2 (exit $code, $((SECONDS - start)) s):"; sed 's/^/    /' "$log"; } >&2
    fi
}
export -f run_one

start=$SECONDS
printf '%s\n' "${ordered[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one "$0" "$1"' "$LOGS" {}
failed=$(ls "$LOGS" | sed -n 's/\.failed$//p')
if [ -n "$failed" ]; then
    echo "failed: $(echo $failed)" >&2
    exit 1
fi
echo "all ${#ordered[@]} tests passed in $((SECONDS - start)) s ($JOBS at a time)"
