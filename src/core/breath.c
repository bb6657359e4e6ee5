/* SPDX-License-Identifier: MIT
 * Breath figures (see breath.h). Family & Meakin, "Scaling of the droplet-size distribution
 * in vapor-deposited thin films", PRL 61 (1988); Blaschke et al., PRL 109 (2012).
 * A step: every drop grows by dR; drops that touch merge, cascading until none touches;
 * nuclei land on free glass (a nucleus born during the step has grown part of dR).
 * Drops live in a grid of cells a few nuclei wide; a drop is listed in every cell its box
 * touches, so two touching drops always share a cell and a query visits only the cells of
 * its own box. Stale entries (moved or merged drops) are skipped and dropped at the next
 * rebuild, once per step. Merging is in index order, so the result is deterministic. */
#include "core/breath.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/rng.h"
#include "core/torus.h"

#define NONE       UINT32_MAX
#define TOUCH      0.01 /* drops closer than this (pixels) merge: float output never overlaps */
#define MAX_STEPS  20000
#define MAX_CELLS  (1u << 22)
#define FOUND_MAX  256
#define NUCLEI_PER 100.0

typedef struct sim {
    const dp_breath_opts *o;
    double *x, *y, *r; /* r == 0: merged away */
    double *g;         /* growth rate where the drop sits (rate_at), kept while it stays */
    size_t n, cap;
    uint32_t *mark, stamp; /* per drop: the query that last saw it */
    int nx, ny;
    double cw, ch; /* cell size */
    uint32_t *head, *next, *who;
    uint32_t found[FOUND_MAX]; /* the drops one query touched */
    size_t n_found;
    size_t nodes, node_cap;
    dp_rng rng;
} sim;

/* ---------------------------------------------------------------- grid */

static bool add_node(sim *s, uint32_t cell, uint32_t drop)
{
    if (s->nodes == s->node_cap) {
        size_t cap = s->node_cap * 2 + 1024;
        uint32_t *nx = dp_realloc_n(s->next, cap, sizeof *nx);
        if (nx != NULL)
            s->next = nx;
        uint32_t *w = nx != NULL ? dp_realloc_n(s->who, cap, sizeof *w) : NULL;
        if (w == NULL)
            return false;
        s->who = w, s->node_cap = cap;
    }
    s->who[s->nodes] = drop;
    s->next[s->nodes] = s->head[cell];
    s->head[cell] = (uint32_t)s->nodes++;
    return true;
}

static bool grid_insert(sim *s, uint32_t i)
{
    int x0, x1, y0, y1;
    dp_wrap p = s->o->wrap;
    dp_torus_cells(s->x[i] - s->r[i], s->x[i] + s->r[i], s->cw, s->nx, p.x, &x0, &x1);
    dp_torus_cells(s->y[i] - s->r[i], s->y[i] + s->r[i], s->ch, s->ny, p.y, &y0, &y1);
    for (int cy = y0; cy <= y1; cy++)
        for (int cx = x0; cx <= x1; cx++)
            if (!add_node(s,
                          (uint32_t)(dp_torus_cell(cy, s->ny) * s->nx + dp_torus_cell(cx, s->nx)),
                          i))
                return false;
    return true;
}

/* Drops the merged and moved entries: every live drop listed once per cell of its box. */
static bool grid_rebuild(sim *s)
{
    for (size_t c = 0; c < (size_t)s->nx * s->ny; c++)
        s->head[c] = NONE;
    s->nodes = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->r[i] > 0 && !grid_insert(s, (uint32_t)i))
            return false;
    return true;
}

static bool touches(const sim *s, double x, double y, double r, uint32_t j)
{
    double dx = dp_torus_delta(s->x[j] - x, s->o->width, s->o->wrap.x);
    double dy = dp_torus_delta(s->y[j] - y, s->o->height, s->o->wrap.y);
    double reach = r + s->r[j] + TOUCH;
    return dx * dx + dy * dy < reach * reach;
}

/* Lists in s->found the live drops other than 'self' that a disc (x, y, r) touches; with
 * 'first', stops at the first. Returns how many. */
static size_t touching(sim *s, double x, double y, double r, uint32_t self, bool first)
{
    int x0, x1, y0, y1;
    dp_wrap p = s->o->wrap;
    s->stamp++;
    s->n_found = 0;
    dp_torus_cells(x - r, x + r, s->cw, s->nx, p.x, &x0, &x1);
    dp_torus_cells(y - r, y + r, s->ch, s->ny, p.y, &y0, &y1);
    for (int cy = y0; cy <= y1; cy++)
        for (int cx = x0; cx <= x1; cx++) {
            uint32_t c = (uint32_t)(dp_torus_cell(cy, s->ny) * s->nx + dp_torus_cell(cx, s->nx));
            for (uint32_t k = s->head[c]; k != NONE; k = s->next[k]) {
                uint32_t j = s->who[k];
                if (j == self || s->r[j] <= 0 || s->mark[j] == s->stamp)
                    continue;
                s->mark[j] = s->stamp;
                if (!touches(s, x, y, r, j))
                    continue;
                if (s->n_found < FOUND_MAX)
                    s->found[s->n_found++] = j;
                if (first || s->n_found == FOUND_MAX)
                    return s->n_found;
            }
        }
    return s->n_found;
}

