# The docs against the code: every option of the table in src/cli/opts.c and every
# subcommand of src/cli/main.c is described in docs/cli.md and docs/dapple.1, neither
# names an option that does not exist, the --help blocks in cli.md are what the binary
# prints, the man page renders without warnings and library.md shows docs/example.c as it
# is. The examples themselves run in test_doc_examples.sh. Runs from the repo root.
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

library_shows_example() {
    awk '/^## A complete program/ { on = 1; next } on && /^```/ { if (inside) exit; inside = 1; next } inside' \
        docs/library.md >"$TMP/lib-example.c"
    cmp -s "$TMP/lib-example.c" docs/example.c ||
        fail "docs/library.md does not show docs/example.c as it is: $(diff "$TMP/lib-example.c" docs/example.c | head -6)"
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

tables_parsed
every_option_documented
every_command_documented
no_stale_options
help_blocks_current
man_page_renders
library_shows_example
merged_pack_matches
finish
