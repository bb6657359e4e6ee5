/* SPDX-License-Identifier: MIT
 * Worlds (core/world): chunked sampling keeps the pair rule across chunk seams and the
 * wrap (checked by the independent checker, not the sampler's grid), covers like a plain
 * run, gives the same points for 1 and 2 threads, and any region alone gives exactly the
 * whole world's points inside it: a 2 x 2 split of regions equals the whole, point for
 * point, for every field kind, both maps, dense and maximal, bounded and periodic. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/field.h"
#include "stats/points_check.h"
#include "core/world.h"

typedef struct setup {
    dapple_field_opts fo;
    dapple_sampler_opts so;
} setup;

static setup constant(double side, double r, bool periodic)
{
    setup s;
    dapple_field_opts_init(&s.fo);
    s.fo.width = s.fo.height = side;
    s.fo.rmin = s.fo.rmax = r;
    s.fo.periodic = periodic;
    dapple_sampler_opts_init(&s.so);
    s.so.width = s.so.height = side;
    s.so.periodic = periodic;
    s.so.seed = 7;
    return s;
}

static setup perlin(double side, double rmin, double rmax, bool periodic)
{
    setup s = constant(side, rmin, periodic);
    s.fo.kind = DAPPLE_FIELD_PERLIN;
    s.fo.rmax = rmax;
    s.fo.perlin.scale = 60;
    return s;
}

static dapple_field *field_of(const setup *s)
{
    dapple_field *f = NULL;
    dapple_error e;
    cr_assert_eq(dapple_field_new(&f, &s->fo, &e), DAPPLE_OK, "%s", e.message);
    return f;
}

static dapple_point *sample(const setup *s, const dapple_field *f, double rx, double ry, double rw,
                            double rh, int threads, size_t *n)
{
    dp_world_opts o;
    dp_world_opts_init(&o, f, &s->so);
    o.rx = rx, o.ry = ry, o.rw = rw, o.rh = rh, o.threads = threads;
    dapple_point *p = NULL;
    dapple_stop stop;
    dapple_error e;
    cr_assert_eq(dp_world_sample(&o, &p, n, &stop, &e), DAPPLE_OK, "%s", e.message);
    cr_assert_eq(stop, DAPPLE_STOP_COMPLETE);
    return p;
}

static int by_position(const void *a, const void *b)
{
    const dapple_point *p = a, *q = b;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    return (p->r > q->r) - (p->r < q->r);
}

/* The pair rule on every pair, and coverage no worse than a plain run's by 25 %. */
static void expect_sound(const setup *s, const dapple_field *f, const dapple_point *p, size_t n)
{
    dp_pair_report rep;
    cr_assert(dp_points_check_min_distance(p, n, s->so.width, s->so.height,
                                           dp_wrap_both(s->so.periodic), &rep));
    cr_expect_eq(rep.violations, 0, "%zu pairs closer than max(r), worst %g", rep.violations,
                 rep.worst);
    cr_expect_eq(rep.out_of_domain, 0);
    double border = s->so.periodic ? 0 : dapple_field_rmax(f);
    double step = dapple_field_rmin(f) / 3;
    double got = dp_points_uncovered(p, n, s->so.width, s->so.height, dp_wrap_both(s->so.periodic),
                                     border, step,
                                     f->lazy != NULL ? NULL : f); /* lazy lookups evaluate noise */
    if (s->so.maximal) {
        cr_expect_eq(got, 0, "maximal world leaves %g uncovered", got);
        return;
    }
    if (f->lazy != NULL) { /* no plain run: outside every disc, Bridson's usual 1e-3 */
        cr_expect(got <= 2e-3 || s->fo.map == DAPPLE_MAP_DENSITY, "uncovered %g", got);
        return;
    }
    dapple_sampler *plain = NULL;
    dapple_stop stop;
    dapple_error e;
    cr_assert_eq(dapple_sampler_new(&plain, f, &s->so, &e), DAPPLE_OK, "%s", e.message);
    cr_assert_eq(dapple_sampler_run(plain, &stop, &e), DAPPLE_OK, "%s", e.message);
    size_t m;
    const dapple_point *q = dapple_sampler_points(plain, &m);
    double want = dp_points_uncovered(q, m, s->so.width, s->so.height, dp_wrap_both(s->so.periodic),
                                      border, step, f);
    cr_expect(got <= 1.25 * want + 1e-4, "uncovered %g, a plain run %g", got, want);
    cr_expect(n > 0.97 * (double)m && n < 1.03 * (double)m, "%zu points, a plain run %zu", n, m);
    dapple_sampler_free(plain);
}

