/* SPDX-License-Identifier: MIT
 * A target point count: every radius of the field is multiplied by one factor s, found by
 * running the sampler. The count goes roughly as s^-2, so the first guess comes from the
 * field's estimate and each next one from the two runs around the target (a secant in
 * log-log), falling back to s * sqrt(n / N) until the target is bracketed. Each run is
 * deterministic, so the whole search is: the same arguments give the same points. */
#include <math.h>

#include "core/sampler.h"

#define MAX_RUNS  24
#define TOLERANCE 0.01

/* Points per r^2 of area each mode gives, over the 0.7 of the field's estimate. */
static double mode_factor(const dapple_sampler_opts *o)
{
    return (o->dense ? 0.94 : o->maximal ? 0.70 : 0.636) / 0.7;
}

typedef struct probe {
    double s;
    size_t n;
} probe;

/* The next scale to try, from the closest runs below (too many points) and above (too
 * few) the target; either may be missing (s = 0). */
static double next_scale(probe many, probe few, double s, size_t n, size_t count)
{
    double target = (double)count;
    if (many.s == 0 || few.s == 0)
        return s * sqrt(DP_MAX((double)n, 0.5) / target);
    double a = log((double)many.n), b = log(DP_MAX((double)few.n, 0.5));
    double t = (log(target) - a) / (b - a);
    double next = exp(log(many.s) + t * (log(few.s) - log(many.s)));
    /* strictly inside the bracket, so the search always narrows it */
    double lo = many.s * pow(few.s / many.s, 0.1), hi = many.s * pow(few.s / many.s, 0.9);
    return DP_MIN(DP_MAX(next, lo), hi);
}

static dapple_status run_at(const dapple_field *field, const dapple_sampler_opts *o, double s,
                            dapple_sampler **out, dapple_stop *stop, dapple_error *err)
{
    dapple_sampler_opts so = *o;
    so.spacing_scale = o->spacing_scale * s;
    dapple_status st = dapple_sampler_new(out, field, &so, err);
    if (st == DAPPLE_OK)
        st = dapple_sampler_run(*out, stop, err);
    return st;
}

dapple_status dapple_sampler_new_count(dapple_sampler **out, const dapple_field *field,
                                       const dapple_sampler_opts *o, size_t count, double *scale,
                                       dapple_stop *stop, dapple_error *err)
{
    *out = NULL;
    if (count == 0 || count > o->max_points)
        return dp_fail(err, DAPPLE_E_INVALID, "count must be in [1, %zu] (max_points), got %zu",
                       o->max_points, count);
    double area = o->width * o->height / (field->width * field->height);
    double est = dapple_field_estimate_points(field) * area * mode_factor(o) /
                 (o->spacing_scale * o->spacing_scale);
    if (!(est > 0))
        return dp_fail(err, DAPPLE_E_INVALID, "count: the field allows no point anywhere");
    probe many = { 0, 0 }, few = { 0, 0 }, best = { 0, 0 };
    double s = sqrt(est / (double)count);
    for (int run = 0; run < MAX_RUNS; run++) {
        dapple_sampler *sm = NULL;
        if (run_at(field, o, s, &sm, stop, err) != DAPPLE_OK)
            return dp_fail_prefix(err, err->status, "count %zu at spacing scale %g", count, s);
        size_t n = sm->n;
        if (fabs((double)n - (double)count) <= TOLERANCE * (double)count) {
            *out = sm;
            *scale = s;
            return DAPPLE_OK;
        }
        dapple_sampler_free(sm);
        if (best.s == 0 || fabs((double)n - (double)count) < fabs((double)best.n - (double)count))
            best = (probe){ s, n };
        if (n > count && (many.s == 0 || s > many.s))
            many = (probe){ s, n };
        if (n < count && (few.s == 0 || s < few.s))
            few = (probe){ s, n };
        s = next_scale(many, few, s, n, count);
    }
    return dp_fail(err, DAPPLE_E_INVALID,
                   "count: no spacing gives %zu points within 1%% (closest: %zu at scale %g)",
                   count, best.n, best.s);
}