/* ---------------------------------------------------------------- growth */

/* How fast glass at (x, y) gathers water, in (0, 1]: 1 without a rate field. */
static double rate_at(const sim *s, double x, double y)
{
    const dapple_field *f = s->o->rate;
    if (f == NULL || !(dapple_field_rmax(f) > dapple_field_rmin(f)))
        return 1;
    double v = (dapple_field_radius_at(f, x, y) - dapple_field_rmin(f)) /
               (dapple_field_rmax(f) - dapple_field_rmin(f));
    return 1 - DP_BREATH_RATE_SPREAD * (1 - DP_MIN(1.0, DP_MAX(0.0, v)));
}

static bool add_drop(sim *s, double x, double y, double r)
{
    if (s->n == s->cap) {
        size_t cap = s->cap * 2 + 1024;
        double *nx = dp_realloc_n(s->x, cap, sizeof *nx);
        s->x = nx != NULL ? nx : s->x;
        double *ny = nx != NULL ? dp_realloc_n(s->y, cap, sizeof *ny) : NULL;
        s->y = ny != NULL ? ny : s->y;
        double *nr = ny != NULL ? dp_realloc_n(s->r, cap, sizeof *nr) : NULL;
        s->r = nr != NULL ? nr : s->r;
        double *ng = nr != NULL ? dp_realloc_n(s->g, cap, sizeof *ng) : NULL;
        s->g = ng != NULL ? ng : s->g;
        uint32_t *m = ng != NULL ? dp_realloc_n(s->mark, cap, sizeof *m) : NULL;
        if (m == NULL)
            return false;
        s->mark = m, s->cap = cap;
    }
    s->x[s->n] = x, s->y[s->n] = y, s->r[s->n] = r, s->g[s->n] = rate_at(s, x, y);
    s->mark[s->n] = 0;
    s->n++;
    return grid_insert(s, (uint32_t)(s->n - 1));
}

dp_breath_drop dp_breath_merged(dp_breath_drop a, dp_breath_drop b, double width, double height,
                                dp_wrap wrap)
{
    double va = a.r * a.r * a.r, vb = b.r * b.r * b.r;
    double w = vb / (va + vb);
    double dx = dp_torus_delta(b.x - a.x, width, wrap.x);
    double dy = dp_torus_delta(b.y - a.y, height, wrap.y);
    dp_breath_drop m = a;
    m.x += w * dx, m.y += w * dy;
    if (wrap.x)
        m.x = dp_torus_pos(m.x, width);
    if (wrap.y)
        m.y = dp_torus_pos(m.y, height);
    m.r = cbrt(va + vb);
    return m;
}

/* j joins i (dp_breath_merged). */
static void merge_into(sim *s, uint32_t i, uint32_t j)
{
    dp_breath_drop a = { s->x[i], s->y[i], s->r[i] }, b = { s->x[j], s->y[j], s->r[j] };
    dp_breath_drop m = dp_breath_merged(a, b, s->o->width, s->o->height, s->o->wrap);
    s->x[i] = m.x, s->y[i] = m.y, s->r[i] = m.r;
    s->r[j] = 0;
    s->g[i] = rate_at(s, s->x[i], s->y[i]);
}

/* Merges until no two drops touch: a drop swallows every drop it touches (in the order the
 * grid lists them), then is asked again, as it grew and moved. */
static bool merge_all(sim *s)
{
    for (uint32_t i = 0; i < s->n; i++) {
        if (!(s->r[i] > 0))
            continue;
        while (touching(s, s->x[i], s->y[i], s->r[i], i, false) > 0) {
            for (size_t k = 0; k < s->n_found; k++)
                merge_into(s, i, s->found[k]);
            if (!grid_insert(s, i))
                return false;
        }
    }
    return true;
}

static bool nucleate(sim *s, double dr)
{
    const dp_breath_opts *o = s->o;
    double tries = o->width * o->height / (NUCLEI_PER * o->r0 * o->r0);
    for (size_t k = 0; k < (size_t)ceil(tries); k++) {
        double x = dp_rng_unit(&s->rng) * o->width, y = dp_rng_unit(&s->rng) * o->height;
        double r = o->r0 + dp_rng_unit(&s->rng) * dr * rate_at(s, x, y); /* born during it */
        if (touching(s, x, y, r, NONE, true) == 0 && !add_drop(s, x, y, r))
            return false;
    }
    return true;
}

