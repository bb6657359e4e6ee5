/* SPDX-License-Identifier: MIT
 * The shared strict number parser (issue #30): any length, one grammar, and a number
 * beyond the double range told apart from text that is no number. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/number.h"
#include "io/points_parse.h"
#include "preset/parse.h"

static dp_number_result parse(const char *s, double *v)
{
    return dp_number_parse(s, strlen(s), v);
}

/* "1." then 'len' zeros: 1 however long. */
static char *long_one(size_t len)
{
    char *s = malloc(len + 3);
    memcpy(s, "1.", 2);
    memset(s + 2, '0', len);
    s[len + 2] = '\0';
    return s;
}

Test(number, the_grammar)
{
    static const char *const good[] = { "0", "-1", "+2.5", ".5", "5.", "1e3", "1E-3", "-.25e+2" };
    static const char *const bad[] = { "",  " 5", "5 ",  "nan", "inf",   "0x10",  "1e", "e5",
                                       ".", "+",  "1e+", "--1", "1.2.3", "1e5e5", "1,5" };
    double v;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        cr_expect_eq(parse(good[i], &v), DP_NUMBER_OK, "%s", good[i]);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_eq(parse(bad[i], &v), DP_NUMBER_SYNTAX, "'%s'", bad[i]);
}

Test(number, any_length)
{
    double v = 0;
    char *one = long_one(10000);
    cr_assert_eq(parse(one, &v), DP_NUMBER_OK);
    cr_expect_eq(v, 1.0);
    cr_expect(dp_points_number(one, strlen(one), &v) && v == 1.0, "points: a long 1");
    cr_expect(dp_parse_double(one, 0, 2, &v) && v == 1.0, "options: a long 1");
    free(one);
    char f64[80] = "2.";
    memset(f64 + 2, '5', 70); /* a 72-byte field */
    cr_expect_eq(parse(f64, &v), DP_NUMBER_OK);
}

Test(number, out_of_range_is_not_syntax)
{
    double v;
    char *big = malloc(10001);
    memset(big, '9', 10000);
    big[10000] = '\0';
    cr_expect_eq(parse(big, &v), DP_NUMBER_RANGE, "a 10000-digit integer");
    cr_expect_eq(parse("1e400", &v), DP_NUMBER_RANGE);
    cr_expect_eq(parse("-1e400", &v), DP_NUMBER_RANGE);
    cr_expect_eq(parse("1e-400", &v), DP_NUMBER_OK, "below the range reads 0");
    cr_expect_eq(v, 0.0);
    /* the bytes after n are not read */
    cr_expect_eq(dp_number_parse("12345", 2, &v), DP_NUMBER_OK);
    cr_expect_eq(v, 12.0);
    free(big);
}

Test(number, points_say_out_of_range)
{
    dapple_point pt = { 0 };
    dapple_error err;
    int layer = 0;
    char *big = malloc(10001);
    memset(big, '1', 10000);
    cr_assert_neq(dp_points_store(0, big, 10000, &pt, &layer, &err), DAPPLE_OK);
    cr_expect(strstr(err.message, "out of range") != NULL, "%s", err.message);
    char *one = long_one(10000);
    cr_expect_eq(dp_points_store(0, one, strlen(one), &pt, &layer, &err), DAPPLE_OK);
    cr_expect_eq(pt.x, 1.0f);
    free(big), free(one);
}
