/* SPDX-License-Identifier: MIT
 * Frost ferns as drawn: the grown branches (core/frost_growth.h) of a crystals layer as
 * cairo paths for the colour texture and as antialiased coverage for the masks, with the
 * copies across the edges of a tileable pane. Both read the same segments and widths, so
 * the mask lies under the drawn ice. */
#ifndef DP_CRYSTALS_H
#define DP_CRYSTALS_H

#include <cairo.h>
#include <stdint.h>

#include "core/frost_growth.h"
#include "render/render.h"

/** Appends to cr's path every segment of lp whose drawn width w satisfies
 * lo <= w < hi, widened by 'grow' pixels, that (or whose copy at +-width, +-height when
 * periodic) can touch rows y0 .. y1 - 1: one move_to / line_to pair each. */
void dp_crystals_path(cairo_t *cr, const dp_texture_spec *t, const dp_layer_points *lp, double lo,
                      double hi, double grow, int y0, int y1);

/** Max-combines into mask (width x height, 65535 = ice) the coverage of every crystals
 * layer's branches: capsules of their drawn width, antialiased over one pixel, wrapped
 * when periodic. */
void dp_crystals_cover_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *mask);

#endif
