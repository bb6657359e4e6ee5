/* SPDX-License-Identifier: MIT
 * Colouring a PNG stamp per point: the palette colour (multiplied, or as a colourise
 * ramp), then the point's hue and lightness jitter, applied to the pixels of a copy. */
#ifndef DP_STAMP_TINT_H
#define DP_STAMP_TINT_H

#include <cairo.h>
#include <stdbool.h>

#include "render/texture.h"

typedef struct dp_tint {
    dp_stamp_tint mode;
    dp_rgba colour; /* palette pick, unjittered (its alpha is applied when painting) */
    double dl, dh;  /* lightness in [-1, 1], hue in turns */
} dp_tint;

/** True when t leaves every pixel as it is (multiply by white, no jitter). */
bool dp_tint_is_identity(const dp_tint *t);

/** A new ARGB32 copy of src with t applied (caller destroys); a surface in error when out
 * of memory, which cairo then reports at the layer's status check. */
cairo_surface_t *dp_tint_copy(cairo_surface_t *src, const dp_tint *t);

#endif
