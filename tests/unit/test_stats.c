/* SPDX-License-Identifier: MIT
 * src/stats on sets whose answers are known: a hexagonal lattice, a regular and a
 * jittered grid, white noise, dapple's own sets, and one of them with a pair moved closer.
 * Pair counts are checked against brute force over all pairs and against the independent
 * checker in stats/points_check.c. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "stats/points_check.h"
#include "dapple.h"
#include "stats/stats.h"

static uint64_t state;

static double uniform(void)
{
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return (double)(state >> 11) * (1.0 / 9007199254740992.0);
}

static dapple_point *white(size_t n, double w, double r)
{
    dapple_point *p = calloc(n, sizeof *p);
    state = 88172645463325252ull;
    for (size_t i = 0; i < n; i++)
        p[i] = (dapple_point){ .x = (float)(uniform() * w),
                               .y = (float)(uniform() * w),
                               .r = (float)r };
    return p;
}

/* g x g cells of side c; jitter 0 = cell centres, 1 = anywhere in the cell. */
static dapple_point *grid(int g, double c, double jitter, double r)
{
    dapple_point *p = calloc((size_t)g * g, sizeof *p);
    state = 7;
    for (int j = 0; j < g; j++)
        for (int i = 0; i < g; i++)
            p[j * g + i] = (dapple_point){ .x = (float)((i + 0.5 + jitter * (uniform() - 0.5)) * c),
                                           .y = (float)((j + 0.5 + jitter * (uniform() - 0.5)) * c),
                                           .r = (float)r };
    return p;
}

/* A hexagonal lattice of spacing a that tiles a periodic domain of cols x rows points;
 * r is a hair below a, so float rounding of the positions cannot break the pair rule. */
static dapple_point *hexagonal(int cols, int rows, double a, double *w, double *h)
{
    dapple_point *p = calloc((size_t)cols * rows, sizeof *p);
    double dy = a * sqrt(3.0) / 2;
    for (int j = 0; j < rows; j++)
        for (int i = 0; i < cols; i++)
            p[j * cols + i] = (dapple_point){ .x = (float)((i + 0.5 * (j & 1)) * a),
                                              .y = (float)(j * dy),
                                              .r = (float)(a * 0.9999) };
    *w = cols * a;
    *h = rows * dy;
    return p;
}

static dapple_point *bridson(double w, double r, bool dense, bool periodic, size_t *n)
{
    dapple_field_opts fo;
    dapple_sampler_opts so;
    dapple_field *f = NULL;
    dapple_sampler *s = NULL;
    dapple_stop stop;
    dapple_error err;
    dapple_field_opts_init(&fo);
    fo.width = fo.height = w, fo.rmin = fo.rmax = r, fo.periodic = periodic;
    dapple_sampler_opts_init(&so);
    so.width = so.height = w, so.dense = dense, so.periodic = periodic;
    cr_assert(dapple_field_new(&f, &fo, &err) == DAPPLE_OK);
    cr_assert(dapple_sampler_new(&s, f, &so, &err) == DAPPLE_OK);
    cr_assert(dapple_sampler_run(s, &stop, &err) == DAPPLE_OK);
    const dapple_point *q = dapple_sampler_points(s, n);
    dapple_point *p = malloc(*n * sizeof *p);
    memcpy(p, q, *n * sizeof *p);
    dapple_sampler_free(s);
    dapple_field_free(f);
    return p;
}

static dp_stats_pairs pairs(const dapple_point *p, size_t n, double w, double h, bool periodic)
{
    dp_stats_set s = { p, n, w, h, dp_wrap_both(periodic) };
    dp_stats_pairs out;
    dapple_error err;
    cr_assert(dp_stats_pairs_run(&s, &out, &err) == DAPPLE_OK);
    return out;
}

static dp_stats_spectrum spectrum(const dapple_point *p, size_t n, double w, bool periodic,
                                  bool differential)
{
    dp_stats_set s = { p, n, w, w, dp_wrap_both(periodic) };
    dp_stats_spectrum out;
    dapple_error err;
    cr_assert(dp_stats_spectrum_run(&s, differential, &out, &err) == DAPPLE_OK);
    return out;
}

/* All pairs, the slow way: counts below max(r) and min(r), the smallest distance. */
static void brute(const dapple_point *p, size_t n, double w, bool periodic, size_t *cmax,
                  size_t *cmin, double *dmin)
{
    *cmax = *cmin = 0, *dmin = INFINITY;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double dx = fabs((double)p[i].x - (double)p[j].x);
            double dy = fabs((double)p[i].y - (double)p[j].y);
            if (periodic)
                dx = fmin(dx, w - dx), dy = fmin(dy, w - dy);
            double d = hypot(dx, dy);
            double hi = fmax(p[i].r, p[j].r), lo = fmin(p[i].r, p[j].r);
            *cmax += d < hi, *cmin += d < lo, *dmin = fmin(*dmin, d);
        }
}

