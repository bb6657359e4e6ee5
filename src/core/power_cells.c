/* SPDX-License-Identifier: MIT
 * Power (Laguerre) cells by search, not by polygons (Aurenhammer 1987 for the diagram).
 * Sites (and on a torus their copies at +-W, +-H within half a side of the domain) go into
 * a uniform grid; a query walks square rings of grid cells around its own. After ring k
 * every unseen site is at least s = k * cell away, so its power is at least s^2 - wmax:
 * the search for the cell stops once the best power is below that. The wall between
 * cells i and j is the radical line; a place p lies (pow_j(p) - pow_i(p)) / (2 |c_i - c_j|)
 * from it, and inside a convex cell the distance to the boundary is the least of these.
 * That ratio grows with |p - c_j|, so the wall search stops at the first ring where an
 * unseen site could not bring a wall within 'cap'. */
#include "core/power_cells.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/dp.h"

struct dp_power_cells {
    double *x, *y, *w; /* sites and copies */
    size_t *site;      /* the original index of each copy */
    size_t n, n_sites;
    double width, height, wmax;
    dp_wrap wrap;        /* the axes that wrap */
    double x0, y0, cell; /* the grid's corner and cell side */
    int gw, gh;
    size_t *start, *order; /* gw * gh + 1 offsets into order; copies cell by cell */
};

static int clampi(double v, int n)
{
    return v < 0 ? 0 : v >= n - 1 ? n - 1 : (int)v;
}

static size_t cell_of(const dp_power_cells *c, double x, double y)
{
    int cx = clampi(floor((x - c->x0) / c->cell), c->gw);
    int cy = clampi(floor((y - c->y0) / c->cell), c->gh);
    return (size_t)cy * (size_t)c->gw + (size_t)cx;
}

void dp_power_cells_free(dp_power_cells *c)
{
    if (c == NULL)
        return;
    free(c->x), free(c->y), free(c->w), free(c->site), free(c->start), free(c->order);
    free(c);
}

size_t dp_power_cells_count(const dp_power_cells *c)
{
    return c->n_sites;
}

/* The sites, and along the axes that wrap the copies within half a side of the domain: a
 * place's cell and its walls' neighbours lie far closer than that in any sensible diagram. */
static bool gather(dp_power_cells *c, const dp_disc *d, size_t n)
{
    int kx = c->wrap.x ? 1 : 0, ky = c->wrap.y ? 1 : 0;
    size_t copies = (size_t)(2 * kx + 1) * (size_t)(2 * ky + 1);
    c->x = dp_calloc_n(n * copies + 1, sizeof *c->x);
    c->y = dp_calloc_n(n * copies + 1, sizeof *c->y);
    c->w = dp_calloc_n(n * copies + 1, sizeof *c->w);
    c->site = dp_calloc_n(n * copies + 1, sizeof *c->site);
    if (c->x == NULL || c->y == NULL || c->w == NULL || c->site == NULL)
        return false;
    double mx = c->wrap.x ? c->width / 2 : (double)INFINITY;
    double my = c->wrap.y ? c->height / 2 : (double)INFINITY;
    for (size_t i = 0; i < n; i++) {
        double w = d[i].r * d[i].r;
        for (int j = -ky; j <= ky; j++)
            for (int m = -kx; m <= kx; m++) {
                double px = d[i].x + m * c->width, py = d[i].y + j * c->height;
                if ((m != 0 || j != 0) &&
                    (px < -mx || px > c->width + mx || py < -my || py > c->height + my))
                    continue;
                c->x[c->n] = px, c->y[c->n] = py, c->w[c->n] = w, c->site[c->n] = i;
                c->wmax = DP_MAX(c->wmax, w);
                c->n++;
            }
    }
    return true;
}

