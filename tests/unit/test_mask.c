/* SPDX-License-Identifier: MIT
 * Masks: a 16-bit footprint uses the full range with antialiased mid values at the disc
 * edge and nothing elsewhere; splats peak at points and fall off; clearance is 0 at a
 * point and grows with distance up to 1; density is the first field, white where dense; periodic
 * masks continue across the edges. Pictures go to build/test-out/. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/image_save.h"
#include "render/render.h"

#define W 80
#define H 60

static dp_texture_spec spec;
static dp_scene scene;
static uint16_t mask[W * H];

static void setup(dapple_point *pts, size_t n, bool periodic)
{
    dp_texture_spec_init(&spec);
    spec.width = W;
    spec.height = H;
    spec.wrap = dp_wrap_both(periodic);
    spec.mask_scale = 0.5;
    spec.n_layers = 1;
    dp_layer_spec_init(&spec.layers[0]);
    strcpy(spec.layers[0].name, "a");
    spec.layers[0].field.rmin = spec.layers[0].field.rmax = 20;
    memset(&scene, 0, sizeof scene);
    scene.n_layers = 1;
    scene.layers[0].points = pts;
    scene.layers[0].count = n;
}

static uint16_t at(int x, int y)
{
    return mask[y * W + x];
}

static void save(const char *name, int depth)
{
    char path[128];
    dapple_error err;
    mkdir("build", 0777);
    mkdir("build/test-out", 0777);
    snprintf(path, sizeof path, "build/test-out/%s", name);
    cr_assert_eq(dp_image_write_grey(path, mask, W, H, depth, &err), DAPPLE_OK, "%s", err.message);
}

Test(mask, footprint_is_full_inside_antialiased_at_the_edge_and_empty_outside)
{
    dapple_point p = { 30.25f, 20.5f, 20 }; /* disc radius 10 */
    setup(&p, 1, false);
    dp_render_mask_into(&spec, &scene, DP_MASK_FOOTPRINT, mask);
    cr_assert_eq(at(30, 20), 65535);
    cr_assert_eq(at(30, 12), 65535, "pixel centre 8.0 from the point");
    cr_assert_eq(at(70, 50), 0);
    int mid = 0, high = 0;
    for (int i = 0; i < W * H; i++) {
        mid += mask[i] > 0 && mask[i] < 65535;
        high += mask[i] > 255;
    }
    cr_assert_gt(mid, 20, "a ring of partial coverage, got %d pixels", mid);
    cr_assert_gt(high, 250, "values above 255 (16-bit), got %d pixels", high);
    /* Area of the antialiased disc matches pi r^2 within a pixel of the perimeter. */
    double area = 0;
    for (int i = 0; i < W * H; i++)
        area += mask[i] / 65535.0;
    cr_assert(fabs(area - 3.14159265 * 100) < 8, "area %.1f", area);
    save("mask_footprint16.png", 16);
}

Test(mask, footprint_scale_sets_the_disc_radius)
{
    dapple_point p = { 40, 30, 20 };
    setup(&p, 1, false);
    spec.mask_scale = 1.0; /* radius 20 */
    dp_render_mask_into(&spec, &scene, DP_MASK_FOOTPRINT, mask);
    cr_assert_eq(at(40 + 18, 30), 65535);
    cr_assert_eq(at(40 + 21, 30), 0);
}

Test(mask, splat_peaks_at_points_and_falls_off)
{
    dapple_point p[2] = { { 20.5f, 20.5f, 20 }, { 60.5f, 40.5f, 10 } };
    setup(p, 2, false);
    dp_render_mask_into(&spec, &scene, DP_MASK_SPLAT, mask);
    cr_assert_eq(at(20, 20), 65535);
    cr_assert_eq(at(60, 40), 65535);
    for (int d = 1; d <= 9; d++)
        cr_assert_lt(at(20 + d, 20), at(20 + d - 1, 20));
    cr_assert_eq(at(20 + 10, 20), 0, "falls to 0 at mask_scale * r");
    cr_assert_eq(at(60 + 5, 40), 0, "the small point's dot is smaller");
    cr_assert_gt(at(60 + 2, 40), 30000);
    save("mask_splat.png", 16);
}

