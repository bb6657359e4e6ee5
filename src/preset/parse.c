/* SPDX-License-Identifier: MIT
 * Strict value parsing and "did you mean" suggestions. Numbers go through strtod/strtoull
 * but only after a character check, because strtod alone accepts " 5", "nan", "inf" and
 * hex, and strtoull accepts "-1" (and wraps it). A value must be used up entirely.
 * Messages quote at most 40 bytes of the value, with control bytes shown as '?', so that
 * an error stays one readable line whatever was typed. */
#include "preset/parse.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/number.h"

/* ---------------------------------------------------------------- yes/no parsers */

static bool all_of(const char *s, const char *allowed)
{
    if (*s == '\0')
        return false;
    for (; *s != '\0'; s++) {
        if (strchr(allowed, *s) == NULL)
            return false;
    }
    return true;
}

bool dp_parse_double(const char *s, double lo, double hi, double *out)
{
    double v;
    if (dp_number_parse(s, strlen(s), &v) != DP_NUMBER_OK || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

bool dp_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!all_of(s, "0123456789"))
        return false;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0' || errno == ERANGE || v < lo || v > hi)
        return false;
    *out = (uint64_t)v;
    return true;
}

bool dp_parse_int(const char *s, int lo, int hi, int *out)
{
    const char *digits = (s[0] == '-') ? s + 1 : s;
    if (!all_of(digits, "0123456789"))
        return false;
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || errno == ERANGE || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

bool dp_parse_bool(const char *s, bool *out)
{
    static const char *const yes[] = { "true", "yes", "on", "1" };
    static const char *const no[] = { "false", "no", "off", "0" };
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        if (strcmp(s, yes[i]) == 0 || strcmp(s, no[i]) == 0) {
            *out = strcmp(s, yes[i]) == 0;
            return true;
        }
    }
    return false;
}

bool dp_parse_size(const char *s, int *w, int *h)
{
    return dp_parse_size_max(s, DP_MAX_SIDE, w, h);
}

bool dp_parse_size_max(const char *s, int max, int *w, int *h)
{
    const char *x = strpbrk(s, "xX");
    if (x == NULL || (size_t)(x - s) >= 16)
        return false;
    char left[16];
    memcpy(left, s, (size_t)(x - s));
    left[x - s] = '\0';
    return dp_parse_int(left, 1, max, w) && dp_parse_int(x + 1, 1, max, h);
}

/* The value of one hex digit of either case, or -1. */
static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Channel i of a colour written with 'width' hex digits per channel (1 or 2). */
static double channel(const char *hex, int i, int width)
{
    int v = (width == 1) ? hex_digit(hex[i]) * 17
                         : hex_digit(hex[2 * i]) * 16 + hex_digit(hex[2 * i + 1]);
    return v / 255.0;
}

bool dp_parse_colour(const char *s, dp_rgba *out)
{
    size_t n = strlen(s);
    if (s[0] != '#' || !(n == 4 || n == 7 || n == 9))
        return false;
    for (size_t i = 1; i < n; i++) {
        if (hex_digit(s[i]) < 0)
            return false;
    }
    int width = (n == 4) ? 1 : 2;
    out->r = channel(s + 1, 0, width);
    out->g = channel(s + 1, 1, width);
    out->b = channel(s + 1, 2, width);
    out->a = (n == 9) ? channel(s + 1, 3, width) : 1.0;
    return true;
}

/* ---------------------------------------------------------------- with messages */

void dp_quote(const char *s, char out[DP_QUOTE_MAX])
{
    size_t n = 0;
    for (; s[n] != '\0' && n < 40; n++)
        out[n] = ((unsigned char)s[n] < 0x20 || s[n] == 0x7f) ? '?' : s[n];
    strcpy(out + n, s[n] != '\0' ? "..." : "");
}

dapple_status dp_expect_double(const char *s, double lo, double hi, double *out, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if (dp_parse_double(s, lo, hi, out))
        return DAPPLE_OK;
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected a number in [%g, %g], got '%s'", lo, hi, q);
}

