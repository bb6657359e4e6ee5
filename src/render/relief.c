/* SPDX-License-Identifier: MIT
 * Relief of the shapes laid on a ground (relief.h). Heights are pixels, as a fraction of
 * the shape's drawn radius r unless said otherwise:
 * - circles: a dome, a spherical cap of contact angle 30 degrees over the disc and its
 *   antialiased edge (base radius r + 0.3): top 0.27 (r + 0.3);
 * - outlines: a ridge, a round bead (half a cylinder) across the stroke: top w / 2 for a
 *   stroke w wide, falling to 0 0.3 px beyond the stroke's edge;
 * - stamps (a PNG's alpha, the vector daisy's coverage): a soft dome, the silhouette's
 *   alpha A times A blurred by three box passes of radius 0.06 r (about a Gaussian),
 *   times 0.25 r: thick where the stamp is solid, thin over petals and fringes;
 * - leaves (stamp = leaves): a thin blade 0.02 r thick whose rim curls up, 0.06 r times
 *   4 b (1 - b) for the alpha b blurred over 0.08 r (highest at the edge of a wide blade,
 *   falling to 0 inside it; 4 b^2 where b < 1/2, so a stalk or a narrow tooth stays low),
 *   with a midrib ridge 0.02 r high and about 0.05 r wide along its axis;
 * - grass blades: a rounded stroke, each tuft's alpha times its blur over half the stroke
 *   width, times the stroke width (blades crossing in a tuft stand a little higher);
 * - crystals: raised branches, a film 1 px thick over the ice's coverage;
 * - splatter: a film of paint 1 px thick over its ink;
 * - snow: the drift's front, rounding over its top edge (a quarter circle of 6 px) and flat
 *   below it.
 * Circles and outlines max-combine, as stones and chips do (a print: a dot drawn later
 * rises where it is taller than what lies under it). Stamps and blades are laid on in
 * drawing order, as their colour is: each hides what it covers (its alpha over the map,
 * over_px) and rests on it, its profile lifted by REST times the mean height under it, so
 * a leaf over another steps up at its edge and hides the edges below, and a pile rises
 * with its depth, but never above 1 / (1 - REST) times its tallest shape (the map's
 * unit). The grown styles max-combine. Pixels wrap across the edges the texture wraps. */
#include "render/relief.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "render/crystals.h"
#include "render/layer.h"
#include "render/material.h"
#include "render/raster.h"
#include "render/snow.h"
#include "render/splatter.h"

#define DOME_CONTACT_DEG 30.0
#define STAMP_TOP        0.25
#define STAMP_BLUR       0.06
#define LEAF_PLATE       0.02
#define LEAF_CURL        0.06
#define LEAF_BLUR        0.08
#define LEAF_RIB         0.02
#define LEAF_RIB_WIDTH   0.05
#define REST             0.5 /* a laid shape rests at this share of the mean height it covers */
#define STACK            2.0 /* the map's unit over one shape's top: 1 / (1 - REST) */
#define FILM_PX          1.0
#define AA_REACH                                                         \
    0.3 /* pixels: how far domes and beads reach past the edge, into the \
           antialiased pixels that are surely inked */
#define SNOW_ROUND_PX 6.0

static bool is_leaves(const dp_layer_spec *l)
{
    return strcmp(l->stamp, "leaves") == 0;
}

/* The largest radius a point of the layer is drawn with. */
static double max_radius(const dp_layer_spec *l)
{
    double r = DP_MAX(dp_layer_draw_radius(l, dapple_field_opts_rmax(&l->field)),
                      dp_layer_dot_reach(l));
    return l->style == DP_STYLE_STAMPS ? r * (1 + DP_MAX(0.0, l->stamp_scale_jitter)) : r;
}

static double stroke(const dp_layer_spec *l)
{
    return l->stroke_width > 0 ? l->stroke_width : 1.0;
}

static double dome_tan(void)
{
    return tan(DOME_CONTACT_DEG * DP_PI / 360);
}

/* The tallest one stamp or tuft can be on bare ground. */
static double shape_top(const dp_layer_spec *l)
{
    if (l->style == DP_STYLE_BLADES)
        return stroke(l) * 1.25; /* the widest blade: 0.75 .. 1.25 stroke widths */
    return (is_leaves(l) ? LEAF_PLATE + LEAF_CURL + LEAF_RIB : STAMP_TOP) * max_radius(l);
}

