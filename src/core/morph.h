/* SPDX-License-Identifier: MIT
 * Grey morphology of a float raster by a disc given in domain units: dilation (max
 * filter) for a positive radius, erosion (min filter) for a negative one. Exact up to
 * 32 pixels of radius; beyond, a 32-gon within about 1% (docs/algorithm.md). */
#ifndef DP_MORPH_H
#define DP_MORPH_H

#include <stdbool.h>
#include <stddef.h>

#include "core/wrap.h"

/** A raster of w x h pixels, each sx x sy domain units; it wraps along wrap's axes. */
typedef struct dp_morph_raster {
    int w, h;
    double sx, sy;
    dp_wrap wrap;
} dp_morph_raster;

/** Floats of scratch dp_morph_disc_into needs for the same arguments. */
size_t dp_morph_scratch_floats(const dp_morph_raster *r, double radius);

/** out = max (or min when radius < 0) of 'src' over the disc of |radius| units around
 * each pixel centre of raster r (a polygon close to it for large discs). Pixels outside the
 * raster do not take part, but along the axes in r's wrap, where the raster wraps. 'src' and
 * 'out' hold r's w*h pixels; 'out' and 'scratch' (dp_morph_scratch_floats) are caller memory
 * and must not overlap 'src'. */
void dp_morph_disc_into(const dp_morph_raster *r, const float *src, float *out, float *scratch,
                        double radius);

#endif
