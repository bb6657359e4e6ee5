/* SPDX-License-Identifier: MIT
 * Obstacle circles for 'avoid': earlier layers that a new layer must not overlap.
 * Circles are kept in double (their radius is scale * r, computed once) and indexed by a
 * grid whose cells are as wide as the largest circle (rebuilt when an add brings a wider
 * one, else the new circles are filed into it), so a query of radius q looks q + largest
 * around (x, y). */
#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/grid.h"

#define MAX_CELLS ((size_t)1 << 22)

typedef struct circle {
    double x, y, r;
} circle;

struct dapple_circles {
    double width, height;
    bool periodic;
    circle *c;
    size_t n, cap;
    double rbig; /* largest radius stored */
    dp_grid grid;
};

dapple_status dapple_circles_new(dapple_circles **out, double width, double height,
                                 bool periodic, dapple_error *err)
{
    *out = NULL;
    if (!(width > 0 && width <= 2097152) || !(height > 0 && height <= 2097152))
        return dp_fail(err, DAPPLE_E_INVALID, "circles: size must be in (0, 2097152], got %gx%g",
                       width, height);
    dapple_circles *c = calloc(1, sizeof *c);
    if (c == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for circles");
    c->width = width;
    c->height = height;
    c->periodic = periodic;
    *out = c;
    return DAPPLE_OK;
}

/* Cells at least as wide as the largest circle, but never more than MAX_CELLS. */
static dapple_status reindex(dapple_circles *c, dapple_error *err)
{
    double cell = DP_MAX(c->rbig, sqrt(c->width * c->height / (double)MAX_CELLS));
    dp_grid_fini(&c->grid);
    dapple_status st = dp_grid_init(&c->grid, c->width, c->height, cell * (1 + 1e-9),
                                    c->periodic, 4 * MAX_CELLS, err);
    if (st != DAPPLE_OK)
        return st;
    if (!dp_grid_reserve(&c->grid, c->n))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory indexing %zu circles", c->n);
    /* circles outside a bounded domain still block: file them under the nearest cell */
    for (size_t i = 0; i < c->n; i++)
        dp_grid_insert(&c->grid, (uint32_t)i + 1, DP_MIN(DP_MAX(c->c[i].x, 0), c->width),
                       DP_MIN(DP_MAX(c->c[i].y, 0), c->height));
    return DAPPLE_OK;
}

static double wrap(double v, double extent)
{
    v -= extent * floor(v / extent);
    return v < extent ? v : 0;
}

dapple_status dapple_circles_add(dapple_circles *c, const dapple_point *pts, size_t n,
                                 double scale, dapple_error *err)
{
    if (!(scale >= 0) || !isfinite(scale))
        return dp_fail(err, DAPPLE_E_INVALID, "circles: scale must be >= 0, got %g", scale);
    if (n > UINT32_MAX - 1 - c->n)
        return dp_fail(err, DAPPLE_E_LIMIT, "circles: too many circles");
    if (c->n + n > c->cap) {
        size_t cap = DP_MAX(c->n + n, c->cap + c->cap / 2);
        circle *p = dp_realloc_n(c->c, cap, sizeof *p);
        if (p == NULL)
            return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu circles", cap);
        c->c = p;
        c->cap = cap;
    }
    for (size_t i = 0; i < n; i++)
        if (!isfinite(pts[i].x) || !isfinite(pts[i].y) || !isfinite(pts[i].r))
            return dp_fail(err, DAPPLE_E_INVALID, "circles: point %zu is not finite", i);
    size_t first = c->n;
    for (size_t i = 0; i < n; i++) {
        circle k = { pts[i].x, pts[i].y, scale * (double)pts[i].r };
        if (c->periodic)
            k.x = wrap(k.x, c->width), k.y = wrap(k.y, c->height);
        c->c[c->n++] = k;
        c->rbig = DP_MAX(c->rbig, k.r);
    }
    /* Circles no wider than the cells join the grid as they are (adds one at a time, as
     * trail beads come, stay linear); a wider one rebuilds it. */
    if (c->grid.head == NULL || c->rbig > DP_MIN(c->grid.cw, c->grid.ch))
        return reindex(c, err);
    if (!dp_grid_reserve(&c->grid, c->cap))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory indexing %zu circles", c->n);
    for (size_t i = first; i < c->n; i++)
        dp_grid_insert(&c->grid, (uint32_t)i + 1, DP_MIN(DP_MAX(c->c[i].x, 0), c->width),
                       DP_MIN(DP_MAX(c->c[i].y, 0), c->height));
    return DAPPLE_OK;
}

bool dapple_circles_overlap(const dapple_circles *c, double x, double y, double radius)
{
    if (c == NULL || c->n == 0 || !isfinite(x) || !isfinite(y))
        return false;
    const dp_grid *g = &c->grid;
    double reach = radius + c->rbig;
    int fx, nx, fy, ny;
    dp_grid_span(x - reach, x + reach, g->inv_cw, g->gw, g->periodic, &fx, &nx);
    dp_grid_span(y - reach, y + reach, g->inv_ch, g->gh, g->periodic, &fy, &ny);
    for (int j = 0; j < ny; j++) {
        int cy = fy + j < g->gh ? fy + j : fy + j - g->gh;
        for (int i = 0; i < nx; i++) {
            int cx = fx + i < g->gw ? fx + i : fx + i - g->gw;
            for (uint32_t q = g->head[(size_t)cy * g->gw + cx]; q != DP_GRID_NONE; q = g->next[q]) {
                const circle *k = &c->c[q - 1];
                double dx = dp_wrap_delta(k->x - x, c->width, c->periodic);
                double dy = dp_wrap_delta(k->y - y, c->height, c->periodic);
                double s = radius + k->r;
                if (dx * dx + dy * dy < s * s)
                    return true;
            }
        }
    }
    return false;
}

void dapple_circles_free(dapple_circles *c)
{
    if (c == NULL)
        return;
    dp_grid_fini(&c->grid);
    free(c->c);
    free(c);
}
