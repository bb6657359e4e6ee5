/* SPDX-License-Identifier: MIT
 * Variable-radius Poisson-disk sampling after Bridson (2007), with the symmetric rule of
 * dapple.h: every pair p, q is at least max(r_p, r_q) apart, checked on the stored float
 * values, so the rule holds exactly for what the caller reads. The grid's cells are at
 * least as wide as the largest radius, so a candidate only meets the 3 x 3 cells around
 * it. Points are processed first-in first-out: the active list is the tail of the point
 * array itself, which costs no memory. Each point gets k candidates, uniform by area in
 * the annulus [r, 2r], their directions stratified. 'avoid', refused areas and a varying
 * radius split the free space into islands, so a sweep over the grid cells seeds every
 * island, smallest radii first. */
#include "core/sampler.h"

#include "core/abi.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SWEEP_TRIES  4
#define SEED_TRIES   64   /* random tries for the one seed of a constant radius */
#define REPORT_EVERY 4096 /* points between two calls of o.progress */
#define DARTS_PER_POINT 0.25 /* darts before the fronts, per point expected (see darts) */

/* ---------------------------------------------------------------- storage */

static size_t bytes_now(const dapple_sampler *s)
{
    return sizeof *s + (s->cap + 1) * sizeof *s->store + dp_grid_bytes(&s->grid) +
           dp_levels_bytes(&s->lv) + dp_cover_bytes(s);
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

/* Asks o.progress whether to go on; false (and the run halts) when it says stop. */
static bool report(dapple_sampler *s)
{
    double done = s->expect > 0 ? DP_MIN((double)s->n / s->expect, 0.99) : 0;
    if (s->o.progress(s->o.progress_user, done) == 0)
        return true;
    s->halt = DP_HALT_CANCEL;
    return false;
}

bool dp_sampler_append(dapple_sampler *s, float x, float y, float r)
{
    if (s->n == s->limit) {
        s->halt = DP_HALT_LIMIT;
        return false;
    }
    if (s->o.progress != NULL && s->n % REPORT_EVERY == 0 && !report(s))
        return false;
    /* grow by 1/8: large blocks are remapped, not copied, so small steps are cheap and
     * keep the unused tail (peak memory) small */
    if (s->n == s->cap && !reserve(s, DP_MIN(s->limit, s->cap + s->cap / 8 + 1024))) {
        s->halt = DP_HALT_NOMEM;
        return false;
    }
    s->n++;
    s->store[s->n] = (dapple_point){ x, y, r };
    if (s->mark_on) {
        if (s->vcover != NULL)
            dp_vcover_mark(s, x, y, r);
        else
            dp_cover_mark(s, x, y, r);
    }
    int l = dp_levels_of(&s->lv, r);
    if (l < s->lv.n) {
        const dp_level *L = &s->lv.lv[l];
        int i = DP_MIN((int)((double)x * L->inv_cw), L->gw - 1);
        int j = DP_MIN((int)((double)y * L->inv_ch), L->gh - 1);
        uint32_t *h = L->head + (size_t)j * L->gw + i;
        s->grid.next[s->n] = *h;
        *h = (uint32_t)s->n;
        return true;
    }
    dp_grid_insert(&s->grid, (uint32_t)s->n, x, y);
    return true;
}

/* ---------------------------------------------------------------- the rule */

/* A point of one grid (the top grid or a level: heads over gw x gh cells of 1 / icw by
 * 1 / ich) within 'reach' of (x, y) and closer than max(r, r_q), or 0: any span, wrapped
 * on a torus. The slow path, near the grid's edges or for a wide reach. */
static uint32_t span_hit(const dapple_sampler *s, const uint32_t *head, int gw, int gh, double icw,
                         double ich, double x, double y, double r, double reach)
{
    bool per = s->o.periodic;
    int fx, nx, fy, ny;
    dp_grid_span(x - reach, x + reach, icw, gw, per, &fx, &nx);
    dp_grid_span(y - reach, y + reach, ich, gh, per, &fy, &ny);
    for (int j = 0; j < ny; j++) {
        int cy = fy + j < gh ? fy + j : fy + j - gh;
        for (int i = 0; i < nx; i++) {
            int cx = fx + i < gw ? fx + i : fx + i - gw;
            for (uint32_t q = head[(size_t)cy * gw + cx]; q != DP_GRID_NONE; q = s->grid.next[q]) {
                const dapple_point *p = &s->store[q];
                double dx = dp_wrap_delta((double)p->x - x, s->o.width, per);
                double dy = dp_wrap_delta((double)p->y - y, s->o.height, per);
                double m = DP_MAX(r, (double)p->r);
                if (dx * dx + dy * dy < m * m)
                    return q;
            }
        }
    }
    return 0;
}

uint32_t dp_sampler_conflict_any(const dapple_sampler *s, double x, double y, double r,
                                 double reach)
{
    const dp_grid *g = &s->grid;
    return span_hit(s, g->head, g->gw, g->gh, g->inv_cw, g->inv_ch, x, y, r, reach);
}

/* Level l's cells within max(r, thr_l) of (x, y). */
static uint32_t level_hit_any(const dapple_sampler *s, const dp_level *L, double x, double y,
                              double r)
{
    return span_hit(s, L->head, L->gw, L->gh, L->inv_cw, L->inv_ch, x, y, r, DP_MAX(r, L->thr));
}

/* Level l: the 3 x 3 block when the reach fits in a cell (as on the top grid), else any
 * span (a candidate larger than the level's points). */
DP_HOT uint32_t level_hit(const dapple_sampler *s, int l, double x, double y, double r)
{
    const dp_level *L = &s->lv.lv[l];
    int cx = (int)(x * L->inv_cw), cy = (int)(y * L->inv_ch);
    if (r > L->thr || (unsigned)(cx - 1) >= (unsigned)(L->gw - 2) ||
        (unsigned)(cy - 1) >= (unsigned)(L->gh - 2))
        return level_hit_any(s, L, x, y, r);
    return dp_block_hit(s, L->head + (size_t)cy * L->gw + cx, L->around, x, y, r, false);
}

/* The candidate's own level first (a neighbour of similar radius is the likeliest
 * conflict), then the other levels the field allows near here, then the top grid. */
uint32_t dp_sampler_conflict_levels(const dapple_sampler *s, double x, double y, double r, size_t t,
                                    int own)
{
    const dp_levels *lv = &s->lv;
    int lo = lv->qlo[t], hi = lv->qhi[t];
    bool top = hi >= lv->n; /* a point of the top grid may lie within reach */
    uint32_t q = own < lv->n ? level_hit(s, own, x, y, r) : dp_top_conflict(s, x, y, r, false);
    for (int l = lo; l <= DP_MIN(hi, lv->n - 1) && q == 0; l++)
        if (l != own)
            q = level_hit(s, l, x, y, r);
    if (q == 0 && top && own < lv->n)
        q = dp_top_conflict(s, x, y, r, false);
    return q;
}

/* ---------------------------------------------------------------- Bridson */

/* Any point of the 3 x 3 block around (x, y) closer than sqrt(r2): no branch but the
 * loops'. */
static inline bool block_any(const dapple_sampler *s, const uint32_t *h, double x, double y,
                             double r2)
{
    const dapple_point *pts = s->store;
    const uint32_t *next = s->grid.next;
    int hit = 0;
    for (int k = 0; k < 9; k++) {
        uint32_t q = h[s->around[k]];
        do {
            double dx = (double)pts[q].x - x, dy = (double)pts[q].y - y;
            hit |= dx * dx + dy * dy < r2;
            q = next[q];
        } while (q);
    }
    return hit != 0;
}

/* Candidate t of a parent's k: uniform by area in the annulus [r_p, 2 r_p]. One draw
 * gives 10 bits of direction and 10 of distance (inverse-CDF table), so there is no sin,
 * cos or sqrt per candidate. Directions are stratified: candidate t falls in the t-th of
 * k equal sectors from a random start, at a uniform place inside it. Each candidate is
 * still uniform on its own, but the k of a parent cover its circle evenly instead of
 * clumping, which finds more of the free spots: at W1 it raised rho from 0.729 to 0.742
 * and halved the uncovered area, with no more candidates. */
static inline void candidate(dapple_sampler *s, dapple_point p, uint32_t start, int t, double *x,
                             double *y)
{
    uint32_t b = dp_rng_u32(&s->rng);
    uint64_t sector = (uint64_t)t * DP_SAMPLER_DIRS + (b >> 22);
    uint32_t dir = (start + (uint32_t)((sector * s->k_inv) >> 32)) & (DP_SAMPLER_DIRS - 1);
    const double *d = s->dirs[dir];
    double u = (double)p.r * s->dist[b & (DP_SAMPLER_DIRS - 1)];
    *x = (double)p.x + u * d[0], *y = (double)p.y + u * d[1];
}

#define BATCH 4

/* Constant radius, a parent inside the grid (see inner_parent), no 'avoid': candidates
 * BATCH at a time, tested without branches, so that the grid loads of all of them are in
 * flight together instead of one dependent chain after another (W1: -20% time). A
 * candidate found clear is tested again if one before it in the batch was accepted, so
 * the result is exactly that of one-at-a-time. No domain or edge checks are needed. */
static void annulus_inner(dapple_sampler *s, dapple_point p, uint32_t start)
{
    const dp_grid *g = &s->grid;
    double r2 = (double)p.r * (double)p.r, hx = 2 * g->inv_cw, hy = 2 * g->inv_ch;
    for (int t = 0; t < s->o.k; t += BATCH) {
        float a[BATCH], b[BATCH];
        const uint32_t *h[BATCH];
        bool hit[BATCH], added = false;
        int m = DP_MIN(BATCH, s->o.k - t);
        for (int i = 0; i < m; i++) {
            double x, y;
            candidate(s, p, start, t + i, &x, &y);
            a[i] = dp_snap(s, x), b[i] = dp_snap(s, y);
            /* in half cells: scaling by 2 is exact, so qx >> 1 is the cell (int)(x / cw)
             * and qx & 1 the quarter, with one conversion per axis */
            int qx = (int)((double)a[i] * hx), qy = (int)((double)b[i] * hy);
            size_t c = (size_t)(qy >> 1) * g->gw + (size_t)(qx >> 1);
            h[i] = g->head + c;
            hit[i] = dp_cover_hit(s, c, qx, qy);
        }
        /* about half fall in covered quarter cells: no list walk for those (-20% time) */
        for (int i = 0; i < m; i++)
            hit[i] = hit[i] || block_any(s, h[i], a[i], b[i], r2);
        for (int i = 0; i < m; i++) {
            if (!hit[i] && added)
                hit[i] = block_any(s, h[i], a[i], b[i], r2);
            if (hit[i])
                continue;
            if (!dp_sampler_append(s, a[i], b[i], p.r))
                return;
            added = true;
        }
    }
}

/* Expands points first..n in order, k candidates each. */
DP_HOT void grow_annulus(dapple_sampler *s, size_t first, bool constant)
{
    uint32_t by;
    float r;
    for (size_t i = first; i <= s->n && s->halt == DP_HALT_NONE; i++) {
        dapple_point p = s->store[i];
        uint32_t start = dp_rng_u32(&s->rng) >> 22;
        bool inner = s->o.avoid == NULL && dp_inner_parent(s, p);
        if (constant && inner && s->open) {
            annulus_inner(s, p, start);
            continue;
        }
        /* a variable radius away from the edges: every candidate is in the domain */
        for (int t = 0; inner && t < s->o.k && s->halt == DP_HALT_NONE; t++) {
            double x, y;
            candidate(s, p, start, t, &x, &y);
            dp_try_in(s, dp_snap(s, x), dp_snap(s, y), constant, &by, &r);
        }
        for (int t = 0; !inner && t < s->o.k && s->halt == DP_HALT_NONE; t++) {
            double x, y;
            candidate(s, p, start, t, &x, &y);
            dp_try(s, x, y, constant, &by, &r);
        }
    }
}

void dp_sampler_grow(dapple_sampler *s, size_t first)
{
    if (s->o.dense)
        dp_sampler_grow_dense(s, first);
    else if (s->field->v == NULL)
        grow_annulus(s, first, true);
    else
        grow_annulus(s, first, false);
}

/* ---------------------------------------------------------------- seeding */

/* Tries per top cell side: one sub-cell per 32 rmin or so, so that a small-radius island
 * inside a wide top cell is found too, within a budget of about 2^21 tries. */
static int sweep_sub(const dapple_sampler *s)
{
    const dp_grid *g = &s->grid;
    double cells = (double)g->gw * g->gh;
    int sub = (int)DP_MIN(DP_MAX(floor(g->cw / (32 * s->field->rmin)), 1.0), 16.0);
    while (sub > 1 && cells * sub * sub * SWEEP_TRIES > (double)(1 << 21))
        sub--;
    return sub;
}

/* The seeding bands: band 0 holds radii up to 2 rmin, band b up to 2^(b+1) rmin. */
#define SWEEP_BANDS 16

static int band_of(const dapple_sampler *s, double r)
{
    int b = 0;
    for (double hi = 2 * s->field->rmin; r > hi && b < SWEEP_BANDS - 1; hi *= 2)
        b++;
    return b;
}

/* Cell (cx, cy)'s tries in band 'band'; each success grows a new front. The tries come
 * from the cell's own stream, so every pass sees the same ones. *later (if not NULL)
 * gets a bit for each other band that an open try of the cell falls in. */
static void sweep_cell(dapple_sampler *s, int cx, int cy, int sub, int band, uint16_t *later)
{
    const dp_grid *g = &s->grid;
    bool constant = s->field->v == NULL;
    dp_rng rng;
    dp_rng_seed(&rng, s->o.seed, ((uint64_t)1 << 40) + (uint64_t)cy * (uint64_t)g->gw + cx);
    for (int b = 0; b < sub; b++)
        for (int a = 0; a < sub; a++)
            for (int t = 0; t < SWEEP_TRIES && s->halt == DP_HALT_NONE; t++) {
                double x = (cx + (a + dp_rng_unit(&rng)) / sub) * g->cw;
                double y = (cy + (b + dp_rng_unit(&rng)) / sub) * g->ch;
                /* most tries fall where a disc already covers: one load, no lookup */
                if (s->cover_on && s->vcover != NULL && x < s->o.width && y < s->o.height &&
                    dp_vcover_hit(s, x, y))
                    continue;
                int own = constant ? 0 : band_of(s, dp_field_r_at(s->field, x, y));
                uint32_t by;
                float rc;
                if (own != band) {
                    if (later != NULL && own > band)
                        *later |= (uint16_t)(1u << own);
                } else if (dp_try(s, x, y, constant, &by, &rc) == DP_TRY_OK) {
                    dp_sampler_grow(s, s->n);
                }
            }
}

/* Darts before any front grows (a varying radius): tries uniform over the window, each
 * kept with probability (rmin / r)^2, so that they fall in proportion to the points the
 * field asks for, then the fronts of all of them grown together: a quarter dart per
 * expected point is enough (more leave more gaps where fronts meet: W3 density uncovered
 * 6e-4 without darts, 9e-4 with 0.25, 1.3e-3 with 2). A single front (or the
 * sweep's, which seeds the smallest radii first) prints its growth into the pattern: on a
 * radial bump in the radius map its FIFO rings made 20 % of nearest-neighbour bonds
 * tangential and 14 % radial, where a set with no memory of its growth has 16.7 % each.
 * Fronts from darts spread that evenly meet after a few generations (docs/algorithm.md,
 * section 4). The band sweep that follows still seeds every island. */
static void darts(dapple_sampler *s)
{
    size_t tries = (size_t)(DARTS_PER_POINT * s->expect), first = s->n + 1;
    double w = s->wx1 - s->wx0, h = s->wy1 - s->wy0, rmin = s->field->rmin;
    for (size_t i = 0; i < tries && s->halt == DP_HALT_NONE; i++) {
        double x = s->wx0 + dp_rng_unit(&s->rng) * w, y = s->wy0 + dp_rng_unit(&s->rng) * h;
        double keep = dp_rng_unit(&s->rng);
        /* most darts late in the phase land where a disc already covers: one load */
        if (s->cover_on && s->vcover != NULL && x < s->o.width && y < s->o.height &&
            dp_vcover_hit(s, x, y))
            continue;
        double q = rmin / dp_field_r_at(s->field, x, y);
        if (keep >= q * q)
            continue;
        uint32_t by;
        float rc;
        dp_try(s, x, y, false, &by, &rc);
    }
    if (s->n >= first)
        dp_sampler_grow(s, first);
}

/* Seeds every island, in bands of radius a factor 2 wide, the smallest first: a front
 * cannot step from a small radius into a much larger one, so each band is a pass of
 * tries over the grid. Were a large radius seeded first, its disc would hold off every
 * smaller point within it (the pair rule is max(r_p, r_q)), and one huge disc could blank
 * a map that asks for points all round it. The first pass notes which later bands each
 * cell still has open tries in, so later passes visit only those cells. */
static void sweep(dapple_sampler *s)
{
    const dp_grid *g = &s->grid;
    size_t cells = (size_t)g->gw * (size_t)g->gh;
    int sub = sweep_sub(s), bands = s->field->v == NULL ? 1 : band_of(s, s->field->rmax) + 1;
    uint16_t *later = bands > 1 ? calloc(cells, sizeof *later) : NULL;
    /* the default mode only: dense mode's packing needs fronts that touch (darts took W3
     * dense from rho 0.890 to 0.843), and with darts maximal's gap fill left one probe in
     * 9.6M open on a torus (test_sampler's maximal_mode_with_a_variable_radius, seed 5),
     * a case of the fill to find first */
    if (s->field->v != NULL && !s->o.maximal && !s->o.dense)
        darts(s);
    for (int band = 0; band < bands && s->halt == DP_HALT_NONE; band++) {
        for (int cy = 0; cy < g->gh; cy++)
            for (int cx = 0; cx < g->gw; cx++) {
                size_t t = (size_t)cy * g->gw + cx;
                /* without the notes (out of memory) every cell is visited again */
                if (band == 0 || later == NULL || (later[t] >> band & 1u))
                    sweep_cell(s, cx, cy, sub, band, band == 0 && later ? later + t : NULL);
            }
    }
    free(later);
}

/* ---------------------------------------------------------------- public API */

void dapple_sampler_opts_init_size(dapple_sampler_opts *o, size_t size)
{
    dapple_sampler_opts d;
    memset(&d, 0, sizeof d);
    d.width = d.height = 512;
    d.k = 30;
    d.max_points = DAPPLE_DEFAULT_MAX_POINTS;
    d.seed = 1;
    d.avoid_scale = 1;
    d.spacing_scale = 1;
    dp_opts_init_sized(o, size, &d, sizeof d);
}

dapple_status dp_sampler_check_domain(const dapple_field *f, const dapple_sampler_opts *o,
                                      dapple_error *err)
{
    if (f == NULL || (o->width == f->width && o->height == f->height))
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_INVALID,
                   "the sampler's domain %gx%g is not the field's %gx%g: give both the same "
                   "width and height",
                   o->width, o->height, f->width, f->height);
}

