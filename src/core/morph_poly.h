/* SPDX-License-Identifier: MIT
 * Dilation by a dp_morph_plan's polygon: one running max per direction, O(pixels) each. */
#ifndef DP_MORPH_POLY_H
#define DP_MORPH_POLY_H

#include <stdbool.h>
#include <stddef.h>

#include "core/morph_plan.h"
#include "core/wrap.h"

/** Floats of scratch dp_morph_poly_into needs for plan 'p' on a w x h raster. */
size_t dp_morph_poly_scratch(const dp_morph_plan *p, int w, int h, dp_wrap wrap);

/** out = sign * (max of sign * src over the plan's lattice polygon around each pixel);
 * pixels outside the raster take no part, but along the axes in 'wrap' (the raster wraps). */
void dp_morph_poly_into(const float *src, float *out, float *scratch, int w, int h,
                        const dp_morph_plan *p, float sign, dp_wrap wrap);

#endif
