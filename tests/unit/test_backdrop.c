/* SPDX-License-Identifier: MIT
 * Backdrops (render/backdrop.h, issue #34): the built-in scenes have an up and a down for
 * drops to turn over, tile when the texture does and repeat for a seed; the checker has its
 * squares where the measurements expect them; the glass blur keeps the light it spreads. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/backdrop.h"

static dp_texture_spec spec;

static cairo_surface_t *paint(dp_backdrop_kind kind, uint64_t seed, bool periodic)
{
    dp_texture_spec_init(&spec);
    spec.width = spec.height = 256;
    spec.seed = seed;
    spec.wrap = dp_wrap_both(periodic);
    spec.backdrop = kind;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 256, 256);
    cairo_t *cr = cairo_create(s);
    dapple_error err;
    cr_assert_eq(dp_backdrop_paint(cr, &spec, &err), DAPPLE_OK, "%s", err.message);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    return s;
}

static double luma_at(cairo_surface_t *s, int x, int y)
{
    const uint8_t *d = cairo_image_surface_get_data(s);
    uint32_t v = ((
            const uint32_t *)(const void *)(d + (size_t)y * cairo_image_surface_get_stride(s)))[x];
    return (0.2126 * (v >> 16 & 255) + 0.7152 * (v >> 8 & 255) + 0.0722 * (v & 255)) / 255;
}

static double rows_mean(cairo_surface_t *s, int y0, int y1)
{
    double sum = 0;
    for (int y = y0; y < y1; y++)
        for (int x = 0; x < 256; x++)
            sum += luma_at(s, x, y);
    return sum / (256.0 * (y1 - y0));
}

/* The mean step across the wraps over the mean step inside. */
static double seam_ratio(cairo_surface_t *s)
{
    double in = 0, across = 0;
    for (int y = 0; y < 256; y++)
        for (int x = 0; x < 256; x++) {
            double r = fabs(luma_at(s, (x + 1) % 256, y) - luma_at(s, x, y));
            double d = fabs(luma_at(s, x, (y + 1) % 256) - luma_at(s, x, y));
            in += (x < 255 ? r : 0) + (y < 255 ? d : 0);
            across += (x == 255 ? r : 0) + (y == 255 ? d : 0);
        }
    return (across / 512) / (in / (2.0 * 256 * 255));
}

Test(backdrop, overcast_is_a_bright_sky_over_dark_ground)
{
    cairo_surface_t *s = paint(DP_BACKDROP_OVERCAST, 3, false);
    double sky = rows_mean(s, 0, 100), ground = rows_mean(s, 150, 256);
    cr_assert_gt(sky, 2 * ground, "sky %.3f, ground %.3f", sky, ground);
    cairo_surface_destroy(s);
}

Test(backdrop, night_street_is_dark_with_bright_lights)
{
    cairo_surface_t *s = paint(DP_BACKDROP_NIGHT_STREET, 3, false);
    double brightest = 0, dark = 0;
    for (int y = 0; y < 256; y++)
        for (int x = 0; x < 256; x++) {
            double v = luma_at(s, x, y);
            brightest = fmax(brightest, v);
            dark += v < 0.3;
        }
    cr_assert_gt(brightest, 0.8, "brightest light %.3f", brightest);
    cr_assert_gt(dark / (256 * 256), 0.7, "dark share %.3f", dark / (256 * 256));
    /* the lights sit around the horizon, the sky above is darker than the street's glow */
    cr_assert_lt(rows_mean(s, 0, 40), rows_mean(s, 90, 140));
    cairo_surface_destroy(s);
}

Test(backdrop, scenes_tile_when_periodic_and_repeat_for_a_seed)
{
    for (int k = DP_BACKDROP_NIGHT_STREET; k <= DP_BACKDROP_OVERCAST; k++) {
        cairo_surface_t *a = paint((dp_backdrop_kind)k, 5, true),
                        *b = paint((dp_backdrop_kind)k, 5, true);
        double r = seam_ratio(a);
        cr_assert_leq(r, 2.0, "scene %d steps %.2f times across its wrap", k, r);
        cr_assert_eq(memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b),
                            (size_t)cairo_image_surface_get_stride(a) * 256),
                     0, "scene %d differs for one seed", k);
        cairo_surface_destroy(a);
        cairo_surface_destroy(b);
    }
}

Test(backdrop, checker_squares_start_dark_at_the_origin)
{
    cairo_surface_t *s = paint(DP_BACKDROP_CHECKER, 1, true);
    cr_assert_lt(luma_at(s, 0, 0), 0.2);
    cr_assert_gt(luma_at(s, 16, 0), 0.8);
    cr_assert_gt(luma_at(s, 15, 16), 0.8);
    cr_assert_lt(luma_at(s, 16, 16), 0.2);
    cairo_surface_destroy(s);
}

Test(backdrop, blur_spreads_a_light_and_keeps_it)
{
    uint32_t px[32 * 32] = { 0 };
    px[16 * 32 + 16] = 0xffffffffu; /* one white pixel, the rest transparent */
    dapple_error err;
    cr_assert_eq(
            dp_backdrop_blur_into((uint8_t *)px, 32 * 4, 32, 32, dp_wrap_both(true), 0.3, &err),
            DAPPLE_OK);
    cr_assert_eq(px[16 * 32 + 16], 0xffffffffu, "sigma 0.3 leaves the pixels alone");
    cr_assert_eq(dp_backdrop_blur_into((uint8_t *)px, 32 * 4, 32, 32, dp_wrap_both(true), 2, &err),
                 DAPPLE_OK);
    double sum = 0;
    for (int i = 0; i < 32 * 32; i++)
        sum += px[i] >> 24;
    cr_assert_gt(px[16 * 32 + 15] >> 24, 0, "the light spreads");
    cr_assert_eq(px[16 * 32 + 15] >> 24, px[16 * 32 + 17] >> 24, "evenly");
    cr_assert(fabs(sum - 255) < 40, "and keeps its light: %.0f of 255", sum);
}
