/* SPDX-License-Identifier: MIT
 * Domains that wrap one axis only (issue #38: a window pane with snow at its foot, tileable
 * across): the sampler in every mode, a world of chunks, circles to avoid and the public
 * options. Along the axis that wraps the pair rule holds across the seam, as on a torus;
 * the other axis has edges, and points near them are not held off by points at the
 * opposite edge (the checker that wraps both axes finds such pairs). The options: 'wrap'
 * names the axes and wins over 'periodic'; a program built before it (a shorter struct)
 * gets 'periodic's meaning; an unknown value is refused by name. */
#include <criterion/criterion.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/wrap.h"
#include "core/world.h"
#include "dapple.h"
#include "stats/points_check.h"
#include "point_helpers.h"
#include "sampled_run.h"

static dapple_field_opts field_opts(double w, double h, double rmin, double rmax, dapple_wrap wrap)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.width = w, o.height = h, o.rmin = rmin, o.rmax = rmax;
    o.kind = rmin == rmax ? DAPPLE_FIELD_CONSTANT : DAPPLE_FIELD_PERLIN;
    o.perlin.scale = 40;
    o.wrap = wrap;
    return o;
}

static dapple_sampler_opts sampler_opts(double w, double h, dapple_wrap wrap)
{
    dapple_sampler_opts o;
    dapple_sampler_opts_init(&o);
    o.width = w, o.height = h, o.seed = 5;
    o.wrap = wrap;
    return o;
}

static dp_pair_report check(const dapple_point *p, size_t n, double w, double h, dp_wrap wrap)
{
    dp_pair_report rep;
    cr_assert(dp_points_check_min_distance(p, n, w, h, wrap, &rep));
    return rep;
}

/* The rule holds with the axes that wrap, and fails when the other one is wrapped too. */
static void expect_one_axis(const dapple_point *p, size_t n, double w, double h, dp_wrap wrap,
                            const char *what)
{
    dp_pair_report rep = check(p, n, w, h, wrap);
    cr_assert_eq(rep.out_of_domain, 0, "%s: %zu points outside", what, rep.out_of_domain);
    cr_assert_eq(rep.violations, 0, "%s: %zu pairs too close across the seam", what,
                 rep.violations);
    rep = check(p, n, w, h, dp_wrap_both(true));
    cr_assert_gt(rep.violations, 0, "%s: the edges that do not wrap kept their points apart", what);
}

static const dapple_wrap ONE_AXIS[] = { DAPPLE_WRAP_X, DAPPLE_WRAP_Y };

/* ---------------------------------------------------------------- the sampler */

Test(wrap_axis, every_mode_keeps_the_rule_across_the_seam_that_wraps_only)
{
    for (int a = 0; a < 2; a++)
        for (int mode = 0; mode < 5; mode++) {
            dapple_wrap wrap = ONE_AXIS[a];
            double rmax = mode % 2 ? 4 : 1.5; /* odd modes: a Perlin field of radii */
            dapple_field_opts fo = field_opts(150, 110, 1.2, rmax, wrap);
            dapple_sampler_opts so = sampler_opts(150, 110, wrap);
            so.dense = mode == 2, so.maximal = mode == 3, so.relax = mode == 4;
            run r = run_sampler(&fo, &so);
            char what[64];
            snprintf(what, sizeof what, "wrap %s, mode %d", wrap == DAPPLE_WRAP_X ? "x" : "y",
                     mode);
            expect_one_axis(r.p, r.n, 150, 110, dp_wrap_of(false, wrap), what);
            if (so.maximal) { /* no gap left, the seam's included (borders of bounded edges) */
                double open = dp_points_uncovered(r.p, r.n, 150, 110, dp_wrap_of(false, wrap), rmax,
                                                  0.2, r.field);
                cr_assert_eq(open, 0.0, "%s: uncovered %g", what, open);
            }
            done(&r);
        }
}

/* A point set that tiles across keeps its points near the top and bottom edges as a
 * bounded one does: the band near each edge is as full as the middle. */