/* point indices are uint32_t: the limit (plus a chunk's fixed points) stays below that */
_Static_assert(DAPPLE_LIMIT_POINTS < UINT32_MAX / 2, "point indices are 32-bit");

static dapple_status check_opts(const dapple_field *f, const dapple_sampler_opts *o,
                                dapple_error *err)
{
    if (f == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "field must not be NULL");
    if (f->lazy != NULL)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "a Perlin field over more than %d units a side is sampled as a world "
                       "(dapple_world_sample)",
                       DP_FIELD_MAX_SIDE);
    if (!(o->width > 0 && o->width <= DAPPLE_LIMIT_SIDE))
        return dp_fail_range(err, "width", "(", 0, DAPPLE_LIMIT_SIDE, o->width);
    if (!(o->height > 0 && o->height <= DAPPLE_LIMIT_SIDE))
        return dp_fail_range(err, "height", "(", 0, DAPPLE_LIMIT_SIDE, o->height);
    if (o->k < 1 || o->k > DAPPLE_LIMIT_K)
        return dp_fail_range_int(err, "k", 1, DAPPLE_LIMIT_K, o->k);
    if (o->max_points < 1 || o->max_points > DAPPLE_LIMIT_POINTS)
        return dp_fail_range_count(err, "max_points", 1, DAPPLE_LIMIT_POINTS, o->max_points);
    if (!(o->avoid_scale >= 0) || !isfinite(o->avoid_scale))
        return dp_fail(err, DAPPLE_E_INVALID, "avoid_scale must be >= 0, got %g", o->avoid_scale);
    if (!(o->spacing_scale > 0 && o->spacing_scale <= 1e6))
        return dp_fail(err, DAPPLE_E_INVALID, "spacing_scale must be in (0, 1e6], got %g",
                       o->spacing_scale);
    return DAPPLE_OK;
}

