/* SPDX-License-Identifier: MIT
 * Painting helpers shared by the lens-like styles (droplets, bubbles): radial gradient
 * discs and rim-aligned highlights, each a single cairo fill. */
#ifndef DP_LENS_H
#define DP_LENS_H

#include <cairo.h>

#include "core/disc.h"
#include "render/layer.h"
#include "render/texture.h"

typedef struct dp_lens_stop {
    double at; /* 0..1 along the gradient */
    dp_rgba c; /* its alpha is ignored: 'alpha' is used */
    double alpha;
} dp_lens_stop;

/** Fills disc 'fill' with the radial gradient of n stops from circle 'from' to circle 'to'.
 * A second circle off-centre from the first makes a band that is thick on one side and
 * thin on the other: that is how rims lean away from the light. */
void dp_lens_disc(cairo_t *cr, dp_disc fill, dp_disc from, dp_disc to, const dp_lens_stop *stops,
                  int n);

#define DP_LENS_WATER 1.33 /* refractive index of water (to air) */

/** What the eye sees at device pixel (px, py) through a transparent surface of slope
 * (gx, gy) (dh/dx, dh/dy of its height over the glass), looking straight at the pane from
 * the glass side, so the ray leaves through the curved surface. Snell's law at that surface
 * (eta = the index inside over the index outside: 1.33 for water in air) bends the ray, which
 * meets the scene behind (ctx->ground) backdrop_distance pixels further on; the exact
 * Fresnel reflectance weighs it against the environment the reflected ray sees (bright
 * above, dark below); past the critical angle only the environment shows (total internal
 * reflection). Writes premultiplied r, g, b, a in 0..1 into rgba. ctx->ground must be set. */
void dp_lens_look(const dp_layer_ctx *ctx, double px, double py, double gx, double gy, double eta,
                  double rgba[4]);

#endif