/* The whole world, twice on 1 and 2 threads, and as four regions of a 2 x 2 split at
 * (cx, cy): the same points. */
static void expect_world(setup s, double cx, double cy)
{
    dapple_field *f = field_of(&s);
    double W = s.so.width, H = s.so.height;
    size_t n, n2;
    dapple_point *all = sample(&s, f, 0, 0, W, H, 1, &n);
    dapple_point *two = sample(&s, f, 0, 0, W, H, 2, &n2);
    cr_assert_eq(n, n2, "1 thread: %zu points, 2 threads: %zu", n, n2);
    cr_expect(memcmp(all, two, n * sizeof *all) == 0, "threads changed the points");
    expect_sound(&s, f, all, n);

    dapple_point *parts = malloc((n + 1) * sizeof *parts);
    size_t got = 0;
    double xs[3] = { 0, cx, W }, ys[3] = { 0, cy, H };
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            size_t k;
            dapple_point *r =
                    sample(&s, f, xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j], 1 + i, &k);
            cr_assert(got + k <= n, "the regions hold more points than the world");
            memcpy(parts + got, r, k * sizeof *r);
            got += k;
            free(r);
        }
    cr_assert_eq(got, n, "regions: %zu points, the world %zu", got, n);
    qsort(all, n, sizeof *all, by_position);
    qsort(parts, n, sizeof *parts, by_position);
    cr_expect(memcmp(all, parts, n * sizeof *all) == 0, "the regions differ from the world");
    free(parts);
    free(two);
    free(all);
    dapple_field_free(f);
}

Test(world, constant_bounded)
{
    expect_world(constant(700, 1, false), 333, 411);
}

Test(world, constant_periodic)
{
    expect_world(constant(640, 1.5, true), 300, 128);
}

Test(world, perlin_bounded)
{
    expect_world(perlin(600, 0.5, 3, false), 250, 377);
}

Test(world, perlin_periodic)
{
    expect_world(perlin(512, 0.7, 4, true), 256, 100);
}

Test(world, density_map_with_cutoff)
{
    setup s = perlin(600, 1, 0, false);
    s.fo.map = DAPPLE_MAP_DENSITY;
    s.fo.cutoff = 0.3;
    expect_world(s, 300, 300);
}

Test(world, dense_and_maximal)
{
    setup s = perlin(500, 0.8, 3, true);
    s.so.dense = true;
    expect_world(s, 200, 260);
    s = perlin(500, 0.8, 3, false);
    s.so.maximal = true;
    expect_world(s, 260, 200);
}

Test(world, rectangular_and_small)
{
    expect_world(constant(1000, 2, false), 500, 100); /* one chunk row would do */
    expect_world(constant(96, 1, true), 40, 50);      /* too small a torus: sampled whole */
    setup s = constant(900, 1, false);
    s.so.width = s.fo.width = 300; /* 300 x 900 */
    expect_world(s, 150, 450);
}

