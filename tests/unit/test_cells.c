/* SPDX-License-Identifier: MIT
 * The cells style on its outputs (issue #37): in the cell mask, wherever two pixels side by
 * side hold different cells, the equal-power line of those two points (the radical line,
 * |p - a|^2 - r_a^2 = |p - b|^2 - r_b^2) passes between the two pixel centres, and each
 * pixel is on its own cell's side; plain and on a torus. The colour texture leaves the
 * ground only in the gap, whose width is what 'gap' asks. Pictures go to build/test-out/. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "core/rng.h"
#include "render/cells.h"
#include "render/render.h"
#include "surface_helpers.h"

#define W 160
#define H 120
#define N 60

static dp_texture_spec spec;
static dp_scene scene;
static dapple_point pts[N];

/* Jittered grid points with radii 4..12: unequal weights, each point inside its cell. */
static void scene_of(bool wrap, uint64_t seed)
{
    dp_rng rng;
    dp_rng_seed(&rng, seed, 1);
    one_layer_spec(&spec, DP_STYLE_CELLS, W, H, (dp_rgba){ 0, 0, 0, 0 });
    spec.wrap = dp_wrap_both(wrap);
    spec.layers[0].field.rmin = 4, spec.layers[0].field.rmax = 12;
    size_t n = 0;
    for (int j = 0; j < 6; j++)
        for (int i = 0; i < 10; i++, n++) {
            double u = dp_rng_u32(&rng) / 4294967296.0, v = dp_rng_u32(&rng) / 4294967296.0;
            double r = 4 + 8 * (dp_rng_u32(&rng) / 4294967296.0);
            pts[n] = (dapple_point){ (float)(16 * i + 4 + 8 * u), (float)(20 * j + 5 + 10 * v),
                                     (float)r };
        }
    one_layer_scene(&scene, pts, n);
}

static double power(int i, double x, double y)
{
    double dx = x - (double)pts[i].x, dy = y - (double)pts[i].y;
    if (spec.wrap.x) {
        dx -= W * round(dx / W);
        dy -= H * round(dy / H);
    }
    return dx * dx + dy * dy - (double)pts[i].r * (double)pts[i].r;
}

/* The point of least power at (x, y), by brute force (ties to the lower index). */
static int least_power(double x, double y)
{
    int c = 0;
    for (int i = 1; i < N; i++)
        if (power(i, x, y) < power(c, x, y))
            c = i;
    return c;
}

/* Point i's value in the mask: the value at its own pixel (a point lies in its cell). */
static uint16_t value_of(const uint16_t *mask, int i)
{
    return mask[(size_t)(int)pts[i].y * W + (int)pts[i].x];
}

/* Every pixel holds the value of its least-power point, and wherever the value changes
 * from one pixel to the next, the radical line of the two points passes between them. */
static void walls_on_the_radical_line(bool wrap, uint64_t seed)
{
    scene_of(wrap, seed);
    uint16_t *mask = calloc((size_t)W * H, sizeof *mask);
    dp_render_mask_into(&spec, &scene, DP_MASK_CELLS, mask);
    size_t checked = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x + 1 < W; x++) {
            int a = least_power(x + 0.5, y + 0.5), b = least_power(x + 1.5, y + 0.5);
            uint16_t va = mask[(size_t)y * W + x], vb = mask[(size_t)y * W + x + 1];
            cr_assert_eq(va, value_of(mask, a), "(%d, %d) holds %u, its cell %d is %u", x, y, va, a,
                         value_of(mask, a));
            if (a == b) {
                cr_assert_eq(va, vb, "(%d, %d): one cell, two values", x, y);
                continue;
            }
            cr_assert_neq(va, vb, "(%d, %d): neighbours %d and %d share a value", x, y, a, b);
            double left = power(a, x + 0.5, y + 0.5) - power(b, x + 0.5, y + 0.5);
            double right = power(a, x + 1.5, y + 0.5) - power(b, x + 1.5, y + 0.5);
            cr_assert(left <= 0 && right >= 0,
                      "(%d, %d): the wall of %d | %d is not between the pixels (%g, %g)", x, y, a,
                      b, left, right);
            checked++;
        }
    cr_assert_gt(checked, 500, "only %zu wall crossings", checked);
    free(mask);
}

