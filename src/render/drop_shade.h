/* SPDX-License-Identifier: MIT
 * Shading a drop pixel by pixel from its analytic surface (drop_shape.h): what the optics
 * of that surface show (render/lens.h: the scene behind refracted, the room reflected), and
 * a Blinn-Phong glint of the light whose place and size vary per drop. */
#ifndef DP_DROP_SHADE_H
#define DP_DROP_SHADE_H

#include <cairo.h>

#include "render/drop_shape.h"
#include "render/layer.h"

/** Shades drop d of shape s (its centre, colour and key) into cr's target, rows
 * ctx->clip_y0..clip_y1 only. Does nothing without ctx->ground (the scene behind). */
void dp_drop_shade(cairo_t *cr, const dp_layer_ctx *ctx, const dp_drop *d, const dp_shape *s);

/** Where a drop's glint sits, in pixels: its offset (ox, oy) from the drop's centre, the
 * point of the cap whose normal is the half vector, and its size, the cap's radius over
 * sqrt(shininess). */
typedef struct dp_glint_spot {
    double ox, oy, size;
} dp_glint_spot;

/** The glint of drop d of shape s (its centre and key) as dp_drop_shade lights it: by
 * ctx's light, its texture (ctx->t) and its layer's drop style (ctx->spec->drop). */
dp_glint_spot dp_drop_glint_spot(const dp_layer_ctx *ctx, const dp_drop *d, const dp_shape *s);

/** Shades the bridges between merged drops (render/merge.h) in ctx's band, from the same
 * smooth union the height map stores. */
dapple_status dp_drop_shade_bridges(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err);

#endif