Test(wrap_axis, points_reach_the_edges_that_do_not_wrap)
{
    dapple_field_opts fo = field_opts(200, 120, 1.5, 1.5, DAPPLE_WRAP_X);
    dapple_sampler_opts so = sampler_opts(200, 120, DAPPLE_WRAP_X);
    run r = run_sampler(&fo, &so);
    size_t top = 0, bottom = 0, middle = 0;
    for (size_t i = 0; i < r.n; i++) {
        double y = r.p[i].y;
        top += y < 6, bottom += y >= 114, middle += y >= 57 && y < 63;
    }
    cr_assert(top > middle / 2 && bottom > middle / 2, "top %zu, bottom %zu, middle %zu", top,
              bottom, middle);
    done(&r);
}

/* ---------------------------------------------------------------- options */

static uint64_t points_hash(bool periodic, dapple_wrap wrap, size_t sampler_size)
{
    dapple_field_opts fo = field_opts(120, 90, 1, 3, wrap);
    fo.periodic = periodic;
    dapple_sampler_opts so;
    memset(&so, 0x5a, sizeof so); /* an older program's struct ends before 'wrap' */
    dapple_sampler_opts_init_size(&so, sampler_size);
    so.width = 120, so.height = 90, so.seed = 5, so.periodic = periodic;
    if (sampler_size == sizeof so)
        so.wrap = wrap;
    run r = run_sampler(&fo, &so);
    uint64_t h = points_fnv(r.p, r.n);
    done(&r);
    return h;
}

Test(wrap_axis, wrap_wins_over_periodic_and_an_older_program_keeps_its_meaning)
{
    size_t full = sizeof(dapple_sampler_opts), old = offsetof(dapple_sampler_opts, wrap);
    uint64_t torus = points_hash(true, DAPPLE_WRAP_AS_PERIODIC, full);
    uint64_t plane = points_hash(false, DAPPLE_WRAP_AS_PERIODIC, full);
    uint64_t across = points_hash(false, DAPPLE_WRAP_X, full);
    cr_assert_neq(torus, plane);
    cr_assert_neq(across, torus);
    cr_assert_neq(across, plane);
    cr_assert_eq(points_hash(true, DAPPLE_WRAP_XY, full), torus);
    cr_assert_eq(points_hash(false, DAPPLE_WRAP_XY, full), torus);
    cr_assert_eq(points_hash(true, DAPPLE_WRAP_NONE, full), plane);
    cr_assert_eq(points_hash(true, DAPPLE_WRAP_X, full), across);
    /* a program built before 'wrap': its struct ends before it, 'periodic' decides */
    cr_assert_eq(points_hash(true, DAPPLE_WRAP_AS_PERIODIC, old), torus);
    cr_assert_eq(points_hash(false, DAPPLE_WRAP_AS_PERIODIC, old), plane);
}

Test(wrap_axis, an_unknown_wrap_is_refused_by_name)
{
    dapple_error err;
    dapple_field_opts fo = field_opts(64, 64, 2, 2, (dapple_wrap)7);
    dapple_field *f = (dapple_field *)1;
    cr_assert_eq(dapple_field_new(&f, &fo, &err), DAPPLE_E_INVALID);
    cr_assert_null(f);
    cr_assert_str_eq(err.message, "wrap must be a dapple_wrap value, got 7");
    fo.wrap = DAPPLE_WRAP_X;
    cr_assert_eq(dapple_field_new(&f, &fo, &err), DAPPLE_OK, "%s", err.message);
    dapple_sampler_opts so = sampler_opts(64, 64, (dapple_wrap)-1);
    dapple_sampler *s = (dapple_sampler *)1;
    cr_assert_eq(dapple_sampler_new(&s, f, &so, &err), DAPPLE_E_INVALID);
    cr_assert_null(s);
    cr_assert_str_eq(err.message, "wrap must be a dapple_wrap value, got -1");
    dapple_point *p = (dapple_point *)1;
    size_t n;
    dapple_stop stop;
    cr_assert_eq(dapple_world_sample(f, &so, NULL, 1, &p, &n, &stop, &err), DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message, "wrap must be a dapple_wrap value, got -1");
    cr_assert_null(p);
    dapple_circles *c = (dapple_circles *)1;
    cr_assert_eq(dapple_circles_new_wrap(&c, 64, 64, (dapple_wrap)5, &err), DAPPLE_E_INVALID);
    cr_assert_null(c);
    cr_assert_str_eq(err.message, "circles: wrap must be a dapple_wrap value, got 5");
    dapple_field_free(f);
}

