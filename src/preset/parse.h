/* SPDX-License-Identifier: MIT
 * Strict parsing of the values a user types, shared by the command line and presets, so
 * that the same mistake gets the same words wherever it is made. The dp_parse_* functions
 * only answer yes or no; the dp_expect_* ones also fill 'err' with a message that has no
 * location prefix ("expected a number in [0.25, 4096], got 'abc'"): the caller adds
 * "--rmin: " or "presets/rain.ini:12: rmin: " in front. */
#ifndef DP_PARSE_H
#define DP_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

/** The memory limit on output sizes: width * height at most this many pixels. */
#define DP_MAX_PIXELS DAPPLE_LIMIT_IMAGE_PIXELS

/** A decimal number (strtod) that uses the whole string, is finite and in [lo, hi].
 * Refuses "", " 5", "10abc", "nan", "inf", hex. */
bool dp_parse_double(const char *s, double lo, double hi, double *out);

/** Decimal digits only (no sign, no spaces), no overflow, in [lo, hi]. */
bool dp_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/** An optional '-' then decimal digits, in [lo, hi]. */
bool dp_parse_int(const char *s, int lo, int hi, int *out);

/** true/false, yes/no, on/off, 1/0. */
bool dp_parse_bool(const char *s, bool *out);

/** "WxH" (or "WXH"), each side 1..DP_MAX_SIDE. The pixel limit is checked by
 * dp_expect_size, not here. */
bool dp_parse_size(const char *s, int *w, int *h);

/** dp_parse_size with sides up to max. */
bool dp_parse_size_max(const char *s, int max, int *w, int *h);

/** "#rgb", "#rrggbb" or "#rrggbbaa", hex digits of either case. */
bool dp_parse_colour(const char *s, dp_rgba *out);

/* The same, with a message in 'err' on failure (status DAPPLE_E_INVALID, or
 * DAPPLE_E_LIMIT for a size over DP_MAX_PIXELS). */
dapple_status dp_expect_double(const char *s, double lo, double hi, double *out, dapple_error *err);
dapple_status dp_expect_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out,
                            dapple_error *err);
dapple_status dp_expect_int(const char *s, int lo, int hi, int *out, dapple_error *err);
dapple_status dp_expect_bool(const char *s, bool *out, dapple_error *err);
dapple_status dp_expect_size(const char *s, int *w, int *h, dapple_error *err);
dapple_status dp_expect_colour(const char *s, dp_rgba *out, dapple_error *err);

/** Checks a size against DP_MAX_SIDE and DP_MAX_PIXELS; the message has no prefix. */
dapple_status dp_check_size(int w, int h, dapple_error *err);

/** A user's text as it goes into a message: at most 40 bytes then "...", control bytes
 * shown as '?', so the message stays one line. */
#define DP_QUOTE_MAX 48
void dp_quote(const char *s, char out[DP_QUOTE_MAX]);

/** Splits a comma list in place: returns the next item with spaces and tabs trimmed
 * ("" for an empty item) and advances *cursor, or NULL when the list is used up. Unlike
 * strtok it keeps no hidden state and does not skip empty items. */
char *dp_next_item(char **cursor);

/* ---------------------------------------------------------------- "did you mean" */

/** Finds the candidate nearest to 'word' by edit distance. Feed every candidate to
 * dp_suggest_try, then dp_suggest_best gives it, or NULL if none is close enough to be a
 * plausible typo. Strings are borrowed until the answer is used. */
typedef struct dp_suggest {
    const char *word;
    const char *best;
    size_t best_dist;
} dp_suggest;

void dp_suggest_init(dp_suggest *s, const char *word);
void dp_suggest_try(dp_suggest *s, const char *candidate);
const char *dp_suggest_best(const dp_suggest *s);

/** Levenshtein distance; strings longer than 63 bytes count as far from everything. */
size_t dp_edit_distance(const char *a, const char *b);

#endif
