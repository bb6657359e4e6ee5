/* SPDX-License-Identifier: MIT
 * Grey morphology of a float raster by a disc given in domain units: dilation (max
 * filter) for a positive radius, erosion (min filter) for a negative one. Exact up to
 * 32 pixels of radius; beyond, a 32-gon within about 1% (docs/algorithm.md). */
#ifndef DP_MORPH_H
#define DP_MORPH_H

#include <stdbool.h>
#include <stddef.h>

#include "core/wrap.h"

/** Floats of scratch dp_morph_disc_into needs for the same arguments. */
size_t dp_morph_scratch_floats(int w, int h, double sx, double sy, double radius, dp_wrap wrap);

/** out = max (or min when radius < 0) of 'src' over the disc of |radius| units around
 * each pixel centre (a polygon close to it for large discs); pixels are sx x sy units. Pixels
 * outside the raster do not take part, but along the axes in 'wrap', where the raster wraps. 'out'
 * (w*h) and 'scratch' (dp_morph_scratch_floats) are caller memory and must not overlap 'src'. */
void dp_morph_disc_into(const float *src, float *out, float *scratch, int w, int h, double sx,
                        double sy, double radius, dp_wrap wrap);

#endif