/* ---------------------------------------------------------------- circles */

Test(wrap_axis, circles_meet_across_the_seam_that_wraps_only)
{
    dapple_circles *c = NULL;
    dapple_error err;
    cr_assert_eq(dapple_circles_new_wrap(&c, 100, 80, DAPPLE_WRAP_X, &err), DAPPLE_OK);
    dapple_point p = { 1, 1, 2 };
    cr_assert_eq(dapple_circles_add(c, &p, 1, 1, &err), DAPPLE_OK);
    cr_assert(dapple_circles_overlap(c, 98, 1, 2), "across the side seam");
    cr_assert(!dapple_circles_overlap(c, 1, 78, 2), "across the top edge, which does not wrap");
    cr_assert(!dapple_circles_overlap(c, 98, 78, 2), "across the corner");
    dapple_circles_free(c);
    cr_assert_eq(dapple_circles_new_wrap(&c, 100, 80, DAPPLE_WRAP_Y, &err), DAPPLE_OK);
    cr_assert_eq(dapple_circles_add(c, &p, 1, 1, &err), DAPPLE_OK);
    cr_assert(!dapple_circles_overlap(c, 98, 1, 2));
    cr_assert(dapple_circles_overlap(c, 1, 78, 2));
    dapple_circles_free(c);
}

/* ---------------------------------------------------------------- worlds */

static dapple_point *world(const dapple_field *f, const dapple_sampler_opts *so, double rx,
                           double ry, double rw, double rh, size_t *n)
{
    dp_world_opts o;
    dp_world_opts_init(&o, f, so);
    o.rx = rx, o.ry = ry, o.rw = rw, o.rh = rh, o.threads = 2;
    dapple_point *p = NULL;
    dapple_stop stop;
    dapple_error e;
    cr_assert_eq(dp_world_sample(&o, &p, n, &stop, &e), DAPPLE_OK, "%s", e.message);
    return p;
}

/* Chunks in four phases over a world that wraps one axis: the rule across its seam and
 * chunk seams, and the regions of a split are the world's points there, exactly. */
Test(wrap_axis, a_world_of_chunks_wraps_one_axis)
{
    for (int a = 0; a < 2; a++) {
        dapple_wrap wrap = ONE_AXIS[a];
        dapple_field_opts fo = field_opts(640, 520, 1, 3, wrap);
        fo.perlin.scale = 80;
        dapple_sampler_opts so = sampler_opts(640, 520, wrap);
        dapple_field *f = NULL;
        dapple_error e;
        cr_assert_eq(dapple_field_new(&f, &fo, &e), DAPPLE_OK, "%s", e.message);
        size_t n, k1, k2;
        dapple_point *all = world(f, &so, 0, 0, 640, 520, &n);
        cr_assert_gt(n, 10000);
        expect_one_axis(all, n, 640, 520, dp_wrap_of(false, wrap), "world");
        dapple_point *left = world(f, &so, 0, 0, 333, 520, &k1);
        dapple_point *right = world(f, &so, 333, 0, 307, 520, &k2);
        cr_assert_eq(k1 + k2, n, "regions %zu + %zu, world %zu", k1, k2, n);
        size_t i1 = 0, i2 = 0;
        for (size_t i = 0; i < n; i++) { /* the world's order: chunk by chunk, each split */
            bool in_left = all[i].x < 333;
            const dapple_point *q = in_left ? &left[i1++] : &right[i2++];
            cr_assert(memcmp(q, &all[i], sizeof *q) == 0, "point %zu differs", i);
        }
        free(all), free(left), free(right);
        dapple_field_free(f);
    }
}
