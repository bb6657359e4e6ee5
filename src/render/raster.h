/* SPDX-License-Identifier: MIT
 * Visiting the pixels near a point, for the maps and masks that are not drawn by cairo
 * (they need linear 16-bit values and exact max/min combining). */
#ifndef DP_RASTER_H
#define DP_RASTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/wrap.h"

/** Called for one pixel: its index y * width + x and the squared distance from the pixel
 * centre (x + 0.5, y + 0.5) to the point. */
typedef void (*dp_raster_fn)(void *ctx, size_t index, double d2);

/** Calls fn for every pixel of the width x height image whose centre lies within 'reach'
 * of (x, y). Along the axes in 'wrap' (both: a torus) pixels are reached across the edges
 * (and the distance is to the nearest copy of the point that reaches them). */
void dp_raster_disc(int width, int height, dp_wrap wrap, double x, double y, double reach,
                    dp_raster_fn fn, void *ctx);

/** Called for one pixel: its index and the offset (dx, dy) of its centre from the point. */
typedef void (*dp_raster_xy_fn)(void *ctx, size_t index, double dx, double dy);

/** dp_raster_disc for shapes that are not round: the callback gets the offset. */
void dp_raster_disc_xy(int width, int height, dp_wrap wrap, double x, double y, double reach,
                       dp_raster_xy_fn fn, void *ctx);

/** Rows row0 .. row1 - 1 (a band) of a width x height image that wraps along wrap's axes:
 * what the functions below visit. Pixels of other rows are not visited, and an index counts
 * from row0, (y - row0) * width + x, for a buffer that holds just those rows. */
typedef struct dp_raster_band {
    int width, height;
    int row0, row1;
    dp_wrap wrap;
} dp_raster_band;

/** dp_raster_disc and dp_raster_disc_xy over band b only. */
void dp_raster_disc_rows(const dp_raster_band *b, double x, double y, double reach, dp_raster_fn fn,
                         void *ctx);
void dp_raster_disc_rows_xy(const dp_raster_band *b, double x, double y, double reach,
                            dp_raster_xy_fn fn, void *ctx);

/** Max-combines into out (band b's rows, as dp_raster_disc_rows indexes them) a soft-edged
 * disc: each pixel within 'reach' of (x, y), at distance d, takes
 * 65535 clamp((radius - d) / soft + 0.5, 0, 1) if that is more than it holds. The same
 * values as dp_raster_disc_rows with that callback, without a call per pixel. */
void dp_raster_soft_max_rows(const dp_raster_band *b, double x, double y, double reach,
                             double radius, double soft, uint16_t *out);

/** For every pixel of band b within 'reach' of a point, calls fn once with the squared
 * distance to its nearest point (a copy across the edges that b->wrap joins), by the same
 * expressions as dp_raster_disc: a max or min of a decreasing function of d2 over
 * dp_raster_disc's calls for each point is the same, at the cost of one grid search per
 * pixel instead of pixels x points (a dot of radius 4096 over every point). The n points
 * are in pixel space (px, py). false when out of memory (nothing was called). */
bool dp_raster_nearest(const dp_raster_band *b, const double *px, const double *py, size_t n,
                       double reach, dp_raster_fn fn, void *ctx);

#endif
