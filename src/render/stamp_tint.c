/* SPDX-License-Identifier: MIT
 * Stamp tint on premultiplied ARGB32. Multiply and the hue turn are linear, so they work
 * on premultiplied values directly: the turn is the luminance-keeping rotation about the
 * grey axis of SVG's feColorMatrix hueRotate. Colourise reads the straight luminance and
 * maps it black -> colour -> white (0, 0.5, 1). Lightness then moves each channel toward
 * white (dl > 0) or black (dl < 0) by |dl|, so a white or grey stamp changes too. */
#include "render/stamp_tint.h"

#include <math.h>
#include <stdint.h>

#include "core/dp.h"

typedef struct matrix {
    double m[3][3];
} matrix;

bool dp_tint_is_identity(const dp_tint *t)
{
    return t->mode == DP_TINT_MULTIPLY && t->colour.r == 1 && t->colour.g == 1 &&
           t->colour.b == 1 && t->dl == 0 && t->dh == 0;
}

static matrix hue_turn(double turns)
{
    double c = cos(2 * DP_PI * turns), s = sin(2 * DP_PI * turns);
    return (matrix){ { { 0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715,
                         0.072 - c * 0.072 + s * 0.928 },
                       { 0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140,
                         0.072 - c * 0.072 - s * 0.283 },
                       { 0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715,
                         0.072 + c * 0.928 + s * 0.072 } } };
}

/* Straight rgb (0..1) of luminance 'lum' on the ramp black -> colour -> white. */
static void colourise(dp_rgba c, double lum, double out[3])
{
    const double col[3] = { c.r, c.g, c.b };
    for (int i = 0; i < 3; i++)
        out[i] = lum < 0.5 ? col[i] * 2 * lum : col[i] + (1 - col[i]) * (2 * lum - 1);
}

static uint32_t tint_pixel(uint32_t px, const dp_tint *t, const matrix *h)
{
    double a = (px >> 24) / 255.0;
    if (a <= 0)
        return 0;
    double in[3] = { (px >> 16 & 255) / 255.0, (px >> 8 & 255) / 255.0, (px & 255) / 255.0 };
    double c[3];
    if (t->mode == DP_TINT_COLOURISE) {
        colourise(t->colour, (0.299 * in[0] + 0.587 * in[1] + 0.114 * in[2]) / a, c);
        for (int i = 0; i < 3; i++)
            in[i] = c[i] * a;
    } else {
        in[0] *= t->colour.r, in[1] *= t->colour.g, in[2] *= t->colour.b;
    }
    uint32_t out = px & 0xff000000u;
    for (int i = 0; i < 3; i++) {
        double v = h->m[i][0] * in[0] + h->m[i][1] * in[1] + h->m[i][2] * in[2];
        v = t->dl >= 0 ? v + (a - v) * t->dl : v * (1 + t->dl);
        v = DP_MAX(0.0, DP_MIN(a, v));
        out |= (uint32_t)lround(v * 255) << (16 - 8 * i);
    }
    return out;
}

cairo_surface_t *dp_tint_copy(cairo_surface_t *src, const dp_tint *t)
{
    int w = cairo_image_surface_get_width(src), h = cairo_image_surface_get_height(src);
    cairo_surface_t *dst = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    if (cairo_surface_status(dst) != CAIRO_STATUS_SUCCESS)
        return dst;
    matrix turn = hue_turn(t->dh);
    int ss = cairo_image_surface_get_stride(src), ds = cairo_image_surface_get_stride(dst);
    const uint8_t *sd = cairo_image_surface_get_data(src);
    uint8_t *dd = cairo_image_surface_get_data(dst);
    cairo_surface_flush(src);
    for (int y = 0; y < h; y++) {
        const uint32_t *sr = (const uint32_t *)(const void *)(sd + (size_t)y * ss);
        uint32_t *dr = (uint32_t *)(void *)(dd + (size_t)y * ds);
        for (int x = 0; x < w; x++)
            dr[x] = tint_pixel(sr[x], t, &turn);
    }
    cairo_surface_mark_dirty(dst);
    return dst;
}
