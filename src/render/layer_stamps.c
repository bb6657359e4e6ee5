/* SPDX-License-Identifier: MIT
 * 'stamps': the built-in daisy (stamp = "" or "daisy") or PNG stamps (up to 8 variants, one
 * picked per point), randomly rotated, sized from r (scale * r, +- stamp_scale_jitter),
 * optionally mirrored and tilted (squashed across a random axis by cos(tilt)). The daisy
 * has a soft shadow of its own unless the layer asks for 'shadow' or the albedo is drawn.
 * Each PNG is decoded once per layer (per drawing thread) in prepare and halved repeatedly
 * into a mip chain with cairo's box filter; each stamp then paints the smallest level at
 * least its size with a bilinear filter, so it is never shrunk by more than 2x at draw time
 * (sharp, and far cheaper than a convolution per stamp). Its longer side spans the stamp's
 * diameter; the point's colour tints it (stamp_tint.c) and its alpha multiplies the
 * stamp's. */
#include "render/layer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "render/leaf.h"
#include "render/lens.h"
#include "render/canvas.h"
#include "render/colour.h"
#include "render/stamp_tint.h"

#define MAX_LEVELS 16

typedef struct mips {
    cairo_surface_t *level[MAX_LEVELS]; /* level i: the image at 1 / 2^i */
    int n;
} mips;

typedef struct stamps {
    mips variant[DP_MAX_STAMPS];
    int n;
} stamps;

static bool is_daisy(const dp_layer_spec *l)
{
    return l->stamp[0] == '\0' || strcmp(l->stamp, "daisy") == 0;
}

static bool is_leaves(const dp_layer_spec *l)
{
    return strcmp(l->stamp, "leaves") == 0;
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
    stamps *st = ctx->state;
    for (int v = 0; st != NULL && v < st->n; v++)
        for (int i = 0; i < st->variant[v].n; i++)
            cairo_surface_destroy(st->variant[v].level[i]);
    free(st);
    ctx->state = NULL;
}

static dapple_status load_mips(const char *path, uint64_t max_pixels, mips *m, dapple_error *err)
{
    dapple_status st = dp_canvas_load(path, max_pixels, &m->level[0], err);
    if (st != DAPPLE_OK)
        return st;
    /* Stop halving at 4 pixels: smaller stamps are specks whatever the filter. */
    for (m->n = 1; m->n < MAX_LEVELS && longer_side(m->level[m->n - 1]) >= 8; m->n++)
        m->level[m->n] = halve(m->level[m->n - 1]);
    return dp_canvas_check_surface(m->level[m->n - 1], path, err);
}

