/* SPDX-License-Identifier: MIT
 * Bubbles shaded pixel by pixel: a shader gives each pixel's colour, and this composites it
 * (OVER) straight into the band's rows of the canvas. */
#ifndef DP_BUBBLE_PX_H
#define DP_BUBBLE_PX_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/disc.h"
#include "render/layer.h"

/** A pixel's paint: premultiplied colour and alpha, each 0..1; sRGB-encoded as the canvas
 * for DP_PX_ENCODED, linear light for DP_PX_LIGHT (then the colour is light added, alpha the
 * share of the light behind that is taken away). */
typedef struct dp_px {
    double r, g, b, a;
} dp_px;

/** The paint at (dx, dy) pixels from the bubble's centre (a pixel's centre); false when it
 * paints nothing there. */
typedef bool (*dp_bubble_px_fn)(const void *look, double dx, double dy, dp_px *out);

#define DP_PX_LIGHT_STEPS 4096

/** Tables for compositing in linear light: each 8-bit sRGB value decoded, and linear light
 * (0..1 in DP_PX_LIGHT_STEPS steps) encoded. Fill with dp_px_light_init. */
typedef struct dp_px_light {
    float decode[256];
    uint8_t encode[DP_PX_LIGHT_STEPS + 1];
} dp_px_light;

void dp_px_light_init(dp_px_light *l);

/** Composites fn's paint over every pixel within disc 'area' (its centre in user space, its
 * radius in pixels) in cr's rows ctx->clip_y0 .. clip_y1 - 1, scaled by 'alpha' (0..1): OVER
 * in the canvas's encoding when 'light' is NULL, else in linear light (a reflection adds
 * light as it does in the world, so a faint one over a dark ground stays faint). cr's target
 * is an image surface. */
void dp_bubble_px_paint(cairo_t *cr, const dp_layer_ctx *ctx, dp_disc area, dp_bubble_px_fn fn,
                        const void *look, double alpha, const dp_px_light *light);

#endif