Test(stats, pair_counts_match_brute_force_and_the_checker)
{
    dapple_point *p = white(1500, 200, 0);
    state = 3;
    for (size_t i = 0; i < 1500; i++)
        p[i].r = (float)(1 + 4 * uniform()); /* variable radii: the ownership rule matters */
    for (int periodic = 0; periodic < 2; periodic++) {
        size_t cmax, cmin;
        double dmin;
        brute(p, 1500, 200, periodic, &cmax, &cmin, &dmin);
        dp_stats_pairs s = pairs(p, 1500, 200, 200, periodic);
        dp_pair_report rep;
        cr_assert(dp_points_check_min_distance(p, 1500, 200, 200, dp_wrap_both(periodic), &rep));
        cr_assert_gt(cmax, 100);
        cr_expect_eq(s.close_max, cmax, "periodic %d: %zu, brute force %zu", periodic, s.close_max,
                     cmax);
        cr_expect_eq(s.close_max, rep.violations);
        cr_expect_eq(s.close_min, cmin);
        cr_expect_float_eq(s.d_min, dmin, 1e-12);
        cr_expect_float_eq(s.worst, rep.worst, 1e-12);
    }
    free(p);
}

Test(stats, one_pair_moved_closer_is_exactly_one_violation)
{
    size_t n;
    dapple_point *p = bridson(256, 4, false, false, &n);
    dp_stats_pairs before = pairs(p, n, 256, 256, false);
    cr_expect_eq(before.close_max, 0);
    cr_expect_eq(before.close_min, 0);
    cr_expect_geq(before.worst, 1.0);
    /* move point 1 to 3.9 from point 0, inside the domain, away from every other point */
    size_t a = 0, b = 1;
    for (size_t i = 0; i < n; i++)
        if (p[i].x > 50 && p[i].x < 200 && p[i].y > 50 && p[i].y < 200) {
            a = i;
            break;
        }
    p[b].x = p[a].x + 3.9f, p[b].y = p[a].y;
    size_t cmax, cmin;
    double dmin;
    brute(p, n, 256, false, &cmax, &cmin, &dmin);
    dp_stats_pairs after = pairs(p, n, 256, 256, false);
    cr_expect_eq(after.close_max, cmax);
    cr_expect_geq(after.close_max, 1);
    cr_expect_lt(after.worst, 0.98);
    cr_expect(after.first_i == DP_MIN(a, b) || after.close_max > 1);
    free(p);
}

Test(stats, hexagonal_lattice_has_rho_one_and_no_gaps)
{
    double w, h;
    dapple_point *p = hexagonal(40, 46, 5, &w, &h);
    dp_stats_pairs s = pairs(p, 40 * 46, w, h, true);
    cr_expect_float_eq(s.rho, 1.0, 1e-5, "rho %g", s.rho);
    cr_expect_float_eq(s.nn_mean, 1 / 0.9999, 1e-5);
    cr_expect_lt(s.nn_cv, 1e-5);
    cr_expect_eq(s.close_max, 0);
    cr_expect_float_eq(s.worst, 1 / 0.9999, 1e-5);
    /* every spot of a hexagonal lattice is within a / sqrt(3) < a of a point */
    cr_expect_eq(dp_points_uncovered(p, 40 * 46, w, h, dp_wrap_both(true), 0, 0.5, NULL), 0.0);
    free(p);
}

Test(stats, white_noise_has_a_flat_spectrum_and_rdf)
{
    dapple_point *p = white(20000, 400, 2);
    dp_stats_spectrum s = spectrum(p, 20000, 400, true, false);
    cr_assert_eq(s.centres, 20000);
    for (int k = 1; dp_stats_ring_f(k) <= 1.0; k++)
        cr_expect(fabs(s.radial[k] - 1) < 0.25, "P(%g) = %g", dp_stats_ring_f(k), s.radial[k]);
    double g = 0;
    for (int k = 20; k < 80; k++)
        g += s.rdf[k] / 60;
    cr_expect(fabs(g - 1) < 0.05, "mean g over [1, 4) r: %g", g);
    dp_stats_pairs pr = pairs(p, 20000, 400, 400, true);
    cr_expect_lt(pr.rho, 0.05);
    /* nearest neighbours of a Poisson process: mean 1 / (2 sqrt(lambda)) */
    double expect = 0.5 / sqrt(20000 / (400.0 * 400.0));
    cr_expect(fabs(pr.nn_mean * 2 - expect) < 0.03 * expect, "mean NN %g, want %g", pr.nn_mean * 2,
              expect);
    dp_stats_spectrum_fini(&s);
    free(p);
}

