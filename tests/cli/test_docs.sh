# The docs against the code: every option of the table in src/cli/opts.c and every
# subcommand of src/cli/main.c is described in docs/cli.md and docs/dapple.1, neither
# names an option that does not exist, the --help blocks in cli.md are what the binary
# prints, the man page renders without warnings and library.md shows docs/example.c as it
# is. The examples themselves run in test_doc_examples.sh. Runs from the repo root.
#
# Ranges and defaults have one source too: each row of the option table in src/cli/opts.c
# holds its range and default, which the parser checks against and applies, and which
# --help prints at the end of the option's line ("[1 .. 1000, default 30]"). The test reads
# them back from every command's --help and compares them with the values and default
# columns of cli.md's option tables and with every "A to B" and "default N" the man page
# states in an option's paragraph.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1

CLI_MD=docs/cli.md
MAN=docs/dapple.1

# Long option names, from the table's rows: { "max-points", OPT_MAX_POINTS, ...
OPTIONS=$(sed -n 's/^ *{ "\([a-z][a-z0-9-]*\)", OPT_[A-Z_]*,.*/\1/p' src/cli/opts.c)
# Subcommands, from main.c's dispatch table: { "points", dp_cmd_points, ...
COMMANDS=$(sed -n 's/^ *{ "\([a-z]*\)", dp_cmd_[a-z_]*,.*/\1/p' src/cli/main.c)
# Options dapple handles outside the table, and other programs' options the docs show.
EXTRA_OPTIONS="version wrap r radus" # wrap: fold; r, radus: the examples of a refused option

# The man page as text to search: \- is a hyphen, font escapes go.
man_text() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(em/--/g' "$MAN"; }

# has_option FILE NAME: --NAME appears in FILE, not as part of a longer option.
has_option() { grep -qE -- "(^|[^a-z0-9-])--$1([^a-z0-9-]|$)" "$2"; }

tables_parsed() {
    [ "$(echo "$OPTIONS" | wc -w)" -ge 25 ] || fail "parsed only $(echo "$OPTIONS" | wc -w) options from src/cli/opts.c: has the table's layout changed?"
    [ "$(echo "$COMMANDS" | wc -w)" -ge 5 ] || fail "parsed only $(echo "$COMMANDS" | wc -w) commands from src/cli/main.c"
}

every_option_documented() {
    man_text >"$TMP/man.txt"
    for o in $OPTIONS; do
        has_option "$o" "$CLI_MD" || fail "$CLI_MD: option --$o is not described"
        has_option "$o" "$TMP/man.txt" || fail "$MAN: option --$o is not described"
    done
    # short forms: OPT_OUTPUT = 'o' ... and the table row naming that id
    local id c name
    while read -r id c; do
        name=$(sed -n "s/^ *{ \"\([a-z-]*\)\", $id,.*/\1/p" src/cli/opts.c)
        grep -qE -- "(^|[^a-z0-9-])-$c([^a-z0-9-]|$)" "$CLI_MD" || fail "$CLI_MD: short option -$c (--$name) is not described"
        grep -qE -- "(^|[^a-z0-9-])-$c([^a-z0-9-]|$)" "$TMP/man.txt" || fail "$MAN: short option -$c (--$name) is not described"
    done < <(grep -o "OPT_[A-Z_]* = '[a-z]'" src/cli/opts.c | sed "s/ = '\(.\)'/ \1/")
}

every_command_documented() {
    for c in $COMMANDS; do
        grep -qx "## dapple $c" "$CLI_MD" || fail "$CLI_MD: no section '## dapple $c'"
        grep -q "^| \[\`$c\`\](#dapple-$c) |" "$CLI_MD" || fail "$CLI_MD: $c is not in the command table at the top"
        grep -qx ".B dapple $c" "$MAN" || fail "$MAN: dapple $c is not in the SYNOPSIS"
        grep -qx ".B $c" "$MAN" || fail "$MAN: $c is not under COMMANDS"
    done
}

# The docs name no option that dapple does not have (a renamed or removed one).
no_stale_options() {
    local known=" ${OPTIONS//$'\n'/ } $EXTRA_OPTIONS " o
    for o in $(grep -ohE -- "(^|[^a-z0-9-])--[a-z][a-z0-9-]*" "$CLI_MD" "$TMP/man.txt" | sed 's/.*--//' | sort -u); do
        case "$known" in *" $o "*) ;; *) fail "docs name --$o, which is not an option of dapple" ;; esac
    done
}

