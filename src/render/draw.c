/* SPDX-License-Identifier: MIT
 * dp_render_texture: background, then every layer in order through its dp_layer_kind.
 * Attributes of a point (colour, angle, size) come from a stream seeded by (layer seed,
 * point index), so a point drawn twice - a periodic copy at +-W/+-H, or a shape crossing
 * the seam of two bands - looks the same both times. Large canvases are cut into
 * horizontal bands drawn by separate threads, each with its own surface object over the
 * same pixels and a clip to its rows. Every band works in the canvas's own coordinates
 * (no translation, whose rounding would differ in gradients); a shape crossing two bands
 * is drawn by both, each clipped. Clipping still rounds some shapes (rotated stamps)
 * differently, so the band layout depends on the canvas size alone, never on the number
 * of threads drawing it. */
#include "render/render.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/point_attrs.h"
#include "render/backdrop.h"
#include "render/canvas.h"
#include "render/colour.h"
#include "render/ground_detail.h"
#include "render/layer.h"

#define MAX_BANDS   8
#define MAX_REPEATS 3 /* copies per axis beyond which a shape is larger than sensible */

static const dp_layer_kind *const kinds[] = {
    &dp_layer_circles,  &dp_layer_outlines, &dp_layer_droplets, &dp_layer_bubbles,
    &dp_layer_stamps,   &dp_layer_ellipses, &dp_layer_chips,    &dp_layer_blades,
    &dp_layer_cells,    &dp_layer_ellipses, &dp_layer_chips,    &dp_layer_blades,
    &dp_layer_crystals, &dp_layer_stars,    &dp_layer_splatter, &dp_layer_snow,
};

const dp_layer_kind *dp_layer_kind_for(dp_style style)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i]->style == style)
            return kinds[i];
    return NULL;
}

typedef struct band {
    const dp_texture_spec *t;
    const dp_scene *s;
    uint8_t *data;         /* the whole canvas */
    const uint8_t *ground; /* a copy of the background (the sharp backdrop), or NULL */
    const uint8_t *glass;  /* the background as clear glass shows it (may be ground) */
    double scene_mean[3];  /* the ground's mean colour */
    int stride;
    int y0, y1; /* rows drawn by this band */
    dapple_status st;
    dapple_error err;
} band;

/* ---------------------------------------------------------------- one point */

static bool has_shadow(const dp_layer_kind *k, const dp_layer_spec *l)
{
    return k->shadows && l->shadow > 0;
}

/* How far the shape's own ink reaches from its centre. */
static double ink_reach(const dp_layer_kind *k, const dp_layer_spec *l, double radius)
{
    bool stroked = l->style == DP_STYLE_OUTLINES || l->style == DP_STYLE_BLADES ||
                   ((l->style == DP_STYLE_ELLIPSES || l->style == DP_STYLE_CHIPS) && !l->filled);
    return k->extent * radius + (stroked ? l->stroke_width / 2 : 0) + 1; /* + 1: antialiasing */
}

static double reach_of(const dp_layer_kind *k, const dp_layer_spec *l, double radius)
{
    double ink = ink_reach(k, l, radius);
    if (!has_shadow(k, l))
        return ink;
    return DP_MAX(ink, ink + (l->shadow_offset + 2 * l->shadow_softness) * radius + 2);
}

/* Indices i of the copies at c + i * period whose [lo, hi) overlap the window. */
static void copy_range(double c, double reach, double period, double lo, double hi, bool wrap,
                       int *i0, int *i1)
{
    *i0 = 0;
    *i1 = (c + reach > lo && c - reach < hi) ? 0 : -1;
    if (!wrap)
        return;
    *i0 = DP_MAX(-MAX_REPEATS, (int)floor((lo - reach - c) / period) + 1);
    *i1 = DP_MIN(MAX_REPEATS, (int)ceil((hi + reach - c) / period) - 1);
}

