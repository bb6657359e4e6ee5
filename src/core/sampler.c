/* SPDX-License-Identifier: MIT
 * Variable-radius Poisson-disk sampling after Bridson (2007), with the symmetric rule of
 * dapple.h: every pair p, q is at least max(r_p, r_q) apart, checked on the stored float
 * values, so the rule holds exactly for what the caller reads. The grid's cells are at
 * least as wide as the largest radius, so a candidate only meets the 3 x 3 cells around
 * it. Points are processed first-in first-out: the active list is the tail of the point
 * array itself, which costs no memory. Each point gets k candidates, uniform by area in
 * the annulus [r, 2r]. 'avoid' splits the free space into islands, so a sweep over the
 * grid cells re-seeds every island the front could not reach. */
#include "core/sampler.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/field.h"

enum { HALT_NONE, HALT_LIMIT, HALT_NOMEM };

#define SWEEP_TRIES 4

/* ---------------------------------------------------------------- storage */

static size_t bytes_now(const dapple_sampler *s)
{
    return sizeof *s + (s->cap + 1) * sizeof *s->store + dp_grid_bytes(&s->grid);
}

static bool reserve(dapple_sampler *s, size_t cap)
{
    if (cap <= s->cap)
        return true;
    dapple_point *p = dp_realloc_n(s->store, cap + 1, sizeof *p);
    if (p == NULL)
        return false;
    /* never within reach of anything: lets a cell's first entry be tested unconditionally */
    p[0] = (dapple_point){ -1e30f, -1e30f, 0 };
    s->store = p;
    if (!dp_grid_reserve(&s->grid, cap))
        return false;
    s->cap = cap;
    s->peak_bytes = DP_MAX(s->peak_bytes, bytes_now(s));
    return true;
}

/* Appends a point; stops the run at the bail-out limit or when memory runs out. */
static bool append(dapple_sampler *s, float x, float y, float r)
{
    if (s->n == s->o.max_points) {
        s->halt = HALT_LIMIT;
        return false;
    }
    if (s->n == s->cap && !reserve(s, DP_MIN(s->o.max_points, s->cap + s->cap / 4 + 1024))) {
        s->halt = HALT_NOMEM;
        return false;
    }
    s->n++;
    s->store[s->n] = (dapple_point){ x, y, r };
    dp_grid_insert(&s->grid, (uint32_t)s->n, x, y);
    return true;
}

/* ---------------------------------------------------------------- the rule */

static inline double axis_gap(double d, double extent, bool periodic)
{
    d = fabs(d);
    return (periodic && d > 0.5 * extent) ? extent - d : d;
}

#if defined(__GNUC__)
#define HOT static inline __attribute__((always_inline))
#else
#define HOT static inline
#endif

/* True when a point of the list starting at q is closer than max(r, r_q) (or r alone
 * when every radius is the same). Branch-free for the first entry (the sentinel stands in
 * for an empty cell): whether a cell is empty is a coin toss the predictor would lose. */
HOT bool list_hits(const dapple_sampler *s, uint32_t q, double x, double y, double r,
                   bool constant)
{
    const dapple_point *pts = s->store;
    const uint32_t *next = s->grid.next;
    bool hit = false;
    do {
        double dx = (double)pts[q].x - x, dy = (double)pts[q].y - y;
        double m = constant ? r : DP_MAX(r, (double)pts[q].r);
        hit |= dx * dx + dy * dy < m * m;
        q = next[q];
    } while (q != DP_GRID_NONE);
    return hit;
}

/* The general test: any cell span, wrapped distances on a torus. */
static bool fits_any(const dapple_sampler *s, double x, double y, double r)
{
    const dp_grid *g = &s->grid;
    bool per = s->o.periodic;
    int fx, nx, fy, ny;
    dp_grid_span(x - s->reach, x + s->reach, g->inv_cw, g->gw, per, &fx, &nx);
    dp_grid_span(y - s->reach, y + s->reach, g->inv_ch, g->gh, per, &fy, &ny);
    for (int j = 0; j < ny; j++) {
        int cy = fy + j < g->gh ? fy + j : fy + j - g->gh;
        for (int i = 0; i < nx; i++) {
            int cx = fx + i < g->gw ? fx + i : fx + i - g->gw;
            for (uint32_t q = g->head[(size_t)cy * g->gw + cx]; q != DP_GRID_NONE; q = g->next[q]) {
                const dapple_point *p = &s->store[q];
                double dx = axis_gap((double)p->x - x, s->o.width, per);
                double dy = axis_gap((double)p->y - y, s->o.height, per);
                double m = DP_MAX(r, (double)p->r);
                if (dx * dx + dy * dy < m * m)
                    return false;
            }
        }
    }
    return true;
}

