/* SPDX-License-Identifier: MIT
 * See bins.h. The walk's span of cells per axis comes from core/grid.h's dp_grid_span, the
 * sampler's own definition of "the cells within reach", wrapping included (the checkers
 * of points_check.c walk cells their own way, so they share the sort only). */
#include "core/bins.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/grid.h"

static int axis_cells(double extent, double cell, double cap)
{
    double n = floor(extent / cell); /* cells at least 'cell' wide */
    return (int)DP_MIN(DP_MAX(n, 1.0), cap);
}

static int cell_of(double v, bool wraps, double inv, int n, double extent)
{
    if (wraps)
        v -= extent * floor(v / extent);
    double c = floor(v * inv);
    return (int)DP_MIN(DP_MAX(c, 0.0), n - 1.0);
}

static size_t cell_index(const dp_bins *b, const dapple_point *p)
{
    size_t cy = (size_t)cell_of(p->y, b->wrap.y, b->inv_ch, b->gh, b->height);
    return cy * (size_t)b->gw + (size_t)cell_of(p->x, b->wrap.x, b->inv_cw, b->gw, b->width);
}

double dp_bins_max_side(size_t n)
{
    return floor(sqrt(4.0 * (double)n + 16));
}

bool dp_bins_build(dp_bins *b, const dapple_point *pts, size_t n, double width, double height,
                   dp_wrap wrap, double cell)
{
    double cap = dp_bins_max_side(n);
    int gw = axis_cells(width, cell, cap), gh = axis_cells(height, cell, cap);
    *b = (dp_bins){ .pts = pts,
                    .width = width,
                    .height = height,
                    .wrap = wrap,
                    .gw = gw,
                    .gh = gh,
                    .inv_cw = gw / width,
                    .inv_ch = gh / height };
    return dp_bins_build_grid(b, n);
}

bool dp_bins_build_grid(dp_bins *b, size_t n)
{
    const dapple_point *pts = b->pts;
    size_t cells = (size_t)b->gw * (size_t)b->gh;
    b->start = dp_calloc_n(cells + 1, sizeof *b->start);
    b->idx = dp_calloc_n(n + 1, sizeof *b->idx);
    size_t *fill = dp_calloc_n(cells, sizeof *fill);
    if (b->start == NULL || b->idx == NULL || fill == NULL) {
        free(fill);
        return false;
    }
    for (size_t i = 0; i < n; i++)
        b->start[cell_index(b, &pts[i]) + 1]++;
    for (size_t c = 0; c < cells; c++)
        b->start[c + 1] += b->start[c];
    for (size_t i = 0; i < n; i++) {
        size_t c = cell_index(b, &pts[i]);
        b->idx[b->start[c] + fill[c]++] = i;
    }
    free(fill);
    return true;
}

int dp_bins_column(const dp_bins *b, double x)
{
    return cell_of(x, b->wrap.x, b->inv_cw, b->gw, b->width);
}

int dp_bins_row(const dp_bins *b, double y)
{
    return cell_of(y, b->wrap.y, b->inv_ch, b->gh, b->height);
}

void dp_bins_fini(dp_bins *b)
{
    free(b->start);
    free(b->idx);
    b->start = NULL;
    b->idx = NULL;
}

static void enter_cell(dp_bins_walk *w)
{
    const dp_bins *b = w->b;
    int cx = (w->fx + w->i) % b->gw, cy = (w->fy + w->j) % b->gh;
    size_t c = (size_t)cy * (size_t)b->gw + (size_t)cx;
    w->s = b->start[c];
    w->e = b->start[c + 1];
}

void dp_bins_walk_start(dp_bins_walk *w, const dp_bins *b, double x, double y, double reach)
{
    w->b = b;
    dp_grid_span(x - reach, x + reach, b->inv_cw, b->gw, b->wrap.x, &w->fx, &w->nx);
    dp_grid_span(y - reach, y + reach, b->inv_ch, b->gh, b->wrap.y, &w->fy, &w->ny);
    w->i = w->j = 0;
    w->s = w->e = 0;
    if (w->nx > 0 && w->ny > 0)
        enter_cell(w);
    else
        w->ny = 0; /* the square misses the grid: nothing to visit */
}

bool dp_bins_walk_next(dp_bins_walk *w, size_t *q)
{
    while (w->s == w->e) {
        if (w->j >= w->ny)
            return false;
        if (++w->i == w->nx) {
            w->i = 0;
            if (++w->j >= w->ny)
                return false;
        }
        enter_cell(w);
    }
    *q = w->b->idx[w->s++];
    return true;
}

double dp_bins_dx(const dp_bins *b, double a, double c)
{
    return dp_wrap_delta(a - c, b->width, b->wrap.x);
}

double dp_bins_dy(const dp_bins *b, double a, double c)
{
    return dp_wrap_delta(a - c, b->height, b->wrap.y);
}