Test(cells, walls_lie_on_the_equal_power_line)
{
    walls_on_the_radical_line(false, 1);
}

Test(cells, walls_lie_on_the_equal_power_line_on_a_torus)
{
    walls_on_the_radical_line(true, 2);
}

/* With no wander and no ragged edge, the ground shows only in the gap: a pixel is left
 * clear (alpha below half) exactly when its nearest wall is within gap / 2. */
Test(cells, the_gap_is_as_wide_as_asked)
{
    scene_of(true, 3);
    spec.layers[0].gap = 6;
    spec.layers[0].palette[0] = (dp_rgba){ 1, 1, 1, 1 };
    cairo_surface_t *s = render_one_band(&spec, &scene);
    save(s, "cells-gap.png");
    size_t wrong = 0, clear = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double px = x + 0.5, py = y + 0.5, best = INFINITY, edge = INFINITY;
            int c = 0;
            for (int i = 0; i < N; i++)
                if (power(i, px, py) < best)
                    best = power(i, px, py), c = i;
            for (int i = 0; i < N; i++) {
                double dx = (double)pts[i].x - (double)pts[c].x;
                double dy = (double)pts[i].y - (double)pts[c].y;
                dx -= W * round(dx / W), dy -= H * round(dy / H);
                if (i != c)
                    edge = fmin(edge, (power(i, px, py) - best) / (2 * hypot(dx, dy)));
            }
            bool in_gap = pixel(s, x, y).a < 128;
            clear += in_gap;
            /* antialiasing: a pixel within half a pixel of the gap's edge may go either way */
            if (fabs(edge - 3) > 0.5)
                wrong += in_gap != (edge < 3);
        }
    cr_assert_eq(wrong, 0, "%zu pixels on the wrong side of the gap's edge", wrong);
    cr_assert_gt(clear, (size_t)W * H / 20, "the gap left only %zu pixels", clear);
    cairo_surface_destroy(s);
}

/* The search for walls stops at a reach worked out from the keys; searching farther must
 * change nothing drawn (cell, coverage, height), for every profile, with wandering,
 * ragged, rounded, jittered walls. */
Test(cells, the_search_reach_changes_nothing)
{
    const dp_cell_profile profiles[] = { DP_PROFILE_FLAT, DP_PROFILE_BEVEL, DP_PROFILE_DOME,
                                         DP_PROFILE_CURL };
    for (int p = 0; p < 4; p++) {
        scene_of(true, 4);
        dp_layer_spec *l = &spec.layers[0];
        l->profile = profiles[p], l->rounding = 3, l->wobble = 0.5, l->roughness = 0.5;
        l->gap_jitter = 0.5, l->gap = 3;
        dp_cells *a, *b;
        cr_assert_eq(dp_cells_new(&a, &spec, l, &scene.layers[0], NULL), DAPPLE_OK);
        cr_assert_eq(dp_cells_new(&b, &spec, l, &scene.layers[0], NULL), DAPPLE_OK);
        dp_cells_widen(b, 200);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                dp_cell_px pa, pb;
                dp_cells_at(a, NULL, x + 0.5, y + 0.5, &pa);
                dp_cells_at(b, NULL, x + 0.5, y + 0.5, &pb);
                /* the inset itself is exact only as far as the outputs read it */
                double ca = fmin(1, fmax(0, pa.inset + 0.5)), cb = fmin(1, fmax(0, pb.inset + 0.5));
                cr_assert(pa.cell == pb.cell && ca == cb && pa.height == pb.height,
                          "profile %d (%d, %d): inset %.17g / %.17g, height %.17g / %.17g", p, x, y,
                          pa.inset, pb.inset, pa.height, pb.height);
            }
        dp_cells_free(a);
        dp_cells_free(b);
    }
}
