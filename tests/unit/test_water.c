/* SPDX-License-Identifier: MIT
 * Water (issue #18), measured on fixed seeds: the size spread makes neighbouring drops
 * differ (read back from the height map), drawn sizes follow their power law and bell,
 * drawn drops never overlap, and the factor is a function of the place alone. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/size_spread.h"
#include "render/render.h"

static dp_texture_spec spec;
static dp_scene scene;

static void drops_spec(int side, double r)
{
    dp_texture_spec_init(&spec);
    spec.width = spec.height = side;
    spec.seed = 18;
    spec.periodic = true;
    spec.n_layers = 1;
    dp_layer_spec *l = &spec.layers[0];
    dp_layer_spec_init(l);
    strcpy(l->name, "drops");
    l->style = DP_STYLE_DROPLETS;
    l->field.rmin = l->field.rmax = r;
}

static void sample(void)
{
    dapple_error err;
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double torus_d2(const dapple_point *p, const dapple_point *q)
{
    double dx = fabs((double)p->x - (double)q->x), dy = fabs((double)p->y - (double)q->y);
    dx = DP_MIN(dx, spec.width - dx);
    dy = DP_MIN(dy, spec.height - dy);
    return dx * dx + dy * dy;
}

static size_t nearest(const dp_layer_points *lp, size_t i)
{
    size_t best = i;
    double bd = INFINITY;
    for (size_t j = 0; j < lp->count; j++)
        if (j != i && torus_d2(&lp->points[i], &lp->points[j]) < bd)
            bd = torus_d2(&lp->points[i], &lp->points[j]), best = j;
    return best;
}

/* Relative size difference of each drop and its nearest neighbour, from the peak of the
 * height map under each centre (a cap's height is proportional to its base radius). */
static double neighbour_difference(void)
{
    static uint16_t h[256 * 256];
    const dp_layer_points *lp = &scene.layers[0];
    dp_render_height_into(&spec, &scene, h);
    double *d = calloc(lp->count, sizeof *d);
    for (size_t i = 0; i < lp->count; i++) {
        const dapple_point *p = &lp->points[i], *q = &lp->points[nearest(lp, i)];
        double a = h[(int)p->y * 256 + (int)p->x], b = h[(int)q->y * 256 + (int)q->x];
        d[i] = fabs(a - b) / DP_MAX(a, b);
    }
    double m = median(d, lp->count);
    free(d);
    return m;
}

Test(water, size_jitter_makes_neighbouring_drops_differ)
{
    drops_spec(256, 24);
    sample();
    double flat = neighbour_difference();
    cr_assert_lt(flat, 0.02, "no jitter: neighbours alike (%.3f)", flat);
    spec.layers[0].size.jitter = 0.75;
    double spread = neighbour_difference();
    cr_log_info("neighbour size difference: %.3f without jitter, %.3f with 0.75", flat, spread);
    cr_assert_geq(spread, 0.25, "jitter 0.75: median neighbour difference %.3f", spread);
    dp_scene_fini(&scene);
}

/* Slope of log(count) against log(size) over the histogram's bins in [lo, hi]. */
static double log_slope(const int *bins, int n, double lo, double hi)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int k = 0;
    for (int b = 0; b < n; b++) {
        double g = (b + 0.5) / n;
        if (g < lo || g > hi || bins[b] == 0)
            continue;
        double x = log(g), y = log(bins[b]);
        sx += x, sy += y, sxx += x * x, sxy += x * y, k++;
    }
    return (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

Test(water, drawn_sizes_match_their_exponent_and_mode)
{
    enum { N = 400000, BINS = 50 };
    static int bins[BINS];
    dp_size_spread s = { .power = 2.5, .min = 0.1, .bell = 0.3, .mode = 0.75 };
    for (int i = 0; i < N; i++) {
        double g = dp_size_factor(&s, 7, (float)(i % 1000) * 1.37f, (float)(i / 1000) * 2.11f);
        cr_assert(g >= s.min && g <= 1, "factor %g outside [min, 1]", g);
        bins[DP_MIN(BINS - 1, (int)(g * BINS))]++;
    }
    /* Power law below the bell (mode - 3 widths), bell mode above 0.5. */
    double slope = -log_slope(bins, BINS, 0.12, s.mode - 3 * DP_SIZE_BELL_WIDTH);
    cr_assert(fabs(slope - s.power) <= 0.1 * s.power, "exponent %.3f, want %.2f", slope, s.power);
    int peak = BINS / 2;
    for (int b = BINS / 2; b < BINS; b++)
        if (bins[b] > bins[peak])
            peak = b;
    double mode = (peak + 0.5) / BINS;
    cr_log_info("drawn sizes: exponent %.3f (want %.2f), mode %.3f (want %.2f)", slope, s.power,
                mode, s.mode);
    cr_assert(fabs(mode - s.mode) <= 0.1 * s.mode, "mode %.3f, want %.2f", mode, s.mode);
}

Test(water, spread_sizes_never_overlap)
{
    drops_spec(256, 20);
    spec.layers[0].size = (dp_size_spread){ .jitter = 0.3, .power = 1.5, .min = 0.2, .bell = 0.4,
                                            .mode = 0.9 };
    sample();
    const dp_layer_points *lp = &scene.layers[0];
    uint64_t seed = dp_layer_size_seed(spec.seed, "drops");
    int overlaps = 0;
    for (size_t i = 0; i < lp->count; i++)
        for (size_t j = i + 1; j < lp->count; j++) {
            double a = dp_layer_point_radius(&spec.layers[0], seed, &lp->points[i]);
            double b = dp_layer_point_radius(&spec.layers[0], seed, &lp->points[j]);
            overlaps += torus_d2(&lp->points[i], &lp->points[j]) < (a + b) * (a + b);
        }
    cr_assert_eq(overlaps, 0);
    dp_scene_fini(&scene);
}

Test(water, size_factor_depends_on_the_place_alone)
{
    dp_size_spread s = { .jitter = 0.5, .power = 2, .min = 0.1, .bell = 0.5, .mode = 0.7 };
    double a = dp_size_factor(&s, 3, 10.5f, 20.25f);
    cr_assert_eq(dp_size_factor(&s, 3, 99.0f, 1.0f), dp_size_factor(&s, 3, 99.0f, 1.0f));
    cr_assert_eq(dp_size_factor(&s, 3, 10.5f, 20.25f), a);
    cr_assert_neq(dp_size_factor(&s, 4, 10.5f, 20.25f), a, "the seed matters");
    s = (dp_size_spread){ .min = 0.1, .bell = 0.5, .mode = 0.7 };
    cr_assert_eq(dp_size_factor(&s, 3, 10.5f, 20.25f), 1, "off: full size");
}
