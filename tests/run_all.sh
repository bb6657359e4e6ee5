# Runs the test programs and scripts given as arguments, TEST_JOBS at a time (default: the
# number of cores), and reports each as it ends: the suite is CPU-bound, so two at a time on
# two cores halves its wall time. The slowest go first, so no long test starts last and
# runs alone. Each test's output goes to LOGS/NAME.log and is printed in full only if the
# test fails. Exit 1 if any failed.
#   bash tests/run_all.sh LOGS build/tests/test_sampler tests/cli/test_pack.sh ...
# A *.sh argument runs with bash (DAPPLE, TOOLS and NO_BROWSER pass through the
# environment); anything else is a Criterion program, run with --jobs 1 since the other
# tests keep the cores busy.
set -u
LOGS=$1
shift
JOBS=${TEST_JOBS:-$(nproc)}
mkdir -p "$LOGS"
rm -f "$LOGS"/*.log "$LOGS"/*.failed

# The tests known to take longest on their own, first; the rest in the order given.
SLOW="test_doc_examples.sh test_interrupt.sh test_world test_sampler test_cells.sh
test_stats_hostile.sh test_world.sh test_lens.sh test_arrangement.sh test_water"
ordered=()
for name in $SLOW; do
    for t in "$@"; do [ "$(basename "$t")" = "$name" ] && ordered+=("$t"); done
done
for t in "$@"; do
    case " $(echo $SLOW) " in *" $(basename "$t") "*) ;; *) ordered+=("$t") ;; esac
done

run_one() { # run_one LOGS TEST
    local log=$1/$(basename "$2").log start=$SECONDS code=0
    case $2 in
    *.sh) bash "$2" >"$log" 2>&1 || code=$? ;;
    *) "$2" --jobs 1 --short-filename >"$log" 2>&1 || code=$? ;;
    esac
    if [ "$code" = 0 ]; then
        echo "ok   $2 ($((SECONDS - start)) s)"
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
