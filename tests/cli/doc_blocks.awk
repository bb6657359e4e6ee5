# Splits a Markdown page into its shell examples for tests/cli/test_doc_examples.sh.
# Each ```sh block N becomes DIR/N.sh (its text) and DIR/N.line (its first line in the
# page); an ```output block that follows it, with only blank lines between, becomes
# DIR/N.out (the stdout the block must print, exactly). Fences the convention does not
# know for shell (bash, shell, zsh) are listed in DIR/bad: a shell example is either
# ```sh (it runs) or ```console / ```text (it does not, and claims nothing).
# Usage: awk -v dir=DIR -f doc_blocks.awk PAGE.md
BEGIN { n = 0; in_block = 0; kind = ""; last_sh = 0 }
in_block && /^```[ \t]*$/ {
    in_block = 0
    if (kind == "sh") last_sh = n
    next
}
in_block {
    if (kind == "sh") print > (dir "/" n ".sh")
    else if (kind == "output") print > (dir "/" n ".out")
    next
}
/^```/ {
    info = substr($0, 4)
    sub(/[ \t].*/, "", info)
    in_block = 1
    kind = "other"
    if (info == "sh") {
        n++
        kind = "sh"
        print NR > (dir "/" n ".line")
        printf "" > (dir "/" n ".sh")
    } else if (info == "output") {
        if (last_sh == 0) {
            print NR ": an output block follows no sh block" > (dir "/bad")
        } else {
            kind = "output"
            n = last_sh
            printf "" > (dir "/" n ".out")
        }
    } else if (info ~ /^(bash|shell|zsh|shell-session)$/) {
        print NR ": ```" info ": use sh (runs in make test) or console (does not)" > (dir "/bad")
    }
    last_sh = 0
    next
}
!/^[ \t]*$/ { last_sh = 0 }
END { print n > (dir "/count") }
