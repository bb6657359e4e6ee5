/* SPDX-License-Identifier: MIT
 * 'chips': seeded irregular polygons, as broken stone or glass. A chip has 'corners'
 * corners; with irregularity g each corner's angle moves by up to +-0.4 g of its share of
 * the turn and its distance from the centre shrinks by up to 0.5 g, so a chip stays inside
 * its drawn radius (the pair rule on the points holds) and corners never cross. 'aspect'
 * squashes a chip across its length into a shard. 'bevel' cuts a facet along every edge,
 * lit by how much the edge faces the light. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/material.h"
#include "render/solid.h"
#include "render/colour.h"

#define MAX_CORNERS 64

typedef struct chip {
    double x[MAX_CORNERS], y[MAX_CORNERS]; /* corners relative to the centre, screen space */
    int n;
} chip;

static chip chip_of(const dp_layer_spec *l, const dp_shape *s)
{
    chip c = { .n = DP_MAX(3, DP_MIN(l->corners, MAX_CORNERS)) };
    dp_jitter_rng g = { s->variety };
    double step = 2 * DP_PI / c.n, ca = cos(s->angle_rad), sa = sin(s->angle_rad);
    for (int i = 0; i < c.n; i++) {
        double t = step * (i + 0.4 * l->irregularity * dp_jitter_signed(&g));
        double r = s->radius * (1 - 0.5 * l->irregularity * dp_jitter_unit(&g));
        double x = r * cos(t), y = r * sin(t) * s->aspect * (s->mirror ? -1 : 1);
        c.x[i] = ca * x - sa * y;
        c.y[i] = sa * x + ca * y;
    }
    return c;
}

static void polygon(cairo_t *cr, const dp_shape *s, const chip *c, double k)
{
    cairo_new_path(cr);
    for (int i = 0; i < c->n; i++)
        cairo_line_to(cr, s->x + k * c->x[i], s->y + k * c->y[i]);
    cairo_close_path(cr);
}

/* A facet between edge i of the chip and of its inner copy (scaled by k), lit by the
 * edge's outward normal against the light. */
static void facets(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, const chip *c, double b)
{
    const double k = 0.72;
    for (int i = 0; i < c->n; i++) {
        int j = (i + 1) % c->n;
        double ex = c->x[j] - c->x[i], ey = c->y[j] - c->y[i], len = hypot(ex, ey);
        double lit = len > 0 ? (ey * ctx->light_x - ex * ctx->light_y) / len : 0;
        if (s->mirror)
            lit = -lit; /* a mirrored chip runs its corners the other way round */
        cairo_new_path(cr);
        cairo_move_to(cr, s->x + c->x[i], s->y + c->y[i]);
        cairo_line_to(cr, s->x + c->x[j], s->y + c->y[j]);
        cairo_line_to(cr, s->x + k * c->x[j], s->y + k * c->y[j]);
        cairo_line_to(cr, s->x + k * c->x[i], s->y + k * c->y[i]);
        cairo_close_path(cr);
        double v = lit > 0 ? 1 : 0;
        cairo_set_source_rgba(cr, v, v, v, 0.4 * b * fabs(lit));
        cairo_fill(cr);
    }
}

static void draw_chip(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    const dp_layer_spec *l = ctx->spec;
    if (dp_material_wanted(l)) {
        dp_solid_draw(cr, ctx, s, pass);
        return;
    }
    chip c = chip_of(l, s);
    double a = pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a;
    cairo_set_source_rgba(cr, s->colour.r, s->colour.g, s->colour.b, a);
    polygon(cr, s, &c, 1);
    if (!l->filled) {
        cairo_set_line_width(cr, l->stroke_width);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL);
        cairo_stroke(cr);
        return;
    }
    cairo_fill(cr);
    if (l->bevel > 0 && pass != DP_PASS_SILHOUETTE)
        facets(cr, ctx, s, &c, l->bevel * a);
}

const dp_layer_kind dp_layer_chips = {
    .name = "chips",
    .style = DP_STYLE_CHIPS,
    .extent = 1.0, /* corners lie within the radius; the stroke is added by draw.c */
    .passes = 1,
    .shadows = true,
    .draw = draw_chip,
};
