/* SPDX-License-Identifier: MIT
 * Internal helpers shared by every room: error filling, checked allocation, constants. */
#ifndef DP_H
#define DP_H

#include <stddef.h>

#include "dapple.h"

#define DP_PI        3.14159265358979323846
#define DP_MIN(a, b) ((a) < (b) ? (a) : (b))
#define DP_MAX(a, b) ((a) > (b) ? (a) : (b))

#if defined(__GNUC__)
#define DP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DP_PRINTF(f, a)
#endif

/** Fills *err (when non-NULL) with status and a printf-formatted one-line message;
 * returns status so callers can write `return dp_fail(err, ...)`. */
dapple_status dp_fail(dapple_error *err, dapple_status status, const char *fmt, ...)
        DP_PRINTF(3, 4);

/** Puts a printf-formatted context in front of the message *err already holds:
 * "<context>: <message>", with the new status. For errors passed up through a layer,
 * an option or a file that the inner code does not know. */
dapple_status dp_fail_prefix(dapple_error *err, dapple_status status, const char *fmt, ...)
        DP_PRINTF(3, 4);

/** Fills *err with "NAME: expected a number in [LO, HI], got V" (DAPPLE_E_INVALID): the
 * words the command line and presets use for the same mistake, so a library caller, a flag
 * and a preset key hear the same thing. 'open' is "(" when LO itself is refused, else "[".
 * The ranges come from the DAPPLE_LIMIT_* macros of dapple.h. */
dapple_status dp_fail_range(dapple_error *err, const char *name, const char *open, double lo,
                            double hi, double v);

/** The same for integers: "NAME: expected an integer in [LO, HI], got V". */
dapple_status dp_fail_range_int(dapple_error *err, const char *name, long long lo, long long hi,
                                long long v);

/** The same for counts, which may exceed LLONG_MAX. */
dapple_status dp_fail_range_count(dapple_error *err, const char *name, unsigned long long lo,
                                  unsigned long long hi, unsigned long long v);

/** calloc(count, size) that refuses count * size overflow; NULL on failure. */
void *dp_calloc_n(size_t count, size_t size);

/** realloc(p, count * size) that refuses overflow; NULL (p untouched) on failure. */
void *dp_realloc_n(void *p, size_t count, size_t size);

/** Room for one more item in a growable array of *cap items of 'size' bytes, n in use:
 * returns items, or when n == *cap a copy with double the capacity (64 at first; *cap
 * updated). NULL (items and *cap untouched) when out of memory. */
void *dp_grow(void *items, size_t *cap, size_t n, size_t size);

#endif
