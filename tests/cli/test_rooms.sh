# The rooms of src/ (docs/hacking.md) and the one direction between them: a file includes
# only headers of its own room and the rooms below it; no header includes its way back to
# itself; and no object file calls into another that calls back (a circle of calls, found
# with nm over the build's objects). Runs from the repo root.
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

includes_go_down
no_include_circle
no_call_circle
finish
