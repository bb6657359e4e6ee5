/* SPDX-License-Identifier: MIT
 * The one strict decimal number parser, shared by the option and preset values
 * (preset/parse.c) and the point files (io/points_read.c): a number is spelt exactly by
 * its bytes, [+-] digits [. digits] [e [+-] digits] (or . digits), with no spaces, nan,
 * inf or hex, which strtod alone would take. Any length: a 10000-digit 1.000... is 1. */
#ifndef DP_CORE_NUMBER_H
#define DP_CORE_NUMBER_H

#include <stddef.h>

typedef enum dp_number_result {
    DP_NUMBER_OK,     /* *out holds the value (a value below the double range reads 0) */
    DP_NUMBER_SYNTAX, /* not a decimal number: "expected a number" */
    DP_NUMBER_RANGE,  /* a number beyond the double range (1e400, a 10000-digit integer) */
} dp_number_result;

/** Parses exactly the n bytes at s (no terminator needed). */
dp_number_result dp_number_parse(const char *s, size_t n, double *out);

#endif