static void draw_copies(cairo_t *cr, const dp_layer_kind *k, const dp_layer_ctx *ctx, const band *b,
                        dp_shape s, int pass)
{
    const dp_texture_spec *t = ctx->t;
    double reach = reach_of(k, ctx->spec, s.radius), x = s.x, y = s.y;
    int i0, i1, j0, j1;
    copy_range(x, reach, t->width, 0, t->width, t->wrap.x, &i0, &i1);
    copy_range(y, reach, t->height, b->y0, b->y1, t->wrap.y, &j0, &j1);
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++) {
            s.x = x + (double)i * t->width;
            s.y = y + (double)j * t->height;
            /* Each shape's shadow just before it: it falls on what lies below, never on
               shapes drawn later. */
            if (pass == 0 && has_shadow(k, ctx->spec))
                dp_shadow_draw(cr, k, ctx, &s, ink_reach(k, ctx->spec, s.radius));
            k->draw(cr, ctx, &s, pass);
        }
}

/* A cheap test before the point's attributes are drawn: could any copy of it, at its
 * largest possible size, touch this band's rows? */
static bool may_reach_band(const dp_layer_kind *k, const dp_layer_ctx *ctx, const band *b,
                           const dapple_point *p)
{
    const dp_layer_spec *l = ctx->spec;
    double grow = l->style == DP_STYLE_STAMPS ? 1 + l->stamp_scale_jitter : 1;
    double reach = reach_of(k, l, dp_layer_draw_radius(l, p->r) * grow);
    int j0, j1;
    copy_range(p->y, reach, ctx->t->height, b->y0, b->y1, ctx->t->wrap.y, &j0, &j1);
    return j0 <= j1;
}

/* Trail beads (render/trails.h) after the layer's own points; their r is the drawn radius. */
static void draw_beads(cairo_t *cr, const dp_layer_kind *k, const dp_layer_ctx *ctx, const band *b,
                       const dp_layer_points *lp, int pass)
{
    for (size_t i = 0; i < lp->n_beads; i++) {
        dp_shape s = dp_layer_shape(ctx, &lp->beads[i], lp->count + i);
        s.radius = (double)lp->beads[i].r;
        s.bead = true;
        draw_copies(cr, k, ctx, b, s, pass);
    }
}

/* ---------------------------------------------------------------- one layer */

static dapple_status draw_layer(cairo_t *cr, band *b, int li)
{
    const dp_layer_spec *l = &b->t->layers[li];
    const dp_layer_points *lp = &b->s->layers[li];
    const dp_layer_kind *k = dp_layer_kind_for(l->style);
    if (k == NULL)
        return dp_fail(&b->err, DAPPLE_E_INVALID, "layer '%s': unknown style %d", l->name,
                       (int)l->style);
    dp_layer_ctx ctx = dp_layer_ctx_for(b->t, l);
    ctx.clip_y0 = b->y0;
    ctx.clip_y1 = b->y1;
    ctx.ground = b->ground;
    ctx.ground_stride = b->stride;
    ctx.glass = b->glass;
    for (int c = 0; c < 3; c++)
        ctx.scene_mean[c] = b->scene_mean[c];
    if (k->prepare != NULL && k->prepare(&ctx, &b->err) != DAPPLE_OK) {
        if (k->finish != NULL)
            k->finish(&ctx); /* frees whatever prepare got before it failed */
        return dp_fail_prefix(&b->err, b->err.status, "layer '%s'", l->name);
    }
    ctx.scene = b->s;
    ctx.layer_index = li;
    dapple_status st = k->underlay != NULL ? k->underlay(cr, &ctx, &b->err) : DAPPLE_OK;
    for (int pass = 0; pass < k->passes && st == DAPPLE_OK; pass++) {
        for (size_t i = 0; i < lp->count; i++)
            if (may_reach_band(k, &ctx, b, &lp->points[i]))
                draw_copies(cr, k, &ctx, b, dp_layer_shape(&ctx, &lp->points[i], i), pass);
        draw_beads(cr, k, &ctx, b, lp, pass);
    }
    if (st == DAPPLE_OK && k->overlay != NULL)
        st = k->overlay(cr, &ctx, &b->err);
    if (k->finish != NULL)
        k->finish(&ctx);
    if (st != DAPPLE_OK)
        return dp_fail_prefix(&b->err, st, "layer '%s'", l->name);
    char what[DP_NAME_MAX + 16];
    snprintf(what, sizeof what, "layer '%s'", l->name);
    return dp_canvas_check(cr, what, &b->err);
}

