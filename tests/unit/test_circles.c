/* SPDX-License-Identifier: MIT
 * Obstacle circles: overlap means strict intersection, scale multiplies radii, periodic
 * sets wrap, and the grid answers exactly what a brute-force scan answers. */
#include <criterion/criterion.h>
#include <math.h>

#include "dapple.h"
#include "core/circles.h"
#include "core/rng.h"

static dapple_circles *make(double w, double h, bool periodic)
{
    dapple_circles *c = NULL;
    dapple_error err;
    cr_assert_eq(dapple_circles_new(&c, w, h, periodic, &err), DAPPLE_OK, "%s", err.message);
    return c;
}

Test(circles, empty_set_overlaps_nothing)
{
    dapple_circles *c = make(50, 50, false);
    cr_assert(!dapple_circles_overlap(c, 25, 25, 100));
    dapple_circles_free(c);
}

Test(circles, overlap_is_strict_and_scaled)
{
    dapple_circles *c = make(50, 50, false);
    dapple_point p = { 10, 10, 4 };
    cr_assert_eq(dapple_circles_add(c, &p, 1, 0.5, NULL), DAPPLE_OK); /* radius 2 */
    cr_assert(dapple_circles_overlap(c, 13.9, 10, 2));
    cr_assert(!dapple_circles_overlap(c, 14.0, 10, 2)); /* touching is not overlapping */
    cr_assert(!dapple_circles_overlap(c, 14.5, 10, 2));
    dapple_circles_free(c);
}

Test(circles, periodic_sets_wrap_and_bounded_ones_do_not)
{
    dapple_point p = { 0.5f, 5, 1 };
    dapple_circles *per = make(20, 20, true), *flat = make(20, 20, false);
    cr_assert_eq(dapple_circles_add(per, &p, 1, 1, NULL), DAPPLE_OK);
    cr_assert_eq(dapple_circles_add(flat, &p, 1, 1, NULL), DAPPLE_OK);
    cr_assert(dapple_circles_overlap(per, 19.5, 5, 0.5));
    cr_assert(!dapple_circles_overlap(flat, 19.5, 5, 0.5));
    dapple_circles_free(per);
    dapple_circles_free(flat);
}

static bool brute(const dapple_point *p, size_t n, double scale, double x, double y, double r,
                  double w, double h, bool periodic)
{
    for (size_t i = 0; i < n; i++) {
        double dx = fabs(x - (double)p[i].x), dy = fabs(y - (double)p[i].y);
        if (periodic)
            dx = fmin(dx, w - dx), dy = fmin(dy, h - dy);
        double s = r + scale * (double)p[i].r;
        if (dx * dx + dy * dy < s * s)
            return true;
    }
    return false;
}

static void compare_with_brute_force(bool periodic)
{
    enum { N = 300 };

    dapple_point p[N];
    dp_rng r;
    dp_rng_seed(&r, 5, 0);
    for (int i = 0; i < N; i++)
        p[i] = (dapple_point){ (float)(dp_rng_unit(&r) * 100), (float)(dp_rng_unit(&r) * 60),
                               (float)(0.2 + 3 * dp_rng_unit(&r)) };
    dapple_circles *c = make(100, 60, periodic);
    cr_assert_eq(dapple_circles_add(c, p, N / 2, 0.8, NULL), DAPPLE_OK);
    cr_assert_eq(dapple_circles_add(c, p + N / 2, N / 2, 0.8, NULL), DAPPLE_OK);
    for (int i = 0; i < 5000; i++) {
        double x = dp_rng_unit(&r) * 100, y = dp_rng_unit(&r) * 60, q = 4 * dp_rng_unit(&r);
        cr_assert_eq(dapple_circles_overlap(c, x, y, q),
                     brute(p, N, 0.8, x, y, q, 100, 60, periodic), "query %g,%g r=%g", x, y, q);
    }
    dapple_circles_free(c);
}

Test(circles, grid_agrees_with_brute_force)
{
    compare_with_brute_force(false);
}

Test(circles, periodic_grid_agrees_with_brute_force)
{
    compare_with_brute_force(true);
}

Test(circles, bad_input_is_refused_with_a_message)
{
    dapple_circles *c = NULL;
    dapple_error err;
    cr_assert_eq(dapple_circles_new(&c, 0, 10, false, &err), DAPPLE_E_INVALID);
    cr_assert_null(c);
    c = make(10, 10, false);
    dapple_point p = { 1, 1, 1 };
    cr_assert_eq(dapple_circles_add(c, &p, 1, -1, &err), DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message, "circles: scale must be >= 0, got -1");
    dapple_circles_free(c);
}

/* Issue #30: the avoid set of rain-on-window's small drops holds a few wide dry halos and
 * millions of small trail-track discs. One grid sized by the widest circle put thousands of
 * small discs in each cell a query visits (most of a 63 s render at 8192x8192); circles in
 * tiers by size keep a query's work to the discs near it. */
Test(circles, a_few_wide_circles_do_not_make_small_ones_costly)
{
    enum { SIDE = 1024 };

    dapple_circles *c = make(SIDE, SIDE, true);
    dapple_point wide[4] = {
        { 100, 100, 120 }, { 700, 300, 90 }, { 300, 800, 110 }, { 900, 900, 100 }
    };
    cr_assert_eq(dapple_circles_add(c, wide, 4, 1, NULL), DAPPLE_OK);
    /* tracks: vertical chains of r = 3 discs every 1.5 px, 8 px apart (~87 000 discs) */
    for (int x = 4; x < SIDE; x += 8) {
        dapple_point col[SIDE];
        size_t n = 0;
        for (double y = 0; y < SIDE; y += 1.5)
            col[n++] = (dapple_point){ (float)x, (float)y, 3 };
        cr_assert_eq(dapple_circles_add(c, col, n, 1, NULL), DAPPLE_OK);
    }
    /* between two tracks, clear of every wide circle: nothing overlaps */
    double x = 512, y = 560, q = 0.5;
    cr_assert(!dapple_circles_overlap(c, x, y, q));
    size_t tested = dp_circles_tested(c, x, y, q);
    cr_assert_leq(tested, 120, "one query tested %zu circles", tested);
    dapple_circles_free(c);
}

Test(circles, circles_outside_a_bounded_set_block_queries_outside_it)
{
    dapple_circles *c = make(50, 50, false);
    dapple_point p[2] = { { -30, 25, 8 }, { 10, 10, 40 } };
    cr_assert_eq(dapple_circles_add(c, p, 2, 1, NULL), DAPPLE_OK);
    cr_assert(dapple_circles_overlap(c, -25, 25, 1)); /* near the small one, filed at x = 0 */
    cr_assert(!dapple_circles_overlap(c, -45, 80, 1));
    dapple_circles_free(c);
}