Test(mask, clearance_is_zero_at_points_and_grows_to_one)
{
    dapple_point p[2] = { { 20.5f, 30.5f, 20 }, { 50.5f, 30.5f, 20 } };
    setup(p, 2, false);
    dp_render_mask_into(&spec, &scene, DP_MASK_CLEARANCE, mask);
    cr_assert_eq(at(20, 30), 0);
    cr_assert_eq(at(50, 30), 0);
    /* Half way (15 from both) reads 15 / rmax = 0.75. */
    cr_assert(abs(at(35, 30) - 49151) < 200, "got %u", at(35, 30));
    cr_assert(abs(at(25, 30) - 16384) < 200, "5 / 20, got %u", at(25, 30));
    cr_assert_eq(at(79, 0), 65535, "farther than rmax clamps to 1");
    save("mask_clearance.png", 8);
}

Test(mask, no_points_gives_empty_masks_and_full_clearance)
{
    setup(NULL, 0, false);
    dp_render_mask_into(&spec, &scene, DP_MASK_FOOTPRINT, mask);
    cr_assert_eq(at(10, 10), 0);
    dp_render_mask_into(&spec, &scene, DP_MASK_CLEARANCE, mask);
    cr_assert_eq(at(10, 10), 65535);
}

Test(mask, periodic_masks_continue_across_both_edges)
{
    dapple_point p = { 78.5f, 1.5f, 20 }; /* radius 10 around the top-right corner */
    for (int periodic = 0; periodic <= 1; periodic++) {
        setup(&p, 1, periodic);
        dp_render_mask_into(&spec, &scene, DP_MASK_FOOTPRINT, mask);
        cr_assert_eq(at(79, 1), 65535);
        cr_assert_eq(at(0, 1), periodic ? 65535 : 0, "left edge, periodic=%d", periodic);
        cr_assert_eq(at(78, H - 1), periodic ? 65535 : 0, "bottom edge");
        cr_assert_eq(at(0, H - 1), periodic ? 65535 : 0, "opposite corner");
        dp_render_mask_into(&spec, &scene, DP_MASK_CLEARANCE, mask);
        if (periodic)
            cr_assert(abs(at(1, 1) - 9830) < 200, "3 px across the seam: %u", at(1, 1));
        else
            cr_assert_eq(at(1, 1), 65535, "77 px the long way: clamped to 1");
    }
}

Test(mask, density_is_the_first_layers_point_density_white_where_dense)
{
    dapple_error err;
    setup(NULL, 0, false);
    spec.layers[0].field.kind = DAPPLE_FIELD_PERLIN;
    spec.layers[0].field.rmin = 2;
    spec.layers[0].field.rmax = 9;
    spec.layers[0].max_points = 10;
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    dp_render_mask_into(&spec, &scene, DP_MASK_DENSITY, mask);
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++) {
            /* points per area go as 1 / r^2: (rmin / r)^2, 1 = white where r = rmin */
            double r = dapple_field_radius_at(scene.fields[0], i + 0.5, j + 0.5);
            double want = 65535 * (2 / r) * (2 / r);
            cr_assert(fabs(at(i, j) - want) <= 0.5001, "(%d, %d): %u, want %.1f", i, j, at(i, j),
                      want);
        }
    int lo = 65535, hi = 0;
    for (int i = 0; i < W * H; i++) {
        lo = mask[i] < lo ? mask[i] : lo;
        hi = mask[i] > hi ? mask[i] : hi;
    }
    cr_assert_gt(hi - lo, 10000, "a Perlin field varies");
    save("mask_density.png", 16);
    dp_scene_fini(&scene);
}
