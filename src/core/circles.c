/* SPDX-License-Identifier: MIT
 * Obstacle circles for 'avoid': earlier layers that a new layer must not overlap.
 * Circles are kept in double (their radius is scale * r, computed once) in tiers by size,
 * radii within a factor of two (up to 2, 4, 8, ...); each tier has its own grid whose
 * cells are as wide as its largest circle, so a query of radius q looks q + that around
 * (x, y). One grid for all would size its cells by the widest circle of the set: a few
 * wide dry halos beside millions of small trail discs put thousands of discs in each cell
 * a query visits (issue #30: the small drops of rain-on-window sampled against mid drops'
 * long trails took most of a 63 s render at 8192x8192). */
#include <math.h>
#include <stdlib.h>

#include "core/circles.h"
#include "core/dp.h"
#include "core/grid.h"

#define MAX_CELLS ((size_t)1 << 22)
#define MIN_CELLS 64
#define TIERS     24

typedef struct circle {
    double x, y, r;
} circle;

typedef struct tier {
    circle *c;
    size_t n, cap;
    size_t indexed; /* circles when the grid was last built */
    double rbig;    /* largest radius stored */
    dp_grid grid;
} tier;

struct dapple_circles {
    double width, height;
    dp_wrap wrap;
    size_t n;
    tier t[TIERS];
};

dapple_status dapple_circles_new(dapple_circles **out, double width, double height, bool periodic,
                                 dapple_error *err)
{
    return dapple_circles_new_wrap(out, width, height, periodic ? DAPPLE_WRAP_XY : DAPPLE_WRAP_NONE,
                                   err);
}

