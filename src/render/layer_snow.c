/* SPDX-License-Identifier: MIT
 * 'snow': snow gathered on a sill along the bottom edge (core/snow_drift.h), not sampled.
 * Snow is white where the light falls on its surface and blue-grey inside, where light
 * scattered through it has lost its reds (the colour of a hole poked in deep snow): each
 * pixel mixes the lit surface colour (Lambert, from the profile's slope, towards
 * light_angle) into that deep tint by its depth below the surface. A fine grain, and
 * sparkle: single crystals facing the light near the surface, white with a faint cross. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/render.h"
#include "render/snow.h"

#define DEEP     18.0 /* pixels: the depth over which the snow turns to its inner tint */
#define CRUST    3.0  /* pixels: the lit crust of the surface */
#define GRAIN    0.03 /* the grain's lightness, +- */
#define SPARKLES 0.01 /* sparkle = 1: this share of the pixels near the surface glint */
#define GLINT_IN 8.0  /* pixels: glints lie this close under the surface */

static const double deep_tint[3] = { 0.74, 0.81, 0.92 };

static void draw_none(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    (void)cr, (void)ctx, (void)s, (void)pass; /* no points: the overlay draws the snow */
}

/* A hash of (x, y, seed) in [0, 1): the grain and the glints, the same in every band. */
static double hash01(uint64_t seed, int x, int y)
{
    uint64_t z = seed ^ ((uint64_t)(uint32_t)x * 0x9e3779b97f4a7c15u) ^
                 ((uint64_t)(uint32_t)y * 0xc2b2ae3d27d4eb4fu);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}

/* The surface's Lambert term at column x: its normal (-dh/dx, 1) against the light. */
static double lit(const dp_layer_ctx *ctx, const float *h, int x)
{
    int w = ctx->t->width, l = x > 0 ? x - 1 : (ctx->t->wrap.x ? w - 1 : 0);
    int r = x < w - 1 ? x + 1 : (ctx->t->wrap.x ? 0 : w - 1);
    double slope = ((double)h[r] - (double)h[l]) / DP_MAX(1, r - l + (r < l ? w : 0));
    double nx = -slope, ny = 1, len = sqrt(nx * nx + ny * ny);
    /* toward the light, x right and y up (light_y is screen-down) */
    double lx = ctx->light_x, ly = -ctx->light_y, d = (nx * lx + ny * ly) / len;
    return DP_MAX(0.0, d);
}

/* The albedo (texture.h, unlit): every column lit as flat snow is, and no glint. */
static double sun_at(const dp_layer_ctx *ctx, const float *h, int x)
{
    return ctx->t->unlit ? DP_MAX(0.0, -ctx->light_y) : lit(ctx, h, x);
}

static bool glint(const dp_layer_ctx *ctx, int x, int y, double depth)
{
    double p = ctx->t->unlit ? 0 : SPARKLES * ctx->spec->sparkle;
    return depth >= 0 && depth < GLINT_IN && hash01(ctx->seed ^ 0x676c696e74u, x, y) < p;
}

static double snow_pixel(const dp_layer_ctx *ctx, const float *h, int x, int y, double sun, int k)
{
    dp_rgba c = ctx->spec->palette[0];
    double depth = y + 0.5 - (ctx->t->height - (double)h[x]);
    /* the slope lights only the crust: a few pixels down every column sees the same light */
    double crust = 0.7 + (sun - 0.7) * exp(-DP_MAX(0.0, depth) / CRUST);
    double surface = (k == 0 ? c.r : k == 1 ? c.g : c.b) * (0.7 + 0.3 * crust);
    double m = 1 - exp(-DP_MAX(0.0, depth) / DEEP);
    double v = surface + (deep_tint[k] - surface) * m; /* the slope lights the surface only */
    v *= 1 + GRAIN * (2 * hash01(ctx->seed, x, y) - 1);
    int near = glint(ctx, x - 1, y, depth) + glint(ctx, x + 1, y, depth) +
               glint(ctx, x, y - 1, depth) + glint(ctx, x, y + 1, depth);
    if (glint(ctx, x, y, depth))
        v = 1;
    else if (near > 0)
        v += (1 - v) * 0.45;
    return DP_MIN(1.0, v);
}

static dapple_status draw_snow(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err)
{
    (void)err;
    const dp_layer_points *lp = &ctx->scene->layers[ctx->layer_index];
    if (lp->snow == NULL)
        return DAPPLE_OK;
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target);
    double a = ctx->spec->alpha * ctx->spec->palette[0].a;
    for (int x = 0; x < ctx->t->width; x++) {
        double sun = sun_at(ctx, lp->snow, x);
        int top = (int)floor(ctx->t->height - (double)lp->snow[x]);
        for (int y = DP_MAX(ctx->clip_y0, top); y < ctx->clip_y1; y++) {
            double cov = dp_snow_cover_at(ctx->t, lp, x, y) * a;
            uint32_t *px = (uint32_t *)(void *)(data + (size_t)y * stride) + x, out = 0;
            for (int k = 0; k < 4; k++) {
                int sh = k == 3 ? 24 : 16 - 8 * k;
                double dst = (double)(*px >> sh & 255),
                       src = k == 3 ? 255 : 255 * snow_pixel(ctx, lp->snow, x, y, sun, k);
                out |= (uint32_t)lround(dst + (src - dst) * cov) << sh;
            }
            *px = out;
        }
    }
    cairo_surface_mark_dirty(target);
    return DAPPLE_OK;
}

const dp_layer_kind dp_layer_snow = {
    .name = "snow",
    .style = DP_STYLE_SNOW,
    .extent = 0,
    .passes = 1,
    .draw = draw_none,
    .overlay = draw_snow,
};