dapple_status dp_expect_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out,
                            dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if (dp_parse_u64(s, lo, hi, out))
        return DAPPLE_OK;
    dp_quote(s, q);
    char *end;
    double v = strtod(s, &end); /* 1e8: a count people write that way; show it written out */
    if (end != s && *end == '\0' && v >= 0 && v < 0x1p64 && v == floor(v) && strpbrk(s, "eE"))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "expected an integer in [%llu, %llu], got '%s' (write it out: %.0f)",
                       (unsigned long long)lo, (unsigned long long)hi, q, v);
    return dp_fail(err, DAPPLE_E_INVALID, "expected an integer in [%llu, %llu], got '%s'",
                   (unsigned long long)lo, (unsigned long long)hi, q);
}

dapple_status dp_expect_int(const char *s, int lo, int hi, int *out, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if (dp_parse_int(s, lo, hi, out))
        return DAPPLE_OK;
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected an integer in [%d, %d], got '%s'", lo, hi, q);
}

dapple_status dp_expect_bool(const char *s, bool *out, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if (dp_parse_bool(s, out))
        return DAPPLE_OK;
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected true or false, got '%s'", q);
}

dapple_status dp_check_size(int w, int h, dapple_error *err)
{
    if (w < 1 || h < 1 || w > DP_MAX_SIDE || h > DP_MAX_SIDE)
        return dp_fail(err, DAPPLE_E_INVALID, "%dx%d: each side must be in [1, %d]", w, h,
                       DP_MAX_SIDE);
    if ((int64_t)w * h > DP_MAX_PIXELS)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "%dx%d is %lld pixels, over the memory limit of %lld (64 Mpixel)", w, h,
                       (long long)w * h, (long long)DP_MAX_PIXELS);
    return DAPPLE_OK;
}

dapple_status dp_expect_size(const char *s, int *w, int *h, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    int tw = 0, th = 0;
    if (!dp_parse_size(s, &tw, &th)) {
        dp_quote(s, q);
        return dp_fail(err, DAPPLE_E_INVALID, "expected WxH with sides in [1, %d], got '%s'",
                       DP_MAX_SIDE, q);
    }
    dapple_status st = dp_check_size(tw, th, err);
    if (st == DAPPLE_OK) {
        *w = tw;
        *h = th;
    }
    return st;
}

dapple_status dp_expect_colour(const char *s, dp_rgba *out, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if (dp_parse_colour(s, out))
        return DAPPLE_OK;
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected a colour #rgb, #rrggbb or #rrggbbaa, got '%s'",
                   q);
}

char *dp_next_item(char **cursor)
{
    char *item = *cursor;
    if (item == NULL)
        return NULL;
    char *comma = strchr(item, ',');
    if (comma != NULL)
        *comma = '\0';
    *cursor = comma != NULL ? comma + 1 : NULL;
    item += strspn(item, " \t");
    size_t n = strlen(item);
    while (n > 0 && (item[n - 1] == ' ' || item[n - 1] == '\t'))
        item[--n] = '\0';
    return item;
}

/* ---------------------------------------------------------------- suggestions */

size_t dp_edit_distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > 63 || nb > 63)
        return (size_t)-1;
    size_t row[64];
    for (size_t j = 0; j <= nb; j++)
        row[j] = j;
    for (size_t i = 1; i <= na; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= nb; j++) {
            size_t up = row[j];
            size_t best = DP_MIN(up, row[j - 1]) + 1;
            row[j] = DP_MIN(best, diag + (a[i - 1] != b[j - 1]));
            diag = up;
        }
    }
    return row[nb];
}

void dp_suggest_init(dp_suggest *s, const char *word)
{
    s->word = word;
    s->best = NULL;
    s->best_dist = (size_t)-1;
}

void dp_suggest_try(dp_suggest *s, const char *candidate)
{
    size_t d = dp_edit_distance(s->word, candidate);
    if (d < s->best_dist) {
        s->best = candidate;
        s->best_dist = d;
    }
}

const char *dp_suggest_best(const dp_suggest *s)
{
    /* Two edits, or a third of the word for longer ones: close enough to be a typo. */
    size_t limit = DP_MAX((size_t)2, strlen(s->word) / 3);
    return (s->best != NULL && s->best_dist > 0 && s->best_dist <= limit) ? s->best : NULL;
}
