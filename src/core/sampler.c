/* SPDX-License-Identifier: MIT
 * The sampler's driver: options, set-up, seeding and the one front loop. Variable-radius
 * Poisson-disk sampling with the symmetric rule of dapple.h: every pair p, q is at least
 * max(r_p, r_q) apart, checked on the stored float values (sampler_rule.c), so the rule
 * holds exactly for what the caller reads. Fronts grow first in first out from their
 * seeds, each parent expanded by the mode's candidate strategy: the annulus
 * (sampler_annulus.c) by default, the sweep on the circle (sampler_dense.c) for dense and
 * relax, and maximal's gap fill after. A varying radius throws darts before its fronts
 * grow (no rings round density peaks); 'avoid', refused areas and a varying radius split
 * the free space into islands, so a sweep over the grid cells then seeds every island,
 * smallest radii first. The strategies call only the rule, never back here. */
#include "core/sampler.h"

#include "core/abi.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SWEEP_TRIES     4
#define SEED_TRIES      64   /* random tries for the one seed of a constant radius */
#define DARTS_PER_POINT 0.25 /* darts before the fronts, per point expected (see darts) */
/* relaxed mode's darts, per point expected: a few, so that its crystal-like sweeps start
 * from many places (no rows radiating from one seed) yet grow grains of ~100 points (more
 * darts, more seams where the grains meet: 0.003 -> rho 0.861, 0.01 -> 0.858, 0.1 ->
 * 0.830 on r = 2 over 300 x 300, after the gap fill) */
#define RELAX_DARTS_PER_POINT 0.01

