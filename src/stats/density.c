/* SPDX-License-Identifier: MIT
 * Density against the field: the allowed area is probed on a lattice (at most 512 probes
 * a side), the probes sorted by the field's radius and cut into quantiles of equal area,
 * and each quantile's expected share of the points is its integral of 1 / r^2 over the
 * whole's, the density a Poisson-disk set of radius r(x) has, up to one constant. A point
 * falls in the quantile of the radius the field gives at its spot. Quantiles whose radii
 * are all equal merge, so a constant field has one. */
#include "stats/stats.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"

#define SIDE 512

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The quantile whose upper bound is the first >= r (bounds ascending, r beyond: the last). */
static int bin_of(const dp_stats_density *d, double r)
{
    for (int k = 0; k < d->bins; k++)
        if (r <= d->bin[k].r_hi)
            return k;
    return d->bins - 1;
}

/* Bounds from the sorted radii: the largest radius of each quantile, ties merged. */
static void cut(dp_stats_density *d, const double *r, size_t n)
{
    double lo = r[0];
    d->bins = 0;
    for (int q = 1; q <= DP_STATS_QUANTILES; q++) {
        size_t end = (n * (size_t)q) / DP_STATS_QUANTILES;
        double hi = r[DP_MAX(end, (size_t)1) - 1]; /* fewer than 8 probes: quantiles share one */
        if (d->bins > 0 && hi <= d->bin[d->bins - 1].r_hi)
            continue;
        d->bin[d->bins++] = (dp_stats_density_bin){ .r_lo = lo, .r_hi = hi };
        lo = hi;
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
