/* SPDX-License-Identifier: MIT
 * Point lists read back: what dp_points_write writes (CSV or JSON, with or without layers
 * and extra columns) and plain CSV from other tools ("x,y" or "x,y,r", with or without a
 * header line). Errors name the file and line. */
#ifndef DP_POINTS_READ_H
#define DP_POINTS_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "dapple.h"

/** Files larger than this are refused (DAPPLE_E_LIMIT) before they are read. */
#define DP_POINTS_MAX_BYTES ((size_t)2 * 1024 * 1024 * 1024)

/** A point list as read; everything is owned and freed by dp_point_list_free. */
typedef struct dp_point_list {
    dapple_point *points; /* count points, in file order; r = 0 when the file has none */
    int *layer;           /* count layer numbers (>= 0), or NULL when the file has none */
    size_t *line;         /* count 1-based line numbers, where each point was read */
    size_t count;         /* >= 1 after a successful read */
    bool have_r;          /* the file had an r column */
    double width, height; /* the JSON "size", else 0 */
} dp_point_list;

/** Reads 'path' ("-" = standard input) into *out. JSON when the first byte that is not
 * white space is '{' or '[', else CSV.
 * CSV: ',' separates fields (';' or a tab when the first line has no ','); a first line with
 * no number in it is a header, whose columns named x, y, r and layer (any case) are used and
 * others ignored; without a header the columns are x, y and, when present, r. CRLF, blank
 * lines, '#' comment lines and a UTF-8 byte order mark are skipped.
 * JSON: {"size":[W,H],"points":[[x,y,r],...]} with optional [x,y,r,layer] points, or a
 * "columns" array naming each entry; other keys are ignored; a bare points array also works.
 * Numbers must be finite and fit a float; r >= 0; a layer is an integer >= 0.
 * Fails with DAPPLE_E_IO (cannot open, or not a regular file: a FIFO is refused without
 * blocking), DAPPLE_E_LIMIT (over DP_POINTS_MAX_BYTES, or more than max_points points when
 * max_points > 0), DAPPLE_E_FORMAT (a bad line, "file:line: ...", or no points) or
 * DAPPLE_E_NOMEM; then *out is empty and needs no free. */
DAPPLE_USERESULT dapple_status dp_points_read(const char *path, size_t max_points,
                                              dp_point_list *out, dapple_error *err);

/** Frees what dp_points_read filled and empties *l; NULL or an empty list is a no-op. */
void dp_point_list_free(dp_point_list *l);

#endif