double dp_relief_top(const dp_layer_spec *l)
{
    switch (l->style) {
    case DP_STYLE_CIRCLES:
        return dome_tan() * (max_radius(l) + AA_REACH);
    case DP_STYLE_OUTLINES:
        return stroke(l) / 2;
    case DP_STYLE_STAMPS:
        return shape_top(l) * STACK;
    case DP_STYLE_BLADES:
        return shape_top(l) * STACK;
    case DP_STYLE_CRYSTALS:
    case DP_STYLE_SPLATTER:
        return FILM_PX;
    case DP_STYLE_SNOW:
        return SNOW_ROUND_PX;
    default:
        return 0;
    }
}

bool dp_relief_none(const dp_layer_spec *l)
{
    switch (l->style) {
    case DP_STYLE_DROPLETS:
    case DP_STYLE_BUBBLES:
    case DP_STYLE_CELLS:
        return false;
    case DP_STYLE_ELLIPSES:
    case DP_STYLE_CHIPS:
        return !(l->filled && dp_material_wanted(l));
    default:
        return !(dp_relief_top(l) > 0);
    }
}

/* Max-combines a height (pixels) into the map. */
static void raise_px(uint16_t *height, size_t index, double h, double to_u16)
{
    if (!(h > 0))
        return;
    double v = h * to_u16 + 0.5;
    uint16_t q = v >= 65535 ? 65535 : (uint16_t)v;
    if (q > height[index])
        height[index] = q;
}

/* Lays a shape of coverage a and height v (in map units) over pixel 'index': what was
 * there shows through as much as the shape is transparent, as its colour does. */
static void over_px(uint16_t *height, size_t index, double a, double v)
{
    double e = height[index], o = (1 - a) * e + a * v + 0.5;
    height[index] = o >= 65535 ? 65535 : (uint16_t)o;
}

/* ------------------------------------------------------------ circles, outlines */

typedef struct disc {
    uint16_t *height;
    double radius, half; /* outlines: the ring's radius and half the bead's width */
    double sphere2, centre_z, top, to_u16;
} disc;

static void dome_pixel(void *ctx, size_t index, double d2)
{
    const disc *c = ctx;
    raise_px(c->height, index, sqrt(DP_MAX(0, c->sphere2 - d2)) + c->centre_z, c->to_u16);
}

static void ridge_pixel(void *ctx, size_t index, double d2)
{
    const disc *c = ctx;
    double u = (sqrt(d2) - c->radius) / c->half;
    raise_px(c->height, index, c->top * sqrt(DP_MAX(0, 1 - u * u)), c->to_u16);
}

static void discs_into(const dp_texture_spec *t, const dp_layer_spec *l, const dp_layer_points *lp,
                       double unit, uint16_t *height)
{
    dp_layer_ctx ctx = dp_layer_ctx_for(t, l);
    double th = DOME_CONTACT_DEG * DP_PI / 180, w = stroke(l);
    for (size_t i = 0; i < lp->count; i++) {
        dp_shape s = dp_layer_shape(&ctx, &lp->points[i], i);
        disc c = { .height = height, .to_u16 = 65535 / unit };
        if (l->style == DP_STYLE_CIRCLES) {
            double a = s.radius + AA_REACH, R = a / sin(th);
            c.sphere2 = R * R;
            c.centre_z = -R * cos(th);
            dp_raster_disc(t->width, t->height, t->wrap, s.x, s.y, a, dome_pixel, &c);
        } else {
            c.radius = s.radius;
            c.half = w / 2 + AA_REACH;
            c.top = w / 2;
            dp_raster_disc(t->width, t->height, t->wrap, s.x, s.y, s.radius + c.half, ridge_pixel,
                           &c);
        }
    }
}

/* ------------------------------------------------------------ silhouettes */

/* One box pass of radius b along n values spaced 'step' apart (zero beyond); tmp has n. */
static void box_line(float *p, int n, int step, int b, float *tmp)
{
    double sum = 0, w = 2 * b + 1;
    for (int i = 0; i < n; i++)
        tmp[i] = p[i * step];
    for (int i = 0; i <= b && i < n; i++)
        sum += (double)tmp[i];
    for (int i = 0; i < n; i++) {
        p[i * step] = (float)(sum / w);
        int out = i - b, in = i + b + 1;
        sum += (double)(in < n ? tmp[in] : 0.0f) - (double)(out >= 0 ? tmp[out] : 0.0f);
    }
}