static bool grid_build(dp_power_cells *c)
{
    double x1 = c->width, y1 = c->height;
    c->x0 = 0, c->y0 = 0;
    for (size_t i = 0; i < c->n; i++) {
        c->x0 = DP_MIN(c->x0, c->x[i]), c->y0 = DP_MIN(c->y0, c->y[i]);
        x1 = DP_MAX(x1, c->x[i]), y1 = DP_MAX(y1, c->y[i]);
    }
    /* about one site per grid cell: rings then hug the search radius */
    c->cell = DP_MAX(1.0, sqrt((x1 - c->x0) * (y1 - c->y0) / (double)(c->n + 1)));
    c->gw = (int)DP_MIN(ceil((x1 - c->x0) / c->cell) + 1, 8192.0);
    c->gh = (int)DP_MIN(ceil((y1 - c->y0) / c->cell) + 1, 8192.0);
    c->cell = DP_MAX(c->cell, DP_MAX((x1 - c->x0) / (c->gw - 1), (y1 - c->y0) / (c->gh - 1)));
    size_t cells = (size_t)c->gw * (size_t)c->gh;
    c->start = dp_calloc_n(cells + 1, sizeof *c->start);
    c->order = dp_calloc_n(c->n + 1, sizeof *c->order);
    size_t *fill = dp_calloc_n(cells, sizeof *fill);
    bool ok = c->start != NULL && c->order != NULL && fill != NULL;
    for (size_t i = 0; ok && i < c->n; i++)
        c->start[cell_of(c, c->x[i], c->y[i]) + 1]++;
    for (size_t g = 0; ok && g < cells; g++)
        c->start[g + 1] += c->start[g];
    for (size_t i = 0; ok && i < c->n; i++) {
        size_t g = cell_of(c, c->x[i], c->y[i]);
        c->order[c->start[g] + fill[g]++] = i;
    }
    free(fill);
    return ok;
}

