/* SPDX-License-Identifier: MIT
 * Density against the field: the allowed area is probed on a lattice (at most 512 probes
 * a side) and the probes sorted by the field's radius. Each radius that the field holds
 * over at least LEVEL_SHARE of the area (a level: a painted road, a clearing, a step of a
 * stepped map) gets a row of its own; the stretches between levels are cut into rows of
 * about equal area, QUANTILES of them over a field without levels. Equal-area quantiles
 * alone merge a small level into its neighbours (10 % white on 25 % grey gave one row),
 * so a road under an eighth of the area was never checked. Each row's expected share of
 * the points is its integral of 1 / r^2 over the whole's, the density a Poisson-disk set
 * of radius r(x) has, up to one constant. A point falls in the row of the radius the field
 * gives at its spot. */
#include "stats/stats.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"

#define SIDE        512
#define LEVEL_SHARE 0.01 /* a radius over 1 % of the area is a level */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The row whose upper bound is the first >= r (bounds ascending, r beyond: the last). */
static int bin_of(const dp_stats_density *d, double r)
{
    for (int k = 0; k < d->bins; k++)
        if (r <= d->bin[k].r_hi)
            return k;
    return d->bins - 1;
}

/* The end of the run of probes equal to r[i]. */
static size_t run_end(const double *r, size_t n, size_t i)
{
    size_t j = i + 1;
    while (j < n && r[j] == r[i])
        j++;
    return j;
}

/* Rows as index ranges [start, end) of the sorted radii, built left to right. */
typedef struct rows {
    size_t start[DP_STATS_DENSITY_ROWS], end[DP_STATS_DENSITY_ROWS];
    bool level[DP_STATS_DENSITY_ROWS];
    int n;
} rows;

/* The first row starts at 0: a small stretch before it joins it. A full table (it holds
 * every row the cut can make; this only guards it) extends its last row. */
static void add_row(rows *w, size_t a, size_t b, bool level)
{
    if (w->n == DP_STATS_DENSITY_ROWS) {
        w->end[w->n - 1] = b;
        return;
    }
    w->start[w->n] = w->n == 0 ? 0 : a, w->end[w->n] = b, w->level[w->n] = level;
    w->n++;
}

/* A stretch between levels: rows of about equal area, cut at the end of a run so no radius
 * lies in two rows. A stretch under LEVEL_SHARE (the blend at a level's edge) joins the
 * row before it, or the first row. */
static void add_stretch(rows *w, const double *r, size_t n, size_t a, size_t b)
{
    if (b <= a)
        return;
    if ((double)(b - a) < LEVEL_SHARE * (double)n) {
        if (w->n > 0)
            w->end[w->n - 1] = b;
        return;
    }
    size_t parts = (size_t)DP_MAX(1L, lround(DP_STATS_QUANTILES * (double)(b - a) / (double)n));
    size_t from = a;
    for (size_t q = 1; q <= parts && from < b; q++) {
        size_t to = q == parts ? b : a + (b - a) * q / parts;
        if (to <= from)
            continue;
        to = DP_MIN(run_end(r, n, to - 1), b);
        add_row(w, from, to, false);
        from = to;
    }
}

/* The levels: runs of one radius over LEVEL_SHARE of the probes, at most LEVELS of them
 * (the largest; ties: the smaller radius), kept in radius order. */
static int find_levels(const double *r, size_t n, size_t *lo, size_t *hi)
{
    int k = 0;
    for (size_t i = 0; i < n; i = run_end(r, n, i)) {
        size_t j = run_end(r, n, i);
        if ((double)(j - i) < LEVEL_SHARE * (double)n)
            continue;
        int at = k < DP_STATS_LEVELS ? k++ : -1;
        for (int m = 0; at < 0 && m < k; m++) /* full: replace the smallest if smaller */
            if (hi[m] - lo[m] < j - i && (at < 0 || hi[m] - lo[m] < hi[at] - lo[at]))
                at = m;
        if (at < 0)
            continue;
        for (int m = at; m + 1 < k; m++) /* keep radius order */
            lo[m] = lo[m + 1], hi[m] = hi[m + 1];
        lo[k - 1] = i, hi[k - 1] = j;
    }
    return k;
}

