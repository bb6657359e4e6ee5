/* SPDX-License-Identifier: MIT
 * The preview's JSON (src/preview/spec_json.c, json_text.c), built with jansson: strings
 * are valid UTF-8 whatever the preset holds (a bad byte becomes U+FFFD), and the spec lists
 * the table's keys and the file's values as the preset's reader finds them, with lines. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "preview/json_text.h"
#include "preview/spec_json.h"

static void expect_text(const char *in, size_t n, const char *want, size_t want_n)
{
    json_t *v = dp_json_text(in, n);
    cr_assert_not_null(v);
    cr_expect_eq(json_string_length(v), want_n);
    cr_expect(memcmp(json_string_value(v), want, want_n) == 0, "got '%s'", json_string_value(v));
    json_decref(v);
}

Test(spec_json, invalid_utf8_becomes_the_replacement_character)
{
    expect_text("caf\xe9", 4, "caf\xEF\xBF\xBD", 6);
    expect_text("caf\xC3\xA9", 5, "caf\xC3\xA9", 5);                           /* é stays */
    expect_text("\xC0\x80", 2, "\xEF\xBF\xBD\xEF\xBF\xBD", 6);                 /* overlong NUL */
    expect_text("\xED\xA0\x80", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", 9); /* surrogate */
    expect_text("a\0b", 3, "a\0b", 3);
    expect_text("\xF0\x9F\x98", 3, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD", 9); /* cut short */
    json_t *null = dp_json_str(NULL);
    cr_expect(json_is_null(null));
    json_decref(null);
}

static const char PRESET[] = "[texture]\n"
                             "size = 64x64\n"
                             "background_color = #102030 ; American\n"
                             "[layer big]\n"
                             "style = circles\n"
                             "radius = 4\n"
                             "note = caf\xe9\n";

static json_t *param(json_t *spec, const char *section, const char *key)
{
    size_t i;
    json_t *p;
    json_array_foreach(json_object_get(spec, "params"), i, p)
    {
        if (strcmp(json_string_value(json_object_get(p, "section")), section) == 0 &&
            strcmp(json_string_value(json_object_get(p, "key")), key) == 0)
            return p;
    }
    return NULL;
}

Test(spec_json, lists_the_table_and_the_files_values)
{
    json_t *spec = dp_spec_json(PRESET, strlen(PRESET));
    cr_assert_not_null(spec);
    json_t *aspect = param(spec, "layer", "aspect");
    cr_assert_not_null(aspect);
    cr_expect_str_eq(json_string_value(json_object_get(aspect, "type")), "number");
    cr_expect_eq(json_real_value(json_object_get(aspect, "lo")), 0.05);
    cr_expect(json_is_array(json_object_get(aspect, "styles")));
    cr_expect_null(json_object_get(param(spec, "texture", "size"), "styles"));
    size_t i;
    json_t *m;
    json_array_foreach(json_object_get(spec, "masks"), i, m)
    {
        cr_expect_str_neq(json_string_value(m), "none");
    }
    json_t *sections = json_object_get(spec, "sections");
    cr_assert_eq(json_array_size(sections), 2);
    json_t *tex = json_array_get(sections, 0), *big = json_array_get(sections, 1);
    cr_expect_str_eq(json_string_value(json_object_get(tex, "name")), "texture");
    cr_expect_str_eq(json_string_value(json_object_get(big, "name")), "big");
    /* the table's spelling, the value without its comment, and its line */
    json_t *bg = json_object_get(json_object_get(tex, "values"), "background_colour");
    cr_assert_not_null(bg);
    cr_expect_str_eq(json_string_value(json_object_get(bg, "value")), "#102030");
    cr_expect_eq(json_integer_value(json_object_get(bg, "line")), 3);
    json_t *note = json_object_get(json_object_get(big, "values"), "note");
    cr_expect_str_eq(json_string_value(json_object_get(note, "value")), "caf\xEF\xBF\xBD");
    cr_expect_eq(json_integer_value(json_object_get(note, "line")), 7);
    /* and it prints as JSON */
    char *s = json_dumps(spec, JSON_COMPACT);
    cr_assert_not_null(s);
    cr_expect(strstr(s, "\"background_colour\":{\"value\":\"#102030\",\"line\":3}") != NULL);
    free(s);
    json_decref(spec);
}
