/* SPDX-License-Identifier: MIT
 * 'circles': filled discs of scale * r in a jittered palette colour, the translucent
 * circles of Tulleken's Dev.Mag article. With the default scale 0.5 the discs never
 * overlap, because every pair of points is at least max(r_p, r_q) apart. */
#include "render/layer.h"

#include "core/dp.h"

static void draw_disc(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    (void)ctx;
    /* A silhouette is opaque: the shadow takes the shape's alpha itself. */
    double a = pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a;
    cairo_set_source_rgba(cr, s->colour.r, s->colour.g, s->colour.b, a);
    cairo_new_path(cr);
    cairo_arc(cr, s->x, s->y, s->radius, 0, 2 * DP_PI);
    cairo_fill(cr);
}

const dp_layer_kind dp_layer_circles = {
    .name = "circles",
    .style = DP_STYLE_CIRCLES,
    .extent = 1.0,
    .passes = 1,
    .shadows = true,
    .draw = draw_disc,
};
