/* SPDX-License-Identifier: MIT
 * A target point count: every radius of the field is multiplied by one factor s, found by
 * running the sampler (or a world: the count is the whole world's). The count goes roughly as s^-2,
 * so the first guess comes from the field's estimate and each next one from the two runs around the
 * target (a secant in log-log), falling back to s * sqrt(n / N) until the target is bracketed. Each
 * run is deterministic, so the whole search is: the same arguments give the same points.
 * dapple_world_run, which may ask for a count, is here too: the search calls the world,
 * never the other way. */
#include <math.h>
#include <stdlib.h>

#include "core/abi.h"
#include "core/sampler.h"
#include "core/world.h"

#define MAX_RUNS  24
#define TOLERANCE 0.01

/* Points per r^2 of area each mode gives, over the 0.7 of the field's estimate. */
static double mode_factor(const dapple_sampler_opts *o)
{
    return (o->relax ? 0.86 : o->dense ? 0.94 : o->maximal ? 0.70 : 0.636) / 0.7;
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

/* One run of the search at scale s: *n gets its point count; the run keeps its result
 * until the next call, or hands it over when the search ends on it. */
typedef dapple_status (*run_fn)(void *ctx, double s, size_t *n, dapple_error *err);

/* Scales until a run gives count points within 1 %; *scale gets it (that run's result is
 * the caller's). est: the points expected at scale 1. */
static dapple_status search(run_fn run, void *ctx, double est, size_t count, double *scale,
                            dapple_error *err)
{
    if (!(est > 0))
        return dp_fail(err, DAPPLE_E_INVALID, "count: the field allows no point anywhere");
    probe many = { 0, 0 }, few = { 0, 0 }, best = { 0, 0 };
    double s = sqrt(est / (double)count);
    for (int r = 0; r < MAX_RUNS; r++) {
        size_t n;
        dapple_status st = run(ctx, s, &n, err);
        if (st != DAPPLE_OK)
            return dp_fail_prefix(err, st, "count %zu at spacing scale %g", count, s);
        if (fabs((double)n - (double)count) <= TOLERANCE * (double)count) {
            *scale = s;
            return DAPPLE_OK;
        }
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

static dapple_status check_count(size_t count, size_t max_points, dapple_error *err)
{
    if (count == 0 || count > max_points)
        return dp_fail(err, DAPPLE_E_INVALID, "count must be in [1, %zu] (max_points), got %zu",
                       max_points, count);
    return DAPPLE_OK;
}

/* Points expected at scale 1 over a w x h domain of the field. */
static double expected(const dapple_field *field, const dapple_sampler_opts *o)
{
    double area = o->width * o->height / (field->width * field->height);
    return dapple_field_estimate_points(field) * area * mode_factor(o) /
           (o->spacing_scale * o->spacing_scale);
}

/* ---------------------------------------------------------------- one sampler */

typedef struct plain_run {
    const dapple_field *field;
    const dapple_sampler_opts *o;
    dapple_sampler *s;
    dapple_stop *stop;
} plain_run;

static dapple_status run_plain(void *ctx, double s, size_t *n, dapple_error *err)
{
    plain_run *p = ctx;
    dapple_sampler_opts so = *p->o;
    so.spacing_scale = p->o->spacing_scale * s;
    dapple_sampler_free(p->s);
    p->s = NULL;
    dapple_status st = dapple_sampler_new(&p->s, p->field, &so, err);
    if (st == DAPPLE_OK)
        st = dapple_sampler_run(p->s, p->stop, err);
    *n = p->s != NULL ? p->s->n : 0;
    return st;
}

dapple_status dapple_sampler_new_count(dapple_sampler **out, const dapple_field *field,
                                       const dapple_sampler_opts *o, size_t count, double *scale,
                                       dapple_stop *stop, dapple_error *err)
{
    *out = NULL;
    dapple_sampler_opts local; /* read through the caller's struct_size (core/abi.h) */
    dapple_status st = dp_sampler_opts_adopt(&local, o, err);
    if (st != DAPPLE_OK)
        return st;
    o = &local;
    st = check_count(count, o->max_points, err);
    if (st != DAPPLE_OK)
        return st;
    plain_run p = { field, o, NULL, stop };
    st = search(run_plain, &p, expected(field, o), count, scale, err);
    if (st != DAPPLE_OK) {
        dapple_sampler_free(p.s);
        return st;
    }
    *out = p.s;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- a world */

typedef struct world_run {
    const dp_world_opts *o;
    dapple_point *pts;
    size_t n;
    dapple_stop *stop;
} world_run;

static dapple_status run_world(void *ctx, double s, size_t *n, dapple_error *err)
{
    world_run *w = ctx;
    dp_world_opts o = *w->o;
    o.so.spacing_scale = w->o->so.spacing_scale * s;
    free(w->pts);
    w->pts = NULL;
    dapple_status st = dp_world_sample(&o, &w->pts, &w->n, w->stop, err);
    *n = w->n;
    return st;
}

dapple_status dp_world_sample_count(const dp_world_opts *o, size_t count, dapple_point **points,
                                    size_t *n, double *scale, dapple_stop *stop, dapple_error *err)
{
    *points = NULL, *n = 0;
    dapple_status st = check_count(count, o->so.max_points, err);
    if (st != DAPPLE_OK)
        return st;
    if (o->rx != 0 || o->ry != 0 || o->rw != o->so.width || o->rh != o->so.height)
        return dp_fail(err, DAPPLE_E_INVALID, "count: the region must be the whole world");
    world_run w = { o, NULL, 0, stop };
    st = search(run_world, &w, expected(o->field, &o->so), count, scale, err);
    if (st != DAPPLE_OK) {
        free(w.pts);
        return st;
    }
    *points = w.pts, *n = w.n;
    return DAPPLE_OK;
}

dapple_status dapple_world_sample_count(const dapple_field *field, const dapple_sampler_opts *o,
                                        size_t count, int threads, dapple_point **points, size_t *n,
                                        double *scale, dapple_stop *stop, dapple_error *err)
{
    *points = NULL, *n = 0;
    dp_world_opts w;
    dapple_status st = dp_world_opts_from_public(&w, field, o, threads, err);
    if (st != DAPPLE_OK)
        return st;
    return dp_world_sample_count(&w, count, points, n, scale, stop, err);
}

dapple_status dapple_world_run(const dapple_field *field, const dapple_sampler_opts *so,
                               const dapple_world_opts *caller, dapple_point **points, size_t *n,
                               dapple_stop *stop, dapple_error *err)
{
    *points = NULL, *n = 0;
    dapple_world_opts wo;
    dp_world_opts w;
    dapple_status st = dp_world_opts_adopt(&wo, caller, err);
    if (st == DAPPLE_OK)
        st = dp_world_opts_from_public(&w, field, so, wo.threads, err);
    if (st != DAPPLE_OK)
        return st;
    const dapple_region *r = &wo.region;
    if (r->width != 0 || r->height != 0)
        w.rx = r->x, w.ry = r->y, w.rw = r->width, w.rh = r->height;
    if (wo.count == 0)
        return dp_world_sample(&w, points, n, stop, err);
    double scale;
    return dp_world_sample_count(&w, wo.count, points, n, &scale, stop, err);
}
