/* SPDX-License-Identifier: MIT
 * 'stamps': the built-in daisy (stamp = "" or "daisy") or a PNG stamp, randomly rotated,
 * sized from r (scale * r, +- stamp_scale_jitter), with a soft shadow under each. A PNG is
 * decoded once per layer (per drawing thread) in prepare and scaled so its longer side
 * spans the stamp's diameter; its alpha is multiplied by the point's colour alpha. */
#include "render/layer.h"

#include <string.h>

#include "core/dp.h"
#include "render/canvas.h"

static bool is_daisy(const dp_layer_spec *l)
{
    return l->stamp[0] == '\0' || strcmp(l->stamp, "daisy") == 0;
}

static dapple_status prepare(dp_layer_ctx *ctx, dapple_error *err)
{
    cairo_surface_t *s = NULL;
    ctx->state = NULL;
    if (is_daisy(ctx->spec))
        return DAPPLE_OK;
    dapple_status st = dp_canvas_load(ctx->spec->stamp, &s, err);
    ctx->state = s;
    return st;
}

static void finish(dp_layer_ctx *ctx)
{
    if (ctx->state != NULL)
        cairo_surface_destroy(ctx->state);
    ctx->state = NULL;
}

static void shadow(cairo_t *cr, double radius)
{
    cairo_pattern_t *p = cairo_pattern_create_radial(0, 0, radius * 0.3, 0, 0, radius * 1.05);
    cairo_pattern_add_color_stop_rgba(p, 0, 0, 0, 0, 0.22);
    cairo_pattern_add_color_stop_rgba(p, 1, 0, 0, 0, 0);
    cairo_set_source(cr, p);
    cairo_arc(cr, 0, 0, radius * 1.05, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

static void paint_png(cairo_t *cr, cairo_surface_t *img, double radius, double alpha)
{
    double w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    double k = 2 * radius / DP_MAX(w, h);
    cairo_scale(cr, k, k);
    cairo_set_source_surface(cr, img, -w / 2, -h / 2);
    cairo_paint_with_alpha(cr, alpha);
}

static void draw_stamp(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    (void)pass;
    cairo_save(cr);
    cairo_translate(cr, s->x, s->y);
    if (ctx->state != NULL) {
        cairo_rotate(cr, s->angle_rad);
        paint_png(cr, ctx->state, s->radius, s->colour.a);
    } else {
        /* The shadow falls the same way for every flower: offset before rotating. */
        cairo_translate(cr, 0.06 * s->radius, 0.08 * s->radius);
        shadow(cr, s->radius);
        cairo_translate(cr, -0.06 * s->radius, -0.08 * s->radius);
        cairo_rotate(cr, s->angle_rad);
        dp_daisy_draw(cr, s->radius, s->colour, s->variety);
    }
    cairo_restore(cr);
}

const dp_layer_kind dp_layer_stamps = {
    .name = "stamps",
    .style = DP_STYLE_STAMPS,
    .extent = 1.5, /* a PNG's corners reach sqrt(2) radii when rotated */
    .passes = 1,
    .draw = draw_stamp,
    .prepare = prepare,
    .finish = finish,
};
