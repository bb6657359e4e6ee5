# Task pages whose pictures are program output: every ```sh command of the page runs, in
# order, in a scratch folder holding the page's input images from docs/img/, and every
# PNG a command writes that the page shows from docs/img/ must be byte-identical to it.
# With REGEN=1 the outputs are copied back instead (after a change that changes bytes:
# `REGEN=1 DAPPLE=build/dapple bash tests/cli/test_doc_figures.sh`). Runs from the repo root.
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1
REGEN=${REGEN:-0}

# figures_match PAGE INPUT...: the inputs are file names in docs/img/
figures_match() {
    local page=$1 work=$TMP/$(basename "$1" .md) line n=0 png shown=0
    shift
    mkdir -p "$work/bin"
    ln -s "$(cd "$(dirname "$DAPPLE")" && pwd)/$(basename "$DAPPLE")" "$work/bin/dapple"
    for f in "$@"; do cp "docs/img/$f" "$work/"; done
    awk '/^```sh$/ { on = 1; next } /^```/ { on = 0 } on' "$page" |
        sed -e ':a' -e '/\\$/N; s/\\\n *//; ta' | grep -v '^ *#' | grep -v '^ *$' >"$TMP/cmds.txt"
    while IFS= read -r line; do
        n=$((n + 1))
        (cd "$work" && export PATH=$work/bin:$PATH && eval "$line") >/dev/null 2>"$TMP/log" ||
            fail "$page example failed: $line: $(tail -2 "$TMP/log")"
    done <"$TMP/cmds.txt"
    [ "$n" -ge 5 ] || fail "found only $n example commands in $page"
    for png in $(grep -o '](img/[^)]*\.png)' "$page" | sed 's/^](img\///; s/)$//' | sort -u); do
        case " $* " in *" $png "*) continue ;; esac # an input, shown as it is
        shown=$((shown + 1))
        if [ ! -e "$work/$png" ]; then
            fail "$page shows img/$png, which none of its commands writes"
        elif [ "$REGEN" = 1 ]; then
            cp "$work/$png" "docs/img/$png"
        else
            cmp -s "$work/$png" "docs/img/$png" ||
                fail "$page: docs/img/$png is not what its command writes now (REGEN=1 to update)"
        fi
    done
    [ "$shown" -ge 1 ] || fail "$page shows no picture made by its commands"
}

figures_match docs/foliage.md grass-density.png road.png ramp.png bands.png
finish