Test(stats, bridson_is_blue_below_half_its_peak)
{
    size_t n;
    dapple_point *p = bridson(300, 3, false, true, &n);
    dp_stats_spectrum s = spectrum(p, n, 300, true, false);
    dp_stats_pairs pr = pairs(p, n, 300, 300, true);
    cr_expect(s.peak_f > 0.75 && s.peak_f < 1.1, "peak at %g", s.peak_f);
    for (int k = 1; dp_stats_ring_f(k) < s.peak_f / 2; k++)
        cr_expect_lt(s.radial[k], 0.2, "P(%g) = %g", dp_stats_ring_f(k), s.radial[k]);
    cr_expect_geq(pr.rho, 0.73);
    cr_expect_eq(pr.close_max, 0);
    for (int k = 0; k < 20; k++) /* no pair closer than r: g = 0 below 1 */
        cr_expect_eq(s.rdf[k], 0.0);
    for (int k = 1; k < DP_STATS_RINGS; k++)
        if (dp_stats_ring_f(k) >= s.peak_f)
            cr_expect_lt(s.anisotropy[k], -10, "anisotropy(%g) = %g", dp_stats_ring_f(k),
                         s.anisotropy[k]);
    dp_stats_spectrum_fini(&s);
    free(p);
}

Test(stats, dense_packs_tighter_than_bridson)
{
    size_t n;
    dapple_point *p = bridson(300, 3, true, true, &n);
    dp_stats_pairs pr = pairs(p, n, 300, 300, true);
    cr_expect_geq(pr.rho, 0.85, "rho %g", pr.rho);
    cr_expect_eq(pr.close_max, 0);
    free(p);
}

Test(stats, a_regular_grid_shows_anisotropy_peaks)
{
    dapple_point *p = grid(100, 3, 0, 3);
    dp_stats_spectrum s = spectrum(p, 10000, 300, true, false);
    double peak = -INFINITY;
    for (int k = 1; k < DP_STATS_RINGS; k++)
        peak = fmax(peak, s.anisotropy[k]);
    cr_expect_gt(peak, 10, "grid anisotropy peak %g dB", peak);
    /* the lattice frequency 1 / spacing = 1 cycle per r carries the power */
    cr_expect_float_eq(s.peak_f, 1.0, 1e-9);
    dp_stats_spectrum_fini(&s);
    free(p);
}

Test(stats, a_jittered_grid_is_low_at_low_frequencies)
{
    dapple_point *p = grid(100, 3, 1, 3);
    dp_stats_spectrum s = spectrum(p, 10000, 300, true, false);
    /* P(f) = 1 - sinc^2(pi fx) sinc^2(pi fy) away from the lattice: near 0 at low f */
    cr_expect_lt(s.radial[2], 0.1, "P(0.1) = %g", s.radial[2]);
    cr_expect(fabs(s.radial[60] - 1) < 0.15, "P(3) = %g", s.radial[60]);
    dp_stats_pairs pr = pairs(p, 10000, 300, 300, true);
    cr_expect_eq(pr.outside, 0);
    dp_stats_spectrum_fini(&s);
    free(p);
}

Test(stats, points_outside_are_counted)
{
    dapple_point p[3] = { { .x = 1, .y = 1, .r = 1 },
                          { .x = 10, .y = 5, .r = 1 },
                          { .x = 5, .y = 10, .r = 1 } };
    dp_stats_pairs s = pairs(p, 3, 10, 10, false);
    cr_expect_eq(s.outside, 2); /* x = W and y = H lie outside [0, W) x [0, H) */
}

Test(stats, a_small_domain_has_no_spectrum)
{
    dapple_point *p = white(50, 30, 2);
    dp_stats_spectrum s = spectrum(p, 50, 30, false, false);
    cr_expect_eq(s.centres, 0);
    cr_expect_null(s.power);
    cr_expect(isnan(s.radial[3]));
    free(p);
}

