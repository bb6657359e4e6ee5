/* SPDX-License-Identifier: MIT
 * The preset line reader (src/preset/ini_lines.c): every line comes with its number, kind
 * and byte offsets; a value is what an inline comment and spaces leave of it; a refused line
 * says why and how badly, and the walk goes on past it; sections are collected and a
 * repeated one points at the first. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "preset/ini_lines.h"

enum { MAX_LINES = 32 };

/* Reads all of text into l[]; returns the count. */
static int read_all(const char *text, size_t len, dp_ini_reader *r, dp_ini_line *l)
{
    int n = 0;
    dp_ini_begin(r, text, len);
    while (n < MAX_LINES && dp_ini_next(r, &l[n]))
        n++;
    return n;
}

static void expect_value(const char *text, const dp_ini_line *l, const char *want)
{
    cr_assert_eq(l->kind, DP_INI_KEY, "line %d: not a key (%s)", l->no, l->problem);
    size_t n = l->val_end - l->val;
    cr_expect(n == strlen(want) && memcmp(text + l->val, want, n) == 0,
              "line %d: value '%.*s', want '%s'", l->no, (int)n, text + l->val, want);
}

Test(ini_lines, classifies_each_line_with_its_number)
{
    static const char text[] = "; head\n"
                               "\n"
                               "[texture]\n"
                               "size = 8x8\n"
                               "  # indented comment\n"
                               "[layer dots] ; the dots\n"
                               "style=circles";
    dp_ini_reader r;
    dp_ini_line l[MAX_LINES];
    cr_assert_eq(read_all(text, strlen(text), &r, l), 7);
    dp_ini_kind want[] = { DP_INI_COMMENT, DP_INI_BLANK,   DP_INI_SECTION, DP_INI_KEY,
                           DP_INI_COMMENT, DP_INI_SECTION, DP_INI_KEY };
    for (int i = 0; i < 7; i++) {
        cr_expect_eq(l[i].no, i + 1);
        cr_expect_eq(l[i].kind, want[i], "line %d", i + 1);
        cr_expect_eq(l[i].fault, DP_INI_FINE, "line %d: %s", i + 1, l[i].problem);
    }
    cr_expect_eq(l[1].section, -1);
    cr_expect_eq(l[3].section, 0);
    cr_expect_eq(l[6].section, 1);
    cr_expect_str_eq(dp_ini_section_name(&r, l[3].section), "texture");
    cr_expect_str_eq(dp_ini_section_name(&r, l[6].section), "dots");
    cr_expect_str_eq(l[6].key, "style");
    expect_value(text, &l[6], "circles");
    cr_expect_eq(r.sections.n, 2);
    cr_expect_eq(r.sections.texture, 0);
    cr_expect_eq(r.sections.at[1].line, 6);
    cr_expect_eq(r.sections.at[1].layer, 0);
}

/* The offsets are the text's: a byte order mark is skipped on line 1 only, a CRLF break is
 * not part of the line, and the last line may have no break. */
Test(ini_lines, offsets_point_into_the_text)
{
    static const char text[] = "\xEF\xBB\xBF[texture]\r\nsize = 8x8 ; c\r\nseed=1";
    dp_ini_reader r;
    dp_ini_line l[MAX_LINES];
    cr_assert_eq(read_all(text, strlen(text), &r, l), 3);
    cr_expect_eq(l[0].start, 3);
    cr_expect_eq(l[0].end, 12);
    cr_expect(l[0].crlf);
    cr_expect_eq(l[0].next, 14);
    cr_expect_eq(l[1].start, 14);
    cr_expect_eq(l[1].val, 21);
    cr_expect_eq(l[1].val_end, 24);
    expect_value(text, &l[1], "8x8");
    cr_expect_not(l[2].crlf);
    cr_expect_eq(l[2].end, strlen(text));
    cr_expect_eq(l[2].next, strlen(text));
    expect_value(text, &l[2], "1");
}

/* An inline comment starts at a ';' after a space or tab, never at the first byte after
 * '=': the rule inih applied, which every preset written so far was read with. */
Test(ini_lines, a_value_ends_at_an_inline_comment)
{
    static const char text[] = "[texture]\n"
                               "a = 1 ; one\n"
                               "b = 1;2\n"
                               "c =;x\n"
                               "d = ;x\n"
                               "e =\t2\t;\n"
                               "f = #3 # not a comment\n"
                               "g =\n"
                               "h = x=y\n";
    static const char *const want[] = {
        "1", "1;2", ";x", "", "2", "#3 # not a comment", "", "x=y"
    };
    dp_ini_reader r;
    dp_ini_line l[MAX_LINES];
    cr_assert_eq(read_all(text, strlen(text), &r, l), 9);
    for (int i = 0; i < 8; i++)
        expect_value(text, &l[i + 1], want[i]);
}

