/* SPDX-License-Identifier: MIT
 * Grey morphology of a float raster by a disc given in domain units: dilation (max
 * filter) for a positive radius, erosion (min filter) for a negative one. */
#ifndef DP_MORPH_H
#define DP_MORPH_H

#include <stdbool.h>
#include <stddef.h>

/** Floats of scratch dp_morph_disc_into needs for a w x h raster. */
size_t dp_morph_scratch_floats(int w, int h);

/** out = max (or min when radius < 0) of 'src' over the disc of |radius| units around
 * each pixel centre; pixels are sx x sy units. Pixels outside the raster do not take
 * part, unless periodic, when the raster wraps. 'out' (w*h) and 'scratch'
 * (dp_morph_scratch_floats) are caller memory and must not overlap 'src'. */
void dp_morph_disc_into(const float *src, float *out, float *scratch, int w, int h, double sx,
                        double sy, double radius, bool periodic);

#endif
