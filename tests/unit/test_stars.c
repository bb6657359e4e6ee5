/* SPDX-License-Identifier: MIT
 * A starfield (issue #38), measured on the shipped preset (fixed seed): star counts per
 * magnitude bin on a straight line in log-count against magnitude, temperatures over
 * 3000-30000 K with black-body colours (red when cool, blue when hot), the stars crowded
 * into the band of the density map, and a colour texture that tiles. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "preset/preset.h"
#include "render/layer.h"
#include "render/render.h"
#include "render/stars.h"

#define BIN 0.5

static dp_texture_spec spec;
static dp_scene scene;

static void load(void)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/starfield.ini", &spec, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_gt(scene.layers[0].count, 5000);
}

static dp_star star(const dp_layer_ctx *ctx, size_t i)
{
    dp_shape s = dp_layer_shape(ctx, &scene.layers[0].points[i], i);
    return dp_star_of(ctx->spec, s.variety);
}

Test(stars, counts_per_magnitude_follow_a_power_law)
{
    load();
    dp_layer_ctx ctx = dp_layer_ctx_for(&spec, &spec.layers[0]);
    int bins = (int)ceil(spec.layers[0].star_magnitudes / BIN);
    double count[64] = { 0 };
    for (size_t i = 0; i < scene.layers[0].count; i++)
        count[DP_MIN(bins - 1, (int)(star(&ctx, i).mag / BIN))]++;
    double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
    for (int b = 0; b < bins; b++) {
        cr_assert_gt(count[b], 0, "bin %d is empty", b);
        double x = (b + 0.5) * BIN, y = log10(count[b]);
        sx += x, sy += y, sxx += x * x, sxy += x * y, syy += y * y;
    }
    double n = bins, cov = n * sxy - sx * sy;
    double slope = cov / (n * sxx - sx * sx);
    double r2 = cov * cov / ((n * sxx - sx * sx) * (n * syy - sy * sy));
    cr_log_info("starfield: %zu stars, log10 N(m) slope %.3f, R^2 %.4f", scene.layers[0].count,
                slope, r2);
    cr_assert_geq(r2, 0.95, "R^2 %.4f", r2);
    cr_assert(fabs(slope - spec.layers[0].star_slope) < 0.1, "slope %.3f", slope);
    dp_scene_fini(&scene);
}

Test(stars, temperatures_span_red_dwarfs_to_blue_giants)
{
    load();
    dp_layer_ctx ctx = dp_layer_ctx_for(&spec, &spec.layers[0]);
    double lo = INFINITY, hi = 0;
    for (size_t i = 0; i < scene.layers[0].count; i++) {
        dp_star s = star(&ctx, i);
        lo = DP_MIN(lo, s.kelvin), hi = DP_MAX(hi, s.kelvin);
        cr_assert(s.kelvin >= DP_STAR_KELVIN_MIN && s.kelvin <= DP_STAR_KELVIN_MAX);
    }
    cr_assert_lt(lo, 3300, "coolest %.0f K", lo);
    cr_assert_gt(hi, 25000, "hottest %.0f K", hi);
    dp_rgba red = dp_blackbody(3000), sun = dp_blackbody(5800), blue = dp_blackbody(30000);
    cr_assert(red.r > 0.99 && red.b < 0.5, "3000 K is orange-red");
    cr_assert(sun.r > 0.95 && sun.b > 0.8, "5800 K is near white");
    cr_assert(blue.b > 0.99 && blue.r < 0.75, "30000 K is blue");
    dp_scene_fini(&scene);
}

/* Stars per area on the band's ridge (the map's diagonal) against far from it. */
Test(stars, stars_crowd_into_the_band)
{
    load();
    double on = 0, off = 0;
    for (size_t i = 0; i < scene.layers[0].count; i++) {
        const dapple_point *p = &scene.layers[0].points[i];
        double d = fmod(((double)p->y - (double)p->x) / spec.width + 1.5, 1.0) - 0.5;
        on += fabs(d)<0.1, off += fabs(d)> 0.3;
    }
    cr_log_info("stars on the band's ridge %.0f, far from it %.0f (equal areas)", on,
                off * 0.2 / 0.4);
    cr_assert_gt(on, 2.5 * off * 0.2 / 0.4, "on %.0f, off %.0f per equal area", on, off / 2);
    dp_scene_fini(&scene);
}

Test(stars, the_sky_tiles)
{
    load();
    cairo_surface_t *c = NULL;
    dapple_error err;
    cr_assert_eq(dp_render_texture(&spec, &scene, &c, &err), DAPPLE_OK, "%s", err.message);
    const uint8_t *d = cairo_image_surface_get_data(c);
    int st = cairo_image_surface_get_stride(c), w = spec.width, h = spec.height;
    double seam = 0, inner = 0;
    for (int y = 0; y < h; y++)
        for (int k = 0; k < 3; k++) {
            const uint8_t *row = d + (size_t)y * st;
            seam += abs(row[k] - row[(w - 1) * 4 + k]);
            inner += abs(row[(w / 2) * 4 + k] - row[(w / 2 - 1) * 4 + k]);
        }
    cr_assert_lt(seam, 1.5 * inner, "seam %.0f, inside %.0f", seam, inner);
    cairo_surface_destroy(c);
    dp_scene_fini(&scene);
}
