/* SPDX-License-Identifier: MIT
 * Row spans of a disc over pixel centres. An image that wraps visits every copy of the disc
 * at +-W (when x wraps), +-H (when y wraps) whose span meets the image, so a shape crossing an edge
 * continues on the other side; a copy may visit a pixel twice only if reach exceeds half a side,
 * and the callers combine with max or min, which does not mind. */
#include "render/raster.h"

#include <math.h>
#include <stdbool.h>

/* The disc's rows within rows row0 .. row1 - 1: y0 .. y1 (none when y0 > y1). */
static inline void disc_rows(int row0, int row1, double y, double reach, int *y0, int *y1)
{
    *y0 = (int)floor(y - reach - 0.5), *y1 = (int)ceil(y + reach - 0.5);
    if (*y0 < row0)
        *y0 = row0;
    if (*y1 > row1 - 1)
        *y1 = row1 - 1;
}

/* Row py's span of the disc over pixel centres, clipped to the image: x0 .. x1, and dy the
 * row's offset from the centre. False when the row misses the disc. */
static inline bool row_span(int width, double x, double y, double reach, int py, double *dy,
                            int *x0, int *x1)
{
    *dy = py + 0.5 - y;
    double span2 = reach * reach - *dy * *dy;
    if (span2 < 0)
        return false;
    double span = sqrt(span2);
    *x0 = (int)ceil(x - span - 0.5), *x1 = (int)floor(x + span - 0.5);
    if (*x0 < 0)
        *x0 = 0;
    if (*x1 > width - 1)
        *x1 = width - 1;
    return true;
}

/* The copies of the disc at +-W, +-H that meet [0, W) x [0, H): i0 .. i1 by j0 .. j1, at
 * most a few per axis that wraps, the disc itself (0) along one that does not. */
typedef struct copies {
    int i0, i1, j0, j1;
} copies;

static copies copies_of(int width, int height, dp_wrap wrap, double x, double y, double reach)
{
    copies c = { 0, 0, 0, 0 };
    if (wrap.x)
        c.i0 = (int)floor((0 - reach - x) / width) + 1,
        c.i1 = (int)ceil((width + reach - x) / width) - 1;
    if (wrap.y)
        c.j0 = (int)floor((0 - reach - y) / height) + 1,
        c.j1 = (int)ceil((height + reach - y) / height) - 1;
    return c;
}

/* The band's rows clipped to the image. */
static dp_raster_band clipped(const dp_raster_band *b)
{
    dp_raster_band c = *b;
    c.row0 = c.row0 < 0 ? 0 : c.row0, c.row1 = c.row1 > c.height ? c.height : c.row1;
    return c;
}

static void disc_once(const dp_raster_band *b, double x, double y, double reach, dp_raster_xy_fn fn,
                      void *ctx)
{
    int y0, y1, x0, x1;
    double dy;
    disc_rows(b->row0, b->row1, y, reach, &y0, &y1);
    for (int py = y0; py <= y1; py++) {
        if (!row_span(b->width, x, y, reach, py, &dy, &x0, &x1))
            continue;
        size_t row = (size_t)(py - b->row0) * (size_t)b->width;
        for (int px = x0; px <= x1; px++)
            fn(ctx, row + (size_t)px, px + 0.5 - x, dy);
    }
}

void dp_raster_disc_rows_xy(const dp_raster_band *band, double x, double y, double reach,
                            dp_raster_xy_fn fn, void *ctx)
{
    dp_raster_band b = clipped(band);
    if (!dp_wrap_any(b.wrap)) {
        disc_once(&b, x, y, reach, fn, ctx);
        return;
    }
    copies c = copies_of(b.width, b.height, b.wrap, x, y, reach);
    for (int j = c.j0; j <= c.j1; j++)
        for (int i = c.i0; i <= c.i1; i++)
            disc_once(&b, x + (double)i * b.width, y + (double)j * b.height, reach, fn, ctx);
}

void dp_raster_disc_xy(int width, int height, dp_wrap wrap, double x, double y, double reach,
                       dp_raster_xy_fn fn, void *ctx)
{
    dp_raster_band b = { width, height, 0, height, wrap };
    dp_raster_disc_rows_xy(&b, x, y, reach, fn, ctx);
}

/* lround of 0 <= v < 65536 without the library call: v - floor(v) is exact there. */
static uint16_t round_up_half(double v)
{
    uint16_t f = (uint16_t)v;
    return (uint16_t)(f + (v - f >= 0.5));
}

/* disc_once with the soft-edged max (dp_raster_soft_max_rows) written in: no call per pixel,
 * and a pixel already at 65535 is left as it is. Same pixels, same expressions. */
static void soft_once(const dp_raster_band *b, double x, double y, double reach, double radius,
                      double soft, uint16_t *out)
{
    int y0, y1, x0, x1;
    double dy;
    disc_rows(b->row0, b->row1, y, reach, &y0, &y1);
    for (int py = y0; py <= y1; py++) {
        if (!row_span(b->width, x, y, reach, py, &dy, &x0, &x1))
            continue;
        uint16_t *row = out + (size_t)(py - b->row0) * (size_t)b->width;
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

void dp_raster_soft_max_rows(const dp_raster_band *band, double x, double y, double reach,
                             double radius, double soft, uint16_t *out)
{
    dp_raster_band b = clipped(band);
    if (!dp_wrap_any(b.wrap)) {
        soft_once(&b, x, y, reach, radius, soft, out);
        return;
    }
    copies c = copies_of(b.width, b.height, b.wrap, x, y, reach);
    for (int j = c.j0; j <= c.j1; j++)
        for (int i = c.i0; i <= c.i1; i++)
            soft_once(&b, x + (double)i * b.width, y + (double)j * b.height, reach, radius, soft,
                      out);
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

void dp_raster_disc_rows(const dp_raster_band *b, double x, double y, double reach, dp_raster_fn fn,
                         void *ctx)
{
    by_d2 d = { fn, ctx };
    dp_raster_disc_rows_xy(b, x, y, reach, call_d2, &d);
}

void dp_raster_disc(int width, int height, dp_wrap wrap, double x, double y, double reach,
                    dp_raster_fn fn, void *ctx)
{
    dp_raster_band b = { width, height, 0, height, wrap };
    dp_raster_disc_rows(&b, x, y, reach, fn, ctx);
}
