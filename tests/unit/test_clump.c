/* SPDX-License-Identifier: MIT
 * The clump mask (issue #42): every pixel within clump_radius of a parent is cleared, on
 * the torus too (parents near the seam clear the far side), and every other pixel stays
 * refused; with a soft edge, the inner (1 - clump_softness) of the radius is still clear. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "render/clump.h"
#include "surface_helpers.h"
#include "point_helpers.h"

#define W 200
#define H 150

/* The distance from pixel (i, j)'s centre to the nearest parent, across the seam. */
static double to_parent(const dapple_point *p, size_t n, int i, int j)
{
    double best = INFINITY;
    for (size_t k = 0; k < n; k++) {
        double dx = axis_gap(i + 0.5 - (double)p[k].x, W, true),
               dy = axis_gap(j + 0.5 - (double)p[k].y, H, true);
        best = DP_MIN(best, hypot(dx, dy));
    }
    return best;
}

static void check_mask(double softness)
{
    dp_texture_spec t;
    dp_layer_spec *l = one_layer_spec(&t, DP_STYLE_CIRCLES, W, H, (dp_rgba){ 0, 0, 0, 1 });
    t.wrap = dp_wrap_both(true), t.seed = 5;
    l->clump_radius = 18, l->clump_spacing = 50, l->clump_softness = softness;
    dapple_error err;
    dapple_point *p = NULL;
    size_t n = 0;
    cr_assert_eq(dp_clump_parents(&t, l, &p, &n, &err), DAPPLE_OK, "%s", err.message);
    dapple_grey g;
    uint16_t *owned = NULL;
    cr_assert_eq(dp_clump_mask(&t, l, &g, &owned, &err), DAPPLE_OK, "%s", err.message);
    size_t seam = 0; /* parents whose clump crosses the seam: the case a plain mask misses */
    for (size_t k = 0; k < n; k++)
        seam += p[k].x < 18 || p[k].x > W - 18 || p[k].y < 18 || p[k].y > H - 18;
    cr_assert_gt(seam, 0, "no clump crosses the seam: the test would not see a missing wrap");
    double inner = 18 * (1 - softness);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++) {
            double d = to_parent(p, n, i, j);
            uint16_t v = g.pixels[(size_t)j * W + i];
            if (d < inner - 1e-6)
                cr_assert_eq(v, 0, "pixel (%d, %d), %g from a parent, not cleared", i, j, d);
            if (d > 18 + 1e-6)
                cr_assert_eq(v, 65535, "pixel (%d, %d), %g from every parent, cleared", i, j, d);
        }
    free(owned);
    free(p);
}

Test(clump, the_mask_clears_every_pixel_within_the_radius_across_the_seam)
{
    check_mask(0);
}

Test(clump, a_soft_edge_keeps_the_inner_radius_clear)
{
    check_mask(0.4);
}
