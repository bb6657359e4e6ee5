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

static uint32_t ground_at(const dp_layer_ctx *c, int x, int y)
{
    int w = c->t->width, h = c->t->height;
    if (c->t->periodic) {
        x = ((x % w) + w) % w;
        y = ((y % h) + h) % h;
    } else {
        x = x < 0 ? 0 : (x >= w ? w - 1 : x);
        y = y < 0 ? 0 : (y >= h ? h - 1 : y);
    }
    return ((const uint32_t *)(const void *)(c->ground + (size_t)y * c->ground_stride))[x];
}

/* Per channel a + (b - a) * w / 256, w in 0..256, for packed premultiplied pixels. */
static uint32_t lerp_px(uint32_t a, uint32_t b, uint32_t w)
{
    uint32_t out = 0;
    for (int sh = 0; sh < 32; sh += 8) {
        int ca = (int)(a >> sh & 255), cb = (int)(b >> sh & 255);
        out |= (uint32_t)(ca + (((cb - ca) * (int)w) >> 8)) << sh;
    }
    return out;
}

static uint32_t ground_bilinear(const dp_layer_ctx *c, double sx, double sy)
{
    sx -= 0.5;
    sy -= 0.5;
    double fx = floor(sx), fy = floor(sy);
    int x0 = (int)fx, y0 = (int)fy;
    uint32_t wx = (uint32_t)((sx - fx) * 256), wy = (uint32_t)((sy - fy) * 256);
    uint32_t top = lerp_px(ground_at(c, x0, y0), ground_at(c, x0 + 1, y0), wx);
    uint32_t bot = lerp_px(ground_at(c, x0, y0 + 1), ground_at(c, x0 + 1, y0 + 1), wx);
    return lerp_px(top, bot, wy);
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
    int y0 = (int)DP_MAX(ctx->clip_y0, floor(y - a - 1)), y1 = (int)DP_MIN(ctx->clip_y1, y + a + 1);
    int x0 = (int)DP_MAX(0, floor(x - a - 1)), x1 = (int)DP_MIN(ctx->t->width, x + a + 1);
    for (int py = y0; py < y1; py++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)py * stride);
        for (int px = x0; px < x1; px++) {
            double dx = px + 0.5 - x, dy = py + 0.5 - y;
            double cov = DP_MIN(1, a + 0.5 - sqrt(dx * dx + dy * dy));
            if (cov <= 0)
                continue;
            uint32_t src = ground_bilinear(ctx, x - power * dx, y - power * dy);
            row[px] = lerp_px(row[px], src, (uint32_t)lround(alpha * cov * 256));
        }
    }
    cairo_surface_mark_dirty(target);
}
