/* SPDX-License-Identifier: MIT
 * Strict value parsing (preset/parse.c) and field spec strings (preset/field_spec.c): what
 * is accepted, what is refused, and the exact words of each refusal, since the CLI and the
 * preset loader both pass these messages on to the user. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "preset/field_spec.h"
#include "preset/parse.h"

/* ---------------------------------------------------------------- numbers */

Test(parse, double_accepts_plain_decimals)
{
    const char *good[] = { "0", "5", "-2", "+3", "0.5", ".5", "5.", "1e3", "2.5E-1" };
    const double want[] = { 0, 5, -2, 3, 0.5, 0.5, 5, 1000, 0.25 };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        double v = -99;
        cr_expect(dp_parse_double(good[i], -10, 5000, &v), "refused '%s'", good[i]);
        cr_expect_eq(v, want[i], "'%s' gave %g", good[i], v);
    }
}

Test(parse, double_refuses_partial_and_special)
{
    const char *bad[] = { "",     "10abc", "nan", "NaN", "inf", "-inf", " 5",    "5 ",
                          "0x10", "1e",    ".",   "--1", "1,5", "abc",  "1e999", "5\n" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double v = 42;
        cr_expect_not(dp_parse_double(bad[i], -1e300, 1e300, &v), "accepted '%s'", bad[i]);
        cr_expect_eq(v, 42, "'%s' changed the output", bad[i]);
    }
}

Test(parse, double_range_is_inclusive)
{
    double v;
    cr_expect(dp_parse_double("0.25", 0.25, 4096, &v));
    cr_expect(dp_parse_double("4096", 0.25, 4096, &v));
    cr_expect_not(dp_parse_double("0.2499", 0.25, 4096, &v));
    cr_expect_not(dp_parse_double("4096.001", 0.25, 4096, &v));
}