/* Bounds from the sorted radii: a row per level, the stretches between cut by area. */
static void cut(dp_stats_density *d, const double *r, size_t n)
{
    size_t lo[DP_STATS_LEVELS], hi[DP_STATS_LEVELS], pos = 0;
    rows w = { .n = 0 };
    int levels = find_levels(r, n, lo, hi);
    for (int k = 0; k < levels; k++) {
        add_stretch(&w, r, n, pos, lo[k]);
        add_row(&w, lo[k], hi[k], true);
        pos = hi[k];
    }
    add_stretch(&w, r, n, pos, n);
    if (w.n == 0) /* one small stretch alone: a single row */
        add_row(&w, 0, n, false);
    d->bins = w.n;
    for (int k = 0; k < w.n; k++) {
        bool small = (double)(w.end[k] - w.start[k]) < (double)n / (2 * DP_STATS_QUANTILES);
        bool by_level = (k > 0 && w.level[k - 1]) || (k + 1 < w.n && w.level[k + 1]);
        d->bin[k] = (dp_stats_density_bin){ .r_lo = r[w.start[k]],
                                            .r_hi = r[w.end[k] - 1],
                                            .level = w.level[k],
                                            .edge = !w.level[k] && small && by_level };
    }
}

/* Allowed probes' radii into r[]; their count. */
static size_t probe(const dp_stats_set *s, const dapple_field *f, double step, int nx, int ny,
                    double *r)
{
    size_t n = 0;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            double x = (i + 0.5) * step, y = (j + 0.5) * step;
            if (x < s->width && y < s->height && dapple_field_allowed_at(f, x, y))
                r[n++] = dapple_field_radius_at(f, x, y);
        }
    return n;
}

static void expect(dp_stats_density *d, const double *r, size_t n, double rmin, size_t points)
{
    double total = 0;
    for (size_t i = 0; i < n; i++)
        total += 1 / (r[i] * r[i]);
    for (size_t i = 0; i < n; i++) {
        dp_stats_density_bin *b = &d->bin[bin_of(d, r[i])];
        b->area += 1.0 / (double)n;
        b->expected += (double)points / (r[i] * r[i] * total);
        b->rel_density += rmin * rmin / (r[i] * r[i]);
    }
    for (int k = 0; k < d->bins; k++)
        d->bin[k].rel_density /= d->bin[k].area * (double)n;
}

dapple_status dp_stats_density_run(const dp_stats_set *s, const dapple_field *f,
                                   dp_stats_density *out, dapple_error *err)
{
    double step = DP_MAX(s->width, s->height) / SIDE;
    int nx = (int)ceil(s->width / step), ny = (int)ceil(s->height / step);
    double *r = dp_calloc_n((size_t)nx * (size_t)ny, sizeof *r);
    *out = (dp_stats_density){ 0 };
    if (r == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "stats: out of memory for the density probes");
    size_t n = probe(s, f, step, nx, ny, r);
    if (n == 0) {
        free(r);
        out->refused = s->n;
        return DAPPLE_OK; /* the field allows no point anywhere */
    }
    qsort(r, n, sizeof *r, cmp_double);
    cut(out, r, n);
    expect(out, r, n, dapple_field_rmin(f), s->n);
    for (size_t i = 0; i < s->n; i++) {
        double x = s->pts[i].x, y = s->pts[i].y;
        if (!dapple_field_allowed_at(f, x, y))
            out->refused++;
        else
            out->bin[bin_of(out, dapple_field_radius_at(f, x, y))].measured++;
    }
    free(r);
    return DAPPLE_OK;
}