Test(world, chunks_are_independent_of_the_region)
{
    /* a region far from the origin needs only its halo: the same points as the whole */
    setup s = perlin(3000, 2, 6, false);
    dapple_field *f = field_of(&s);
    size_t n, m;
    dapple_point *r = sample(&s, f, 2100, 1900, 300, 200, 2, &n);
    dapple_point *all = sample(&s, f, 0, 0, 3000, 3000, 2, &m);
    size_t k = 0;
    for (size_t i = 0; i < m; i++)
        if (all[i].x >= 2100 && all[i].x < 2400 && all[i].y >= 1900 && all[i].y < 2100)
            all[k++] = all[i];
    cr_assert_eq(k, n);
    cr_expect(memcmp(all, r, n * sizeof *r) == 0, "a region is not the world's points there");
    free(r);
    free(all);
    dapple_field_free(f);
}

Test(world, bail_out_and_bad_regions)
{
    setup s = constant(800, 1, false);
    s.so.max_points = 5000;
    dapple_field *f = field_of(&s);
    dp_world_opts o;
    dp_world_opts_init(&o, f, &s.so);
    dapple_point *p = NULL;
    size_t n;
    dapple_stop stop;
    dapple_error e;
    cr_assert_eq(dp_world_sample(&o, &p, &n, &stop, &e), DAPPLE_OK, "%s", e.message);
    cr_expect_eq(stop, DAPPLE_STOP_MAX_POINTS);
    cr_expect_eq(n, 5000);
    free(p);
    o.rx = 700, o.rw = 200;
    cr_expect_eq(dp_world_sample(&o, &p, &n, &stop, &e), DAPPLE_E_INVALID);
    cr_expect_str_eq(e.message, "region 700,0,200x800 is not inside the 800x800 world");
    cr_expect_null(p);
    o.rx = 0, o.rw = 800, o.threads = 0;
    cr_expect_eq(dp_world_sample(&o, &p, &n, &stop, &e), DAPPLE_E_INVALID);
    cr_expect_str_eq(e.message, "threads: expected an integer in [1, 256], got 0");
    dapple_field_free(f);
}

