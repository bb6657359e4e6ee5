/* SPDX-License-Identifier: MIT
 * The preview's preset editor (src/preview/ini_edit.c): a changed value replaces only its
 * own bytes (key spelling, spaces, comments and CRLF stay), a missing key goes after its
 * section's last key, values that would change the file's structure are refused, and
 * parse errors map back to "SECTION.KEY". */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preview/ini_edit.h"

static char *apply(const char *text, const char *edits, dapple_status want)
{
    char body[512];
    dp_ini_edit e[16];
    size_t n;
    dapple_error err;
    char *out = NULL;
    size_t len;
    snprintf(body, sizeof body, "%s", edits);
    cr_assert_eq(dp_ini_parse_edits(body, e, 16, &n, &err), DAPPLE_OK, "%s", err.message);
    dapple_status st = dp_ini_apply(text, strlen(text), e, n, &out, &len, &err);
    cr_assert_eq(st, want, "%s", st == DAPPLE_OK ? "ok" : err.message);
    if (st == DAPPLE_OK)
        cr_assert_eq(strlen(out), len);
    return out;
}

static const char PRESET[] = "; a comment\n"
                             "[texture]\n"
                             "size = 64x64\n"
                             "background_color=#102030   ; American, no spaces\n"
                             "\n"
                             "[layer big]\n"
                             "style = circles\n"
                             "radius = 4 ; keep me\n"
                             "\n"
                             "; the end\n";

Test(ini_edit, replaces_only_the_value)
{
    char *out = apply(PRESET, "big.radius=6.5\ntexture.background_colour=#ffffff", DAPPLE_OK);
    cr_assert_str_eq(out, "; a comment\n"
                          "[texture]\n"
                          "size = 64x64\n"
                          "background_color=#ffffff   ; American, no spaces\n"
                          "\n"
                          "[layer big]\n"
                          "style = circles\n"
                          "radius = 6.5 ; keep me\n"
                          "\n"
                          "; the end\n");
    free(out);
}

Test(ini_edit, adds_a_missing_key_after_the_sections_last_key)
{
    char *out = apply(PRESET, "big.alpha=0.5\ntexture.seed=9", DAPPLE_OK);
    cr_assert_str_eq(out, "; a comment\n"
                          "[texture]\n"
                          "size = 64x64\n"
                          "background_color=#102030   ; American, no spaces\n"
                          "seed = 9\n"
                          "\n"
                          "[layer big]\n"
                          "style = circles\n"
                          "radius = 4 ; keep me\n"
                          "alpha = 0.5\n"
                          "\n"
                          "; the end\n");
    free(out);
}

Test(ini_edit, keeps_crlf_and_a_missing_last_break)
{
    char *out = apply("[texture]\r\nsize = 8x8\r\n[layer a]\r\nstyle = circles",
                      "a.radius=2\ntexture.size=9x9", DAPPLE_OK);
    cr_assert_str_eq(out, "[texture]\r\nsize = 9x9\r\n[layer a]\r\nstyle = circles\r\nradius = 2");
    free(out);
}

Test(ini_edit, the_last_change_of_a_key_wins)
{
    char *out = apply(PRESET, "big.radius=5\nbig.radius=7", DAPPLE_OK);
    cr_assert(strstr(out, "radius = 7 ; keep me\n") != NULL);
    free(out);
}

Test(ini_edit, refuses_what_would_change_the_structure)
{
    cr_assert_null(apply(PRESET, "big.radius=4 ; x", DAPPLE_E_INVALID));
    cr_assert_null(apply(PRESET, "big.radius=;x", DAPPLE_E_INVALID));
    cr_assert_null(apply(PRESET, "big.radius= 4", DAPPLE_E_INVALID));
    cr_assert_null(apply(PRESET, "small.radius=4", DAPPLE_E_INVALID));
    char body[] = "big.radius=4\r";
    dp_ini_edit e[2];
    size_t n;
    char *out = NULL;
    size_t len;
    dapple_error err;
    cr_assert_eq(dp_ini_parse_edits(body, e, 2, &n, &err), DAPPLE_OK);
    cr_assert_eq(dp_ini_apply(PRESET, strlen(PRESET), e, n, &out, &len, &err), DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message,
                     "big.radius: a value may not hold a line break or start a comment (' ;')");
}