Test(stats, density_quantiles_follow_the_field)
{
    dapple_field_opts fo;
    dapple_field *f = NULL;
    dapple_error err;
    dapple_field_opts_init(&fo);
    fo.kind = DAPPLE_FIELD_PERLIN, fo.width = fo.height = 400, fo.rmin = 2, fo.rmax = 6;
    cr_assert(dapple_field_new(&f, &fo, &err) == DAPPLE_OK);
    dapple_sampler_opts so;
    dapple_sampler *s = NULL;
    dapple_stop stop;
    dapple_sampler_opts_init(&so);
    so.width = so.height = 400;
    cr_assert(dapple_sampler_new(&s, f, &so, &err) == DAPPLE_OK);
    cr_assert(dapple_sampler_run(s, &stop, &err) == DAPPLE_OK);
    size_t n;
    const dapple_point *p = dapple_sampler_points(s, &n);
    dp_stats_set set = { p, n, 400, 400, dp_wrap_both(false) };
    dp_stats_density d;
    cr_assert(dp_stats_density_run(&set, f, &d, &err) == DAPPLE_OK);
    cr_expect_eq(d.bins, DP_STATS_QUANTILES);
    size_t total = d.refused;
    for (int k = 0; k < d.bins; k++) {
        total += d.bin[k].measured;
        cr_expect_float_eq(d.bin[k].area, 1.0 / DP_STATS_QUANTILES, 0.01);
        double ratio = (double)d.bin[k].measured / d.bin[k].expected;
        cr_expect(ratio > 0.9 && ratio < 1.1, "bin %d: %zu points, %g expected", k,
                  d.bin[k].measured, d.bin[k].expected);
        if (k > 0)
            cr_expect_lt(d.bin[k].rel_density, d.bin[k - 1].rel_density);
    }
    cr_expect_eq(total, n);
    dapple_sampler_free(s);
    dapple_field_free(f);
}

Test(stats, same_points_same_numbers)
{
    size_t n;
    dapple_point *p = bridson(200, 2, false, true, &n);
    dp_stats_spectrum a = spectrum(p, n, 200, true, true), b = spectrum(p, n, 200, true, true);
    cr_expect_eq(memcmp(a.power, b.power, sizeof(double) * DP_STATS_NF * DP_STATS_NF), 0);
    dp_stats_spectrum_fini(&a);
    dp_stats_spectrum_fini(&b);
    free(p);
}

/* A density map 90 % at 25 % grey with a white road across it (10 % of the area): equal-
 * area quantiles merged the road into its surroundings (one row, ratio 1.000 whatever the
 * road got); the road is a level and gets its own row, with the measured count within 5 %
 * of what the map asks. */
Test(stats, density_gives_a_small_level_its_own_row)
{
    static uint16_t px[100 * 100];
    for (int j = 0; j < 100; j++)
        for (int i = 0; i < 100; i++)
            px[j * 100 + i] = j >= 45 && j < 55 ? 65535 : 65535 / 4;
    dapple_field_opts fo;
    dapple_field *f = NULL;
    dapple_error err;
    dapple_field_opts_init(&fo);
    fo.kind = DAPPLE_FIELD_IMAGE, fo.map = DAPPLE_MAP_DENSITY;
    fo.image = (dapple_grey){ px, 100, 100 };
    fo.width = fo.height = 400, fo.rmin = 2, fo.rmax = 40, fo.periodic = true;
    cr_assert(dapple_field_new(&f, &fo, &err) == DAPPLE_OK, "%s", err.message);
    dapple_sampler_opts so;
    dapple_sampler *s = NULL;
    dapple_stop stop;
    dapple_sampler_opts_init(&so);
    so.width = so.height = 400, so.periodic = true;
    cr_assert(dapple_sampler_new(&s, f, &so, &err) == DAPPLE_OK);
    cr_assert(dapple_sampler_run(s, &stop, &err) == DAPPLE_OK);
    size_t n;
    const dapple_point *p = dapple_sampler_points(s, &n);
    dp_stats_set set = { p, n, 400, 400, dp_wrap_both(true) };
    dp_stats_density d;
    cr_assert(dp_stats_density_run(&set, f, &d, &err) == DAPPLE_OK);
    cr_assert_geq(d.bins, 2, "the road merged into the ground: %d row", d.bins);
    const dp_stats_density_bin *road = &d.bin[0], *ground = &d.bin[d.bins - 1];
    cr_expect(road->level && ground->level);
    cr_expect_float_eq(road->r_lo, 2, 1e-9);
    for (int k = 0; k < d.bins; k++)
        cr_log_info("row %d: r %g .. %g, %.2f %%, %zu of %g", k, d.bin[k].r_lo, d.bin[k].r_hi,
                    100 * d.bin[k].area, d.bin[k].measured, d.bin[k].expected);
    /* the blend at the road's edges (bilinear, 4 pixels of the map a side) is a row apart */
    cr_expect_float_eq(road->area, 0.09, 0.01);
    cr_expect_float_eq(ground->area, 0.89, 0.01);
    cr_expect_float_eq(ground->rel_density, 0.25, 0.01);
    for (int k = 0; k < d.bins; k++) {
        double ratio = (double)d.bin[k].measured / d.bin[k].expected;
        cr_expect(d.bin[k].area < 0.05 || (ratio > 0.95 && ratio < 1.05),
                  "row %d (r %g .. %g, %.1f %%): %zu points, %g expected", k, d.bin[k].r_lo,
                  d.bin[k].r_hi, 100 * d.bin[k].area, d.bin[k].measured, d.bin[k].expected);
    }
    dapple_sampler_free(s);
    dapple_field_free(f);
}