dapple_status dp_power_cells_new(dp_power_cells **out, const dp_disc *d, size_t n, double width,
                                 double height, dp_wrap wrap, dapple_error *err)
{
    *out = NULL;
    if (!(width > 0) || !(height > 0))
        return dp_fail(err, DAPPLE_E_INVALID, "cells: domain %gx%g must not be empty", width,
                       height);
    dp_power_cells *c = calloc(1, sizeof *c);
    if (c == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "cells: out of memory");
    *c = (dp_power_cells){ .width = width, .height = height, .wrap = wrap, .n_sites = n };
    if (!gather(c, d, n) || !grid_build(c)) {
        dp_power_cells_free(c);
        return dp_fail(err, DAPPLE_E_NOMEM, "cells: out of memory for %zu sites", n);
    }
    *out = c;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- queries */

typedef struct query {
    double px, py, cap;
    size_t best; /* copy index of the best site so far */
    double best_pow;
    dp_power_hit *hit;
    dp_power_cache *list; /* non-NULL: list every wall within cap here (cap is then the
                             cache's reach; the caller clamps the hit to its own cap) */
} query;

static double power_of(const dp_power_cells *c, size_t q, double px, double py)
{
    double dx = px - c->x[q], dy = py - c->y[q];
    return dx * dx + dy * dy - c->w[q];
}

static void visit_site(const dp_power_cells *c, size_t q, query *k)
{
    double p = power_of(c, q, k->px, k->py);
    if (p < k->best_pow || (p == k->best_pow && c->site[q] < c->site[k->best])) {
        k->best_pow = p;
        k->best = q;
    }
}

static inline void keep_wall(size_t s, double e, dp_power_hit *h);

/* The wall to copy q of another site: keeps the nearest two walls of distinct sites. A
 * wall is (pow_q - best) / (2 gap) away; most are farther than the second nearest kept,
 * which the squares tell without a root. */
static void visit_wall(const dp_power_cells *c, size_t q, query *k)
{
    if (q == k->best)
        return;
    double dx = c->x[q] - c->x[k->best], dy = c->y[q] - c->y[k->best];
    double gap2 = dx * dx + dy * dy, num = power_of(c, q, k->px, k->py) - k->best_pow;
    dp_power_hit *h = k->hit;
    double lim = k->list != NULL ? k->cap : h->edge2;
    if (!(gap2 > 0) || num * num >= 4 * gap2 * lim * lim)
        return; /* the same place (a torus copy of the cell's own site), or too far */
    if (k->list != NULL) {
        if (k->list->n < DP_POWER_CACHE_N)
            k->list->near[k->list->n] = q;
        k->list->n++; /* past the end: too many to keep, the cache is not used */
        if (num * num >= 4 * gap2 * h->edge2 * h->edge2)
            return;
    }
    keep_wall(c->site[q], num / (2 * sqrt(gap2)), h);
}

/* A wall e away to site s: the nearest two walls of distinct sites. */
static inline void keep_wall(size_t s, double e, dp_power_hit *h)
{
    if (e < h->edge) {
        if (s != h->other)
            h->edge2 = h->edge;
        h->edge = e;
        h->other = s;
    } else if (e < h->edge2 && s != h->other) {
        h->edge2 = e;
    }
}

typedef void (*visit_fn)(const dp_power_cells *c, size_t q, query *k);

static void visit_cell(const dp_power_cells *c, int i, int j, visit_fn fn, query *k)
{
    if (i < 0 || j < 0 || i >= c->gw || j >= c->gh)
        return;
    size_t g = (size_t)j * (size_t)c->gw + (size_t)i;
    for (size_t s = c->start[g]; s < c->start[g + 1]; s++)
        fn(c, c->order[s], k);
}

/* Ring k (a square of grid cells k away) around cell (i0, j0). */
static void visit_ring(const dp_power_cells *c, int i0, int j0, int k, visit_fn fn, query *q)
{
    for (int d = -k; d <= k; d++) {
        visit_cell(c, i0 + d, j0 - k, fn, q);
        if (k > 0)
            visit_cell(c, i0 + d, j0 + k, fn, q);
    }
    for (int d = -k + 1; d <= k - 1; d++) {
        visit_cell(c, i0 - k, j0 + d, fn, q);
        visit_cell(c, i0 + k, j0 + d, fn, q);
    }
}

/* True when no site beyond ring k can matter: for the cell, none can have less power; for
 * the walls, none can bring a wall within the cap (the ratio grows with the distance). */
static bool done(const dp_power_cells *c, const query *q, int k, bool walls)
{
    double s = k * c->cell * (1 - 1e-9), low = s * s - c->wmax;
    if (!walls)
        return q->best_pow <= low;
    double dx = q->px - c->x[q->best], dy = q->py - c->y[q->best];
    return low >= q->best_pow && (low - q->best_pow) >= 2 * q->cap * (sqrt(dx * dx + dy * dy) + s);
}

static void search(const dp_power_cells *c, query *q, visit_fn fn, bool walls)
{
    size_t g = cell_of(c, q->px, q->py);
    int i0 = (int)(g % (size_t)c->gw), j0 = (int)(g / (size_t)c->gw);
    int kmax = DP_MAX(DP_MAX(i0, c->gw - 1 - i0), DP_MAX(j0, c->gh - 1 - j0));
    for (int k = 0; k <= kmax; k++) {
        visit_ring(c, i0, j0, k, fn, q);
        if (done(c, q, k, walls))
            break;
    }
}

static double wrapped(double v, double period)
{
    double r = fmod(v, period);
    return r < 0 ? r + period : r;
}

static void finish(const dp_power_cells *c, const query *q, double cap, dp_power_hit *hit)
{
    hit->cell = c->site[q->best];
    hit->edge = DP_MAX(0.0, DP_MIN(hit->edge, cap));
    hit->edge2 = DP_MAX(hit->edge, DP_MIN(hit->edge2, cap));
}

/* Both searches; with a cache, the walls are searched out to cap + DP_POWER_CACHE_STEP and
 * listed for the places nearby. */
static void full(const dp_power_cells *c, dp_power_cache *k, double px, double py, double cap,
                 dp_power_hit *hit)
{
    double reach = k != NULL ? cap + DP_POWER_CACHE_STEP : cap;
    *hit = (dp_power_hit){ SIZE_MAX, SIZE_MAX, reach, reach };
    query q = { px, py, reach, 0, INFINITY, hit, NULL };
    search(c, &q, visit_site, false);
    if (k != NULL)
        *k = (dp_power_cache){ .x = px, .y = py, .cap = cap, .best = q.best };
    q.list = k;
    if (reach > 0)
        search(c, &q, visit_wall, true);
    if (k != NULL)
        k->valid = k->n <= DP_POWER_CACHE_N;
    for (size_t i = 0; k != NULL && k->valid && i < k->n; i++) {
        double dx = c->x[k->near[i]] - c->x[k->best], dy = c->y[k->near[i]] - c->y[k->best];
        k->gap2[i] = dx * dx + dy * dy;
        k->den[i] = 2 * sqrt(k->gap2[i]);
    }
    finish(c, &q, cap, hit);
}

/* A place within DP_POWER_CACHE_STEP of the cache's: a wall moves by at most that (the
 * distance to a line is 1-Lipschitz), so a wall not listed there lies beyond cap here and
 * the place is still in the listed site's cell unless a listed wall says otherwise. False
 * when one does (the caller searches afresh). */
static bool from_cache(const dp_power_cells *c, const dp_power_cache *k, double px, double py,
                       double cap, dp_power_hit *hit)
{
    *hit = (dp_power_hit){ SIZE_MAX, SIZE_MAX, cap, cap };
    query q = { px, py, cap, k->best, power_of(c, k->best, px, py), hit, NULL };
    for (size_t i = 0; i < k->n; i++) {
        size_t j = k->near[i];
        if (j == k->best)
            continue;
        double p = power_of(c, j, px, py), num = p - q.best_pow, gap2 = k->gap2[i];
        if (!(p > q.best_pow))
            return false; /* crossed into (or onto the wall of) a neighbour */
        /* visit_wall with the gap known */
        if (!(gap2 > 0) || num * num >= 4 * gap2 * hit->edge2 * hit->edge2)
            continue;
        keep_wall(c->site[j], num / k->den[i], hit);
    }
    finish(c, &q, cap, hit);
    return true;
}

/* The hit through cache k when it serves place (px, py) (wrapped): near enough its own
 * place, for the same cap, and no listed wall crossed. */
static bool try_cache(const dp_power_cells *c, const dp_power_cache *k, double px, double py,
                      double cap, dp_power_hit *hit)
{
    if (k == NULL || !k->valid || k->cap != cap)
        return false;
    double dx = px - k->x, dy = py - k->y;
    return dx * dx + dy * dy <= DP_POWER_CACHE_STEP * DP_POWER_CACHE_STEP &&
           from_cache(c, k, px, py, cap, hit);
}

void dp_power_cells_near2(const dp_power_cells *c, dp_power_cache *k, const dp_power_cache *alt,
                          double px, double py, double cap, dp_power_hit *hit)
{
    *hit = (dp_power_hit){ SIZE_MAX, SIZE_MAX, cap, cap };
    if (c->n == 0)
        return;
    if (c->wrap.x)
        px = wrapped(px, c->width);
    if (c->wrap.y)
        py = wrapped(py, c->height);
    if (try_cache(c, k, px, py, cap, hit) || try_cache(c, alt, px, py, cap, hit))
        return;
    full(c, k, px, py, cap, hit);
}

void dp_power_cells_near(const dp_power_cells *c, dp_power_cache *k, double px, double py,
                         double cap, dp_power_hit *hit)
{
    dp_power_cells_near2(c, k, NULL, px, py, cap, hit);
}

void dp_power_cells_at(const dp_power_cells *c, double px, double py, double cap, dp_power_hit *hit)
{
    dp_power_cells_near(c, NULL, px, py, cap, hit);
}
