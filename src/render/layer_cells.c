/* SPDX-License-Identifier: MIT
 * 'cells': the power (Laguerre) diagram of the layer's points, each weighted by its r^2,
 * painted as pieces: cobbles, flagstones, cracked mud, chips that abut (cells.h has the
 * geometry). Painted pixel by pixel over the band's rows, not through cairo: each pixel
 * takes its cell's colour with the material's grain and veins (material.h) and the
 * shading of the same height the height map gets, composited over the ground by the
 * piece's coverage; the gap keeps the ground, darkened as a recessed joint. */
#include "render/layer.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/dp.h"
#include "render/cells.h"
#include "render/material.h"

#define JOINT_SHADE 0.35 /* how much the gap darkens at full bevel */

typedef struct rows {
    dp_cell_px *px; /* (y1 - y0 + 2) rows of the band plus one above and below */
    int w, y0, y1;
} rows;

static int row_of(const dp_texture_spec *t, int y)
{
    if (y >= 0 && y < t->height)
        return y;
    return t->wrap.y ? (y + t->height) % t->height : DP_MIN(DP_MAX(y, 0), t->height - 1);
}

#define SLOT 8 /* columns per kept search (DP_POWER_CACHE_STEP) */

/* Every pixel's cell, row by row. Besides the row's running search cache, each SLOT
 * columns keep the last search made there, for the rows below to try when the running
 * one does not serve (a wall crossed): small cells cross one every few pixels. */
static void fill_rows(const dp_cells *c, const dp_texture_spec *t, rows *r)
{
    size_t n = (size_t)r->w / SLOT + 1;
    dp_power_cache *slot = dp_calloc_n(n, sizeof *slot); /* zero: none valid; NULL: none */
    for (int y = r->y0 - 1; y <= r->y1; y++) {
        dp_cell_px *out = r->px + (size_t)(y - r->y0 + 1) * (size_t)r->w;
        int sy = row_of(t, y);
        dp_power_cache k = { .valid = false };
        for (int x = 0; x < r->w; x++) {
            dp_power_cache *alt = slot != NULL ? &slot[x / SLOT] : NULL;
            double kx = k.x, ky = k.y;
            dp_cells_at2(c, &k, alt, x + 0.5, sy + 0.5, &out[x]);
            if (alt != NULL && k.valid && (k.x != kx || k.y != ky))
                *alt = k; /* a fresh search */
        }
    }
    free(slot);
}

static const dp_cell_px *at(const rows *r, int x, int y)
{
    return r->px + (size_t)(y - r->y0 + 1) * (size_t)r->w + (size_t)x;
}

static int col(const dp_texture_spec *t, int x)
{
    if (x >= 0 && x < t->width)
        return x;
    return t->wrap.x ? (x + t->width) % t->width : DP_MIN(DP_MAX(x, 0), t->width - 1);
}

static uint32_t over(uint32_t dst, const double rgb[3], double a, double shade)
{
    double k = 1 - a;
    uint32_t out = 0;
    double da = (double)(dst >> 24) / 255;
    for (int ch = 0; ch < 3; ch++) {
        double d = (double)((dst >> (16 - 8 * ch)) & 255) / 255 * shade;
        double v = rgb[ch] * a + d * k;
        out |= (uint32_t)lround(255 * DP_MIN(1.0, v)) << (16 - 8 * ch);
    }
    return out | (uint32_t)lround(255 * (a + da * k)) << 24;
}

