# The rooms of src/ (docs/hacking.md) and the one direction between them: a file includes
# only headers of its own room and the rooms below it; no header includes its way back to
# itself; and no object file calls into another that calls back (a circle of calls, found
# with nm over the build's objects); and few functions take more than 8 parameters (issue
# #42: a long list wants a struct that names what it holds). Runs from the repo root.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1
BUILD_DIR=$(dirname "$DAPPLE")

# room: the rooms its files may include (besides dapple.h), as docs/hacking.md lists them
allowed() {
    case $1 in
    core) echo "core" ;;
    stats) echo "core stats" ;;
    io) echo "core io" ;;
    render) echo "core io render" ;;
    preset) echo "core io render preset" ;;
    batch) echo "core io render preset batch" ;;
    preview) echo "core io render preset batch preview" ;;
    cli) echo "core io render preset batch preview stats cli" ;;
    *) echo "" ;;
    esac
}

includes_go_down() {
    local f room inc
    for f in src/*/*.c src/*/*.h; do
        room=$(basename "$(dirname "$f")")
        [ -n "$(allowed "$room")" ] || { fail "$f: room '$room' is not in docs/hacking.md"; continue; }
        for inc in $(sed -n 's/^#include "\([a-z_]*\)\/[a-z_0-9]*\.h".*/\1/p' "$f" | sort -u); do
            case " $(allowed "$room") " in
            *" $inc "*) ;;
            *) fail "$f (room $room) includes from $inc/, which is not below it" ;;
            esac
        done
    done
}

# The nodes on a circle (and between circles): peel off, again and again, every node with no
# edge out or no edge in among those left. Input: "from to" lines.
circles() {
    awk '{ from[NR] = $1; to[NR] = $2; node[$1]; node[$2] }
         END {
             do {
                 changed = 0
                 split("", outs); split("", ins)
                 for (e = 1; e <= NR; e++)
                     if (!(from[e] in gone) && !(to[e] in gone)) { outs[from[e]]++; ins[to[e]]++ }
                 for (v in node)
                     if (!(v in gone) && (!(v in outs) || !(v in ins))) { gone[v]; changed = 1 }
             } while (changed)
             for (v in node) if (!(v in gone)) print v
         }' | sort
}

no_include_circle() {
    local left
    left=$(for f in src/*/*.h src/*.h; do
        sed -n 's/^#include "\([a-z_/]*\.h\)".*/\1/p' "$f" | while read -r inc; do
            echo "${f#src/} $inc"
        done
    done | circles)
    [ -z "$left" ] || fail "headers include each other in a circle: $(echo $left)"
}

no_call_circle() {
    local objs left
    objs=$(ls "$BUILD_DIR"/src/*/*.o 2>/dev/null)
    [ "$(echo "$objs" | wc -w)" -ge 50 ] || { fail "found $(echo "$objs" | wc -w) objects under $BUILD_DIR/src: build first"; return; }
    # nm -A: "path:value type name" for definitions, "path: U name" for uses
    left=$(nm -A $objs 2>/dev/null | awk '
        { sub(/:.*/, "", $1) }
        NF == 3 && $2 ~ /^[TDBR]$/ { owner[$3] = $1 }
        NF == 3 && $2 == "U" { use[++n] = $1 " " $3 }
        END { for (i = 1; i <= n; i++) { split(use[i], a, " ")
                  if ((a[2] in owner) && owner[a[2]] != a[1]) print a[1], owner[a[2]] } }' |
        sort -u | circles)
    [ -z "$left" ] || fail "object files call each other in a circle: $(echo "$left" | sed "s|$BUILD_DIR/||" | tr '\n' ' ')"
}

# The counter (scripts/count-params.awk) on C it could miscount: a multi-line static
# definition with its return type on a line of its own, a function-pointer parameter, commas
# in comments, strings and a macro, a declaration, an attribute before the body, (void).
counter_counts() {
    cat >"$TMP/params.c" <<'C'
#define NINE(a, b, c, d, e, f, g, h, i) \
    (a, b, c, d, e, f, g, h, i)
static const char *s = "f(a, b, c, d, e, f, g, h, i) {";
/* g(a, b, c, d, e, f, g, h, i) { */
static inline double
spread(int a, /* b, c, */ int d, const char *e,
       void (*fn)(void *, int, int, int, int, int, int, int, int), void *ctx,
       int f, int g, int h, int i)
{
    return g(a, d, e, f, g, h, i, 0, 0, 0);
}
int declared(int a, int b, int c, int d, int e, int f, int g, int h, int i);
int exported(int a, int b, int c, int d, int e, int f, int g, int h, int i) __attribute__((cold))
{
    return ',';
}
static int eight(int a, int b, int c, int d, int e, int f, int g, int h)
{
    return 0;
}
static void none(void)
{
}
C
    local got
    got=$(awk -f scripts/count-params.awk "$TMP/params.c" | sed "s|$TMP/||" | tr '\n' ' ')
    [ "$got" = "9 params.c:6 spread 9 params.c:13 exported " ] ||
        fail "count-params.awk counted '$got', want 9 for spread and exported"
    got=$(awk -v max=-1 -f scripts/count-params.awk "$TMP/params.c" | awk '{ print $1 }' | tr '\n' ' ')
    [ "$got" = "9 9 8 0 " ] || fail "count-params.awk with max=-1: '$got', want '9 9 8 0 '"
}

# At most 8 functions of src/ take more than 8 parameters: the public
# dapple_world_sample_count and the sampler's innermost loops, which pass their state in
# registers (docs/hacking.md).
few_long_parameter_lists() {
    local long
    long=$(awk -f scripts/count-params.awk $(find src -name '*.c' -o -name '*.h' | sort) | sort -rn)
    [ "$(printf '%s' "$long" | grep -c .)" -le 8 ] ||
        fail "$(printf '%s\n' "$long" | grep -c .) functions take more than 8 parameters (at most 8 may):
$long"
}

counter_counts
few_long_parameter_lists
includes_go_down
no_include_circle
no_call_circle
finish
