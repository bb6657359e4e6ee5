# Regions split a world at one of its own points (issue #30): a point exactly on the
# regions' right and bottom edges belongs to exactly one region, and the four regions add
# up to the window they split. Near 2^21, floats are multiples of 1/8, so many of the
# world's points have whole coordinates a region edge can pass through. Checks both the
# sampler's window (src/core/world.c, `points`) and mask's (dp_mask_keep_region).
. "$(dirname "$0")/lib.sh"
W=2097152
X0=2096900 Y0=2096900 S=200

# split CMD...: runs CMD with --region for the window and its four quarters at a point
# with whole coordinates strictly inside, then compares the point sets.
split() {
    local kind=$1
    shift
    "$@" --region "$X0,$Y0,${S}x$S" --points "$TMP/$kind-all.csv" >/dev/null 2>&1 || fail "$kind: the window failed"
    local px py
    read -r px py < <(python3 - "$TMP/$kind-all.csv" "$X0" "$Y0" "$S" <<'PY'
import csv, sys
x0, y0, s = (int(v) for v in sys.argv[2:])
rows = list(csv.reader(open(sys.argv[1])))[1:]
for r in rows:
    x, y = float(r[0]), float(r[1])
    if x.is_integer() and y.is_integer() and x0 + 20 < x < x0 + s - 20 and y0 + 20 < y < y0 + s - 20:
        print(int(x), int(y))
        break
PY
    )
    [ -n "$px" ] || { fail "$kind: no point with whole coordinates in the window"; return; }
    local lw=$((px - X0)) rw=$((X0 + S - px)) th=$((py - Y0)) bh=$((Y0 + S - py))
    "$@" --region "$X0,$Y0,${lw}x$th" --points "$TMP/$kind-q1.csv" >/dev/null 2>&1 || fail "$kind q1"
    "$@" --region "$px,$Y0,${rw}x$th" --points "$TMP/$kind-q2.csv" >/dev/null 2>&1 || fail "$kind q2"
    "$@" --region "$X0,$py,${lw}x$bh" --points "$TMP/$kind-q3.csv" >/dev/null 2>&1 || fail "$kind q3"
    "$@" --region "$px,$py,${rw}x$bh" --points "$TMP/$kind-q4.csv" >/dev/null 2>&1 || fail "$kind q4"
    python3 - "$TMP/$kind" "$px" "$py" <<'PY' || fail "$kind: the quarters split at ($px, $py) do not add up to the window"
import sys
from collections import Counter
base, px, py = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
def pts(name):
    return Counter(tuple(l.split(",")[:2]) for l in open(base + "-" + name + ".csv").read().split("\n")[1:] if l)
whole = pts("all")
parts = [pts("q%d" % i) for i in range(1, 5)]
total = sum(parts, Counter())
on = [i + 1 for i, q in enumerate(parts) for p in q if float(p[0]) == px and float(p[1]) == py]
if total != whole or on != [4]:
    print("window %d points, quarters %s; the split point is in quarters %s" % (sum(whole.values()), [sum(q.values()) for q in parts], on))
    sys.exit(1)
PY
}

# points writes its list with -o; --points here is the file to compare
points_split() { local a=("$@"); a[${#a[@]}-2]=-o; $DAPPLE points --size ${W}x$W --radius 4 --seed 5 "${a[@]}"; }
mask_split() { $DAPPLE mask --size ${W}x$W --radius 4 --seed 5 -o "$TMP/m.png" "$@"; }

split points points_split
split mask mask_split
finish