/* Drops the merged-away entries (keeps order) and returns the covered fraction. */
static double compact(sim *s, double *rmax)
{
    size_t k = 0;
    double area = 0;
    *rmax = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->r[i] > 0) {
            s->x[k] = s->x[i], s->y[k] = s->y[i], s->r[k] = s->r[i], s->g[k] = s->g[i];
            area += s->r[k] * s->r[k];
            *rmax = DP_MAX(*rmax, s->r[k]);
            k++;
        }
    s->n = k;
    return DP_PI * area / (s->o->width * s->o->height);
}

/* ---------------------------------------------------------------- driver */

static dapple_status check(const dp_breath_opts *o, dapple_error *err)
{
    if (!(o->width >= 1 && o->height >= 1))
        return dp_fail(err, DAPPLE_E_INVALID, "breath: pane %gx%g too small", o->width, o->height);
    if (!(o->r0 > 0 && o->r_end > o->r0))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "breath: the final radius (%g) must exceed the nucleus radius (%g)",
                       o->r_end, o->r0);
    if (!(o->cover >= 0 && o->cover < 1))
        return dp_fail(err, DAPPLE_E_INVALID, "breath: cover must be in [0, 1), got %g", o->cover);
    /* A pane full of nuclei at the densest packing bounds the count from above. */
    double most = o->width * o->height / (DP_PI * o->r0 * o->r0) * 0.91;
    if (most > (double)o->max_drops)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "breath: up to %.3g drops of radius %g fit the pane, over the limit of "
                       "%zu: use a larger rmin, or set max_points",
                       most, o->r0, o->max_drops);
    return DAPPLE_OK;
}

static bool make_grid(sim *s)
{
    const dp_breath_opts *o = s->o;
    double want = DP_MAX(8 * o->r0, sqrt(o->width * o->height / MAX_CELLS));
    s->nx = (int)DP_MAX(1.0, floor(o->width / want));
    s->ny = (int)DP_MAX(1.0, floor(o->height / want));
    s->cw = o->width / s->nx, s->ch = o->height / s->ny; /* whole cells: the wrap is exact */
    s->head = dp_calloc_n((size_t)s->nx * s->ny, sizeof *s->head);
    return s->head != NULL && grid_rebuild(s);
}

static bool grow(sim *s)
{
    const dp_breath_opts *o = s->o;
    double rmax = 0, cover = 0;
    for (int step = 0; step < MAX_STEPS; step++) {
        double dr = 0.5 * o->r0 + 0.04 * rmax; /* later steps longer: the same look, sooner */
        for (size_t i = 0; i < s->n; i++)
            s->r[i] += dr * s->g[i];
        if (!grid_rebuild(s) || !merge_all(s) || !nucleate(s, dr))
            return false;
        cover = compact(s, &rmax);
        if (rmax >= o->r_end || (o->cover > 0 && cover >= o->cover))
            break;
    }
    return true;
}

static void sim_free(sim *s)
{
    free(s->x), free(s->y), free(s->r), free(s->g), free(s->mark);
    free(s->head), free(s->next), free(s->who);
}

dapple_status dp_breath_run(const dp_breath_opts *o, dapple_point **out, size_t *n,
                            dapple_error *err)
{
    *out = NULL, *n = 0;
    dapple_status st = check(o, err);
    if (st != DAPPLE_OK)
        return st;
    sim s = { .o = o };
    dp_rng_seed(&s.rng, o->seed, 0xb4ea7);
    dapple_point *p = NULL;
    bool ok = make_grid(&s) && grow(&s);
    double rmax;
    compact(&s, &rmax);
    p = ok ? dp_calloc_n(s.n + 1, sizeof *p) : NULL;
    for (size_t i = 0; p != NULL && i < s.n; i++)
        p[i] = (dapple_point){ (float)s.x[i], (float)s.y[i],
                               (float)DP_MIN(s.r[i], DP_BREATH_OVERSHOOT * o->r_end) };
    for (size_t i = 0; p != NULL && dp_wrap_any(o->wrap) && i < s.n; i++) {
        if (o->wrap.x &&
            p[i].x >= (float)o->width) /* float rounding up to the edge: the same place */
            p[i].x = 0;
        if (o->wrap.y && p[i].y >= (float)o->height)
            p[i].y = 0;
    }
    size_t count = s.n;
    sim_free(&s);
    if (p == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "breath: out of memory for %zu drops", count);
    *out = p, *n = count;
    return DAPPLE_OK;
}
