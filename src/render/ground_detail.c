/* SPDX-License-Identifier: MIT
 * The ground flattened to its mean (ground_detail.h). The mean is taken in linear light,
 * as light mixes, so a flattened ground is as bright as the full one seen from afar; each
 * pixel's colour is weighted by its alpha (a premultiplied pixel already is). Sums run in
 * row order on one thread, so the bytes never depend on the thread count. */
#include "render/ground_detail.h"

#include <math.h>
#include <stdint.h>

#include "core/dp.h"

static double decode(double v)
{
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double encode(double v)
{
    return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

/* sum[0..2]: linear colour times alpha; sum[3]: alpha; both over all pixels. */
static void sums(cairo_surface_t *s, double sum[4])
{
    const uint8_t *data = cairo_image_surface_get_data(s);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * stride);
        for (int x = 0; x < w; x++) {
            double a = (double)(row[x] >> 24) / 255;
            for (int c = 0; c < 3 && a > 0; c++) /* unpremultiplied, then weighted by a */
                sum[c] += a * decode(DP_MIN(1.0, (double)(row[x] >> (16 - 8 * c) & 255) / 255 / a));
            sum[3] += a;
        }
    }
}

void dp_ground_flatten(cairo_surface_t *s)
{
    double sum[4] = { 0, 0, 0, 0 };
    double n = (double)cairo_image_surface_get_width(s) * cairo_image_surface_get_height(s);
    cairo_surface_flush(s);
    sums(s, sum);
    if (!(sum[3] > 0) || !(n > 0))
        return;
    cairo_t *cr = cairo_create(s);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, encode(sum[0] / sum[3]), encode(sum[1] / sum[3]),
                          encode(sum[2] / sum[3]), sum[3] / n);
    cairo_paint(cr);
    cairo_destroy(cr);
}