static void expect_problem(const char *text, int line, dp_ini_kind kind, dp_ini_fault fault,
                           const char *problem)
{
    dp_ini_reader r;
    dp_ini_line l[MAX_LINES];
    int n = read_all(text, strlen(text), &r, l);
    cr_assert_geq(n, line, "%s", text);
    const dp_ini_line *x = &l[line - 1];
    cr_expect_eq(x->kind, kind, "%s: kind %d", text, x->kind);
    cr_expect_eq(x->fault, fault, "%s: fault %d", text, x->fault);
    cr_expect_str_eq(x->problem, problem);
}

Test(ini_lines, says_why_a_line_is_refused)
{
    expect_problem("[texture]\n  k = 1\n", 2, DP_INI_BAD, DP_INI_SYNTAX,
                   "indented line (continuation lines are not supported; remove the leading "
                   "whitespace)");
    expect_problem("k = 1\n", 1, DP_INI_KEY, DP_INI_SYNTAX,
                   "key 'k' before any section (start with [texture])");
    expect_problem("[texture]\nk = 'x'\n", 2, DP_INI_KEY, DP_INI_SYNTAX,
                   "k: values are taken as written; remove the quotes");
    expect_problem("[texture]\n[texture]\n", 2, DP_INI_SECTION, DP_INI_SYNTAX,
                   "duplicate section [texture] (first at line 1)");
    expect_problem("[textur]\n", 1, DP_INI_BAD, DP_INI_SYNTAX,
                   "unknown section [textur] (did you mean [texture]?)");
    expect_problem("[texture]\nk\x01 = 1\n", 2, DP_INI_BAD, DP_INI_NOT_TEXT,
                   "control character 0x01 (not a text file?)");
    expect_problem("[texture]\na = 1\rb = 2\n", 2, DP_INI_BAD, DP_INI_NOT_TEXT,
                   "CR line endings (old Mac); save the file with LF or CRLF line endings");
    char key[64];
    memset(key, 'k', 49);
    key[49] = '\0';
    char text[128];
    snprintf(text, sizeof text, "[texture]\n%s = 1\n", key);
    expect_problem(text, 2, DP_INI_BAD, DP_INI_SYNTAX, "key too long (max 48 bytes)");
    char longest[256];
    snprintf(longest, sizeof longest, "[texture]\n; %0*d\n", 200 - 2, 0);
    expect_problem(longest, 2, DP_INI_BAD, DP_INI_TOO_LONG,
                   "line too long (200 bytes, max 199 not counting the line break)");
}

/* The walk does not stop at a refused line: the lines after it are read, and keys under a
 * refused header belong to no section, while keys under a repeated one belong to the
 * first of its name (so the editor still finds them). */
Test(ini_lines, the_walk_goes_on_past_a_refused_line)
{
    static const char text[] = "[texture]\n"
                               "[stuff]\n"
                               "a = 1\n"
                               "[layer x]\n"
                               "[texture]\n"
                               "b = 2\n";
    dp_ini_reader r;
    dp_ini_line l[MAX_LINES];
    cr_assert_eq(read_all(text, strlen(text), &r, l), 6);
    cr_expect_eq(l[1].kind, DP_INI_BAD);
    cr_expect_eq(l[2].kind, DP_INI_KEY);
    cr_expect_eq(l[2].fault, DP_INI_FINE);
    cr_expect_eq(l[2].section, -1);
    cr_expect_str_eq(dp_ini_section_name(&r, l[2].section), "");
    cr_expect_eq(l[4].fault, DP_INI_SYNTAX);
    cr_expect_eq(l[5].section, 0);
    cr_expect_str_eq(dp_ini_section_name(&r, l[5].section), "texture");
    cr_expect_eq(r.sections.n, 2);
}

/* Text that is not a preset at all (NUL bytes, no line breaks) is read without reading
 * past its end, and a NUL is named. */
Test(ini_lines, binary_text_is_refused_line_by_line)
{
    static const char text[] = { '[', 't', 0, ']', '\n', 0, 0 };
    dp_ini_reader r;
    dp_ini_line l[MAX_LINES];
    cr_assert_eq(read_all(text, sizeof text, &r, l), 2);
    cr_expect_eq(l[0].fault, DP_INI_NOT_TEXT);
    cr_expect_str_eq(l[0].problem, "NUL byte (not a text file?)");
    cr_expect_eq(l[1].end, sizeof text);
}
