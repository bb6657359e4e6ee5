/* SPDX-License-Identifier: MIT
 * Radial-gradient discs and highlights for droplets and bubbles. Each call builds and
 * frees one pattern; cairo's own pattern freelist makes that cheap. The refraction is a
 * per-pixel loop instead: it samples a different part of the ground for every drop, so
 * no sprite can hold it, and a bilinear fetch per pixel is cheaper than a cairo paint. */
#include "render/lens.h"

#include <math.h>

#include "core/dp.h"

void dp_lens_disc(cairo_t *cr, double x, double y, double r, double x0, double y0, double r0,
                  double x1, double y1, double r1, const dp_lens_stop *stops, int n)
{
    cairo_pattern_t *p = cairo_pattern_create_radial(x0, y0, r0, x1, y1, r1);
    for (int i = 0; i < n; i++)
        cairo_pattern_add_color_stop_rgba(p, stops[i].at, stops[i].c.r, stops[i].c.g, stops[i].c.b,
                                          stops[i].alpha);
    cairo_set_source(cr, p);
    cairo_new_path(cr);
    cairo_arc(cr, x, y, r, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

void dp_lens_highlight(cairo_t *cr, double x, double y, double radius, double dx, double dy,
                       double at, double size, double alpha, double sharp)
{
    dp_rgba white = { 1, 1, 1, 1 };
    double r = size * radius;
    dp_lens_stop st[] = { { 0, white, alpha }, { sharp, white, alpha * 0.85 }, { 1, white, 0 } };
    cairo_save(cr);
    cairo_translate(cr, x + dx * at * radius, y + dy * at * radius);
    cairo_rotate(cr, atan2(dy, dx));
    cairo_scale(cr, 0.6, 1);
    dp_lens_disc(cr, 0, 0, r, 0, 0, 0, 0, 0, r, st, 3);
    cairo_restore(cr);
}

/* ---------------------------------------------------------------- refraction */

typedef struct ground {
    const uint8_t *px;
    int stride, w, h;
    bool wrap, inside; /* inside: every fetch of this drop stays clear of the edges */
} ground;

static inline uint32_t ground_px(const ground *g, int x, int y)
{
    if (!g->inside) {
        if (g->wrap) {
            x = ((x % g->w) + g->w) % g->w;
            y = ((y % g->h) + g->h) % g->h;
        } else {
            x = x < 0 ? 0 : (x >= g->w ? g->w - 1 : x);
            y = y < 0 ? 0 : (y >= g->h ? g->h - 1 : y);
        }
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
    ground g = { ctx->ground,    ctx->ground_stride, ctx->t->width,
                 ctx->t->height, ctx->t->periodic,   false };
    g.inside = x - span >= 1 && y - span >= 1 && x + span <= g.w - 2 && y + span <= g.h - 2;
    return g;
}

uint32_t dp_lens_ground_at(const dp_layer_ctx *ctx, double sx, double sy)
{
    ground g = ground_for(ctx, sx, sy, 2);
    return ground_bilinear(&g, sx, sy);
}

void dp_lens_refract(cairo_t *cr, const dp_layer_ctx *ctx, double x, double y, double a,
                     double power, double alpha)
{
    if (ctx->ground == NULL || !(a > 0))
        return;
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target);
    cairo_user_to_device(cr, &x, &y);
    ground g = ground_for(ctx, x, y, power * (a + 1) + 1);
    int y0 = (int)DP_MAX(ctx->clip_y0, floor(y - a - 1)), y1 = (int)DP_MIN(ctx->clip_y1, y + a + 1);
    int x0 = (int)DP_MAX(0, floor(x - a - 1)), x1 = (int)DP_MIN(ctx->t->width, x + a + 1);
    double solid2 = a > 0.5 ? (a - 0.5) * (a - 0.5) : 0, reach2 = (a + 0.5) * (a + 0.5);
    uint32_t full = (uint32_t)lround(DP_MAX(0, DP_MIN(1, alpha)) * 256);
    for (int py = y0; py < y1; py++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)py * stride);
        double dy = py + 0.5 - y;
        for (int px = x0; px < x1; px++) {
            double dx = px + 0.5 - x, d2 = dx * dx + dy * dy;
            if (d2 >= reach2)
                continue;
            /* Only the one-pixel rim needs a square root for its coverage. */
            uint32_t w = d2 <= solid2 ? full : (uint32_t)(full * (a + 0.5 - sqrt(d2)));
            row[px] = lerp_px(row[px], ground_bilinear(&g, x - power * dx, y - power * dy), w);
        }
    }
    cairo_surface_mark_dirty(target);
}