dapple_status dapple_circles_new_wrap(dapple_circles **out, double width, double height,
                                      dapple_wrap wrap, dapple_error *err)
{
    *out = NULL;
    if (!dp_wrap_known(wrap))
        return dp_fail(err, DAPPLE_E_INVALID, "circles: wrap must be a dapple_wrap value, got %d",
                       (int)wrap);
    if (!(width > 0 && width <= 2097152) || !(height > 0 && height <= 2097152))
        return dp_fail(err, DAPPLE_E_INVALID, "circles: size must be in (0, 2097152], got %gx%g",
                       width, height);
    dapple_circles *c = calloc(1, sizeof *c);
    if (c == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for circles");
    c->width = width;
    c->height = height;
    c->wrap = dp_wrap_of(false, wrap);
    *out = c;
    return DAPPLE_OK;
}

/* Tier k holds radii up to 2^(k+1) (the last, any larger). */
static int tier_of(double r)
{
    int k = 0;
    for (double top = 2; r > top && k < TIERS - 1; top *= 2)
        k++;
    return k;
}

/* The cell a tier wants: as wide as its largest circle, and no narrower than it takes to
 * keep about one cell per circle (at least MIN_CELLS, at most MAX_CELLS cells). */
static double cell_for(const dapple_circles *c, const tier *t)
{
    double cells = (double)DP_MIN(MAX_CELLS, DP_MAX((size_t)MIN_CELLS, t->n));
    return DP_MAX(t->rbig, sqrt(c->width * c->height / cells));
}

static double clamp(double v, double extent)
{
    return DP_MIN(DP_MAX(v, 0), extent);
}

static void file(const dapple_circles *c, tier *t, size_t from)
{
    /* circles outside a bounded domain still block: file them under the nearest cell */
    for (size_t i = from; i < t->n; i++)
        dp_grid_insert(&t->grid, (uint32_t)i + 1, clamp(t->c[i].x, c->width),
                       clamp(t->c[i].y, c->height));
}

static dapple_status reindex(const dapple_circles *c, tier *t, dapple_error *err)
{
    dp_grid_fini(&t->grid);
    dapple_status st = dp_grid_init(&t->grid, c->width, c->height, cell_for(c, t) * (1 + 1e-9),
                                    c->wrap, 4 * MAX_CELLS, err);
    if (st != DAPPLE_OK)
        return st;
    if (!dp_grid_reserve(&t->grid, t->cap))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory indexing %zu circles", t->n);
    t->indexed = t->n;
    file(c, t, 0);
    return DAPPLE_OK;
}

static double wrap(double v, double extent)
{
    v -= extent * floor(v / extent);
    return v < extent ? v : 0;
}

static bool reserve(tier *t, size_t more)
{
    if (t->n + more <= t->cap)
        return true;
    size_t cap = DP_MAX(t->n + more, t->cap + t->cap / 2);
    circle *p = dp_realloc_n(t->c, cap, sizeof *p);
    if (p == NULL)
        return false;
    t->c = p;
    t->cap = cap;
    return true;
}

/* Circles no wider than the cells join the grid as they are (adds one at a time, as trail
 * beads come, stay linear); a wider one, or four times the circles it was built for while
 * its cells are wider than they need be, rebuilds it. */
static dapple_status refile(const dapple_circles *c, tier *t, size_t first, dapple_error *err)
{
    double cell = DP_MIN(t->grid.cw, t->grid.ch);
    if (t->grid.head == NULL || t->rbig > cell ||
        (t->n >= 4 * t->indexed && cell_for(c, t) < 0.5 * cell))
        return reindex(c, t, err);
    if (!dp_grid_reserve(&t->grid, t->cap))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory indexing %zu circles", t->n);
    file(c, t, first);
    return DAPPLE_OK;
}

dapple_status dapple_circles_add(dapple_circles *c, const dapple_point *pts, size_t n, double scale,
                                 dapple_error *err)
{
    if (!(scale >= 0) || !isfinite(scale))
        return dp_fail(err, DAPPLE_E_INVALID, "circles: scale must be >= 0, got %g", scale);
    if (n > UINT32_MAX - 1 - c->n)
        return dp_fail(err, DAPPLE_E_LIMIT, "circles: too many circles");
    for (size_t i = 0; i < n; i++)
        if (!isfinite(pts[i].x) || !isfinite(pts[i].y) || !isfinite(pts[i].r))
            return dp_fail(err, DAPPLE_E_INVALID, "circles: point %zu is not finite", i);
    size_t first[TIERS];
    for (int k = 0; k < TIERS; k++)
        first[k] = c->t[k].n;
    for (size_t i = 0; i < n; i++) {
        circle q = { pts[i].x, pts[i].y, scale * (double)pts[i].r };
        if (c->wrap.x)
            q.x = wrap(q.x, c->width);
        if (c->wrap.y)
            q.y = wrap(q.y, c->height);
        tier *t = &c->t[tier_of(q.r)];
        if (!reserve(t, 1))
            return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu circles", c->n + n);
        t->c[t->n++] = q;
        t->rbig = DP_MAX(t->rbig, q.r);
    }
    c->n += n;
    dapple_status st = DAPPLE_OK;
    for (int k = 0; k < TIERS && st == DAPPLE_OK; k++)
        if (c->t[k].n > first[k])
            st = refile(c, &c->t[k], first[k], err);
    return st;
}

/* Scans tier t for a circle overlapping (x, y, radius); *seen counts the circles tested. */
static bool tier_overlap(const dapple_circles *c, const tier *t, double x, double y, double radius,
                         size_t *seen)
{
    const dp_grid *g = &t->grid;
    double reach = radius + t->rbig, x0 = x - reach, x1 = x + reach, y0 = y - reach, y1 = y + reach;
    /* circles outside were filed under the nearest cell: look there too */
    if (!c->wrap.x)
        x0 = clamp(x0, c->width), x1 = clamp(x1, c->width);
    if (!c->wrap.y)
        y0 = clamp(y0, c->height), y1 = clamp(y1, c->height);
    int fx, nx, fy, ny;
    dp_grid_span(x0, x1, g->inv_cw, g->gw, g->wrap.x, &fx, &nx);
    dp_grid_span(y0, y1, g->inv_ch, g->gh, g->wrap.y, &fy, &ny);
    for (int j = 0; j < ny; j++) {
        int cy = fy + j < g->gh ? fy + j : fy + j - g->gh;
        for (int i = 0; i < nx; i++) {
            int cx = fx + i < g->gw ? fx + i : fx + i - g->gw;
            for (uint32_t q = g->head[(size_t)cy * g->gw + cx]; q != DP_GRID_NONE; q = g->next[q]) {
                const circle *k = &t->c[q - 1];
                double dx = dp_wrap_delta(k->x - x, c->width, c->wrap.x);
                double dy = dp_wrap_delta(k->y - y, c->height, c->wrap.y);
                double s = radius + k->r;
                ++*seen;
                if (dx * dx + dy * dy < s * s)
                    return true;
            }
        }
    }
    return false;
}

static bool overlap(const dapple_circles *c, double x, double y, double radius, size_t *seen)
{
    if (c == NULL || c->n == 0 || !isfinite(x) || !isfinite(y))
        return false;
    for (int k = 0; k < TIERS; k++)
        if (c->t[k].n > 0 && tier_overlap(c, &c->t[k], x, y, radius, seen))
            return true;
    return false;
}

bool dapple_circles_overlap(const dapple_circles *c, double x, double y, double radius)
{
    size_t seen = 0;
    return overlap(c, x, y, radius, &seen);
}

size_t dp_circles_tested(const dapple_circles *c, double x, double y, double radius)
{
    size_t seen = 0;
    overlap(c, x, y, radius, &seen);
    return seen;
}

void dapple_circles_free(dapple_circles *c)
{
    if (c == NULL)
        return;
    for (int k = 0; k < TIERS; k++) {
        dp_grid_fini(&c->t[k].grid);
        free(c->t[k].c);
    }
    free(c);
}
