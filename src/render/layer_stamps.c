/* SPDX-License-Identifier: MIT
 * 'stamps': the built-in daisy (stamp = "" or "daisy") or a PNG stamp, randomly rotated,
 * sized from r (scale * r, +- stamp_scale_jitter), with a soft shadow under each daisy. A
 * PNG is decoded once per layer (per drawing thread) in prepare and halved repeatedly
 * into a mip chain with cairo's box filter; each stamp then paints the smallest level at
 * least its size with a bilinear filter, so it is never shrunk by more than 2x at draw
 * time (sharp, and far cheaper than a convolution per stamp). Its longer side spans the
 * stamp's diameter; its alpha is multiplied by the point's colour alpha. */
#include "render/layer.h"

#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "render/lens.h"
#include "render/canvas.h"

#define MAX_LEVELS 16

typedef struct mips {
    cairo_surface_t *level[MAX_LEVELS]; /* level i: the image at 1 / 2^i */
    int n;
} mips;

static bool is_daisy(const dp_layer_spec *l)
{
    return l->stamp[0] == '\0' || strcmp(l->stamp, "daisy") == 0;
}

static int longer_side(cairo_surface_t *s)
{
    return DP_MAX(cairo_image_surface_get_width(s), cairo_image_surface_get_height(s));
}

static cairo_surface_t *halve(cairo_surface_t *src)
{
    int w = (cairo_image_surface_get_width(src) + 1) / 2;
    int h = (cairo_image_surface_get_height(src) + 1) / 2;
    cairo_surface_t *dst = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(dst);
    cairo_scale(cr, 0.5, 0.5);
    cairo_set_source_surface(cr, src, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
    cairo_destroy(cr);
    return dst;
}

static void finish(dp_layer_ctx *ctx)
{
    mips *m = ctx->state;
    for (int i = 0; m != NULL && i < m->n; i++)
        cairo_surface_destroy(m->level[i]);
    free(m);
    ctx->state = NULL;
}

static dapple_status prepare(dp_layer_ctx *ctx, dapple_error *err)
{
    ctx->state = NULL;
    if (is_daisy(ctx->spec))
        return DAPPLE_OK;
    mips *m = dp_calloc_n(1, sizeof *m);
    if (m == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
    ctx->state = m;
    dapple_status st = dp_canvas_load(ctx->spec->stamp, ctx->t->max_pixels, &m->level[0], err);
    if (st != DAPPLE_OK)
        return st;
    /* Stop halving at 4 pixels: smaller stamps are specks whatever the filter. */
    for (m->n = 1; m->n < MAX_LEVELS && longer_side(m->level[m->n - 1]) >= 8; m->n++)
        m->level[m->n] = halve(m->level[m->n - 1]);
    return dp_canvas_check_surface(m->level[m->n - 1], ctx->spec->stamp, err);
}

static void shadow(cairo_t *cr, double radius)
{
    const dp_rgba black = { 0, 0, 0, 1 };
    const dp_lens_stop st[] = { { 0, black, 0.22 }, { 1, black, 0 } };
    dp_lens_disc(cr, 0, 0, radius * 1.05, 0, 0, radius * 0.3, 0, 0, radius * 1.05, st, 2);
}

static void paint_png(cairo_t *cr, const mips *m, double radius, double alpha)
{
    int i = 0;
    while (i + 1 < m->n && longer_side(m->level[i + 1]) >= 2 * radius)
        i++;
    cairo_surface_t *img = m->level[i];
    double w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    double k = 2 * radius / DP_MAX(w, h);
    cairo_scale(cr, k, k);
    cairo_set_source_surface(cr, img, -w / 2, -h / 2);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
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