/* Three box passes of radius b each way over an n x n square: close to a Gaussian. */
static void blur(float *d, int n, int b, float *tmp)
{
    for (int pass = 0; pass < 3 && b > 0; pass++) {
        for (int y = 0; y < n; y++)
            box_line(d + (size_t)y * n, n, 1, b, tmp);
        for (int x = 0; x < n; x++)
            box_line(d + x, n, n, b, tmp);
    }
}

typedef struct scratch {
    cairo_surface_t *sil;      /* A8, n x n */
    float *alpha, *soft, *tmp; /* soft: m x m, the alpha blurred at 1 / f of the size */
    int n, f, m;
} scratch;

static void scratch_free(scratch *k)
{
    if (k->sil != NULL)
        cairo_surface_destroy(k->sil);
    free(k->alpha), free(k->soft), free(k->tmp);
    *k = (scratch){ 0 };
}

/* Room for an n x n silhouette; false when out of memory. */
static bool scratch_fit(scratch *k, int n)
{
    if (k->n >= n)
        return true;
    scratch_free(k);
    size_t m = (size_t)n * (size_t)n;
    k->sil = cairo_image_surface_create(CAIRO_FORMAT_A8, n, n);
    k->alpha = malloc(m * sizeof *k->alpha);
    k->soft = malloc(m * sizeof *k->soft);
    k->tmp = malloc((size_t)n * sizeof *k->tmp);
    k->n = n;
    return cairo_surface_status(k->sil) == CAIRO_STATUS_SUCCESS && k->alpha != NULL &&
           k->soft != NULL && k->tmp != NULL;
}

/* A shape's frame, for the leaf's midrib: the leaf's own (its base at -r, its tip at +r
 * on the x axis), undoing orient() of layer_stamps.c. */
typedef struct frame {
    double ct, st, squash; /* the tilt axis and how much it squashes */
    double ca, sa;         /* the spin */
} frame;

static frame frame_of(const dp_shape *s)
{
    return (frame){ cos(s->tilt_axis_rad), sin(s->tilt_axis_rad), DP_MAX(s->squash, 1e-3),
                    cos(s->angle_rad), sin(s->angle_rad) };
}

/* How far the offset (dx, dy) from the shape's centre lies off the leaf's axis. */
static double leaf_axis_offset(const frame *f, double dx, double dy)
{
    if (f->squash < 1) {
        double u = f->ct * dx + f->st * dy, v = (-f->st * dx + f->ct * dy) / f->squash;
        dx = f->ct * u - f->st * v;
        dy = f->st * u + f->ct * v;
    }
    return -f->sa * dx + f->ca * dy; /* mirroring keeps |y| */
}

typedef struct sil_job {
    const dp_texture_spec *t;
    const dp_layer_spec *l;
    const dp_layer_kind *k;
    dp_layer_ctx ctx;
    const dp_layer_points *lp;
    double to_u16;
    uint16_t *height;
    size_t i0, i1; /* the points this job shades */
} sil_job;

/* The height of a silhouette pixel of alpha a and blurred alpha b, at offset (dx, dy). */
static double sil_height(const dp_layer_spec *l, const dp_shape *s, const frame *f, double a,
                         double b, double dx, double dy)
{
    double r = s->radius;
    if (l->style == DP_STYLE_BLADES)
        return stroke(l) * a * b;
    if (!is_leaves(l))
        return STAMP_TOP * r * a * b;
    double y = leaf_axis_offset(f, dx, dy) / (LEAF_RIB_WIDTH * r);
    /* the rim curls up where the blade is wide (b near 1/2 at its edge, 1 inside), not
     * along the stalk or a narrow lobe (b small) */
    double curl = b < 0.5 ? 4 * b * b : 4 * b * (1 - b);
    return r * a * (LEAF_PLATE + LEAF_CURL * curl + LEAF_RIB * exp(-y * y));
}

