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

/** Writes the sets to 'path' ("-" = stdout) atomically.
 * CSV: header "x,y,r" when with_layer is false, else "x,y,r,layer"; one point per line.
 * JSON: {"size":[W,H],"seed":S,"points":[[x,y,r],...]} or [x,y,r,layer] with layers. */
DAPPLE_USERESULT dapple_status dp_points_write(const char *path, dp_points_format format,
                                               const dp_point_set *sets, size_t n_sets,
                                               bool with_layer, double width, double height,
                                               uint64_t seed, dapple_error *err);

#endif
