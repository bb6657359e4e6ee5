/* SPDX-License-Identifier: MIT
 * Per-pixel bubbles (see bubble_px.h). Soap films and gas lenses differ bubble to bubble
 * (thickness, swirls, walls, depth), so no sprite can be reused: each pixel is shaded once
 * and composited in place, which costs less than building a surface per bubble. */
#include "render/bubble_px.h"

#include <math.h>
#include <stdint.h>

#include "core/dp.h"

/* sRGB encoding of a linear value, clamped to 0..1. */
static double bubble_encode(double v)
{
    v = DP_MAX(0.0, DP_MIN(1.0, v));
    return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

/* OVER in premultiplied 8-bit. Alpha is raised to the brightest channel, so a reflection
 * brighter than its own alpha still makes a valid pixel over a transparent background. */
static uint32_t over(uint32_t dst, const dp_px *p, double alpha)
{
    double a = DP_MAX(p->a, DP_MAX(p->r, DP_MAX(p->g, p->b)));
    dp_px q = { p->r, p->g, p->b, DP_MIN(1.0, a) };
    p = &q;
    double k = 1 - p->a * alpha, src[3] = { p->r * alpha, p->g * alpha, p->b * alpha };
    uint32_t out = (uint32_t)lround(255 * (p->a * alpha) + (dst >> 24) * k) << 24;
    for (int c = 0; c < 3; c++) {
        double v = 255 * src[c] + (dst >> (16 - 8 * c) & 255) * k;
        out |= (uint32_t)DP_MIN(255L, lround(v)) << (16 - 8 * c);
    }
    return out;
}

void dp_px_light_init(dp_px_light *l)
{
    for (int i = 0; i < 256; i++) {
        double v = i / 255.0;
        l->decode[i] = (float)(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4));
    }
    for (int i = 0; i <= DP_PX_LIGHT_STEPS; i++)
        l->encode[i] = (uint8_t)lround(255 * bubble_encode((double)i / DP_PX_LIGHT_STEPS));
}

/* OVER in linear light: the ground's light, less what the film takes, plus what it adds.
 * The canvas keeps premultiplied encoded values; an opaque ground (the usual case) is
 * decoded as it is, a translucent one unpremultiplied first. */
static uint32_t over_light(uint32_t dst, const dp_px *p, double alpha, const dp_px_light *l)
{
    uint32_t da8 = dst >> 24;
    double da = da8 / 255.0, k = 1 - p->a * alpha;
    double add[3] = { p->r * alpha, p->g * alpha, p->b * alpha };
    double oa =
            DP_MIN(1.0, DP_MAX(da, DP_MAX(p->a * alpha, DP_MAX(add[0], DP_MAX(add[1], add[2])))));
    uint32_t px = (uint32_t)lround(255 * oa) << 24;
    for (int c = 0; c < 3; c++) {
        uint32_t v8 = dst >> (16 - 8 * c) & 255;
        if (da8 < 255 && da8 > 0)
            v8 = DP_MIN(255u, (v8 * 255 + da8 / 2) / da8);
        double out = ((double)l->decode[v8] * da * k + add[c]) / DP_MAX(oa, 1e-9);
        int i = (int)(DP_MIN(1.0, DP_MAX(0.0, out)) * DP_PX_LIGHT_STEPS + 0.5);
        px |= (uint32_t)lround(oa * l->encode[i]) << (16 - 8 * c);
    }
    return px;
}

void dp_bubble_px_paint(cairo_t *cr, const dp_layer_ctx *ctx, dp_disc area, dp_bubble_px_fn fn,
                        const void *look, double alpha, const dp_px_light *light)
{
    double x = area.x, y = area.y, reach = area.r;
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target);
    int w = cairo_image_surface_get_width(target);
    cairo_user_to_device(cr, &x, &y);
    int y0 = (int)DP_MAX(ctx->clip_y0, floor(y - reach)),
        y1 = (int)DP_MIN(ctx->clip_y1, y + reach + 1);
    int x0 = (int)DP_MAX(0, floor(x - reach)), x1 = (int)DP_MIN(w, x + reach + 1);
    for (int py = y0; py < y1; py++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)py * stride);
        for (int px = x0; px < x1; px++) {
            dp_px p;
            if (fn(look, px + 0.5 - x, py + 0.5 - y, &p))
                row[px] = light != NULL ? over_light(row[px], &p, alpha, light)
                                        : over(row[px], &p, alpha);
        }
    }
    cairo_surface_mark_dirty(target);
}