static void *draw_band(void *arg)
{
    band *b = arg;
    cairo_surface_t *surf = cairo_image_surface_create_for_data(
            b->data, CAIRO_FORMAT_ARGB32, b->t->width, b->t->height, b->stride);
    cairo_t *cr = cairo_create(surf);
    cairo_rectangle(cr, 0, b->y0, b->t->width, b->y1 - b->y0);
    cairo_clip(cr);
    b->st = dp_canvas_check(cr, "band", &b->err);
    int n = DP_MIN(b->t->n_layers, b->s->n_layers);
    for (int i = 0; i < n && b->st == DAPPLE_OK; i++)
        if (!(b->t->hide_layers >> i & 1))
            b->st = draw_layer(cr, b, i);
    cairo_destroy(cr);
    cairo_surface_finish(surf);
    cairo_surface_destroy(surf);
    return NULL;
}

/* ---------------------------------------------------------------- the texture */

/* The mean colour (0..1, premultiplied) of an ARGB32 image, every 4th pixel each way. */
static void mean_colour(const dp_texture_spec *t, const uint8_t *px, int stride, double out[3])
{
    double sum[3] = { 0, 0, 0 }, n = 0;
    for (int y = 0; y < t->height; y += 4) {
        const uint32_t *row = (const uint32_t *)(const void *)(px + (size_t)y * stride);
        for (int x = 0; x < t->width; x += 4, n++)
            for (int c = 0; c < 3; c++)
                sum[c] += (row[x] >> (16 - 8 * c) & 255) / 255.0;
    }
    for (int c = 0; c < 3; c++)
        out[c] = n > 0 ? sum[c] / n : 0;
}

static dapple_status draw_bands(const dp_texture_spec *t, const dp_scene *s,
                                cairo_surface_t *canvas, const uint8_t *const views[2], int n,
                                int threads, dapple_error *err)
{
    band b[MAX_BANDS];
    pthread_t th[MAX_BANDS];
    bool started[MAX_BANDS] = { false };
    cairo_surface_flush(canvas);
    double mean[3] = { 0, 0, 0 };
    if (views[0] != NULL)
        mean_colour(t, views[0], cairo_image_surface_get_stride(canvas), mean);
    for (int i = 0; i < n; i++) {
        b[i] = (band){ .t = t,
                       .scene_mean = { mean[0], mean[1], mean[2] },
                       .s = s,
                       .data = cairo_image_surface_get_data(canvas),
                       .ground = views[0],
                       .glass = views[1],
                       .stride = cairo_image_surface_get_stride(canvas),
                       .y0 = (int)((long)t->height * i / n),
                       .y1 = (int)((long)t->height * (i + 1) / n) };
        /* Band 0 runs here; a thread that cannot start is drawn here too, and so is every
           band when the caller wants one thread: the bands, not the threads, decide the
           bytes (cairo's clipped and unclipped paths round differently). */
        if (i > 0 && threads > 1)
            started[i] = pthread_create(&th[i], NULL, draw_band, &b[i]) == 0;
    }
    for (int i = 0; i < n; i++)
        if (!started[i])
            draw_band(&b[i]);
    for (int i = 1; i < n; i++)
        if (started[i])
            pthread_join(th[i], NULL);
    cairo_surface_mark_dirty(canvas);
    for (int i = 0; i < n; i++)
        if (b[i].st != DAPPLE_OK) {
            if (err != NULL)
                *err = b[i].err;
            return b[i].st;
        }
    return DAPPLE_OK;
}

static dapple_status check_size(const dp_texture_spec *t, dapple_error *err)
{
    if (t->width < 1 || t->height < 1 || t->width > DP_MAX_SIDE || t->height > DP_MAX_SIDE)
        return dp_fail(err, DAPPLE_E_INVALID, "size %dx%d: each side must be in [1, %d]", t->width,
                       t->height, DP_MAX_SIDE);
    return DAPPLE_OK;
}

static bool has_droplets(const dp_texture_spec *t)
{
    for (int i = 0; i < t->n_layers; i++)
        if (t->layers[i].style == DP_STYLE_DROPLETS)
            return true;
    return false;
}

