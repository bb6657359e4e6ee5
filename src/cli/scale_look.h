/* SPDX-License-Identifier: MIT
 * A preset's whole look at another size: `render --scale` and `pack --size-cap` scale the
 * texture and every length in it alike, so the picture looks the same, only bigger or
 * smaller. */
#ifndef DP_CLI_SCALE_LOOK_H
#define DP_CLI_SCALE_LOOK_H

#include "dapple.h"
#include "render/texture.h"

/** Multiplies t's size by f (rounded, at least 1) and every length alike: radii, dot
 * radii, dilation, Perlin and background feature sizes, stroke widths; a layer's point
 * count by f^2 (as many points per area). Re-validates the spec (a size over the limits
 * fails here). */
DAPPLE_USERESULT dapple_status dp_texture_scale_look(dp_texture_spec *t, double f,
                                                     dapple_error *err);

#endif
