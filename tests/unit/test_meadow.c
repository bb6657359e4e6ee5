/* SPDX-License-Identifier: MIT
 * Grass and daisies (issue #26): a blade tapers from its root to its tip and curves (its
 * direction near the tip differs from near the root); a daisy layer with 'buds' draws
 * closed buds (green sepals), without it none; 'stems' draws stalks outside the flower
 * only for tilted flowers. Pictures go to build/test-out/. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "core/dp.h"
#include "render/canvas.h"
#include "render/render.h"
#include "surface_helpers.h"

static dp_texture_spec spec;
static dp_scene scene;
static dapple_point pts[16];

static void one_layer(dp_style style, int w, int n, float r)
{
    one_layer_spec(&spec, style, w, w, (dp_rgba){ 1, 1, 1, 1 })->stamp_scale_jitter = 0;
    for (int i = 0; i < n; i++)
        pts[i] = (dapple_point){ (float)(w / (2 * n) + i * w / n), (float)(w / 2), r };
    one_layer_scene(&scene, pts, (size_t)n);
}

static cairo_surface_t *render(void)
{
    return render_one_band(&spec, &scene);
}

/* Ink pixels at distance [lo, hi) from (cx, cy), and their mean direction. */
static int ring(cairo_surface_t *s, double cx, double cy, double lo, double hi, double *angle)
{
    double sx = 0, sy = 0;
    int n = 0;
    for (int y = 0; y < spec.height; y++)
        for (int x = 0; x < spec.width; x++) {
            double dx = x + 0.5 - cx, dy = y + 0.5 - cy, d = hypot(dx, dy);
            if (d >= lo && d < hi && pixel(s, x, y).g < 200) {
                sx += dx / d;
                sy += dy / d;
                n++;
            }
        }
    *angle = atan2(sy, sx);
    return n;
}

Test(meadow, a_blade_tapers_and_curves)
{
    one_layer(DP_STYLE_BLADES, 240, 1, 200);
    spec.layers[0].blades = 1;
    spec.layers[0].stroke_width = 12;
    spec.layers[0].palette[0] = (dp_rgba){ 0.1, 0.3, 0.1, 1 };
    cairo_surface_t *s = render();
    save(s, "meadow_blade.png");
    double a_in, a_out;
    int in = ring(s, 120, 120, 15, 30, &a_in), out = ring(s, 120, 120, 55, 70, &a_out);
    cr_assert_gt(in, 0, "no blade near its root");
    cr_assert_gt(out, 0, "no blade near its tip");
    cr_assert_gt(in, out * 1.3, "no taper: %d pixels near the root, %d near the tip", in, out);
    double turn = fabs(remainder(a_out - a_in, 2 * DP_PI));
    cr_assert_gt(turn, 0.08, "a straight blade: it turns %g rad from root to tip", turn);
    cairo_surface_destroy(s);
}

/* Pixels of a bud's sepal green: green well above red and blue. */
static int sepal_pixels(cairo_surface_t *s)
{
    int n = 0;
    for (int y = 0; y < spec.height; y++)
        for (int x = 0; x < spec.width; x++) {
            rgba8 p = pixel(s, x, y);
            n += p.g > p.r + 30 && p.g > p.b + 30;
        }
    return n;
}

Test(meadow, buds_and_stems_appear_when_asked_and_never_otherwise)
{
    one_layer(DP_STYLE_STAMPS, 400, 8, 100); /* eight daisies of radius 25 */
    spec.layers[0].palette[0] = (dp_rgba){ 1, 1, 1, 1 };
    spec.layers[0].palette[1] = (dp_rgba){ 1, 1, 1, 1 };
    spec.layers[0].shadow = 0.01; /* no daisy shadow of its own to darken the ground */
    cairo_surface_t *s = render();
    cr_assert_eq(sepal_pixels(s), 0, "green in a layer without buds or stems");
    cairo_surface_destroy(s);

    spec.layers[0].buds = 0.5;
    s = render();
    save(s, "meadow_buds.png");
    cr_assert_gt(sepal_pixels(s), 20, "no bud among eight flowers with buds = 0.5");
    cairo_surface_destroy(s);

    spec.layers[0].buds = 0;
    spec.layers[0].stems = true;
    s = render();
    cr_assert_eq(sepal_pixels(s), 0, "stalks of flowers seen from straight above");
    cairo_surface_destroy(s);
    spec.layers[0].tilt_deg = 70;
    s = render();
    save(s, "meadow_stems.png");
    cr_assert_gt(sepal_pixels(s), 20, "no stalk of eight flowers tilted up to 70 degrees");
    cairo_surface_destroy(s);
}
