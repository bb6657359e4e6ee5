/* SPDX-License-Identifier: MIT
 * A per-layer cache of small pre-drawn shapes ("sprites"), composited straight into the
 * canvas pixels. The lens styles draw a drop with five or six gradient fills; drawing
 * each distinct (look, radius to 1/8 px, position phase to 1/4 px) once and copying it
 * afterwards keeps 20k droplets cheap without resampling: sprites are drawn at the exact
 * sub-pixel phase and blitted at whole-pixel offsets, so the result stays sharp. */
#ifndef DP_SPRITE_H
#define DP_SPRITE_H

#include <cairo.h>
#include <stdint.h>

#include "dapple.h"
#include "render/layer.h"

#define DP_SPRITE_PHASES 4 /* sub-pixel positions per axis */
#define DP_SPRITE_RSTEP  8 /* radius quantum: 1/8 pixel */

typedef struct dp_sprite_cache dp_sprite_cache;

/** Paints one shape centred at (cx, cy) of radius 'radius' into cr; 'look' is whatever
 * the style keyed the sprite with (colour, pass ...). */
typedef void (*dp_sprite_paint_fn)(cairo_t *cr, double cx, double cy, double radius,
                                   const void *look);

/** An empty cache; NULL on allocation failure (callers then draw directly). */
dp_sprite_cache *dp_sprite_cache_new(void);

void dp_sprite_cache_free(dp_sprite_cache *c);

/** prepare/finish of a dp_layer_kind whose ctx->state is a sprite cache (droplets,
 * bubbles). */
dapple_status dp_sprite_layer_prepare(dp_layer_ctx *ctx, dapple_error *err);
void dp_sprite_layer_finish(dp_layer_ctx *ctx);

/** Composites the shape at (x, y) (device pixels of cr's image target, rows y0..y1-1
 * only) with OVER and a global 'alpha' in 0..1. 'look_key' must identify everything 'paint' reads
 * from 'look' apart from the radius; 'reach' (in radii) bounds the ink. Built on first use. */
void dp_sprite_draw(dp_sprite_cache *c, cairo_t *cr, int y0, int y1, double x, double y,
                    double radius, double reach, uint64_t look_key, const void *look,
                    dp_sprite_paint_fn paint, double alpha);

#endif