/* True when (x, y) with radius r keeps max(r, r_q) from every stored q. Away from the
 * grid's edges the 3 x 3 block needs no clamping or wrapping: the common, fast case,
 * starting with the candidate's own cell, where a conflict is likeliest. */
HOT bool fits(const dapple_sampler *s, double x, double y, double r, bool constant)
{
    const dp_grid *g = &s->grid;
    int cx = (int)(x * g->inv_cw), cy = (int)(y * g->inv_ch);
    if ((unsigned)(cx - 1) >= (unsigned)(g->gw - 2) || (unsigned)(cy - 1) >= (unsigned)(g->gh - 2))
        return fits_any(s, x, y, r);
    const uint32_t *h = g->head + (size_t)cy * g->gw + cx;
    if (list_hits(s, h[0], x, y, r, constant))
        return false;
    bool hit = false;
    for (int k = 1; k < 5; k++)
        hit |= list_hits(s, h[s->around[k]], x, y, r, constant);
    if (hit)
        return false;
    for (int k = 5; k < 9; k++)
        hit |= list_hits(s, h[s->around[k]], x, y, r, constant);
    return !hit;
}

/* Maps a coordinate into [0, extent) as a float: wrapped on a torus, refused outside a
 * bounded domain. Rounding to float can land exactly on 'extent', which is not inside. */
HOT bool to_domain(double v, double extent, bool periodic, float *out)
{
    if (periodic)
        v -= extent * floor(v / extent);
    else if (!(v >= 0 && v < extent))
        return false;
    float f = (float)v;
    if ((double)f >= extent) {
        if (!periodic)
            return false;
        f = 0;
    }
    *out = f;
    return true;
}

/* Accepts (x, y) when it lies in the domain, keeps the pair rule and misses 'avoid'. */
HOT bool try_at(dapple_sampler *s, double x, double y, bool constant)
{
    float xf, yf;
    if (!to_domain(x, s->o.width, s->o.periodic, &xf) ||
        !to_domain(y, s->o.height, s->o.periodic, &yf))
        return false;
    float r = constant ? (float)s->field->rmax : (float)dp_field_r_at(s->field, xf, yf);
    if (!fits(s, xf, yf, r, constant))
        return false;
    if (s->o.avoid != NULL &&
        dapple_circles_overlap(s->o.avoid, xf, yf, s->o.avoid_scale * (double)r))
        return false;
    return append(s, xf, yf, r);
}

/* ---------------------------------------------------------------- Bridson */

/* Runs the front from point 'head' until no point is left to expand. */
HOT void grow_body(dapple_sampler *s, size_t head, bool constant)
{
    while (head < s->n && s->halt == HALT_NONE) {
        dapple_point p = s->store[1 + head++];
        for (int i = 0; i < s->o.k && s->halt == HALT_NONE; i++) {
            /* 10 bits pick a direction, 10 bits a distance (uniform by area) */
            uint32_t b = dp_rng_u32(&s->rng);
            const double *d = s->dirs[b >> 22];
            double t = (double)p.r * s->dist[b & (DP_SAMPLER_DIRS - 1)];
            try_at(s, (double)p.x + t * d[0], (double)p.y + t * d[1], constant);
        }
    }
}

static void grow_from(dapple_sampler *s, size_t head)
{
    if (s->field->v == NULL)
        grow_body(s, head, true);
    else
        grow_body(s, head, false);
}

/* A few uniform tries in every grid cell; each success grows a new front. Bounded:
 * cells * tries candidates plus the fronts they start. */
static void sweep(dapple_sampler *s, int tries)
{
    const dp_grid *g = &s->grid;
    for (int cy = 0; cy < g->gh; cy++)
        for (int cx = 0; cx < g->gw; cx++)
            for (int t = 0; t < tries && s->halt == HALT_NONE; t++) {
                double x = (cx + dp_rng_unit(&s->rng)) * g->cw;
                double y = (cy + dp_rng_unit(&s->rng)) * g->ch;
                if (try_at(s, x, y, false))
                    grow_from(s, s->n - 1); /* the new point is number n, at 0-based n - 1 */
            }
}

/* ---------------------------------------------------------------- public API */

void dapple_sampler_opts_init(dapple_sampler_opts *o)
{
    memset(o, 0, sizeof *o);
    o->width = o->height = 512;
    o->k = 30;
    o->max_points = DAPPLE_DEFAULT_MAX_POINTS;
    o->seed = 1;
    o->avoid_scale = 1;
}

