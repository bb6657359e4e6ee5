/* SPDX-License-Identifier: MIT
 * Row spans of a disc over pixel centres. A periodic image visits every copy of the disc
 * at +-W, +-H whose span meets the image, so a shape crossing an edge continues on the
 * other side; a copy may visit a pixel twice only if reach exceeds half a side, and the
 * callers combine with max or min, which does not mind. */
#include "render/raster.h"

#include <math.h>

static void disc_once(int width, int row0, int row1, double x, double y, double reach,
                      dp_raster_xy_fn fn, void *ctx)
{
    int y0 = (int)floor(y - reach - 0.5), y1 = (int)ceil(y + reach - 0.5);
    if (y0 < row0)
        y0 = row0;
    if (y1 > row1 - 1)
        y1 = row1 - 1;
    for (int py = y0; py <= y1; py++) {
        double dy = py + 0.5 - y, span2 = reach * reach - dy * dy;
        if (span2 < 0)
            continue;
        double span = sqrt(span2);
        int x0 = (int)ceil(x - span - 0.5), x1 = (int)floor(x + span - 0.5);
        if (x0 < 0)
            x0 = 0;
        if (x1 > width - 1)
            x1 = width - 1;
        size_t row = (size_t)(py - row0) * (size_t)width;
        for (int px = x0; px <= x1; px++) {
            fn(ctx, row + (size_t)px, px + 0.5 - x, dy);
        }
    }
}

void dp_raster_disc_rows_xy(int width, int height, int row0, int row1, bool wrap, double x,
                            double y, double reach, dp_raster_xy_fn fn, void *ctx)
{
    row0 = row0 < 0 ? 0 : row0, row1 = row1 > height ? height : row1;
    if (!wrap) {
        disc_once(width, row0, row1, x, y, reach, fn, ctx);
        return;
    }
    /* Copies whose disc meets [0, W) x [0, H); at most a few per axis. */
    int i0 = (int)floor((0 - reach - x) / width) + 1,
        i1 = (int)ceil((width + reach - x) / width) - 1;
    int j0 = (int)floor((0 - reach - y) / height) + 1,
        j1 = (int)ceil((height + reach - y) / height) - 1;
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++)
            disc_once(width, row0, row1, x + (double)i * width, y + (double)j * height, reach, fn,
                      ctx);
}

void dp_raster_disc_xy(int width, int height, bool wrap, double x, double y, double reach,
                       dp_raster_xy_fn fn, void *ctx)
{
    dp_raster_disc_rows_xy(width, height, 0, height, wrap, x, y, reach, fn, ctx);
}

/* lround of 0 <= v < 65536 without the library call: v - floor(v) is exact there. */
static uint16_t round_up_half(double v)
{
    uint16_t f = (uint16_t)v;
    return (uint16_t)(f + (v - f >= 0.5));
}

/* disc_once with the soft-edged max (dp_raster_soft_max_rows) written in: no call per pixel,
 * and a pixel already at 65535 is left as it is. Same pixels, same expressions. */
static void soft_once(int width, int row0, int row1, double x, double y, double reach,
                      double radius, double soft, uint16_t *out)
{
    int y0 = (int)floor(y - reach - 0.5), y1 = (int)ceil(y + reach - 0.5);
    if (y0 < row0)
        y0 = row0;
    if (y1 > row1 - 1)
        y1 = row1 - 1;
    for (int py = y0; py <= y1; py++) {
        double dy = py + 0.5 - y, span2 = reach * reach - dy * dy;
        if (span2 < 0)
            continue;
        double span = sqrt(span2);
        int x0 = (int)ceil(x - span - 0.5), x1 = (int)floor(x + span - 0.5);
        if (x0 < 0)
            x0 = 0;
        if (x1 > width - 1)
            x1 = width - 1;
        uint16_t *row = out + (size_t)(py - row0) * (size_t)width;
        for (int px = x0; px <= x1; px++) {
            if (row[px] == 65535)
                continue;
            double dx = px + 0.5 - x, v = (radius - sqrt(dx * dx + dy * dy)) / soft + 0.5;
            uint16_t q = v <= 0 ? 0 : (v >= 1 ? 65535 : round_up_half(v * 65535));
            if (q > row[px])
                row[px] = q;
        }
    }
}

void dp_raster_soft_max_rows(int width, int height, int row0, int row1, bool wrap, double x,
                             double y, double reach, double radius, double soft, uint16_t *out)
{
    row0 = row0 < 0 ? 0 : row0, row1 = row1 > height ? height : row1;
    if (!wrap) {
        soft_once(width, row0, row1, x, y, reach, radius, soft, out);
        return;
    }
    int i0 = (int)floor((0 - reach - x) / width) + 1,
        i1 = (int)ceil((width + reach - x) / width) - 1;
    int j0 = (int)floor((0 - reach - y) / height) + 1,
        j1 = (int)ceil((height + reach - y) / height) - 1;
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++)
            soft_once(width, row0, row1, x + (double)i * width, y + (double)j * height, reach,
                      radius, soft, out);
}

typedef struct by_d2 {
    dp_raster_fn fn;
    void *ctx;
} by_d2;

static void call_d2(void *ctx, size_t index, double dx, double dy)
{
    const by_d2 *b = ctx;
    b->fn(b->ctx, index, dx * dx + dy * dy);
}

void dp_raster_disc_rows(int width, int height, int row0, int row1, bool wrap, double x, double y,
                         double reach, dp_raster_fn fn, void *ctx)
{
    by_d2 b = { fn, ctx };
    dp_raster_disc_rows_xy(width, height, row0, row1, wrap, x, y, reach, call_d2, &b);
}

void dp_raster_disc(int width, int height, bool wrap, double x, double y, double reach,
                    dp_raster_fn fn, void *ctx)
{
    dp_raster_disc_rows(width, height, 0, height, wrap, x, y, reach, fn, ctx);
}