/* The piece's colour at pixel (x, y) of the band: its material, lit by its slope. */
static void colour_at(const dp_layer_ctx *ctx, const dp_cells *c, const rows *r, int x, int y,
                      double rgb[3])
{
    const dp_cell_px *p = at(r, x, y);
    const dp_shape *s = dp_cells_shape(c, p->cell);
    const dp_layer_spec *l = ctx->spec;
    double dx = (at(r, col(ctx->t, x + 1), y)->height - at(r, col(ctx->t, x - 1), y)->height) / 2;
    double dy = (at(r, x, y + 1)->height - at(r, x, y - 1)->height) / 2;
    dp_material m = { .grain = l->grain,
                      .veins = l->veins,
                      .shading = l->bevel,
                      .light_x = ctx->light_x,
                      .light_y = ctx->light_y,
                      .seed = s->variety * 0x2545f4914f6cdd1du + 1 };
    double ox = x + 0.5 - s->x, oy = y + 0.5 - s->y;
    if (ctx->t->wrap.x)
        ox -= ctx->t->width * round(ox / ctx->t->width);
    if (ctx->t->wrap.y)
        oy -= ctx->t->height * round(oy / ctx->t->height);
    double rad = DP_MAX(1.0, s->radius);
    dp_material_shade(&m, rad, ox / rad, oy / rad, dx, dy, s->colour, rgb);
}

static void paint_rows(const dp_layer_ctx *ctx, const dp_cells *c, const rows *r, uint8_t *data,
                       int stride)
{
    double joint = 1 - JOINT_SHADE * ctx->spec->bevel;
    for (int y = r->y0; y < r->y1; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < r->w; x++) {
            const dp_cell_px *p = at(r, x, y);
            if (p->cell == SIZE_MAX)
                continue;
            double cover = DP_MIN(1.0, DP_MAX(0.0, p->inset + 0.5)), rgb[3] = { 0, 0, 0 };
            if (cover > 0)
                colour_at(ctx, c, r, x, y, rgb);
            double a = cover * dp_cells_shape(c, p->cell)->colour.a;
            row[x] = over(row[x], rgb, a, cover < 1 ? joint : 1);
        }
    }
}

/* The band's heights, as the height map stores them, for the height pass (render.h). */
static void keep_heights(const dp_layer_ctx *ctx, const rows *r)
{
    const dp_cell_heights *k = &ctx->scene->cell_heights[ctx->layer_index];
    double unit = dp_height_unit(ctx->t);
    if (k->q == NULL || !(unit > 0))
        return;
    for (int y = r->y0; y < r->y1; y++) {
        uint16_t *q = k->q + (size_t)y * (size_t)r->w;
        for (int x = 0; x < r->w; x++)
            q[x] = dp_cells_height_q(at(r, x, y)->height, 65535 / unit);
        k->done[y] = 1;
    }
}

static dapple_status underlay(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err)
{
    const dp_texture_spec *t = ctx->t;
    if (ctx->scene == NULL || ctx->clip_y1 <= ctx->clip_y0)
        return DAPPLE_OK;
    dp_cells *c;
    dapple_status st = dp_cells_new(&c, t, ctx->spec, &ctx->scene->layers[ctx->layer_index], err);
    if (st != DAPPLE_OK)
        return st;
    rows r = { NULL, t->width, ctx->clip_y0, ctx->clip_y1 };
    r.px = dp_calloc_n((size_t)t->width * (size_t)(r.y1 - r.y0 + 2), sizeof *r.px);
    if (r.px == NULL) {
        dp_cells_free(c);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the cells of %dx%d", t->width,
                       t->height);
    }
    fill_rows(c, t, &r);
    keep_heights(ctx, &r);
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    paint_rows(ctx, c, &r, cairo_image_surface_get_data(target),
               cairo_image_surface_get_stride(target));
    cairo_surface_mark_dirty(target);
    free(r.px);
    dp_cells_free(c);
    return DAPPLE_OK;
}

/* The pieces are painted by the underlay, a band at a time; nothing per point. */
static void draw_nothing(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    (void)cr, (void)ctx, (void)s, (void)pass;
}

const dp_layer_kind dp_layer_cells = {
    .name = "cells",
    .style = DP_STYLE_CELLS,
    .extent = 0,
    .passes = 0,
    .underlay = underlay,
    .draw = draw_nothing,
};