# The first ``` block after "## dapple CMD" is exactly what `dapple CMD --help` prints.
help_blocks_current() {
    for c in $COMMANDS; do
        awk -v h="## dapple $c" '$0 == h { on = 1; next } on && /^```/ { if (inside) exit; inside = 1; next } inside' \
            "$CLI_MD" >"$TMP/doc-help"
        $DAPPLE "$c" --help >"$TMP/help" 2>&1 || fail "dapple $c --help exits nonzero"
        cmp -s "$TMP/doc-help" "$TMP/help" ||
            fail "$CLI_MD: the help of '$c' is not what dapple $c --help prints: $(diff "$TMP/doc-help" "$TMP/help" | head -8)"
    done
}

# An option's help wraps onto lines indented to the help column (33): joined again here.
join_help() {
    awk -v pad="$(printf '%33s' '')" 'substr($0, 1, 33) == pad && substr($0, 34, 1) != " " && held != "" {
            held = held " " substr($0, 34); next }
        { if (held != "") print held; held = $0 } END { if (held != "") print held }'
}

# --help fits a terminal of 80 columns, for every command and for dapple itself.
help_fits_80_columns() {
    local c
    for c in "" $COMMANDS; do
        # shellcheck disable=SC2086 # "" is dapple --help itself
        $DAPPLE $c --help | awk -v c="dapple $c --help" 'length($0) > 80 {
            printf "FAIL: %s: a line of %d columns: %s\n", c, length($0), $0; bad = 1 } END { exit bad }' >&2 ||
            fail "dapple $c --help has lines over 80 columns"
    done
}

# "name<TAB>range<TAB>default" for every option of every command, from --help's brackets.
help_ranges() {
    local c
    for c in $COMMANDS; do $DAPPLE "$c" --help; done | join_help |
        awk 'match($0, /^  (-[a-z], |    )--[a-z0-9-]+/) && match($0, / \[(sides |default |-?[0-9])[^][]*\]$/) {
            b = substr($0, RSTART + 2, RLENGTH - 3)
            match($0, /--[a-z0-9-]+/); name = substr($0, RSTART + 2, RLENGTH - 2)
            r = b; d = ""
            if (b ~ /^default /) { r = ""; d = substr(b, 9) }
            else if ((i = index(b, ", default ")) > 0) { r = substr(b, 1, i - 1); d = substr(b, i + 10) }
            print name "\t" r "\t" d }' | sort -u >"$TMP/ranges"
    [ "$(wc -l <"$TMP/ranges")" -ge 15 ] || fail "read only $(wc -l <"$TMP/ranges") ranges from --help: has its layout changed?"
}