/* The Bridson front (default or dense, as opts say) from point number 'first'. */
static void sampler_grow(dapple_sampler *s, size_t first)
{
    if (s->o.dense)
        dp_sampler_grow_dense(s, first);
    else if (s->field->v == NULL)
        dp_sampler_grow_annulus(s, first, true);
    else
        dp_sampler_grow_annulus(s, first, false);
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
                    sampler_grow(s, s->n);
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
/* Bits of v spread to the even places: a Morton code interleaves two of them. */
static uint64_t spread_bits(uint32_t v)
{
    uint64_t x = v & 0xffffffffu;
    x = (x | x << 16) & 0x0000ffff0000ffffu;
    x = (x | x << 8) & 0x00ff00ff00ff00ffu;
    x = (x | x << 4) & 0x0f0f0f0f0f0f0f0fu;
    x = (x | x << 2) & 0x3333333333333333u;
    x = (x | x << 1) & 0x5555555555555555u;
    return x;
}

typedef struct dart {
    uint64_t key; /* the top cell's Morton code, then the draw's number: a total order */
    double x, y;
} dart;

static int dart_order(const void *a, const void *b)
{
    uint64_t p = ((const dart *)a)->key, q = ((const dart *)b)->key;
    return (p > q) - (p < q);
}

static void darts(dapple_sampler *s, double per_point)
{
    size_t tries = (size_t)(per_point * s->expect), first = s->n + 1, n = 0;
    double w = s->wx1 - s->wx0, h = s->wy1 - s->wy0, rmin = s->field->rmin;
    dart *d = tries > 0 ? malloc(tries * sizeof *d) : NULL;
    if (tries > 0 && d == NULL) {
        s->halt = DP_HALT_NOMEM;
        return;
    }
    for (size_t i = 0; i < tries; i++) {
        double x = s->wx0 + dp_rng_unit(&s->rng) * w, y = s->wy0 + dp_rng_unit(&s->rng) * h;
        double keep = dp_rng_unit(&s->rng), q = rmin / dp_field_r_at(s->field, x, y);
        if (keep >= q * q)
            continue;
        uint32_t cx = (uint32_t)dp_grid_cell_of(x, s->grid.inv_cw, s->grid.gw);
        uint32_t cy = (uint32_t)dp_grid_cell_of(y, s->grid.inv_ch, s->grid.gh);
        /* Morton order of the top cells (16 bits an axis, ample for the darts' locality) */
        uint64_t m = spread_bits(cx & 0xffffu) | spread_bits(cy & 0xffffu) << 1;
        d[n++] = (dart){ m << 32 | (uint64_t)i, x, y };
    }
    /* tried and grown in space-filling order, not in the order drawn: the fronts of all the
     * darts grow together, and consecutive parents far apart would miss the cache (W3:
     * 2x the time of a single front). No darts (max_points = 1 gives no tries) means no
     * array: qsort(NULL, 0) is undefined behaviour, which UBSan reports. */
    if (n > 0)
        qsort(d, n, sizeof *d, dart_order);
    for (size_t i = 0; i < n && s->halt == DP_HALT_NONE; i++) {
        /* later darts often land where a disc already covers: one load */
        if (s->cover_on && s->vcover != NULL && d[i].x < s->o.width && d[i].y < s->o.height &&
            dp_vcover_hit(s, d[i].x, d[i].y))
            continue;
        uint32_t by;
        float rc;
        dp_try(s, d[i].x, d[i].y, s->field->v == NULL, &by, &rc);
    }
    free(d);
    if (s->n >= first)
        sampler_grow(s, first);
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
    /* every mode (dense mode's crystal packs less tightly between the darts' grains: W3
     * dense rho 0.889 -> 0.873, but its rows no longer radiate from a dense spot);
     * relaxed mode takes a few, even for a constant radius */
    if (s->relax)
        darts(s, RELAX_DARTS_PER_POINT);
    else if (s->field->v != NULL)
        darts(s, DARTS_PER_POINT);
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
    if (!dp_wrap_known(o->wrap))
        return dp_fail(err, DAPPLE_E_INVALID, "wrap must be a dapple_wrap value, got %d",
                       (int)o->wrap);
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
    s->wrap = c != NULL ? dp_wrap_both(false) : dp_wrap_of(o->periodic, o->wrap);
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
     * (no cover maps, its estimate of the count) holds for it */
    s->relax = o->relax;
    s->o.dense = s->o.dense || o->relax;
    /* its grains are seeded by darts and meet in seams; maximal's gap fill packs them */
    s->o.maximal = s->o.maximal || o->relax;
    /* and at least DP_RELAX_K tries, which also narrows the random share of each jump (2 pi
     * / k): with k 30, rho 0.842 instead of 0.860 */
    if (o->relax)
        s->o.k = DP_MAX(o->k, DP_RELAX_K);
    s->limit = o->max_points + s->n_fixed;
    s->open = o->avoid == NULL && s->view.n_refusals == 0;
    /* float rounding may lift a stored radius just above rmax: the reach must cover it */
    s->reach = DP_MAX(s->view.rmax, (double)(float)s->view.rmax);
    st = dp_grid_init(&s->grid, o->width, o->height, s->reach, s->wrap, DP_SAMPLER_MAX_CELLS, err);
    if (st == DAPPLE_OK)
        st = dp_levels_init(&s->lv, &s->grid, s->field, o->max_points, err);
    if (st == DAPPLE_OK && !dp_cover_init(s))
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d grid", s->grid.gw, s->grid.gh);
    if (st != DAPPLE_OK) {
        dapple_sampler_free(s);
        return st;
    }
    fill_tables(s);
    s->peak_bytes = dp_sampler_bytes(s);
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
    if (!dp_sampler_reserve(s, initial_capacity(s)))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu points", initial_capacity(s));
    s->expect = (double)initial_capacity(s);
    /* a chunk's neighbours first: they block, mark the cover maps, and are swept for
     * gaps, but are never grown */
    for (size_t i = 0; i < s->n_fixed && s->halt == DP_HALT_NONE; i++)
        dp_sampler_append(s, s->fixed[i].x, s->fixed[i].y, s->fixed[i].r);
    /* one front fills a constant radius over an open window (a chunk's neighbours only
     * reach in from its edges, so the first try that lands clear of them will do);
     * anything else has islands */
    if (s->open && s->field->v == NULL && !s->relax) {
        size_t before = s->n;
        for (int t = 0; t < SEED_TRIES && s->n == before && s->halt == DP_HALT_NONE; t++) {
            uint32_t by;
            float r;
            dp_try(s, s->wx0 + dp_rng_unit(&s->rng) * (s->wx1 - s->wx0),
                   s->wy0 + dp_rng_unit(&s->rng) * (s->wy1 - s->wy0), true, &by, &r);
        }
        if (s->n > before)
            sampler_grow(s, before + 1);
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
