/* SPDX-License-Identifier: MIT
 * Painting helpers shared by the lens-like styles (droplets, bubbles): radial gradient
 * discs and rim-aligned highlights, each a single cairo fill. */
#ifndef DP_LENS_H
#define DP_LENS_H

#include <cairo.h>

#include "render/layer.h"
#include "render/texture.h"

typedef struct dp_lens_stop {
    double at; /* 0..1 along the gradient */
    dp_rgba c; /* its alpha is ignored: 'alpha' is used */
    double alpha;
} dp_lens_stop;

/** Fills a disc (x, y, r) with the radial gradient from circle (x0, y0, r0) to circle
 * (x1, y1, r1). A second circle off-centre from the first makes a band that is thick on
 * one side and thin on the other: that is how rims lean away from the light. */
void dp_lens_disc(cairo_t *cr, double x, double y, double r, double x0, double y0, double r0,
                  double x1, double y1, double r1, const dp_lens_stop *stops, int n);

/** A white elliptical highlight centred 'at' radii from (x, y) toward the unit direction
 * (dx, dy), 'size' radii long across that direction, 0.6 * size along it. 'sharp' in 0..1
 * keeps the core opaque longer before it fades. */
void dp_lens_highlight(cairo_t *cr, double x, double y, double radius, double dx, double dy,
                       double at, double size, double alpha, double sharp);

/** Replaces the disc (x, y, a) by the ground seen through a lens: the background at
 * c - power * (p - c), i.e. flipped and shrunk 'power' times, as a drop on a pane shows
 * the world behind it; blended with 'alpha' and antialiased at the edge. Writes pixels
 * directly (rows ctx->clip_y0..clip_y1 only); does nothing when ctx->ground is NULL. */
void dp_lens_refract(cairo_t *cr, const dp_layer_ctx *ctx, double x, double y, double a,
                     double power, double alpha);

/** The background (ctx->ground, which must not be NULL) at (sx, sy), bilinear, premultiplied
 * ARGB32; wraps on a periodic texture, else clamps at the edges. */
uint32_t dp_lens_ground_at(const dp_layer_ctx *ctx, double sx, double sy);

#endif
