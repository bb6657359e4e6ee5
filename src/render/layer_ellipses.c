/* SPDX-License-Identifier: MIT
 * 'ellipses': rotated ellipses whose major semi-axis is the drawn radius (so the pair rule
 * on the points still holds) and minor axis aspect times that, filled or outlined. With
 * 'bevel' a filled ellipse is shaded as a smooth stone: a darker rim, a soft highlight
 * toward the light and a darker far side, all in the ellipse's own frame. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/material.h"
#include "render/solid.h"

/* The ellipse's frame: its centre at the origin, the unit circle its outline. */
static void frame(cairo_t *cr, const dp_shape *s)
{
    cairo_translate(cr, s->x, s->y);
    cairo_rotate(cr, s->angle_rad);
    cairo_scale(cr, s->radius, s->radius * s->aspect);
}

static void fill_with(cairo_t *cr, cairo_pattern_t *p)
{
    cairo_set_source(cr, p);
    cairo_fill_preserve(cr);
    cairo_pattern_destroy(p);
}

/* The light direction in the frame (unit length there), from the screen direction. */
static void light_in_frame(const dp_layer_ctx *ctx, const dp_shape *s, double *lx, double *ly)
{
    double c = cos(s->angle_rad), sn = sin(s->angle_rad);
    double x = c * ctx->light_x + sn * ctx->light_y, y = (-sn * ctx->light_x + c * ctx->light_y);
    double n = hypot(x, y / s->aspect);
    *lx = n > 0 ? x / n : 0;
    *ly = n > 0 ? y / s->aspect / n : 0;
}

static void shade(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, double b)
{
    double lx, ly;
    light_in_frame(ctx, s, &lx, &ly);
    cairo_pattern_t *rim = cairo_pattern_create_radial(0, 0, 0.55, 0, 0, 1);
    cairo_pattern_add_color_stop_rgba(rim, 0, 0, 0, 0, 0);
    cairo_pattern_add_color_stop_rgba(rim, 1, 0, 0, 0, 0.45 * b);
    fill_with(cr, rim);
    cairo_pattern_t *far = cairo_pattern_create_linear(lx, ly, -lx, -ly);
    cairo_pattern_add_color_stop_rgba(far, 0.3, 0, 0, 0, 0);
    cairo_pattern_add_color_stop_rgba(far, 1, 0, 0, 0, 0.35 * b);
    fill_with(cr, far);
    cairo_pattern_t *hi =
            cairo_pattern_create_radial(0.45 * lx, 0.45 * ly, 0, 0.45 * lx, 0.45 * ly, 0.6);
    cairo_pattern_add_color_stop_rgba(hi, 0, 1, 1, 1, 0.5 * b);
    cairo_pattern_add_color_stop_rgba(hi, 1, 1, 1, 1, 0);
    fill_with(cr, hi);
}

static void draw_ellipse(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    const dp_layer_spec *l = ctx->spec;
    if (dp_material_wanted(l)) {
        dp_solid_draw(cr, ctx, s, pass);
        return;
    }
    double a = pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a;
    cairo_save(cr);
    frame(cr, s);
    cairo_new_path(cr);
    cairo_arc(cr, 0, 0, 1, 0, 2 * DP_PI);
    cairo_set_source_rgba(cr, s->colour.r, s->colour.g, s->colour.b, a);
    if (l->filled) {
        cairo_fill_preserve(cr);
        if (l->bevel > 0 && pass != DP_PASS_SILHOUETTE)
            shade(cr, ctx, s, l->bevel * a);
        cairo_new_path(cr);
        cairo_restore(cr);
        return;
    }
    cairo_restore(cr); /* stroke in screen space, so the line keeps its width all round */
    cairo_set_line_width(cr, l->stroke_width);
    cairo_stroke(cr);
}

const dp_layer_kind dp_layer_ellipses = {
    .name = "ellipses",
    .style = DP_STYLE_ELLIPSES,
    .extent = 1.0, /* plus the stroke when outlined: draw.c adds it */
    .passes = 1,
    .shadows = true,
    .draw = draw_ellipse,
};