/* The direction, distance and jitter tables, and the constants derived from options. */
static void fill_tables(dapple_sampler *s)
{
    const dapple_sampler_opts *o = &s->o;
    ptrdiff_t gw = s->grid.gw, around[9] = { 0, -1, 1, -gw, gw, -gw - 1, -gw + 1, gw - 1, gw + 1 };
    memcpy(s->around, around, sizeof around);
    s->k_inv = ((uint64_t)1 << 32) / (uint64_t)o->k + 1; /* (t * DIRS + j) / k, j < DIRS */
    /* beyond float rounding of a coordinate, relative to the smallest circle */
    double ulp = s->chunk ? s->quantum : ldexp(1.0, ilogb(DP_MAX(o->width, o->height)) - 23);
    s->margin = DP_MIN(DP_MAX(1e-6, 4 * ulp / s->field->rmin), 0.01);
    for (int i = 0; i < DP_SAMPLER_DIRS; i++) {
        double a = 2 * DP_PI * (i + 0.5) / DP_SAMPLER_DIRS;
        s->dirs[i][0] = cos(a);
        s->dirs[i][1] = sin(a);
        /* inverse CDF of the area in [1, 2]: a table replaces a sqrt on the critical path */
        s->dist[i] = sqrt(1.0 + 3.0 * (i + 0.5) / DP_SAMPLER_DIRS);
        double j = s->margin + DP_MIN(2 * DP_PI / o->k, DP_PI / 3) * i / DP_SAMPLER_DIRS;
        s->jitter[i][0] = cos(j);
        s->jitter[i][1] = sin(j);
    }
}

