/* SPDX-License-Identifier: MIT
 * Gas bubbles (issues #24, #36): the ring round a small bubble is continuous, not dashed
 * (a ring thinner than a pixel fell between pixel centres), and a bubble is lighter than
 * the drink around it; trains are strings of bubbles large enough to read, growing as they
 * rise. test_bubbles.c measures the lens (bright core, dark ring) and the trains' growth.
 * Measured on presets/fizzy-bubbles.ini, fixed seed. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/dp.h"
#include "preset/preset.h"
#include "render/render.h"

static double luma_px(const uint8_t *d, int stride, int w, int h, int x, int y)
{
    x = ((x % w) + w) % w, y = ((y % h) + h) % h;
    uint32_t px = ((const uint32_t *)(const void *)(d + (size_t)y * stride))[x];
    return 0.2126 * (px >> 16 & 255) + 0.7152 * (px >> 8 & 255) + 0.0722 * (px & 255);
}

/* Bilinear, with pixel centres at +0.5: what a shader sampling the texture sees. */
static double luma_at(const uint8_t *d, int stride, int w, int h, double x, double y)
{
    x -= 0.5, y -= 0.5;
    int x0 = (int)floor(x), y0 = (int)floor(y);
    double fx = x - x0, fy = y - y0;
    double a = luma_px(d, stride, w, h, x0, y0), b = luma_px(d, stride, w, h, x0 + 1, y0);
    double c = luma_px(d, stride, w, h, x0, y0 + 1), e = luma_px(d, stride, w, h, x0 + 1, y0 + 1);
    return (a + (b - a) * fx) * (1 - fy) + (c + (e - c) * fx) * fy;
}

/* The rim's brightness toward angle th: the brightest sample from 0.6 a out to a + 0.5. */
static double rim_peak(const uint8_t *d, int stride, double x, double y, double a, double th)
{
    double best = 0;
    for (double rr = 0.6 * a; rr <= a + 0.5; rr += 0.1)
        best = DP_MAX(best, luma_at(d, stride, 256, 256, x + rr * cos(th), y + rr * sin(th)));
    return best;
}

Test(gas_rim, small_bubbles_have_a_continuous_rim_and_a_light_body)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cairo_surface_t *img = NULL;
    cr_assert_eq(dp_preset_load("presets/fizzy-bubbles.ini", &t, &err), DAPPLE_OK, "%s",
                 err.message);
    t.width = t.height = 256;
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_render_texture(&t, &s, &img, &err), DAPPLE_OK, "%s", err.message);
    const uint8_t *d = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    const dp_layer_spec *l = &t.layers[1];
    const dp_layer_points *lp = &s.layers[1];
    uint64_t seed = dp_layer_size_seed(t.seed, l->name);
    double ratio[512], lighter = 0;
    size_t n = 0;
    for (size_t i = 0; i < lp->count; i++) {
        const dapple_point *p = &lp->points[i];
        double a = dp_layer_point_radius(l, seed, p), px = p->x, py = p->y;
        if (a < 3 || a > 8 || n == 512)
            continue;
        double lo = 1e9, sum = 0, in, out;
        for (int k = 0; k < 64; k++) {
            double v = rim_peak(d, stride, px, py, a, 2 * DP_PI * k / 64);
            lo = DP_MIN(lo, v), sum += v;
        }
        in = out = 0;
        for (int k = 0; k < 16; k++) { /* the body (within half the radius) and the drink */
            double th = 2 * DP_PI * k / 16;
            double c = cos(th), sn = sin(th);
            in += luma_at(d, stride, 256, 256, px + 0.25 * a * c, py + 0.25 * a * sn) / 32;
            in += luma_at(d, stride, 256, 256, px + 0.5 * a * c, py + 0.5 * a * sn) / 32;
            out += luma_at(d, stride, 256, 256, px + 2.2 * a * c, py + 2.2 * a * sn) / 16;
        }
        ratio[n] = lo / (sum / 64);
        lighter += in - out;
        n++;
    }
    size_t broken = 0;
    for (size_t i = 0; i < n; i++)
        broken += ratio[i] < 0.6; /* a dash: the ring dips below 0.6 of its mean */
    fprintf(stderr,
            "gas rim: %zu bubbles of 3-8 px, %zu rims broken; bodies %+.1f luma "
            "over the drink\n",
            n, broken, lighter / n);
    cr_assert_gt(n, 20);
    cr_assert_leq(broken, n / 10, "%zu of %zu rims break into dashes", broken, n);
    cr_assert_geq(lighter / n, 30, "bodies only %+.1f luma over the drink", lighter / n);
    cairo_surface_destroy(img);
    dp_scene_fini(&s);
}

Test(gas_rim, trains_are_strings_of_distinct_bubbles_that_grow_as_they_rise)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/fizzy-bubbles.ini", &t, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    const dp_layer_points *lp = &s.layers[0];
    uint64_t seed = dp_layer_size_seed(t.seed, t.layers[0].name);
    double lo = 1e9, hi = 0;
    for (size_t i = 0; i < lp->count; i++) { /* the trains are the layer's points (#36) */
        double r = dp_layer_point_radius(&t.layers[0], seed, &lp->points[i]);
        lo = DP_MIN(lo, r), hi = DP_MAX(hi, r);
    }
    fprintf(stderr, "trains: %zu bubbles of radius %.1f to %.1f px\n", lp->count, lo, hi);
    cr_assert_geq(lo, 2, "the smallest train bubble (%.1f px) is a speck", lo);
    cr_assert_geq(hi, 2.5 * lo, "train bubbles grow only %.1fx", hi / lo);
    dp_scene_fini(&s);
}
