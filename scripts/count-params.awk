# Prints "COUNT FILE:LINE NAME" for every function definition in the C files given that
# takes more than MAX parameters (awk -v max=N; default 8). Issue #42 keeps these few.
#
# It reads C, not lines: comments, strings, character literals and preprocessor lines are
# skipped, and a definition is an identifier followed by a parenthesised list at file
# scope (brace depth 0) whose closing parenthesis is followed by '{' (an __attribute__
# may come between). That finds static and exported functions alike, with the return type
# on any line and the parameters spread over as many lines as they take. Only commas at
# the top of the list count, so a function-pointer parameter (a list of its own) is one
# parameter; "(void)" and "()" are none.
BEGIN {
    if (max == "")
        max = 8
}

FNR == 1 && NR > 1 { scan(file) }

{
    text[FNR] = $0
    lines = FNR
    file = FILENAME
}

END {
    if (NR > 0)
        scan(file)
}

# A character that is neither blank nor the start of a comment, string or identifier.
function punct(c) {
    if (braces > 0) {
        if (c == "{") braces++
        else if (c == "}") braces--
        return
    }
    if (attr > 0) {             # inside __attribute__((...)) after a parameter list
        if (c == "(") attr++
        else if (c == ")" && --attr == 1) attr = 0
        return
    }
    if (c == "(") {
        if (parens++ == 0) {
            fn = name; start = name_line; commas = 0; body = ""; closed = 0
        } else {
            body = body c
        }
        return
    }
    if (parens > 0) {
        if (c == ")" && --parens == 0) {
            closed = (fn != "")
            return
        }
        if (c == "," && parens == 1) commas++
        body = body c
        return
    }
    if (c == "{") {
        if (closed)
            report(body == "" || body == "void" ? 0 : commas + 1)
        braces++
    }
    closed = 0; name = ""
}

function word(w) {
    if (braces > 0) return
    if (attr > 0) return
    if (parens > 0) { body = body w; return }
    if (closed && w == "__attribute__") { attr = 1; return }
    closed = 0; name = w; name_line = l
}

function report(count) {
    if (count > max)
        print count, file ":" start, fn
}

# One file, held in text[1..lines], character by character.
function scan(f,    i, j, n, c, nx, q, s, in_comment, in_pp) {
    braces = 0; parens = 0; attr = 0; closed = 0; name = ""; fn = ""
    for (l = 1; l <= lines; l++) {
        s = text[l]
        n = length(s)
        # a preprocessor line, and its continuations, is not C at file scope
        if (!in_comment && (in_pp || s ~ /^[ \t]*#/)) {
            in_pp = (s ~ /\\$/)
            continue
        }
        for (i = 1; i <= n; i++) {
            c = substr(s, i, 1)
            nx = substr(s, i + 1, 1)
            if (in_comment) {
                if (c == "*" && nx == "/") { in_comment = 0; i++ }
            } else if (c == "/" && nx == "*") {
                in_comment = 1; i++
            } else if (c == "/" && nx == "/") {
                break
            } else if (c == "\"" || c == "'") {
                for (j = i + 1; j <= n; j++) {
                    q = substr(s, j, 1)
                    if (q == "\\") j++
                    else if (q == c) break
                }
                word("lit")
                i = j
            } else if (c ~ /[A-Za-z_]/) {
                for (j = i + 1; j <= n && substr(s, j, 1) ~ /[A-Za-z0-9_]/; j++)
                    ;
                word(substr(s, i, j - i))
                i = j - 1
            } else if (c !~ /[ \t\r]/) {
                punct(c)
            }
        }
    }
    delete text
}
