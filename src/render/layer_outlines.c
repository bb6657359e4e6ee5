/* SPDX-License-Identifier: MIT
 * 'outlines': stroked circles of scale * r, stroke_width pixels wide, centred on the
 * circle, so the ink reaches radius + stroke_width / 2. */
#include "render/layer.h"

#include "core/dp.h"

static void draw_ring(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    double w = ctx->spec->stroke_width > 0 ? ctx->spec->stroke_width : 1.0;
    /* A silhouette is opaque: the shadow takes the shape's alpha itself. */
    double a = pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a;
    cairo_set_source_rgba(cr, s->colour.r, s->colour.g, s->colour.b, a);
    cairo_set_line_width(cr, w);
    cairo_new_path(cr);
    cairo_arc(cr, s->x, s->y, s->radius, 0, 2 * DP_PI);
    cairo_stroke(cr);
}

const dp_layer_kind dp_layer_outlines = {
    .name = "outlines",
    .style = DP_STYLE_OUTLINES,
    .extent = 1.0, /* plus the stroke: canvas.c adds stroke_width for this style */
    .passes = 1,
    .shadows = true,
    .draw = draw_ring,
};
