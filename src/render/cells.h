/* SPDX-License-Identifier: MIT
 * The pieces of a cells layer, pixel by pixel: the power cell a place lies in (its point
 * weighted by r^2, core/power_cells.h), the piece inside it (the cell less the gap, with
 * rounded corners, wandering and ragged walls, or a stone or chip outline cut by the
 * cell) and the piece's height profile. The colour (layer_cells.c), the height and normal
 * maps (maps.c) and the cell and edge masks (mask.c) all read this one description. */
#ifndef DP_CELLS_H
#define DP_CELLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/power_cells.h"
#include "render/layer.h"
#include "render/render.h"

typedef struct dp_cells dp_cells;

/** One place of the layer. */
typedef struct dp_cell_px {
    size_t cell;   /* the point whose cell holds the place; SIZE_MAX: the layer is empty */
    double inset;  /* signed distance inside the piece's outline, pixels (< 0: the gap) */
    double wall;   /* distance to the nearest wall of the (wandering) cell, pixels */
    double height; /* the piece's height there, pixels, antialiased at its outline */
} dp_cell_px;

/** The pieces of layer l (its points lp) of texture t. On failure *out is NULL. */
DAPPLE_USERESULT dapple_status dp_cells_new(dp_cells **out, const dp_texture_spec *t,
                                            const dp_layer_spec *l, const dp_layer_points *lp,
                                            dapple_error *err);

void dp_cells_free(dp_cells *c);

/** The layer at pixel centre (x, y) (screen coordinates, wrapped on a torus). 'k' (one per
 * thread, zeroed before the first call, may be NULL) lets the next place nearby, the next
 * pixel of a row, reuse this one's search: the result is the same either way. */
void dp_cells_at(const dp_cells *c, dp_power_cache *k, double x, double y, dp_cell_px *out);

/** dp_cells_at trying a second search cache 'alt' (read only, may be NULL) when k does not
 * serve (dp_power_cells_near2): the same result. */
void dp_cells_at2(const dp_cells *c, dp_power_cache *k, const dp_power_cache *alt, double x,
                  double y, dp_cell_px *out);

/** Point i's shape as the colour renderer draws it (colour, angle, own bits). */
const dp_shape *dp_cells_shape(const dp_cells *c, size_t i);

/** Makes insets and walls exact out to at least 'reach' pixels from the walls (the edge
 * mask reads them that far; the colour and heights need less, and it costs time). */
void dp_cells_widen(dp_cells *c, double reach);

/** One value per cell for the cell mask, a multiple of 257 in [257, 65535] (so an 8-bit
 * mask keeps them apart), seeded by the points, no two neighbours alike: neighbours are
 * the cells that meet in 'ids' (w x h cell indices as dp_cells_at gave them, wrapping on a
 * torus). values has a slot per point. false when out of memory. */
bool dp_cells_values(const dp_cells *c, const size_t *ids, int w, int h, uint16_t *values);

/** The number of points (cells). */
size_t dp_cells_count(const dp_cells *c);

/** A height h (pixels) as the height map stores it with 65535 / unit = to_u16: 0 where
 * nothing rises. */
uint16_t dp_cells_height_q(double h, double to_u16);

/** The tallest piece a cells layer can raise, pixels (0 for other styles). */
double dp_cells_top(const dp_layer_spec *l);

#endif
