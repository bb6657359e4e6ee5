/* SPDX-License-Identifier: MIT
 * Internal to the point reader: what points_read.c shares with the CSV and JSON parsers.
 * Field text comes as (pointer, length) into the file's buffer; messages built here have
 * no location, the parsers put "file:line: " in front. */
#ifndef DP_POINTS_PARSE_H
#define DP_POINTS_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "io/points_read.h"

/** What a column holds. */
enum { DP_ROLE_X, DP_ROLE_Y, DP_ROLE_R, DP_ROLE_LAYER, DP_ROLES };

extern const char *const dp_points_role_names[DP_ROLES];

/** One read in progress. */
typedef struct dp_points_parse {
    const char *name;  /* the path, or "<stdin>", for messages */
    size_t max_points; /* 0 = no limit */
    dp_point_list *out;
    size_t cap;      /* room in out->points (and out->layer) */
    bool with_layer; /* set by the parser before the first point */
    dapple_error *err;
} dp_points_parse;

/** The role named by n bytes (x, y, r or layer in any case), or -1. */
int dp_points_role_of(const char *name, size_t n);

/** n bytes of user text for a message: at most 40, then "...", control bytes as '?'. */
#define DP_QUOTE_OUT 48
void dp_points_quote(const char *s, size_t n, char out[DP_QUOTE_OUT]);

/** A finite decimal number spelt by exactly these n bytes (no spaces, nan, inf or hex). */
bool dp_points_number(const char *s, size_t n, double *out);

/** Parses the text of one field into pt's x, y or r (a finite float; r >= 0) or *layer (an
 * integer >= 0). DAPPLE_E_FORMAT with "expected a number in column 'y', got 'abc'". */
dapple_status dp_points_store(int role, const char *s, size_t n, dapple_point *pt, int *layer,
                              dapple_error *err);

/** Appends a point (and its layer when ps->with_layer); DAPPLE_E_LIMIT past max_points,
 * naming 'line'. */
dapple_status dp_points_push(dp_points_parse *ps, const dapple_point *pt, int layer, size_t line);

/** The two grammars; each fills ps->out and ps->with_layer. */
dapple_status dp_points_parse_csv(dp_points_parse *ps, const char *text, size_t len);
dapple_status dp_points_parse_json(dp_points_parse *ps, const char *text, size_t len);

#endif