static dapple_status prepare(dp_layer_ctx *ctx, dapple_error *err)
{
    ctx->state = NULL;
    if (is_daisy(ctx->spec) || is_leaves(ctx->spec))
        return DAPPLE_OK;
    stamps *st = dp_calloc_n(1, sizeof *st);
    if (st == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
    ctx->state = st;
    int n = DP_MIN(dp_layer_stamp_count(ctx->spec), DP_MAX_STAMPS);
    for (st->n = 0; st->n < n; st->n++) {
        dapple_status s = load_mips(dp_layer_stamp(ctx->spec, st->n), ctx->t->max_pixels,
                                    &st->variant[st->n], err);
        if (s != DAPPLE_OK) {
            st->n++; /* so that finish frees what this variant got */
            return s;
        }
    }
    return DAPPLE_OK;
}

static void shadow(cairo_t *cr, double radius)
{
    const dp_rgba black = { 0, 0, 0, 1 };
    const dp_lens_stop st[] = { { 0, black, 0.22 }, { 1, black, 0 } };
    dp_disc disc = { 0, 0, radius * 1.05 }, core = { 0, 0, radius * 0.3 };
    dp_lens_disc(cr, disc, core, disc, st, 2);
}

static void paint_png(cairo_t *cr, const mips *m, const dp_shape *s, int pass, dp_stamp_tint mode)
{
    int i = 0;
    while (i + 1 < m->n && longer_side(m->level[i + 1]) >= 2 * s->radius)
        i++;
    cairo_surface_t *img = m->level[i];
    double w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    double k = 2 * s->radius / DP_MAX(w, h);
    dp_tint t = { mode, s->base, s->dl, s->dh };
    bool plain = pass == DP_PASS_SILHOUETTE || dp_tint_is_identity(&t);
    cairo_surface_t *src = plain ? img : dp_tint_copy(img, &t);
    cairo_scale(cr, k, k);
    cairo_set_source_surface(cr, src, -w / 2, -h / 2);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
    cairo_paint_with_alpha(cr, pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a);
    if (!plain)
        cairo_surface_destroy(src);
}

/* Foreshortening, spin and mirroring about the stamp's centre (already the origin). */
static void orient(cairo_t *cr, const dp_shape *s)
{
    if (s->squash < 1) {
        cairo_rotate(cr, s->tilt_axis_rad);
        cairo_scale(cr, 1, s->squash);
        cairo_rotate(cr, -s->tilt_axis_rad);
    }
    cairo_rotate(cr, s->angle_rad);
    if (s->mirror)
        cairo_scale(cr, -1, 1);
}

/* How open this flower is: a share 'buds' of the layer's flowers are closed buds and as
 * many again half open; from bits of its own, apart from those shaping its petals. */
static double openness(const dp_layer_spec *l, const dp_shape *s)
{
    if (!(l->buds > 0))
        return 1;
    dp_jitter_rng g = { s->variety ^ 0x6f70656eu };
    double u = dp_jitter_unit(&g);
    return u < l->buds ? 0 : u < 2 * l->buds ? 0.3 + 0.5 * dp_jitter_unit(&g) : 1;
}

/* The stalk of a tilted flower: the flower leans across its tilt axis, so the stalk shows
 * on the other side, as long as the tilt is steep (an upright flower hides it). */
static void stem(cairo_t *cr, const dp_shape *s, dp_rgba c)
{
    double lean = sqrt(DP_MAX(0.0, 1 - s->squash * s->squash));
    double a = s->tilt_axis_rad + DP_PI / 2,
           len = 1.4 * s->radius * lean; /* within the stamps extent, 1.5 */
    if (len < 1)
        return;
    double ex = len * cos(a), ey = len * sin(a), bx = -0.15 * ey, by = 0.15 * ex;
    cairo_new_path(cr);
    cairo_move_to(cr, 0, 0);
    cairo_curve_to(cr, ex * 0.4 + bx, ey * 0.4 + by, ex * 0.7 + bx, ey * 0.7 + by, ex, ey);
    cairo_set_source_rgba(cr, 0.24, 0.42, 0.15, c.a);
    cairo_set_line_width(cr, DP_MAX(0.7, 0.1 * s->radius));
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    cairo_stroke(cr);
}

static void draw_daisy(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    dp_rgba petal = s->colour;
    if (ctx->spec->stems)
        stem(cr, s, pass == DP_PASS_SILHOUETTE ? (dp_rgba){ 0, 0, 0, 1 } : petal);
    if (pass == DP_PASS_SILHOUETTE) {
        petal.a = 1;
    } else if (!(ctx->spec->shadow > 0) && !ctx->t->unlit) {
        /* The shadow falls the same way for every flower: offset before rotating. */
        cairo_translate(cr, 0.06 * s->radius, 0.08 * s->radius);
        shadow(cr, s->radius);
        cairo_translate(cr, -0.06 * s->radius, -0.08 * s->radius);
    }
    orient(cr, s);
    dp_daisy_draw(cr, s->radius, petal, s->variety, openness(ctx->spec, s));
}

static void draw_stamp(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    const stamps *st = ctx->state;
    cairo_save(cr);
    cairo_translate(cr, s->x, s->y);
    if (st != NULL) {
        orient(cr, s);
        paint_png(cr, &st->variant[DP_MIN(s->variant, st->n - 1)], s, pass, ctx->spec->stamp_tint);
    } else if (is_leaves(ctx->spec)) {
        orient(cr, s);
        dp_leaf_draw(cr, s->radius, s->colour, s->variety,
                     pass == DP_PASS_SILHOUETTE ? DP_LEAF_SILHOUETTE
                     : ctx->t->unlit            ? DP_LEAF_UNLIT
                                                : DP_LEAF_LIT);
    } else {
        draw_daisy(cr, ctx, s, pass);
    }
    cairo_restore(cr);
}

const dp_layer_kind dp_layer_stamps = {
    .name = "stamps",
    .style = DP_STYLE_STAMPS,
    .extent = 1.5, /* a PNG's corners reach sqrt(2) radii when rotated */
    .passes = 1,
    .shadows = true,
    .draw = draw_stamp,
    .prepare = prepare,
    .finish = finish,
};