static dapple_status check_opts(const dapple_field *f, const dapple_sampler_opts *o,
                                dapple_error *err)
{
    if (f == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "field must not be NULL");
    if (!(o->width > 0 && o->width <= 1e6))
        return dp_fail(err, DAPPLE_E_INVALID, "width must be in (0, 1e6], got %g", o->width);
    if (!(o->height > 0 && o->height <= 1e6))
        return dp_fail(err, DAPPLE_E_INVALID, "height must be in (0, 1e6], got %g", o->height);
    if (o->k < 1)
        return dp_fail(err, DAPPLE_E_INVALID, "k must be >= 1, got %d", o->k);
    if (o->k > 1000000)
        return dp_fail(err, DAPPLE_E_INVALID, "k must be <= 1000000, got %d", o->k);
    if (o->max_points < 1 || o->max_points > (size_t)UINT32_MAX - 1)
        return dp_fail(err, DAPPLE_E_INVALID, "max_points must be in [1, %u], got %zu",
                       UINT32_MAX - 1, o->max_points);
    if (!(o->avoid_scale >= 0) || !isfinite(o->avoid_scale))
        return dp_fail(err, DAPPLE_E_INVALID, "avoid_scale must be >= 0, got %g", o->avoid_scale);
    return DAPPLE_OK;
}

dapple_status dapple_sampler_new(dapple_sampler **out, const dapple_field *field,
                                 const dapple_sampler_opts *o, dapple_error *err)
{
    *out = NULL;
    dapple_status st = check_opts(field, o, err);
    if (st != DAPPLE_OK)
        return st;
    dapple_sampler *s = calloc(1, sizeof *s);
    if (s == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a sampler");
    s->field = field;
    s->o = *o;
    /* float rounding may lift a stored radius just above rmax: the reach must cover it */
    s->reach = DP_MAX(field->rmax, (double)(float)field->rmax);
    st = dp_grid_init(&s->grid, o->width, o->height, s->reach, o->periodic,
                      DP_SAMPLER_MAX_CELLS, err);
    if (st != DAPPLE_OK) {
        dapple_sampler_free(s);
        return st;
    }
    ptrdiff_t gw = s->grid.gw, around[9] = { 0, -1, 1, -gw, gw, -gw - 1, -gw + 1, gw - 1, gw + 1 };
    memcpy(s->around, around, sizeof around);
    for (int i = 0; i < DP_SAMPLER_DIRS; i++) {
        double a = 2 * DP_PI * (i + 0.5) / DP_SAMPLER_DIRS;
        s->dirs[i][0] = cos(a);
        s->dirs[i][1] = sin(a);
        /* inverse CDF of the area in [1, 2]: a table replaces a sqrt on the critical path */
        s->dist[i] = sqrt(1.0 + 3.0 * (i + 0.5) / DP_SAMPLER_DIRS);
    }
    s->peak_bytes = bytes_now(s);
    *out = s;
    return DAPPLE_OK;
}

/* First guess at the point count, so that most runs never reallocate. */
static size_t initial_capacity(const dapple_sampler *s)
{
    double est = dapple_field_estimate_points(s->field) * (s->o.width * s->o.height) /
                 (s->field->width * s->field->height);
    est = DP_MIN(DP_MAX(est, 64.0), (double)s->o.max_points);
    return (size_t)est;
}

dapple_status dapple_sampler_run(dapple_sampler *s, dapple_stop *stop, dapple_error *err)
{
    s->n = 0;
    s->halt = HALT_NONE;
    dp_grid_clear(&s->grid);
    dp_rng_seed(&s->rng, s->o.seed, 0x5eed);
    if (!reserve(s, initial_capacity(s)))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu points", initial_capacity(s));
    if (s->o.avoid == NULL) {
        try_at(s, dp_rng_unit(&s->rng) * s->o.width, dp_rng_unit(&s->rng) * s->o.height, false);
        grow_from(s, 0);
    }
    if (s->o.avoid != NULL || s->o.maximal)
        sweep(s, s->o.maximal ? 4 * SWEEP_TRIES : SWEEP_TRIES);
    if (s->halt == HALT_NOMEM)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory after %zu points", s->n);
    if (stop != NULL)
        *stop = s->halt == HALT_LIMIT ? DAPPLE_STOP_MAX_POINTS : DAPPLE_STOP_COMPLETE;
    return DAPPLE_OK;
}

const dapple_point *dapple_sampler_points(const dapple_sampler *s, size_t *count)
{
    if (count != NULL)
        *count = s->n;
    return s->store + 1;
}

size_t dp_sampler_peak_bytes(const dapple_sampler *s)
{
    return s->peak_bytes;
}

void dapple_sampler_free(dapple_sampler *s)
{
    if (s == NULL)
        return;
    dp_grid_fini(&s->grid);
    free(s->store);
    free(s);
}
