/* SPDX-License-Identifier: MIT
 * Which parents the maximal mode's gap sweep may leave out. A spot that can still take a
 * point is bounded by arcs of several points' circles, two points being consecutive on
 * that boundary only if their circles meet ("adjacent"), and a swept circle never borders
 * such a spot again. So a spot survives only if every point bounding it was left out. If
 * the points left out, with adjacency, form a forest, their discs' union has no hole
 * (the nerve of the discs is a forest), so no such spot can exist away from the edges.
 * Parents are decided in sweep order: one is left out when at most one adjacent parent
 * before it was, and it then counts itself in every adjacent parent after it. Parents near
 * the domain's edges (a spot touching an edge is bounded by a circle that reaches it) and
 * every point the sweep adds are always swept. At W1 and W3 about 37% of the parents are
 * left out. A swept circle is only free of spots wider than the sweep's margin, so
 * slivers below it survive a little more often than when every circle was swept (see
 * docs/algorithm.md, 8). */
#include "core/sampler.h"

/* Relative slack over the sweep's own overshoot (1e-4 r), and the field's float rounding. */
#define SLACK   2e-4
#define TOL     1e-6
#define MAX_PIX 64 /* raster pixels read for a bound; beyond that the parent is swept */

/* An upper bound B on the radius anywhere on p's circle: the largest raster value around
 * p, checked to cover the circle it implies. False when none is found cheaply. */
static bool circle_bound(const dapple_sampler *s, dapple_point p, double pad, double *b)
{
    const dapple_field *f = s->field;
    if (f->v == NULL) {
        *b = f->rmax;
        return true;
    }
    double rho = 1.25 * (double)p.r * (1 + SLACK) + pad;
    /* the pixels bilinear reads anywhere in the box p +- rho */
    int i0 = (int)floor(((double)p.x - rho) * f->inv_sx - 0.5);
    int j0 = (int)floor(((double)p.y - rho) * f->inv_sy - 0.5);
    int i1 = i0 + 2 + (int)floor(2 * rho * f->inv_sx),
        j1 = j0 + 2 + (int)floor(2 * rho * f->inv_sy);
    if (i0 < 0 || j0 < 0 || i1 >= f->gw || j1 >= f->gh || (i1 - i0 + 1) * (j1 - j0 + 1) > MAX_PIX)
        return false;
    float v = 0;
    for (int j = j0; j <= j1; j++)
        for (int i = i0; i <= i1; i++)
            v = DP_MAX(v, f->v[(size_t)j * f->gw + i]);
    *b = (f->rmin + (double)v * (f->rmax - f->rmin)) * (1 + TOL);
    /* the circle lies within max(r_p, B) (1 + 1e-4) + pad of p: inside the box read */
    return DP_MAX((double)p.r, *b) * (1 + SLACK) + pad <= rho;
}

/* Counts p in every later parent (up to n0) of one grid whose circle may meet p's: within
 * (max(r_p, B) + max(r_w, B)) (1 + slack) + 2 pad, r_w being at most 'rw'. */
static void count_in(const dapple_sampler *s, const uint32_t *head, int gw, int gh, double icw,
                     double ich, uint32_t i, double rp, double b, double rw, double pad,
                     uint8_t *count, size_t n0)
{
    dapple_point p = s->store[i];
    double t = (rp + DP_MAX(rw, b)) * (1 + SLACK) + 2 * pad;
    int x0, nx, y0, ny;
    dp_grid_span((double)p.x - t, (double)p.x + t, icw, gw, false, &x0, &nx);
    dp_grid_span((double)p.y - t, (double)p.y + t, ich, gh, false, &y0, &ny);
    for (int cy = y0; cy < y0 + ny; cy++)
        for (int cx = x0; cx < x0 + nx; cx++) {
            /* without branches: whether a cell is empty or a point near is a coin toss.
             * An empty cell's head is the far-away sentinel 0, and count[0] takes the
             * writes for it and for points after n0 */
            uint32_t q = head[(size_t)cy * gw + cx];
            do {
                const dapple_point *w = &s->store[q];
                double dx = (double)w->x - (double)p.x, dy = (double)w->y - (double)p.y;
                double m = (rp + DP_MAX((double)w->r, b)) * (1 + SLACK) + 2 * pad;
                size_t k = q <= n0 ? q : 0;
                bool near = (q > i) & (dx * dx + dy * dy < m * m);
                count[k] = (uint8_t)(count[k] + (near & (count[k] < 2)));
                q = s->grid.next[q];
            } while (q != DP_GRID_NONE);
        }
}

bool dp_skip_parent(dapple_sampler *s, size_t i, uint8_t *count, size_t n0, double pad)
{
    dapple_point p = s->store[i];
    dapple_point far = { p.x, p.y, (float)s->reach };
    double b;
    if (i > n0 || count[i] > 1 || s->o.avoid != NULL || !dp_inner_parent(s, far) ||
        !circle_bound(s, p, pad, &b))
        return false;
    double rp = DP_MAX((double)p.r, b);
    const dp_grid *g = &s->grid;
    int lo = 0, up = s->lv.n; /* the levels (n: the top grid) that hold points near p */
    if (s->lv.n > 0) {
        /* from the top cells in reach: each knows its smallest radius's level (own) and
         * the largest level within one cell of it (qhi) */
        double t = (rp + DP_MAX(s->reach, b)) * (1 + SLACK) + 2 * pad;
        int x0, nx, y0, ny;
        dp_grid_span((double)p.x - t, (double)p.x + t, g->inv_cw, g->gw, false, &x0, &nx);
        dp_grid_span((double)p.y - t, (double)p.y + t, g->inv_ch, g->gh, false, &y0, &ny);
        lo = s->lv.n, up = 0;
        for (int cy = y0; cy < y0 + ny; cy++)
            for (int cx = x0; cx < x0 + nx; cx++) {
                size_t c = (size_t)cy * g->gw + cx;
                lo = DP_MIN(lo, (int)s->lv.own[c]), up = DP_MAX(up, (int)s->lv.qhi[c]);
            }
    }
    for (int l = lo; l <= up && l < s->lv.n; l++) {
        const dp_level *L = &s->lv.lv[l];
        count_in(s, L->head, L->gw, L->gh, L->inv_cw, L->inv_ch, (uint32_t)i, rp, b, L->thr, pad,
                 count, n0);
    }
    if (up >= s->lv.n)
        count_in(s, g->head, g->gw, g->gh, g->inv_cw, g->inv_ch, (uint32_t)i, rp, b, s->reach, pad,
                 count, n0);
    return true;
}