Test(parse, u64_refuses_signs_and_overflow)
{
    uint64_t v = 7;
    cr_expect(dp_parse_u64("18446744073709551615", 0, UINT64_MAX, &v));
    cr_expect_eq(v, UINT64_MAX);
    const char *bad[] = { "-1", "+1", "18446744073709551616", "", " 1", "1.0", "1e3", "0x1" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_not(dp_parse_u64(bad[i], 0, UINT64_MAX, &v), "accepted '%s'", bad[i]);
    cr_expect_not(dp_parse_u64("11", 1, 10, &v));
}

Test(parse, int_range_and_sign)
{
    int v = 0;
    cr_expect(dp_parse_int("-12", -20, 20, &v));
    cr_expect_eq(v, -12);
    cr_expect_not(dp_parse_int("21", -20, 20, &v));
    cr_expect_not(dp_parse_int("99999999999999999999", INT32_MIN, INT32_MAX, &v));
    cr_expect_not(dp_parse_int("-", -20, 20, &v));
    cr_expect_not(dp_parse_int("3.0", -20, 20, &v));
}

Test(parse, bool_words)
{
    bool b = false;
    cr_expect(dp_parse_bool("yes", &b) && b);
    cr_expect(dp_parse_bool("off", &b) && !b);
    cr_expect(dp_parse_bool("1", &b) && b);
    cr_expect_not(dp_parse_bool("True", &b));
    cr_expect_not(dp_parse_bool("", &b));
}

Test(parse, size_sides)
{
    int w = 0, h = 0;
    cr_expect(dp_parse_size("512x256", &w, &h));
    cr_expect(w == 512 && h == 256);
    cr_expect(dp_parse_size("32767X1", &w, &h));
    cr_expect(w == 32767 && h == 1);
    const char *bad[] = { "0x0",  "0x5",  "32768x1", "5",     "x5",   "5x", "-5x5",
                          "5x-5", " 5x5", "5 x5",    "5x5x5", "5x5 ", "",   "1e2x5" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_not(dp_parse_size(bad[i], &w, &h), "accepted '%s'", bad[i]);
}

Test(parse, colour_forms)
{
    dp_rgba c;
    cr_assert(dp_parse_colour("#fFf", &c));
    cr_expect(c.r == 1 && c.g == 1 && c.b == 1 && c.a == 1);
    cr_assert(dp_parse_colour("#10203040", &c));
    cr_expect_float_eq(c.r, 16 / 255.0, 1e-12);
    cr_expect_float_eq(c.g, 32 / 255.0, 1e-12);
    cr_expect_float_eq(c.b, 48 / 255.0, 1e-12);
    cr_expect_float_eq(c.a, 64 / 255.0, 1e-12);
    cr_assert(dp_parse_colour("#00ff00", &c));
    cr_expect(c.r == 0 && c.g == 1 && c.b == 0 && c.a == 1);
    const char *bad[] = { "fff", "#ffff", "#ggg", "#fffffff", "", "#", "red", "#12345" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_not(dp_parse_colour(bad[i], &c), "accepted '%s'", bad[i]);
}

Test(parse, messages_have_the_agreed_words)
{
    dapple_error e;
    double d;
    int w, h;
    dp_rgba c;
    bool b;
    cr_expect_eq(dp_expect_double("abc", 0.5, 4096, &d, &e), DAPPLE_E_INVALID);
    cr_expect_str_eq(e.message, "expected a number in [0.5, 4096], got 'abc'");
    cr_expect_eq(dp_expect_int("3.5", 1, 1000, &w, &e), DAPPLE_E_INVALID);
    cr_expect_str_eq(e.message, "expected an integer in [1, 1000], got '3.5'");
    dp_expect_size("0x0", &w, &h, &e);
    cr_expect_str_eq(e.message, "expected WxH with sides in [1, 32767], got '0x0'");
    dp_expect_colour("red", &c, &e);
    cr_expect_str_eq(e.message, "expected a colour #rgb, #rrggbb or #rrggbbaa, got 'red'");
    dp_expect_bool("maybe", &b, &e);
    cr_expect_str_eq(e.message, "expected true or false, got 'maybe'");
}

Test(parse, messages_quote_safely)
{
    dapple_error e;
    double d;
    dp_expect_double("1\n2\x1b", 0, 1, &d, &e);
    cr_expect_str_eq(e.message, "expected a number in [0, 1], got '1?2?'");
    char longv[300];
    memset(longv, '9', sizeof longv - 1);
    longv[sizeof longv - 1] = '\0';
    dp_expect_double(longv, 0, 1, &d, &e);
    cr_expect(strstr(e.message, "'9999999999999999999999999999999999999999...'") != NULL, "%s",
              e.message);
}

Test(parse, size_memory_limit)
{
    dapple_error e;
    int w = 1, h = 1;
    cr_expect_eq(dp_expect_size("8192x8192", &w, &h, &e), DAPPLE_OK);
    cr_expect(w == 8192 && h == 8192);
    cr_expect_eq(dp_expect_size("8193x8192", &w, &h, &e), DAPPLE_E_LIMIT);
    cr_expect_str_eq(e.message,
                     "8193x8192 is 67117056 pixels, over the memory limit of 67108864 (64 Mpixel)");
    cr_expect(w == 8192 && h == 8192, "a refused size must not be stored");
}

Test(parse, next_item_trims_and_keeps_empties)
{
    char buf[] = " a ,b,, c\t";
    char *cur = buf;
    const char *want[] = { "a", "b", "", "c" };
    for (size_t i = 0; i < 4; i++) {
        char *item = dp_next_item(&cur);
        cr_assert_not_null(item);
        cr_expect_str_eq(item, want[i]);
    }
    cr_expect_null(dp_next_item(&cur));
}

Test(parse, suggestions_are_close_typos_only)
{
    cr_expect_eq(dp_edit_distance("rmn", "rmin"), 1);
    cr_expect_eq(dp_edit_distance("kitten", "sitting"), 3);
    cr_expect_eq(dp_edit_distance("", "abc"), 3);
    dp_suggest s;
    dp_suggest_init(&s, "scal");
    dp_suggest_try(&s, "octaves");
    dp_suggest_try(&s, "scale");
    cr_expect_str_eq(dp_suggest_best(&s), "scale");
    dp_suggest_init(&s, "zzz");
    dp_suggest_try(&s, "scale");
    cr_expect_null(dp_suggest_best(&s));
}

/* ---------------------------------------------------------------- field specs */

static dapple_field_opts fresh(void)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.rmin = 2;
    o.rmax = 9;
    return o;
}

Test(field_spec, constant_and_plain_perlin)
{
    dapple_field_opts o = fresh();
    char path[64] = "stale";
    dapple_error e;
    cr_assert_eq(dp_field_spec_parse("perlin", &o, path, sizeof path, &e), DAPPLE_OK);
    cr_expect_eq(o.kind, DAPPLE_FIELD_PERLIN);
    cr_expect_str_eq(path, "");
    cr_expect(o.rmin == 2 && o.rmax == 9, "radii are not the spec's business");
    cr_assert_eq(dp_field_spec_parse("constant", &o, path, sizeof path, &e), DAPPLE_OK);
    cr_expect_eq(o.kind, DAPPLE_FIELD_CONSTANT);
}

Test(field_spec, perlin_options_and_defaults)
{
    dapple_field_opts o = fresh();
    char path[64];
    dapple_error e;
    cr_assert_eq(dp_field_spec_parse("perlin:scale=80,octaves=3,lacunarity=2.5,gain=0.4", &o, path,
                                     sizeof path, &e),
                 DAPPLE_OK, "%s", e.message);
    cr_expect(o.perlin.scale == 80 && o.perlin.octaves == 3);
    cr_expect(o.perlin.lacunarity == 2.5 && o.perlin.gain == 0.4);
    /* A later spec describes the whole field: keys it omits go back to the defaults. */
    cr_assert_eq(dp_field_spec_parse("perlin: gain = 0.25 ", &o, path, sizeof path, &e), DAPPLE_OK,
                 "%s", e.message);
    cr_expect(o.perlin.scale == 64 && o.perlin.octaves == 4 && o.perlin.lacunarity == 2);
    cr_expect_eq(o.perlin.gain, 0.25);
}

Test(field_spec, image_path_verbatim)
{
    dapple_field_opts o = fresh();
    char path[64];
    dapple_error e;
    cr_assert_eq(dp_field_spec_parse("image:C:/maps/a,b:c.png", &o, path, sizeof path, &e),
                 DAPPLE_OK);
    cr_expect_eq(o.kind, DAPPLE_FIELD_IMAGE);
    cr_expect_str_eq(path, "C:/maps/a,b:c.png");
}

static void expect_error(const char *spec, const char *message)
{
    dapple_field_opts o = fresh(), before = o;
    char path[16] = "keep";
    dapple_error e;
    cr_expect_eq(dp_field_spec_parse(spec, &o, path, sizeof path, &e), DAPPLE_E_INVALID,
                 "'%s' accepted", spec);
    cr_expect_str_eq(e.message, message, "for '%s'", spec);
    cr_expect(memcmp(&o, &before, sizeof o) == 0, "'%s' changed the options", spec);
    cr_expect_str_eq(path, "keep", "'%s' changed the path", spec);
}

Test(field_spec, refusals_say_why)
{
    expect_error("foo", "unknown field kind 'foo' (expected constant, image:PATH or "
                        "perlin[:key=value,...])");
    expect_error("", "unknown field kind '' (expected constant, image:PATH or "
                     "perlin[:key=value,...])");
    expect_error("perlni", "unknown field kind 'perlni' (did you mean 'perlin'?)");
    expect_error("Perlin:scale=3", "unknown field kind 'Perlin' (did you mean 'perlin'?)");
    expect_error("perlin:scal=80", "unknown perlin key 'scal' (did you mean 'scale'?)");
    expect_error("perlin:zzz=1",
                 "unknown perlin key 'zzz' (expected scale, octaves, lacunarity or gain)");
    expect_error("perlin:scale=abc", "perlin scale: expected a number in [1, 65536], got 'abc'");
    expect_error("perlin:octaves=13", "perlin octaves: expected an integer in [1, 12], got '13'");
    expect_error("perlin:gain=nan", "perlin gain: expected a number in [0, 1], got 'nan'");
    expect_error("perlin:scale=8,scale=9", "perlin key 'scale' given twice");
    expect_error("perlin:", "perlin: expected key=value, got ''");
    expect_error("perlin:scale=8,", "perlin: expected key=value, got ''");
    expect_error("perlin:scale", "perlin: expected key=value, got 'scale'");
    expect_error("constant:3", "field kind 'constant' takes no options");
    expect_error("image", "image: expected a path after 'image:'");
    expect_error("image:", "image: expected a path after 'image:'");
    expect_error("image:a/very/long/path.png", "image path too long (max 15 bytes)");
}
