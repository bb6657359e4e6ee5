/* SPDX-License-Identifier: MIT
 * dp_raster_nearest: one nearest-point search per pixel through a grid of the points (and,
 * along the axes that wrap, their copies at +-W, +-H, the same copies dp_raster_disc
 * visits). The grid is searched in square rings around the pixel's cell; after ring k every
 * point not yet seen is at least k cells away, so the search stops once the best distance
 * is within that, or beyond reach. The distance is computed by the same expressions as
 * dp_raster_disc's, so a max (or min) of a function of it gives the same bytes. */
#include "render/raster.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"

typedef struct grid {
    double *x, *y; /* point (copy) positions in pixel space */
    size_t n;
    double x0, y0; /* the grid's corner */
    double cell;
    int gw, gh;
    size_t *start; /* gw * gh + 1 offsets into order */
    size_t *order; /* point indices, cell by cell */
} grid;

static int clampi(double v, int n)
{
    return v < 0 ? 0 : v >= n - 1 ? n - 1 : (int)v;
}

static size_t cell_of(const grid *g, double x, double y)
{
    int cx = clampi(floor((x - g->x0) / g->cell), g->gw);
    int cy = clampi(floor((y - g->y0) / g->cell), g->gh);
    return (size_t)cy * (size_t)g->gw + (size_t)cx;
}

static void grid_free(grid *g)
{
    free(g->x), free(g->y), free(g->start), free(g->order);
}

/* The points within reach of the image, with their copies along the axes that wrap. */
static bool gather(grid *g, const double *px, const double *py, size_t n, int w, int h,
                   dp_wrap wrap, double reach)
{
    int cx = wrap.x ? 1 : 0, cy = wrap.y ? 1 : 0;
    size_t copies = (size_t)((2 * cx + 1) * (2 * cy + 1));
    g->x = dp_calloc_n(n * copies, sizeof *g->x);
    g->y = dp_calloc_n(n * copies, sizeof *g->y);
    if (g->x == NULL || g->y == NULL)
        return false;
    for (size_t i = 0; i < n; i++) {
        /* the copies about the image (the nearest to any pixel is among them), each at
         * px + k w as dp_raster_disc computes it */
        int kx = wrap.x ? -(int)floor(px[i] / w) : 0, ky = wrap.y ? -(int)floor(py[i] / h) : 0;
        for (int j = ky - cy; j <= ky + cy; j++)
            for (int k = kx - cx; k <= kx + cx; k++) {
                double x = px[i] + (double)k * w, y = py[i] + (double)j * h;
                if (x < -reach || x > w + reach || y < -reach || y > h + reach)
                    continue;
                g->x[g->n] = x, g->y[g->n] = y, g->n++;
            }
    }
    return true;
}

static bool grid_build(grid *g, int w, int h)
{
    double x1 = 0, y1 = 0;
    g->x0 = 0, g->y0 = 0;
    for (size_t i = 0; i < g->n; i++) {
        g->x0 = DP_MIN(g->x0, g->x[i]), g->y0 = DP_MIN(g->y0, g->y[i]);
        x1 = DP_MAX(x1, g->x[i]), y1 = DP_MAX(y1, g->y[i]);
    }
    x1 = DP_MAX(x1, (double)w), y1 = DP_MAX(y1, (double)h);
    double area = (x1 - g->x0) * (y1 - g->y0);
    g->cell = DP_MAX(1.0, sqrt(area / (double)(g->n + 1)));
    g->gw = (int)DP_MIN(ceil((x1 - g->x0) / g->cell) + 1, 65536.0);
    g->gh = (int)DP_MIN(ceil((y1 - g->y0) / g->cell) + 1, 65536.0);
    g->cell = DP_MAX(g->cell, DP_MAX((x1 - g->x0) / (g->gw - 1), (y1 - g->y0) / (g->gh - 1)));
    size_t cells = (size_t)g->gw * (size_t)g->gh;
    g->start = dp_calloc_n(cells + 1, sizeof *g->start);
    g->order = dp_calloc_n(g->n + 1, sizeof *g->order);
    size_t *fill = dp_calloc_n(cells, sizeof *fill);
    bool ok = g->start != NULL && g->order != NULL && fill != NULL;
    for (size_t i = 0; ok && i < g->n; i++)
        g->start[cell_of(g, g->x[i], g->y[i]) + 1]++;
    for (size_t c = 0; ok && c < cells; c++)
        g->start[c + 1] += g->start[c];
    for (size_t i = 0; ok && i < g->n; i++) {
        size_t c = cell_of(g, g->x[i], g->y[i]);
        g->order[g->start[c] + fill[c]++] = i;
    }
    free(fill);
    return ok;
}

/* The smallest squared distance from (cx, cy) to a point of cell (i, j), into *best. */
static void visit(const grid *g, int i, int j, double cx, double cy, double *best)
{
    if (i < 0 || j < 0 || i >= g->gw || j >= g->gh)
        return;
    size_t c = (size_t)j * (size_t)g->gw + (size_t)i;
    for (size_t s = g->start[c]; s < g->start[c + 1]; s++) {
        size_t q = g->order[s];
        double dx = cx - g->x[q], dy = cy - g->y[q]; /* as dp_raster_disc: centre - point */
        double d2 = dx * dx + dy * dy;
        if (d2 < *best)
            *best = d2;
    }
}

/* The squared distance from the pixel centre to its nearest point, INFINITY past reach. */
static double nearest(const grid *g, double cx, double cy, double reach)
{
    size_t c = cell_of(g, cx, cy);
    int i0 = (int)(c % (size_t)g->gw), j0 = (int)(c / (size_t)g->gw);
    int kmax = DP_MAX(DP_MAX(i0, g->gw - 1 - i0), DP_MAX(j0, g->gh - 1 - j0));
    double best = INFINITY;
    for (int k = 0; k <= kmax; k++) {
        for (int d = -k; d <= k; d++) {
            visit(g, i0 + d, j0 - k, cx, cy, &best);
            if (k > 0)
                visit(g, i0 + d, j0 + k, cx, cy, &best);
        }
        for (int d = -k + 1; d <= k - 1; d++) {
            visit(g, i0 - k, j0 + d, cx, cy, &best);
            visit(g, i0 + k, j0 + d, cx, cy, &best);
        }
        double seen = k * g->cell * (1 - 1e-9); /* every unseen point is this far at least */
        if (best <= seen * seen || seen > reach)
            break;
    }
    return best <= reach * reach ? best : (double)INFINITY;
}

bool dp_raster_nearest(const dp_raster_band *b, const double *px, const double *py, size_t n,
                       double reach, dp_raster_fn fn, void *ctx)
{
    int width = b->width, height = b->height;
    int row0 = b->row0 < 0 ? 0 : b->row0, row1 = b->row1 > height ? height : b->row1;
    grid g = { 0 };
    if (!gather(&g, px, py, n, width, height, b->wrap, reach) || !grid_build(&g, width, height)) {
        grid_free(&g);
        return false;
    }
    for (int y = row0; y < row1 && g.n > 0; y++)
        for (int x = 0; x < width; x++) {
            double d2 = nearest(&g, x + 0.5, y + 0.5, reach);
            if (d2 < (double)INFINITY)
                fn(ctx, (size_t)(y - row0) * (size_t)width + (size_t)x, d2);
        }
    grid_free(&g);
    return true;
}