/* The blur's box radius in pixels, at least 1. */
static double blur_radius(const dp_layer_spec *l, double r)
{
    double b = l->style == DP_STYLE_BLADES ? stroke(l) / 2
               : is_leaves(l)              ? LEAF_BLUR * r
                                           : STAMP_BLUR * r;
    return DP_MAX(1.0, b);
}

/* k->soft holds k->alpha blurred by box passes of radius b, k->f times smaller: a wide
 * blur runs on a copy shrunk f times (box averages), with radius b / f of 1 (1.25 to 2.5) pixels,
 * and soft_at reads it back bilinearly, as smooth at 1 / f^2 of the cost (a big leaf's
 * blur was most of its relief's time). */
static void soft_alpha(scratch *k, int n, double b)
{
    int f = k->f = DP_MAX(1, (int)floor(b / 1.25)), m = k->m = (n + f - 1) / f;
    for (int y = 0; y < m; y++)
        for (int x = 0; x < m; x++) {
            double sum = 0;
            for (int v = y * f; v < DP_MIN(n, (y + 1) * f); v++)
                for (int u = x * f; u < DP_MIN(n, (x + 1) * f); u++)
                    sum += (double)k->alpha[(size_t)v * n + u];
            k->soft[(size_t)y * m + x] = (float)(sum / (f * f));
        }
    blur(k->soft, m, DP_MAX(1, (int)lround(b / f)), k->tmp);
}

/* The blurred alpha at the scratch's pixel (x, y). */
static double soft_at(const scratch *k, int x, int y)
{
    int f = k->f, m = k->m;
    if (f == 1)
        return (double)k->soft[(size_t)y * m + x];
    double fx = (x + 0.5) / f - 0.5, fy = (y + 0.5) / f - 0.5;
    int x0 = (int)floor(fx), y0 = (int)floor(fy);
    double wx = fx - x0, wy = fy - y0, v = 0;
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            int sx = x0 + i, sy = y0 + j;
            if (sx >= 0 && sx < m && sy >= 0 && sy < m)
                v += (i ? wx : 1 - wx) * (j ? wy : 1 - wy) * (double)k->soft[(size_t)sy * m + sx];
        }
    return v;
}

static void one_silhouette(const sil_job *j, scratch *k, const dp_shape *s)
{
    const dp_texture_spec *t = j->t;
    int half = (int)ceil(j->k->extent * s->radius) + 2;
    int n = 2 * half + 1;
    if (s->radius < 0.25 || !scratch_fit(k, n))
        return;
    /* the scratch's pixel (i, j) is the canvas's (x0 + i, y0 + j) */
    int x0 = (int)floor(s->x) - half, y0 = (int)floor(s->y) - half;
    uint8_t *d = cairo_image_surface_get_data(k->sil);
    int stride = cairo_image_surface_get_stride(k->sil);
    cairo_surface_flush(k->sil);
    for (int y = 0; y < n; y++)
        memset(d + (size_t)y * stride, 0, (size_t)n);
    cairo_surface_mark_dirty(k->sil);
    cairo_t *cr = cairo_create(k->sil);
    cairo_rectangle(cr, 0, 0, n, n);
    cairo_clip(cr);
    dp_shape sil = *s;
    sil.x = s->x - x0;
    sil.y = s->y - y0;
    j->k->draw(cr, &j->ctx, &sil, DP_PASS_SILHOUETTE);
    cairo_destroy(cr);
    cairo_surface_flush(k->sil);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            k->alpha[(size_t)y * n + x] = d[(size_t)y * stride + x] / 255.0f;
    soft_alpha(k, n, blur_radius(j->l, s->radius));
    frame f = frame_of(s);
    /* pass 0: the mean height under the shape; pass 1: the shape laid over it */
    double sum_h = 0, sum_a = 0, base = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (int y = 0; y < n; y++) {
            int cy = y0 + y;
            if (t->wrap.y)
                cy = ((cy % t->height) + t->height) % t->height;
            else if (cy < 0 || cy >= t->height)
                continue;
            for (int x = 0; x < n; x++) {
                double a = k->alpha[(size_t)y * n + x];
                int cx = x0 + x;
                if (!(a > 0))
                    continue;
                if (t->wrap.x)
                    cx = ((cx % t->width) + t->width) % t->width;
                else if (cx < 0 || cx >= t->width)
                    continue;
                size_t at = (size_t)cy * t->width + cx;
                if (pass == 0) {
                    sum_h += a * j->height[at];
                    sum_a += a;
                    continue;
                }
                double h = sil_height(j->l, s, &f, a > 0.5 ? 1 : 2 * a, soft_at(k, x, y),
                                      x + 0.5 - sil.x, y + 0.5 - sil.y);
                over_px(j->height, at, a, base + h * j->to_u16);
            }
        }
        base = sum_a > 0 ? REST * sum_h / sum_a : 0;
    }
}

