/* SPDX-License-Identifier: MIT
 * Per-pixel bubbles (see bubble_px.h). Soap films and gas lenses differ bubble to bubble
 * (thickness, swirls, walls, depth), so no sprite can be reused: each pixel is shaded once
 * and composited in place, which costs less than building a surface per bubble. */
#include "render/bubble_px.h"

#include <math.h>
#include <stdint.h>

#include "core/dp.h"

double dp_bubble_encode(double v)
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

static double decode(double v)
{
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* OVER in linear light: the ground's light, less what the film takes, plus what it adds.
 * The canvas keeps premultiplied encoded values; this composites the unpremultiplied
 * colour and keeps the destination's alpha unless the paint raises it. */
static uint32_t over_light(uint32_t dst, const dp_px *p, double alpha)
{
    double da = (dst >> 24) / 255.0, k = 1 - p->a * alpha, out[3];
    double add[3] = { p->r * alpha, p->g * alpha, p->b * alpha };
    double oa = DP_MIN(1.0, DP_MAX(da, DP_MAX(p->a * alpha, DP_MAX(add[0], DP_MAX(add[1], add[2])))));
    for (int c = 0; c < 3; c++) {
        double v = da > 0 ? (dst >> (16 - 8 * c) & 255) / 255.0 / da : 0;
        out[c] = (decode(DP_MIN(1.0, v)) * da * k + add[c]) / DP_MAX(oa, 1e-9);
    }
    uint32_t px = (uint32_t)lround(255 * oa) << 24;
    for (int c = 0; c < 3; c++)
        px |= (uint32_t)lround(255 * oa * dp_bubble_encode(out[c])) << (16 - 8 * c);
    return px;
}

void dp_bubble_px_paint(cairo_t *cr, const dp_layer_ctx *ctx, double x, double y, double reach,
                        dp_bubble_px_fn fn, const void *look, double alpha, dp_px_space space)
{
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target);
    int w = cairo_image_surface_get_width(target);
    cairo_user_to_device(cr, &x, &y);
    int y0 = (int)DP_MAX(ctx->clip_y0, floor(y - reach)), y1 = (int)DP_MIN(ctx->clip_y1, y + reach + 1);
    int x0 = (int)DP_MAX(0, floor(x - reach)), x1 = (int)DP_MIN(w, x + reach + 1);
    for (int py = y0; py < y1; py++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)py * stride);
        for (int px = x0; px < x1; px++) {
            dp_px p;
            if (fn(look, px + 0.5 - x, py + 0.5 - y, &p))
                row[px] = space == DP_PX_LIGHT ? over_light(row[px], &p, alpha)
                                               : over(row[px], &p, alpha);
        }
    }
    cairo_surface_mark_dirty(target);
}