# cli.md's tables with "| option | values | default | meaning |": each row's values start
# with the option's range and its default is the option's (or, if it has none, no number).
cli_md_tables_match() {
    local name vals def n=0
    while IFS=$'\037' read -r name vals def; do # not tabs: read joins empty fields of those
        n=$((n + 1))
        local rows
        rows=$(awk -F'\t' -v n="$name" '$1 == n' "$TMP/ranges")
        if [ -n "$(awk -F'\t' '$2 != ""' <<<"$rows")" ]; then
            local ok=
            while IFS=$'\t' read -r _ r _; do
                [ -n "$r" ] || continue
                case "$vals" in "$r" | "$r,"* | "$r "*) ok=1 ;; esac
            done <<<"$rows"
            [ -n "$ok" ] || fail "$CLI_MD: --$name: values '$vals', but --help says '$(cut -f2 <<<"$rows" | paste -sd/)'"
        fi
        local want
        want=$(awk -F'\t' '$3 != "" { print $3; exit }' <<<"$rows")
        if [ -n "$want" ]; then
            [ "$def" = "$want" ] || fail "$CLI_MD: --$name: default '$def', but --help says '$want'"
        elif [[ "$def" =~ ^-?[0-9] ]]; then
            fail "$CLI_MD: --$name: default '$def', but the option table has none"
        fi
    done < <(awk -F'|' '/^\| option \| values \| default \|/ { on = 1; next } !/^\|/ { on = 0 }
        on && /^\| `-/ { gsub(/\\\|/, "/"); if (!match($2, /--[a-z0-9-]+/)) next
            name = substr($2, RSTART + 2, RLENGTH - 2); v = $3; d = $4
            gsub(/^ +| +$/, "", v); gsub(/^ +| +$/, "", d); print name "\037" v "\037" d }' "$CLI_MD")
    [ "$n" -ge 15 ] || fail "$CLI_MD: read only $n rows of option tables: has their layout changed?"
}

# The man page: in the paragraph of an option (.TP, its tag lines and any .TQ), every
# "A to B" between numbers is one of that option's ranges and every "default N" its default.
man_ranges_match() {
    local names kind value n=0
    while IFS=$'\t' read -r names kind value; do
        n=$((n + 1))
        local name ok=
        for name in $names; do
            awk -F'\t' -v n="$name" -v k="$kind" -v v="$value" \
                '$1 == n && ((k == "range" && ($2 == v || $2 == "sides " v)) || (k == "default" && $3 == v)) { f = 1 }
                 END { exit !f }' "$TMP/ranges" && ok=1
        done
        [ -n "$ok" ] || fail "$MAN: the paragraph of --${names// /, --} states $kind '$value', which --help does not"
    done < <(man_text | awk '
        function flush() { if (names != "") scan(); names = ""; text = ""; tag = 0 }
        function scan(   t, a, b, d) {
            t = text
            while (match(t, /-?[0-9][0-9.^]*(-1)? to -?[0-9][0-9.^]*(-1)?/)) {
                split(substr(t, RSTART, RLENGTH), w, " to "); sub(/\.$/, "", w[2])
                print names "\t" "range" "\t" w[1] " .. " w[2]; t = substr(t, RSTART + RLENGTH) }
            t = text
            while (match(t, /default [0-9][0-9.,]*/)) {
                d = substr(t, RSTART + 8, RLENGTH - 8); sub(/[.,]+$/, "", d)
                print names "\t" "default" "\t" d; t = substr(t, RSTART + RLENGTH) }
        }
        /^\.(TP|SS|SH|PP)/ { flush(); tag = /^\.TP/; next }
        /^\.TQ/ { tag = 1; next }
        tag { while (match($0, /--[a-z0-9-]+/)) { names = names (names == "" ? "" : " ") substr($0, RSTART + 2, RLENGTH - 2); $0 = substr($0, RSTART + RLENGTH) }
              tag = 0; next }
        { text = text " " $0 }
        END { flush() }')
    [ "$n" -ge 10 ] || fail "$MAN: found only $n ranges and defaults in option paragraphs: has the layout changed?"
}

man_page_renders() {
    local version
    version=$(sed -n 's/^#define DAPPLE_VERSION "\(.*\)"/\1/p' src/dapple.h)
    grep -q "^\.TH DAPPLE 1 .*\"dapple $version\"" "$MAN" || fail "$MAN: .TH does not say dapple $version"
    if command -v groff >/dev/null; then
        groff -man -Tutf8 -ww -z "$MAN" 2>"$TMP/groff.log" || fail "$MAN: groff failed"
        [ ! -s "$TMP/groff.log" ] || fail "$MAN: groff warnings: $(head -5 "$TMP/groff.log")"
    elif command -v mandoc >/dev/null; then
        mandoc -T lint -W warning "$MAN" >"$TMP/lint.log" 2>&1 || fail "$MAN: mandoc: $(head -5 "$TMP/lint.log")"
    else
        echo "note: neither groff nor mandoc is installed: the man page was not rendered" >&2
    fi
}

# library_shows HEADING LANG FILE: the first ```LANG block after "## HEADING" in library.md
# is FILE.
library_shows() {
    awk -v h="## $1" -v lang="$2" '$0 == h { on = 1; next }
        on && inside && /^```/ { exit } on && $0 == "```" lang { inside = 1; next } inside' \
        docs/library.md >"$TMP/lib-shown"
    cmp -s "$TMP/lib-shown" "$3" ||
        fail "docs/library.md does not show $3 as it is: $(diff "$TMP/lib-shown" "$3" | head -6)"
}

library_shows_examples() {
    library_shows "A complete program" c docs/example.c
    library_shows "A density map" c docs/density.c
    library_shows "From Python (or any language with a C FFI)" python docs/density.py
}

# library.md against dapple.h and the library: every public function and every enumerator
# is named (the enumerators with their values, as a C program including dapple.h prints
# them), and the option tables ("| member | default | values |", the field's then the
# sampler's) are what tests/cli/library_opts.c reads from the library: the defaults of the
# init functions and the ranges the library accepts and refuses at their ends.
library_matches_header() {
    local lib=docs/library.md build f n=0
    build=$(dirname "$DAPPLE")
    for f in $(sed -n 's/^DAPPLE_API .*[ *]\(dapple_[a-z0-9_]*\)(.*/\1/p; s/^ *\(dapple_[a-z0-9_]*\)($/\1/p' src/dapple.h |
        sort -u); do
        n=$((n + 1))
        grep -qw "$f" "$lib" || fail "$lib: the public function $f is not described"
    done
    [ "$n" -ge 30 ] || fail "read only $n public functions from src/dapple.h: has its layout changed?"
    # the enumerators, from the bodies of dapple.h's enums
    local names
    names=$(awk '/^typedef enum/ { on = 1; next } on && /^}/ { on = 0 } on' src/dapple.h |
        sed -n 's/^ *\(DAPPLE_[A-Z0-9_]*\).*/\1/p')
    [ "$(echo "$names" | wc -w)" -ge 12 ] || fail "read only $(echo "$names" | wc -w) enumerators from src/dapple.h"
    {
        echo '#include <stdio.h>'
        echo '#include "dapple.h"'
        echo 'int main(void) {'
        for f in $names; do echo "printf(\"| \`$f\` | %d |\\n\", (int)$f);"; done
        echo 'return 0; }'
    } >"$TMP/enums.c"
    local san=
    nm "$build/libdapple-core.a" 2>/dev/null | grep '__asan_' >/dev/null && san="-fsanitize=address,undefined"
    cc -std=c11 -Isrc $san "$TMP/enums.c" -o "$TMP/enums" && "$TMP/enums" >"$TMP/enums.txt" ||
        { fail "could not build the enum lister"; return; }
    while IFS= read -r f; do
        grep -qF -- "$f" "$lib" || fail "$lib: no enum row '$f'"
    done <"$TMP/enums.txt"
    # the option tables
    cc -std=c11 -Isrc $san tests/cli/library_opts.c "$build/libdapple-core.a" -lm -pthread \
        -o "$TMP/library_opts" 2>"$TMP/cc.log" || { fail "library_opts does not build: $(head -5 "$TMP/cc.log")"; return; }
    local i=0 which
    for which in field sampler; do
        i=$((i + 1))
        "$TMP/library_opts" "$which" >"$TMP/opts-$which.want" 2>"$TMP/opts.err" ||
            fail "the library disagrees with its own limits: $(cat "$TMP/opts.err")"
        awk -F'|' -v want="$i" '/^\| member \| default \| values \|/ { t++; on = (t == want); next } !/^\|/ { on = 0 }
            on && !/^\|---/ { for (c = 2; c <= 4; c++) { gsub(/^ +| +$/, "", $c) }
                name = $2; gsub(/`/, "", name); print name "|" $3 "|" $4 }' "$lib" >"$TMP/opts-$which.doc"
        cmp -s "$TMP/opts-$which.want" "$TMP/opts-$which.doc" ||
            fail "$lib: the $which options table is not the library's: $(diff "$TMP/opts-$which.want" "$TMP/opts-$which.doc" | head -8)"
    done
}

# cli.md says a pack split into shards and merged lists the same files and checksums as
# one rendered on one machine.
merged_pack_matches() {
    local one=$TMP/pack-one split=$TMP/pack-split
    $DAPPLE pack presets -o "$one" --size-cap 64 -j 2 2>"$TMP/pack.log" || fail "pack: $(tail -2 "$TMP/pack.log")"
    for i in 1 2 3; do
        $DAPPLE pack presets -o "$split" --size-cap 64 -j 1 --shard "$i/3" 2>"$TMP/pack.log" ||
            fail "pack --shard $i/3: $(tail -2 "$TMP/pack.log")"
    done
    $DAPPLE pack -o "$split" --merge 2>"$TMP/pack.log" || fail "pack --merge: $(tail -2 "$TMP/pack.log")"
    sed 's/"seconds": [0-9.]*, //' "$one/manifest.json" >"$TMP/one.json"
    sed 's/"seconds": [0-9.]*, //' "$split/manifest.json" >"$TMP/split.json"
    cmp -s "$TMP/one.json" "$TMP/split.json" ||
        fail "merged shard manifest differs from a one-machine pack: $(diff "$TMP/one.json" "$TMP/split.json" | head -4)"
}

# docs/foliage.md's engine snippets read a point list's columns by name (#39): by position,
# a preset's list (x,y,r,layer,rotation,scale,variant) gave yaw = layer and scale =
# rotation, and an x,y,r,rotation list was dropped whole. Each C#, GDScript and Python
# block looks the columns up by name and indexes no row by a fixed number; the Blender
# block's reader runs on a preset's list and on a --rotation-only list, and must return
# every row of the layer asked with the values of the columns of those names.
engine_snippets_read_by_name() {
    mkdir -p "$TMP/eng"
    printf '[texture]\nsize = 128x128\npoints = csv\npoints_rotation = yes\npoints_scale_jitter = 0.2\npoints_variants = 3\n\n[layer big]\nstyle = circles\nradius = 12\n\n[layer small]\nstyle = circles\nradius = 5\n' >"$TMP/eng/two.ini"
    $DAPPLE render "$TMP/eng/two.ini" --points "$TMP/eng/preset.csv" --quiet 2>/dev/null || fail "engine: render --points failed"
    $DAPPLE points --size 128x128 --radius 6 --rotation -o "$TMP/eng/rot.csv" 2>/dev/null || fail "engine: points --rotation failed"
    head -1 "$TMP/eng/preset.csv" | grep -qx "x,y,r,layer,rotation,scale,variant" || fail "engine: preset list header $(head -1 "$TMP/eng/preset.csv")"
    python3 - docs/foliage.md "$TMP/eng/preset.csv" "$TMP/eng/rot.csv" <<'PY' || fail "engine snippets: see above"
import csv, math, re, sys
page, preset, rot = sys.argv[1:4]
text = open(page).read()
blocks = re.findall(r"^```(csharp|gdscript|python)\n(.*?)^```", text, re.S | re.M)
bad = []
if len(blocks) < 5:
    bad.append(f"{len(blocks)} engine blocks, want Unreal, Unity, Godot 4, Godot 3, Blender")
for lang, code in blocks:
    name = code.strip().splitlines()[0][:60]
    for col in ("x", "y", "rotation", "scale", "variant", "layer"):
        if f'"{col}"' not in code:
            bad.append(f"{lang} block '{name}': never looks up column \"{col}\" by name")
    if re.search(r"\b(c|r|row|cols?)\[[0-9]+\]", code):
        bad.append(f"{lang} block '{name}': indexes a row by a fixed column number")
blender = [code for lang, code in blocks if lang == "python" and "def read_points" in code]
if len(blender) != 1:
    bad.append("no Blender block with read_points")
else:
    ns = {"__name__": "doc"}
    exec(blender[0], ns)
    for path, layer in ((preset, 1), (preset, -1), (rot, -1)):
        rows = [r for r in csv.DictReader(open(path)) if layer < 0 or int(r["layer"]) == layer]
        got = ns["read_points"](path, 0.5, layer)
        if len(got) != len(rows) or not rows:
            bad.append(f"read_points({path}, layer {layer}): {len(got)} rows, want {len(rows)}")
            continue
        for (x, y, yaw, s, v), r in zip(got, rows):
            want = (float(r["x"]) * 0.5, float(r["y"]) * 0.5, -math.radians(float(r["rotation"])),
                    float(r.get("scale", 1)), int(r.get("variant", 0)))
            if any(abs(a - b) > 1e-9 for a, b in zip((x, y, yaw, s, v), want)):
                bad.append(f"read_points({path}): {(x, y, yaw, s, v)}, want {want}")
                break
        if path == preset and not all(0.8 <= g[3] <= 1.2 and 0 <= g[4] < 3 for g in got):
            bad.append("read_points: scale or variant out of the preset's range")
for b in bad:
    print("engine snippets:", b)
sys.exit(1 if bad else 0)
PY
}

# docs/density.py's ctypes structs (shown whole in library.md) against dapple.h: every
# member's name and offset, and the struct's size, as a C program including dapple.h
# sees them (#39: SamplerOpts lacked relax, which the page's own table lists; a struct
# short of a member still runs, through struct_size, but cannot set it).
python_structs_match_header() {
    local py=docs/density.py
    python3 - "$py" >"$TMP/py-structs.txt" <<'PY' || { fail "$py: its structs do not load: $(cat "$TMP/py-structs.txt")"; return; }
import ctypes as C, re, sys
src = open(sys.argv[1]).read()
keep = "\n".join(re.findall(r"^(?:class \w+\(C\.Structure\):.*?(?=^\S)|PROGRESS = .*?$)", src, re.S | re.M))
ns = {"C": C}
exec(keep, ns)
for py, c in (("FieldOpts", "dapple_field_opts"), ("SamplerOpts", "dapple_sampler_opts"),
              ("Grey", "dapple_grey"), ("Point", "dapple_point"), ("Error", "dapple_error")):
    cls = ns[py]
    for name, _ in cls._fields_:
        print(c, name, getattr(cls, name).offset)
    print(c, "sizeof", C.sizeof(cls))
PY
    {
        echo '#include <stddef.h>'
        echo '#include <stdio.h>'
        echo '#include "dapple.h"'
        echo 'int main(void) {'
        awk '$2 == "sizeof" { printf "printf(\"%s sizeof %%zu\\n\", sizeof(%s));\n", $1, $1; next }
             { printf "printf(\"%s %s %%zu\\n\", offsetof(%s, %s));\n", $1, $2, $1, $2 }' "$TMP/py-structs.txt"
        echo 'return 0; }'
    } >"$TMP/structs.c"
    cc -std=c11 -Isrc "$TMP/structs.c" -o "$TMP/structs" 2>"$TMP/structs.log" ||
        { fail "$py names a member dapple.h lacks: $(grep error "$TMP/structs.log" | head -3)"; return; }
    "$TMP/structs" | diff - "$TMP/py-structs.txt" >"$TMP/structs.diff" ||
        fail "$py's structs are not dapple.h's (C, then Python): $(head -6 "$TMP/structs.diff")"
}

# Every page names only options its command accepts: each `dapple CMD ...` in a code block
# (with its \ and usage-line continuations) or an inline code span, up to the next |, ;,
# &&, # or command, is held to `dapple CMD --help` (#39: pack.md's usage listed
# --jpeg-quality, which pack refuses). ```output blocks are left alone.
pages_name_accepted_options() {
    python3 - "$DAPPLE" README.md docs/*.md >"$TMP/stale.txt" <<'PY' || { fail "the option check did not run: $(tail -3 "$TMP/stale.txt")"; return; }
import re, subprocess, sys, glob
dapple = sys.argv[1]
pages = sys.argv[2:]
CMDS = ["points", "field", "mask", "render", "pack", "stats", "tiles", "layers", "preview"]
opts = {}
for c in CMDS:
    h = subprocess.run([dapple, c, "--help"], capture_output=True, text=True).stdout
    opts[c] = set(re.findall(r"^\s+(?:-\w, )?--([a-z][a-z0-9-]*)", h, re.M)) | {"help"}
bad = []
def check(page, lineno, text):
    # each "dapple CMD" in text owns the --options up to the next command separator; a |
    # inside [...] is a usage line's alternative, not a pipe
    text = re.sub(r"\[[^\]]*\]", lambda m: m.group(0).replace("|", " "), text)
    for m in re.finditer(r"\bdapple (%s)\b" % "|".join(CMDS), text):
        rest = re.split(r"\||;|&&|#|\$\(|`|\bdapple\b|\)", text[m.end():])[0]
        for o in re.findall(r"(?<![\w-])--([a-z][a-z0-9-]*)", rest):
            if o not in opts[m.group(1)]:
                bad.append(f"{page}:{lineno}: dapple {m.group(1)} --{o}: not an option of {m.group(1)}")
for page in pages:
    lines = open(page).read().split("\n")
    fence = None
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fence = None if fence is not None else line[3:].strip()
            i += 1
            continue
        if fence is not None and fence not in ("output",):
            start, text = i, line
            while (text.endswith("\\") or (i + 1 < len(lines) and re.match(r"^\s+\[", lines[i + 1]))) and i + 1 < len(lines):
                i += 1
                text = text.rstrip("\\") + " " + lines[i]
            check(page, start + 1, text)
        elif fence is None:
            for span in re.findall(r"`([^`]*)`", line):
                check(page, i + 1, span)
        i += 1
for b in bad:
    print(b)
PY
    [ ! -s "$TMP/stale.txt" ] || fail "pages name options their command refuses: $(head -5 "$TMP/stale.txt")"
}

tables_parsed
every_option_documented
every_command_documented
no_stale_options
pages_name_accepted_options
help_blocks_current
help_fits_80_columns
help_ranges
cli_md_tables_match
man_ranges_match
man_page_renders
library_shows_examples
library_matches_header
python_structs_match_header
merged_pack_matches
engine_snippets_read_by_name
finish
