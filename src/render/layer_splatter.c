/* SPDX-License-Identifier: MIT
 * 'splatter': paint, mud, ink or blood thrown at the surface. Each point is an impact of
 * drawn radius scale * r: its blob and the drops its splash throws ballistically
 * (core/splatter.h), filled as one shape in the point's colour, so the drops of one impact
 * never darken where they overlap. splat_direction and splat_force set where and how hard
 * the liquid flew. */
#include "render/layer.h"

#include "core/splatter.h"
#include "render/splatter.h"

static void draw_splat(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    (void)pass;
    cairo_new_path(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    dp_splat_path(cr, ctx->spec, s);
    cairo_set_source_rgba(cr, s->colour.r, s->colour.g, s->colour.b, s->colour.a);
    cairo_fill(cr);
}

const dp_layer_kind dp_layer_splatter = {
    .name = "splatter",
    .style = DP_STYLE_SPLATTER,
    .extent = DP_SPLAT_REACH,
    .passes = 1,
    .shadows = false,
    .draw = draw_splat,
};