/* The sampler over 'field' with options o; a chunk's extras (c) or NULL. */
static dapple_status sampler_new(dapple_sampler **out, const dapple_field *field,
                                 const dapple_sampler_opts *o, const dp_chunk_opts *c,
                                 dapple_error *err)
{
    *out = NULL;
    dapple_status st = check_opts(field, o, err);
    if (st == DAPPLE_OK && c == NULL) /* a chunk's domain is its window's */
        st = dp_sampler_check_domain(field, o, err);
    if (st != DAPPLE_OK)
        return st;
    dapple_sampler *s = calloc(1, sizeof *s);
    if (s == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a sampler");
    dp_field_scaled_view(field, o->spacing_scale, &s->view);
    s->field = &s->view;
    s->o = *o;
    s->wx1 = o->width, s->wy1 = o->height;
    if (c != NULL) {
        s->o.progress = NULL; /* chunks run on worker threads: the world reports */
        s->chunk = true;
        s->ox = c->ox, s->oy = c->oy;
        s->quantum = c->quantum, s->magic = 1.5 * ldexp(c->quantum, 52);
        s->wx0 = c->wx0, s->wy0 = c->wy0, s->wx1 = c->wx1, s->wy1 = c->wy1;
        s->fixed = c->fixed, s->n_fixed = c->n_fixed;
    }
    /* relaxed mode is dense mode's sweep with a shell (sampler_dense.c): every dense rule
     * (no cover maps, no darts, its estimate of the count) holds for it */
    s->relax = o->relax;
    s->o.dense = s->o.dense || o->relax;
    /* and at least DP_RELAX_K tries, which also narrows the random share of each jump (2 pi
     * / k): with k 30, rho 0.842 instead of 0.860 */
    if (o->relax)
        s->o.k = DP_MAX(o->k, DP_RELAX_K);
    s->limit = o->max_points + s->n_fixed;
    s->open = o->avoid == NULL && s->view.n_refusals == 0;
    /* float rounding may lift a stored radius just above rmax: the reach must cover it */
    s->reach = DP_MAX(s->view.rmax, (double)(float)s->view.rmax);
    st = dp_grid_init(&s->grid, o->width, o->height, s->reach, o->periodic, DP_SAMPLER_MAX_CELLS,
                      err);
    if (st == DAPPLE_OK)
        st = dp_levels_init(&s->lv, &s->grid, s->field, o->max_points, err);
    if (st == DAPPLE_OK && !dp_cover_init(s))
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d grid", s->grid.gw, s->grid.gh);
    if (st != DAPPLE_OK) {
        dapple_sampler_free(s);
        return st;
    }
    fill_tables(s);
    s->peak_bytes = bytes_now(s);
    *out = s;
    return DAPPLE_OK;
}

dapple_status dapple_sampler_new(dapple_sampler **out, const dapple_field *field,
                                 const dapple_sampler_opts *o, dapple_error *err)
{
    *out = NULL;
    dapple_sampler_opts local; /* read through the caller's struct_size (core/abi.h) */
    dapple_status st = dp_sampler_opts_adopt(&local, o, err);
    return st != DAPPLE_OK ? st : sampler_new(out, field, &local, NULL, err);
}

dapple_status dp_sampler_new_chunk(dapple_sampler **out, const dapple_field *field,
                                   const dapple_sampler_opts *o, const dp_chunk_opts *c,
                                   dapple_error *err)
{
    return sampler_new(out, field, o, c, err);
}

/* First guess at the point count: a little above what each mode measured (points per
 * r^2 of area: 0.636 default, 0.70 maximal, 0.94 dense, vs 0.7 in the field's
 * estimate), so most runs never reallocate yet the slack stays a few percent. */
static size_t initial_capacity(const dapple_sampler *s)
{
    double per = s->o.dense ? 0.96 : s->o.maximal ? 0.72 : 0.65;
    double est = dapple_field_estimate_points(s->field) / 0.7 * per * (s->o.width * s->o.height) /
                 (s->field->width * s->field->height);
    est = DP_MIN(DP_MAX(est, 64.0), (double)s->o.max_points);
    return (size_t)est + s->n_fixed;
}

dapple_status dapple_sampler_run(dapple_sampler *s, dapple_stop *stop, dapple_error *err)
{
    s->n = 0;
    s->halt = DP_HALT_NONE;
    dp_grid_clear(&s->grid);
    if (s->cover != NULL)
        memset(s->cover, 0, dp_cover_bytes(s));
    /* the default mode without 'avoid' reads the maps (and maximal's gap fill the fine
     * one); marks elsewhere are wasted */
    if (s->vcover != NULL)
        memset(s->vcover, 0, dp_cover_bytes(s));
    s->cover_on = (s->cover != NULL || s->vcover != NULL) && !s->o.dense && s->o.avoid == NULL;
    s->mark_on = s->cover_on;
    dp_levels_clear(&s->lv);
    dp_rng_seed(&s->rng, s->o.seed, 0x5eed);
    if (!reserve(s, initial_capacity(s)))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu points", initial_capacity(s));
    s->expect = (double)initial_capacity(s);
    /* a chunk's neighbours first: they block, mark the cover maps, and are swept for
     * gaps, but are never grown */
    for (size_t i = 0; i < s->n_fixed && s->halt == DP_HALT_NONE; i++)
        dp_sampler_append(s, s->fixed[i].x, s->fixed[i].y, s->fixed[i].r);
    /* one front fills a constant radius over an open window (a chunk's neighbours only
     * reach in from its edges, so the first try that lands clear of them will do);
     * anything else has islands */
    if (s->open && s->field->v == NULL) {
        size_t before = s->n;
        for (int t = 0; t < SEED_TRIES && s->n == before && s->halt == DP_HALT_NONE; t++) {
            uint32_t by;
            float r;
            dp_try(s, s->wx0 + dp_rng_unit(&s->rng) * (s->wx1 - s->wx0),
                   s->wy0 + dp_rng_unit(&s->rng) * (s->wy1 - s->wy0), true, &by, &r);
        }
        if (s->n > before)
            dp_sampler_grow(s, before + 1);
        else
            sweep(s);
    } else {
        sweep(s);
    }
    /* the gap fill names its blockers, so it reads no map for its tries, but it leaves
     * out sweeps where the fine map shows every candidate covered: the points it adds
     * keep marking that */
    s->cover_on = false;
    s->mark_on = s->mark_on && s->vcover != NULL && s->o.maximal;
    if (s->o.maximal)
        dp_sampler_fill_gaps(s);
    if (s->halt == DP_HALT_NOMEM)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory after %zu points", s->n);
    if (s->halt == DP_HALT_CANCEL)
        return dp_fail(err, DAPPLE_E_CANCELLED,
                       "cancelled by the progress callback after %zu points",
                       s->n - DP_MIN(s->n, s->n_fixed));
    if (s->o.progress != NULL) /* done: a stop asked now changes nothing */
        (void)s->o.progress(s->o.progress_user, 1.0);
    if (stop != NULL)
        *stop = s->halt == DP_HALT_LIMIT ? DAPPLE_STOP_MAX_POINTS : DAPPLE_STOP_COMPLETE;
    return DAPPLE_OK;
}

const dapple_point *dapple_sampler_points(const dapple_sampler *s, size_t *count)
{
    if (s == NULL || s->store == NULL) { /* not run yet */
        if (count != NULL)
            *count = 0;
        return NULL;
    }
    if (count != NULL)
        *count = s->n - DP_MIN(s->n, s->n_fixed);
    return s->store + 1 + s->n_fixed;
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
    free(s->cover);
    free(s->vcover);
    dp_levels_fini(&s->lv);
    free(s->store);
    free(s);
}
