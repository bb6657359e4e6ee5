/* SPDX-License-Identifier: MIT
 * The optics of transparent surfaces (dp_lens_look), and the radial-gradient discs and
 * highlights bubbles still paint. The optics: a view ray straight into the pane leaves a
 * surface of slope g through its normal n = (g, -1) / |(g, -1)|; Snell's law (vector form,
 * t = eta d + (eta cos i - cos t) n) bends it, and it meets the scene 'distance' further
 * on; the exact unpolarised Fresnel reflectance R weighs the scene (1 - R) against the
 * environment along the reflected ray d + 2 cos i n (R); past the critical angle R = 1.
 * To first order the scene is looked up at p + (eta - 1) distance g: Hecht, Optics, 4.4
 * and 4.6. Scene fetches are bilinear, wrapping along the axes the texture wraps. */
#include "render/lens.h"

#include <math.h>

#include "core/dp.h"

void dp_lens_disc(cairo_t *cr, dp_disc fill, dp_disc from, dp_disc to, const dp_lens_stop *stops,
                  int n)
{
    cairo_pattern_t *p = cairo_pattern_create_radial(from.x, from.y, from.r, to.x, to.y, to.r);
    for (int i = 0; i < n; i++)
        cairo_pattern_add_color_stop_rgba(p, stops[i].at, stops[i].c.r, stops[i].c.g, stops[i].c.b,
                                          stops[i].alpha);
    cairo_set_source(cr, p);
    cairo_new_path(cr);
    cairo_arc(cr, fill.x, fill.y, fill.r, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

/* ---------------------------------------------------------------- refraction */

typedef struct ground {
    const uint8_t *px;
    int stride, w, h;
    dp_wrap wrap;
    bool inside; /* every fetch of this drop stays clear of the edges */
} ground;

static inline uint32_t ground_px(const ground *g, int x, int y)
{
    if (!g->inside) {
        x = g->wrap.x ? ((x % g->w) + g->w) % g->w : (x < 0 ? 0 : (x >= g->w ? g->w - 1 : x));
        y = g->wrap.y ? ((y % g->h) + g->h) % g->h : (y < 0 ? 0 : (y >= g->h ? g->h - 1 : y));
    }
    return ((const uint32_t *)(const void *)(g->px + (size_t)y * g->stride))[x];
}

/* a + (b - a) * w / 256 on all four channels, two per multiply (16-bit lanes). */
static inline uint32_t lerp_px(uint32_t a, uint32_t b, uint32_t w)
{
    uint32_t rb = ((a & 0xff00ffu) * (256 - w) + (b & 0xff00ffu) * w) >> 8 & 0xff00ffu;
    uint32_t ag = ((a >> 8 & 0xff00ffu) * (256 - w) + (b >> 8 & 0xff00ffu) * w) & 0xff00ff00u;
    return rb | ag;
}

static uint32_t ground_bilinear(const ground *g, double sx, double sy)
{
    sx -= 0.5;
    sy -= 0.5;
    double fx = floor(sx), fy = floor(sy);
    int x0 = (int)fx, y0 = (int)fy;
    uint32_t wx = (uint32_t)((sx - fx) * 256), wy = (uint32_t)((sy - fy) * 256);
    uint32_t top = lerp_px(ground_px(g, x0, y0), ground_px(g, x0 + 1, y0), wx);
    uint32_t bot = lerp_px(ground_px(g, x0, y0 + 1), ground_px(g, x0 + 1, y0 + 1), wx);
    return lerp_px(top, bot, wy);
}

static ground ground_for(const dp_layer_ctx *ctx, double x, double y, double span)
{
    ground g = {
        ctx->ground, ctx->ground_stride, ctx->t->width, ctx->t->height, ctx->t->wrap, false
    };
    g.inside = x - span >= 1 && y - span >= 1 && x + span <= g.w - 2 && y + span <= g.h - 2;
    return g;
}

/* The background (ctx->ground, which must not be NULL) at (sx, sy), bilinear, premultiplied
 * ARGB32; wraps along the axes the texture wraps, else clamps at the edges. */
static uint32_t lens_ground_at(const dp_layer_ctx *ctx, double sx, double sy)
{
    ground g = ground_for(ctx, sx, sy, 2);
    return ground_bilinear(&g, sx, sy);
}

/* ---------------------------------------------------------------- optics */

/* Unpolarised Fresnel reflectance leaving a medium of relative index eta > 0 (inside over
 * outside) at incidence cosine ci with transmitted cosine ct. */
static double fresnel(double eta, double ci, double ct)
{
    double rs = (eta * ci - ct) / (eta * ci + ct), rp = (ci - eta * ct) / (ci + eta * ct);
    return 0.5 * (rs * rs + rp * rp);
}

/* The environment a reflected ray of vertical component 'up' (+1 straight up) sees: the
 * room on the viewer's side, lit by the same day or night as the scene (its mean colour):
 * a bright window or sky above, a dark floor below. */
static void environment(const dp_layer_ctx *ctx, double up, double c[3])
{
    double k = DP_MIN(1.0, DP_MAX(0.0, (up + 0.2) / 0.8));
    k = k * k * (3 - 2 * k);
    for (int i = 0; i < 3; i++) {
        double m = ctx->scene_mean[i];
        c[i] = 0.25 * m + (DP_MIN(1.0, 0.1 + 1.4 * m) - 0.25 * m) * k;
    }
}

void dp_lens_look(const dp_layer_ctx *ctx, double px, double py, double gx, double gy, double eta,
                  double rgba[4])
{
    /* The ray (0, 0, 1) leaves through the surface whose normal, on the ray's side, is
     * n = (gx, gy, -1) / len: incidence cosine ci = 1 / len. */
    double g2 = gx * gx + gy * gy, len = sqrt(1 + g2), ci = 1 / len;
    double k2 = 1 - eta * eta * (1 - ci * ci); /* cos^2 of the transmitted angle */
    double env[3];
    /* the reflected ray d + 2 ci n (a unit vector) heads back toward the viewer, leaning
     * along the slope: its y component, down on screen, says what of the room it sees */
    environment(ctx, -2 * ci * gy / len, env);
    double R = 1, scene[4] = { 0, 0, 0, 1 };
    if (k2 > 0) {
        double ct = sqrt(k2), m = (eta * ci - ct) / len; /* t = eta d + m (gx, gy, -1) */
        double tz = eta - m;
        R = fresnel(eta, ci, ct);
        double d = ctx->t->backdrop_distance;
        uint32_t v = lens_ground_at(ctx, px + d * m * gx / tz, py + d * m * gy / tz);
        scene[0] = (v >> 16 & 255) / 255.0, scene[1] = (v >> 8 & 255) / 255.0;
        scene[2] = (v & 255) / 255.0, scene[3] = (v >> 24) / 255.0;
    }
    for (int i = 0; i < 3; i++)
        rgba[i] = (1 - R) * scene[i] + R * env[i];
    rgba[3] = (1 - R) * scene[3] + R;
}
