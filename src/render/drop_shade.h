/* SPDX-License-Identifier: MIT
 * Shading a shaped drop pixel by pixel from its analytic surface (drop_shape.h): the ground
 * refracted along the surface normal, a rim darkened by the slope (thicker away from the
 * light), a caustic, and a Blinn-Phong glint whose place and size vary per drop. */
#ifndef DP_DROP_SHADE_H
#define DP_DROP_SHADE_H

#include <cairo.h>

#include "render/drop_shape.h"
#include "render/layer.h"

#define DP_DROP_SHADOW_SHIFT 0.22 /* contact shadow offset away from the light, in radii */
#define DP_DROP_SHADOW_REACH 1.15

/** Pass 0 lays the drop's soft contact shadow, pass 1 the drop itself, at (x, y) in device
 * pixels, rows ctx->clip_y0..clip_y1 only. 'dark' in 0..1 scales the dark parts (small
 * drops read as specks with a glint, not dark dots). */
void dp_drop_shade(cairo_t *cr, const dp_layer_ctx *ctx, const dp_drop *d, const dp_shape *s,
                   double dark, int pass);

/** Where the glint of drop d at (x, y) on texture t (seeded by 'key', lit from the unit
 * vector (lx, ly)) sits: its offset (*ox, *oy) from the centre and its size, in pixels: the
 * point of the drop's cap whose normal is the half vector, and the cap's radius over
 * sqrt(shininess). */
void dp_drop_glint_spot(const dp_drop *d, const dp_drop_style *st, const dp_texture_spec *t,
                        double x, double y, double lx, double ly, uint64_t key, double *ox,
                        double *oy, double *size);

/** Shades the bridges between merged drops (render/merge.h) in ctx's band, from the same
 * smooth union the height map stores. */
dapple_status dp_drop_shade_bridges(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err);

#endif
