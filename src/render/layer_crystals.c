/* SPDX-License-Identifier: MIT
 * 'crystals': frost ferns grown on the glass (core/frost_growth.h), not sampled. Ice on a
 * window scatters the light that crosses it, so each branch is drawn twice: a faint wide
 * haze (the rime around the crystal, in the second colour if there is one), then the
 * crystal itself, crisper and more opaque the thicker it is. Segments are stroked in
 * buckets of one width, one path each, so overlapping pieces of a bucket do not darken
 * where they join. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/crystals.h"
#include "render/render.h"

#define BUCKET 0.2  /* pixels of width per stroked bucket */
#define HAZE_W 2.2  /* the haze is this many times the crystal's width ... */
#define HAZE_P 1.5  /* ... plus this many pixels */
#define HAZE_A 0.14 /* at this alpha */

static void draw_none(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    (void)cr, (void)ctx, (void)s, (void)pass; /* no points: the overlay draws the ice */
}

/* Strokes every bucket of widths: width w drawn k w + p wide at alpha a(w). */
static void stroke_buckets(cairo_t *cr, const dp_layer_ctx *ctx, dp_rgba c, double k, double p,
                           double a_thin, double a_thick)
{
    const dp_layer_spec *l = ctx->spec;
    const dp_layer_points *lp = &ctx->scene->layers[ctx->layer_index];
    int n = (int)ceil(l->stroke_width / BUCKET) + 1;
    for (int b = 0; b < n; b++) {
        double lo = b * BUCKET, hi = b == n - 1 ? (double)INFINITY : (b + 1) * BUCKET;
        double w = (b + 0.5) * BUCKET, f = DP_MIN(1.0, w / l->stroke_width);
        cairo_new_path(cr);
        dp_crystals_path(cr, ctx->t, lp, lo, hi, (k - 1) * w + p, ctx->clip_y0, ctx->clip_y1);
        cairo_set_line_width(cr, k * w + p);
        cairo_set_source_rgba(cr, c.r, c.g, c.b,
                              c.a * l->alpha * (a_thin + (a_thick - a_thin) * f));
        cairo_stroke(cr);
    }
}

static dapple_status draw_ice(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err)
{
    (void)err;
    const dp_layer_spec *l = ctx->spec;
    if (ctx->scene == NULL)
        return DAPPLE_OK;
    cairo_save(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    dp_rgba haze = l->palette[l->palette_n > 1 ? 1 : 0];
    stroke_buckets(cr, ctx, haze, HAZE_W, HAZE_P, HAZE_A * 0.6, HAZE_A);
    stroke_buckets(cr, ctx, l->palette[0], 1, 0, 0.55, 0.95);
    cairo_restore(cr);
    return DAPPLE_OK;
}

const dp_layer_kind dp_layer_crystals = {
    .name = "crystals",
    .style = DP_STYLE_CRYSTALS,
    .extent = 0,
    .passes = 1,
    .draw = draw_none,
    .overlay = draw_ice,
};
