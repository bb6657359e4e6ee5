/* SPDX-License-Identifier: MIT
 * A preset's whole look at another size: `render --scale` and `pack --size-cap` scale the
 * texture and every length in it alike, so the picture looks the same, only bigger or
 * smaller. `render --scale-to WxH` gives an exact size with the same look. */
#ifndef DP_PRESET_SCALE_LOOK_H
#define DP_PRESET_SCALE_LOOK_H

#include "dapple.h"
#include "render/texture.h"

/** Multiplies t's size by f (rounded, at least 1) and every length alike: radii, dot
 * radii, dilation, Perlin and background feature sizes, stroke widths; a layer's point
 * count by f^2 (as many points per area). Re-validates the spec (a size over the limits
 * fails here). */
DAPPLE_USERESULT dapple_status dp_texture_scale_look(dp_texture_spec *t, double f,
                                                     dapple_error *err);

/** The preset scaled to exactly w x h pixels with its look: one factor for every length
 * (w / t->width, or the height's when that side is longer), as dp_texture_scale_look, and
 * then the size set to w x h. DAPPLE_E_INVALID when w x h is not the preset's aspect ratio
 * to the pixel (the look cannot be kept): the message names the size that is. *factor gets
 * the factor (may be NULL). */
DAPPLE_USERESULT dapple_status dp_texture_scale_to(dp_texture_spec *t, int w, int h, double *factor,
                                                   dapple_error *err);

/** The same look on a smaller pane: the size times f (0 < f <= 1, rounded up), every
 * length kept, and the counts a preset gives per pane (count, crystal_seeds) times the
 * pane's share of the area, so that the points per area stay. The preview's quick pass
 * renders such a pane and tiles it: shapes at their real size, at a fraction of the cost. */
DAPPLE_USERESULT dapple_status dp_texture_pane(dp_texture_spec *t, double f, dapple_error *err);

/** The exact size a factor f gives t (not rounded): what dp_texture_scale_look rounds to
 * whole pixels. True when either side is not a whole number (a caller reports it). */
bool dp_texture_scale_rounds(const dp_texture_spec *t, double f, double *w, double *h);

/** `pack --size-cap` and the preview's size cap: shrinks t so that neither side exceeds cap
 * (0: no cap), the look kept as dp_texture_scale_look keeps it. A spec already small
 * enough is left alone. */
DAPPLE_USERESULT dapple_status dp_texture_cap_size(dp_texture_spec *t, int cap, dapple_error *err);

#endif