Test(world, count_is_met_and_stable)
{
    setup s = perlin(800, 1, 0, false);
    s.fo.map = DAPPLE_MAP_DENSITY;
    dapple_field *f = field_of(&s);
    dp_world_opts o;
    dp_world_opts_init(&o, f, &s.so);
    o.threads = 2;
    dapple_point *a = NULL, *b = NULL;
    size_t na, nb;
    double sa, sb;
    dapple_stop stop;
    dapple_error e;
    cr_assert_eq(dp_world_sample_count(&o, 20000, &a, &na, &sa, &stop, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_expect(na >= 19800 && na <= 20200, "%zu points", na);
    o.threads = 1;
    cr_assert_eq(dp_world_sample_count(&o, 20000, &b, &nb, &sb, &stop, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_expect(na == nb && sa == sb && memcmp(a, b, na * sizeof *a) == 0, "not the same twice");
    free(a);
    free(b);
    o.rw = 400;
    cr_expect_eq(dp_world_sample_count(&o, 20000, &b, &nb, &sb, &stop, &e), DAPPLE_E_INVALID);
    cr_expect_str_eq(e.message, "count: the region must be the whole world");
    cr_expect_null(b);
    dapple_field_free(f);
}

/* A Perlin field over more than 4096 units a side is lazy: rasterised chunk by chunk. Its
 * worlds keep every property above, and a chunk's raster reads what the field itself does. */
Test(world, lazy_perlin_worlds)
{
    setup s = perlin(4200, 2, 6, false);
    s.so.height = s.fo.height = 500;
    expect_world(s, 2600, 200);
    s = perlin(4200, 2, 6, true);
    s.so.height = s.fo.height = 600;
    expect_world(s, 1200, 256);
    s = perlin(4200, 2, 0, false);
    s.so.height = s.fo.height = 500;
    s.fo.map = DAPPLE_MAP_DENSITY;
    s.fo.cutoff = 0.3;
    expect_world(s, 2500, 300);
}

Test(world, lazy_chunk_reads_the_field)
{
    setup s = perlin(6000, 1, 8, true);
    s.fo.map = DAPPLE_MAP_DENSITY;
    s.fo.rmax = 0;
    s.fo.cutoff = 0.2;
    dapple_field *f = field_of(&s), *c = NULL;
    cr_assert_not_null(f->lazy, "a 6000-wide Perlin field should be lazy");
    dapple_error e;
    double ox = 5800, oy = 3000; /* across the wrap on the right */
    cr_assert_eq(dp_field_chunk_new(f, ox, oy, 400, 300, &c, &e), DAPPLE_OK, "%s", e.message);
    int differ = 0, refused = 0;
    for (int k = 0; k < 4000; k++) {
        /* floats, as a sampler's coordinates are: then x + ox is exact in either frame */
        double x = (float)((k * 0.6180339887 - (int)(k * 0.6180339887)) * 400);
        double y = (float)((k * 0.7548776662 - (int)(k * 0.7548776662)) * 300);
        double a = dp_field_r_at(c, x, y), b = dapple_field_radius_at(f, x + ox, y + oy);
        differ += a != b;
        bool ca = dp_field_allowed(c, x, y), cb = dapple_field_allowed_at(f, x + ox, y + oy);
        differ += ca != cb;
        refused += !cb;
    }
    cr_expect_eq(differ, 0, "%d lookups differ between the chunk and the field", differ);
    cr_expect(refused > 100 && refused < 3900, "the cutoff should refuse some, got %d", refused);
    dapple_field_free(c);
    dapple_field_free(f);
    s.fo.dilate = 3;
    cr_expect_eq(dapple_field_new(&f, &s.fo, &e), DAPPLE_E_LIMIT);
    cr_expect_str_eq(e.message,
                     "dilate: not yet for a Perlin field over more than 4096 units a side");
}

/* dapple_world_run (one options struct, issue #42) gives the points of the calls it
 * replaces: a region on two threads as dapple_world_sample, a count as
 * dapple_world_sample_count; a struct not filled by its init is refused, naming it. */
Test(world, the_options_struct_gives_the_same_points_as_the_argument_lists)
{
    setup s = perlin(300, 2, 6, true);
    dapple_field *f = field_of(&s);
    dapple_region region = { 40, 70, 150, 90 };
    dapple_point *a = NULL, *b = NULL;
    size_t na, nb;
    dapple_stop stop;
    dapple_error e;
    cr_assert_eq(dapple_world_sample(f, &s.so, &region, 2, &a, &na, &stop, &e), DAPPLE_OK);
    dapple_world_opts wo;
    dapple_world_opts_init(&wo);
    wo.region = region, wo.threads = 2;
    cr_assert_eq(dapple_world_run(f, &s.so, &wo, &b, &nb, &stop, &e), DAPPLE_OK, "%s", e.message);
    cr_assert(na == nb && na > 0 && memcmp(a, b, na * sizeof *a) == 0, "%zu and %zu points", na,
              nb);
    dapple_points_free(a), dapple_points_free(b);
    double scale;
    cr_assert_eq(dapple_world_sample_count(f, &s.so, 1500, 1, &a, &na, &scale, &stop, &e),
                 DAPPLE_OK);
    dapple_world_opts_init(&wo);
    wo.count = 1500;
    cr_assert_eq(dapple_world_run(f, &s.so, &wo, &b, &nb, &stop, &e), DAPPLE_OK, "%s", e.message);
    cr_assert(na == nb && memcmp(a, b, na * sizeof *a) == 0, "%zu and %zu points", na, nb);
    dapple_points_free(a), dapple_points_free(b);
    wo.struct_size = 4;
    cr_assert_eq(dapple_world_run(f, &s.so, &wo, &b, &nb, &stop, &e), DAPPLE_E_INVALID);
    char want[160];
    snprintf(want, sizeof want,
             "dapple_world_opts.struct_size is 4, below %zu: fill it with dapple_world_opts_init()",
             sizeof wo);
    cr_assert_str_eq(e.message, want);
    cr_assert_null(b);
    dapple_field_free(f);
}
