/* SPDX-License-Identifier: MIT
 * Point lists for engines: CSV ("x,y,r" or "x,y,r,layer") and JSON. Numbers are written
 * with 9 significant digits (exact for float) by a fast formatter; bytes are stable. */
#ifndef DP_POINTS_WRITE_H
#define DP_POINTS_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dapple.h"

typedef enum dp_points_format { DP_POINTS_CSV, DP_POINTS_JSON } dp_points_format;

/** One layer's points; the layer number written is the set's index in the array. */
typedef struct dp_point_set {
    const dapple_point *points;
    size_t count;
} dp_point_set;

/** "csv" or "json" (also picked from a .csv/.json extension); -1 if neither. */
int dp_points_format_parse(const char *name);

/** Extra per-point columns for engines; all zero means none. Values are a pure function of
 * the seed and the point's stored x and y (core/point_attrs), never of its place in the
 * set, so the same point gets the same values in any file. */
typedef struct dp_points_columns {
    bool rotation;       /* a 'rotation' column, degrees in [0, 360) */
    double scale_jitter; /* j in (0, 1): a 'scale' column uniform in [1 - j, 1 + j]; 0 = off */
    int variants;        /* n > 0: a 'variant' column, an integer in [0, n); 0 = off */
    bool y_up;           /* write y as height - y (r and the extra columns are unchanged) */
    double origin_x;     /* then subtract this corner from x and y: coordinates relative to */
    double origin_y;     /* a region (in y-up terms when y_up); 0, 0 = world units */
} dp_points_columns;

/** A points file to write: its format and what it says besides the points. */
typedef struct dp_points_file {
    dp_points_format format;
    bool with_layer;        /* a layer column: the index of the point's set */
    double width, height;   /* the domain: JSON's "size", and what y_up flips by */
    uint64_t seed;          /* JSON's "seed", and the extra columns' values */
    dp_points_columns cols; /* extra columns; all zero for none */
} dp_points_file;

/** Writes the sets to 'path' ("-" = stdout) atomically, as f says. CSV: a header
 * x,y,r[,layer][,rotation][,scale][,variant], then one point per line. JSON:
 * {"size":[W,H],"seed":S,"points":[[x,y,r],...]}, each point carrying the same entries in
 * that order and, only when rotation, scale or variant is on, "columns":["x","y","r",...]
 * before "points". Rotation and scale are written as floats (so scale is within
 * [1 - j, 1 + j] after rounding to float), variant as an integer. A jitter outside [0, 1)
 * or negative variants is DAPPLE_E_INVALID. */
DAPPLE_USERESULT dapple_status dp_points_write(const char *path, const dp_points_file *f,
                                               const dp_point_set *sets, size_t n_sets,
                                               dapple_error *err);

/** Hands out the next set of a stream: *more false when there is none (the set is then
 * ignored); a status other than DAPPLE_OK (with err filled) abandons the file. A set's
 * points must stay valid until the next call. */
typedef dapple_status (*dp_points_next_fn)(void *ctx, dp_point_set *set, bool *more,
                                           dapple_error *err);

/** dp_points_write for a list too large to hold at once: the sets come one by one from
 * next() and are written as they come (the same bytes as one set of all their points).
 * There are no layers (f->with_layer is DAPPLE_E_INVALID). Sampled points are finite, so
 * JSON is not checked for NaN here. */
DAPPLE_USERESULT dapple_status dp_points_write_stream(const char *path, const dp_points_file *f,
                                                      dp_points_next_fn next, void *ctx,
                                                      dapple_error *err);

#endif