Test(ini_edit, parses_set_lines)
{
    char body[] = "big.radius=4\n\ntexture.size=8x8=x\nnodot";
    dp_ini_edit e[4];
    size_t n;
    dapple_error err;
    cr_assert_eq(dp_ini_parse_edits(body, e, 4, &n, &err), DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message, "line 4: expected SECTION.KEY=VALUE");
    char ok[] = "big.radius=4\n\ntexture.size=8x8=x\n";
    cr_assert_eq(dp_ini_parse_edits(ok, e, 4, &n, &err), DAPPLE_OK);
    cr_assert_eq(n, 2);
    cr_assert_str_eq(e[1].section, "texture");
    cr_assert_str_eq(e[1].key, "size");
    cr_assert_str_eq(e[1].value, "8x8=x");
}

Test(ini_edit, names_the_key_of_a_line)
{
    char key[160];
    cr_assert(dp_ini_key_at_line(PRESET, strlen(PRESET), 4, key, sizeof key));
    cr_assert_str_eq(key, "texture.background_colour");
    cr_assert(dp_ini_key_at_line(PRESET, strlen(PRESET), 8, key, sizeof key));
    cr_assert_str_eq(key, "big.radius");
    cr_assert_not(dp_ini_key_at_line(PRESET, strlen(PRESET), 6, key, sizeof key));
}

/* A key that is not a key would be written as a comment ("#note = 1") or as a line the
 * preset refuses, after the page was told "saved": refused, naming it. */
Test(ini_edit, refuses_what_is_not_a_key)
{
    static const char *const bad[][2] = {
        { "big.#note=1", "line 1: big.#note: '#note' is not a key (letters, digits and '_')" },
        { "big.;note=1", "line 1: big.;note: ';note' is not a key (letters, digits and '_')" },
        { "big.=1", "line 1: big.: '' is not a key (letters, digits and '_')" },
        { "big.a b=1", "line 1: big.a b: 'a b' is not a key (letters, digits and '_')" },
        { "big.a.b=1", "line 1: big.a.b: 'a.b' is not a key (letters, digits and '_')" },
        { "b]g.radius=1", "line 1: 'b]g' is not a section name (letters, digits, '_' and '-')" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char body[64];
        dp_ini_edit e[2];
        size_t n;
        dapple_error err;
        snprintf(body, sizeof body, "%s", bad[i][0]);
        cr_assert_eq(dp_ini_parse_edits(body, e, 2, &n, &err), DAPPLE_E_INVALID, "%s", bad[i][0]);
        cr_assert_str_eq(err.message, bad[i][1]);
    }
}

/* The editor reads lines with the parser's reader, so it replaces the bytes the parser
 * reads as the value: after "=" with no space, ";x" is a value, not a comment. A line the
 * parser refuses (indented) holds no key to edit, and a key under a refused header belongs
 * to no section. */
Test(ini_edit, edits_what_the_parser_reads)
{
    char *out = apply("[texture]\nsize = 8x8\nseed =;x ; c\n", "texture.seed=5", DAPPLE_OK);
    cr_assert_str_eq(out, "[texture]\nsize = 8x8\nseed =5 ; c\n");
    free(out);
    static const char text[] = "[texture]\n  seed = 1\n[stuff]\nseed = 2\n";
    char key[160];
    cr_expect_not(dp_ini_key_at_line(text, strlen(text), 2, key, sizeof key));
    cr_expect(dp_ini_key_at_line(text, strlen(text), 4, key, sizeof key));
    cr_expect_str_eq(key, ".seed");
    out = apply(text, "texture.seed=3", DAPPLE_OK);
    cr_assert_str_eq(out, "[texture]\nseed = 3\n  seed = 1\n[stuff]\nseed = 2\n");
    free(out);
}