static bool has_frost(const dp_texture_spec *t)
{
    for (int i = 0; i < t->n_layers; i++)
        if (t->layers[i].style == DP_STYLE_DROPLETS && t->layers[i].frost > 0)
            return true;
    return false;
}

/* A copy of the canvas as it is now, plain memory, so the band threads may share it. */
static dapple_status copy_canvas(const dp_texture_spec *t, cairo_surface_t *canvas, uint8_t **out,
                                 dapple_error *err)
{
    size_t bytes = (size_t)cairo_image_surface_get_stride(canvas) * (size_t)t->height;
    cairo_surface_flush(canvas);
    *out = malloc(bytes);
    if (*out == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d canvas", t->width,
                       t->height);
    memcpy(*out, cairo_image_surface_get_data(canvas), bytes);
    return DAPPLE_OK;
}

/* Droplets refract the scene behind them: views[0] keeps the background before any layer
 * covers it. With a backdrop that copy is the sharp scene the drops focus, and the canvas
 * is then blurred to what clear glass shows (out of focus), kept as views[1] for fog to
 * blur further; without one, both are the background. */
static dapple_status scene_views(const dp_texture_spec *t, cairo_surface_t *canvas,
                                 uint8_t *views[2], dapple_error *err)
{
    views[0] = views[1] = NULL;
    bool backdrop = dp_backdrop_wanted(t);
    dapple_status st = DAPPLE_OK;
    if (has_droplets(t))
        st = copy_canvas(t, canvas, &views[0], err);
    if (st == DAPPLE_OK && backdrop) {
        cairo_surface_flush(canvas);
        st = dp_backdrop_blur_into(cairo_image_surface_get_data(canvas),
                                   cairo_image_surface_get_stride(canvas), t->width, t->height,
                                   t->wrap, t->backdrop_blur, err);
        cairo_surface_mark_dirty(canvas);
    }
    if (st == DAPPLE_OK && backdrop && has_frost(t))
        st = copy_canvas(t, canvas, &views[1], err);
    return st;
}

static dapple_status paint_background(cairo_t *cr, const dp_texture_spec *t, dapple_error *err)
{
    dapple_status st = dp_canvas_check(cr, "canvas", err);
    if (st != DAPPLE_OK)
        return st;
    st = dp_backdrop_wanted(t) ? dp_backdrop_paint(cr, t, err) : dp_canvas_background(cr, t, err);
    if (st == DAPPLE_OK && t->ground_detail)
        dp_ground_flatten(cairo_get_target(cr));
    return st;
}

dapple_status dp_render_texture_bands(const dp_texture_spec *t, const dp_scene *s, int bands,
                                      cairo_surface_t **out, dapple_error *err)
{
    *out = NULL;
    dapple_status st = check_size(t, err);
    if (st != DAPPLE_OK)
        return st;
    cairo_surface_t *canvas = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, t->width, t->height);
    cairo_t *cr = cairo_create(canvas);
    st = paint_background(cr, t, err);
    cairo_destroy(cr);
    bands = DP_MAX(1, DP_MIN(DP_MIN(bands, MAX_BANDS), t->height));
    uint8_t *views[2] = { NULL, NULL };
    if (st == DAPPLE_OK)
        st = scene_views(t, canvas, views, err);
    const uint8_t *const shared[2] = { views[0], views[1] != NULL ? views[1] : views[0] };
    if (st == DAPPLE_OK)
        st = draw_bands(t, s, canvas, shared, bands,
                        t->render_threads > 0 ? t->render_threads : bands, err);
    free(views[0]);
    free(views[1]);
    if (st != DAPPLE_OK) {
        cairo_surface_destroy(canvas);
        return st;
    }
    *out = canvas;
    return DAPPLE_OK;
}

dapple_status dp_render_texture(const dp_texture_spec *t, const dp_scene *s, cairo_surface_t **out,
                                dapple_error *err)
{
    /* Two cores is the target machine; small canvases are not worth a thread. The band
       layout depends on the size alone, so the bytes do not depend on the thread count. */
    int bands = (long)t->width * t->height >= 256L * 256 ? 2 : 1;
    return dp_render_texture_bands(t, s, bands, out, err);
}