static void *silhouettes_run(void *arg)
{
    const sil_job *j = arg;
    scratch k = { 0 };
    for (size_t i = j->i0; i < j->i1; i++) {
        dp_shape s = dp_layer_shape(&j->ctx, &j->lp->points[i], i);
        one_silhouette(j, &k, &s);
    }
    scratch_free(&k);
    return NULL;
}

/* Stamps and blades: each shape's silhouette, as its shadow is drawn, shaped into a
 * profile and laid over the map in drawing order. */
static void silhouettes_into(const dp_texture_spec *t, const dp_layer_spec *l,
                             const dp_layer_points *lp, double unit, uint16_t *height)
{
    const dp_layer_kind *k = l->style == DP_STYLE_BLADES ? &dp_layer_blades : &dp_layer_stamps;
    sil_job j = { t, l, k, dp_layer_ctx_for(t, l), lp, 65535 / unit, height, 0, lp->count };
    j.ctx.clip_y0 = 0;
    j.ctx.clip_y1 = t->height;
    if (k->prepare == NULL || k->prepare(&j.ctx, NULL) == DAPPLE_OK)
        silhouettes_run(&j); /* else out of memory (the colour texture drew it): no relief */
    if (k->finish != NULL)
        k->finish(&j.ctx);
}

/* ------------------------------------------------------------ grown styles */

/* Crystals, splatter and snow: their coverage (the footprint mask's), of this layer alone,
 * shaped into a height. */
static void grown_into(const dp_texture_spec *t, const dp_scene *s, int li, double unit,
                       uint16_t *height)
{
    size_t n = (size_t)t->width * (size_t)t->height;
    dp_scene *one = malloc(sizeof *one);
    uint16_t *cover = dp_calloc_n(n, sizeof *cover);
    if (one == NULL || cover == NULL) {
        free(one), free(cover);
        return;
    }
    *one = *s; /* shallow: the other layers of the same style are hidden */
    for (int i = 0; i < one->n_layers; i++)
        if (i != li)
            one->layers[i] = (dp_layer_points){ 0 };
    dp_style style = t->layers[li].style;
    if (style == DP_STYLE_CRYSTALS)
        dp_crystals_cover_into(t, one, cover);
    else if (style == DP_STYLE_SPLATTER)
        dp_splatter_cover_into(t, one, cover);
    else
        dp_snow_cover_into(t, one, cover);
    const float *depth = s->layers[li].snow;
    double to_u16 = 65535 / unit;
    for (size_t i = 0; i < n; i++) {
        double c = cover[i] / 65535.0, h = FILM_PX * c;
        if (style == DP_STYLE_SNOW && depth != NULL) {
            /* how far below the drift's top this pixel's centre lies, in the round-over */
            double top = t->height - (double)depth[i % (size_t)t->width];
            double below = DP_MIN(1.0, DP_MAX(0.0, (double)(i / (size_t)t->width) + 0.5 - top) /
                                               SNOW_ROUND_PX);
            h = c * SNOW_ROUND_PX * sqrt(1 - (1 - below) * (1 - below));
        }
        raise_px(height, i, h, to_u16);
    }
    free(one), free(cover);
}

void dp_relief_into(const dp_texture_spec *t, const dp_scene *s, int li, double unit,
                    uint16_t *height)
{
    const dp_layer_spec *l = &t->layers[li];
    const dp_layer_points *lp = &s->layers[li];
    if (!(unit > 0) || !(dp_relief_top(l) > 0))
        return;
    switch (l->style) {
    case DP_STYLE_CIRCLES:
    case DP_STYLE_OUTLINES:
        discs_into(t, l, lp, unit, height);
        break;
    case DP_STYLE_STAMPS:
    case DP_STYLE_BLADES:
        silhouettes_into(t, l, lp, unit, height);
        break;
    default:
        grown_into(t, s, li, unit, height);
    }
}
