/* SPDX-License-Identifier: MIT
 * The confetti presets (issue #26): translucent-circles and circles-and-outlines, measured
 * on their own points. Neighbouring discs differ in drawn size (the spread of the ratio of
 * each disc's drawn radius to its nearest neighbour's, against the same points drawn
 * without the size spread), the small layers leave clearings (open ground far from any of
 * their points), both still tile, and circles-and-outlines keeps its discs and rings apart. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "preset/preset.h"
#include "render/render.h"
#include "point_helpers.h"

static dp_texture_spec spec;
static dp_scene scene;

static void load(const char *path)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load(path, &spec, &err), DAPPLE_OK, "%s", err.message);
    cr_assert(spec.wrap.x && spec.wrap.y, "%s is tileable", path);
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
}

static double torus_d2(double ax, double ay, double bx, double by)
{
    return torus_d2_in(spec.width, spec.height, ax, ay, bx, by);
}

/* Coefficient of variation of drawn radius / nearest neighbour's drawn radius, over
 * layer li: near 0 when neighbours are near copies in size. */
static double neighbour_ratio_cv(int li)
{
    const dp_layer_spec *l = &spec.layers[li];
    const dp_layer_points *lp = &scene.layers[li];
    uint64_t seed = dp_layer_size_seed(spec.seed, l->name);
    double sum = 0, sum2 = 0;
    for (size_t i = 0; i < lp->count; i++) {
        double q = dp_layer_point_radius(l, seed, &lp->points[i]) /
                   dp_layer_point_radius(l, seed,
                                         &lp->points[nearest_in(lp, i, spec.width, spec.height)]);
        sum += q, sum2 += q * q;
    }
    double mean = sum / (double)lp->count;
    return sqrt(DP_MAX(0.0, sum2 / (double)lp->count - mean * mean)) / mean;
}

/* Fraction of the sheet (sampled every 8 px) farther than d from every point of layer li. */
static double open_ground(int li, double d)
{
    const dp_layer_points *lp = &scene.layers[li];
    size_t open = 0, all = 0;
    for (int y = 4; y < spec.height; y += 8)
        for (int x = 4; x < spec.width; x += 8, all++) {
            size_t i = 0;
            while (i < lp->count && torus_d2(x, y, lp->points[i].x, lp->points[i].y) > d * d)
                i++;
            open += i == lp->count;
        }
    return (double)open / (double)all;
}

/* Mean step across the wrap (last column to first, last row to first) and mean step between
 * neighbouring pixels inside, over the green channel of the rendered texture. */
static void seam_steps(cairo_surface_t *surf, double *seam, double *inner)
{
    const uint8_t *px = cairo_image_surface_get_data(surf) + 1;
    size_t stride = (size_t)cairo_image_surface_get_stride(surf);
    int w = spec.width, h = spec.height;
    double s = 0, in = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int v = px[y * stride + (size_t)x * 4];
            int right = px[y * stride + (size_t)((x + 1) % w) * 4];
            int down = px[(size_t)((y + 1) % h) * stride + (size_t)x * 4];
            if (x == w - 1 || y == h - 1)
                s += abs(v - (x == w - 1 ? right : down));
            else
                in += (abs(v - right) + abs(v - down)) / 2.0;
        }
    *seam = s / (w + h - 1);
    *inner = in / ((double)(w - 1) * (h - 1));
}

/* Every layer of the preset: neighbours differ in size at least 'cv' (and 1.5 times as much
 * as the same points without the spread); layers [first_sparse, n) leave open ground.
 * Before issue #26 the presets gave cv 0.06 - 0.11 in every layer and open ground 0.000 -
 * 0.014 in the small layers; now cv 0.32 - 0.52 and open ground 0.06 - 0.21. */
static void check_confetti(const char *path, double cv, int first_sparse)
{
    load(path);
    for (int li = 0; li < spec.n_layers; li++) {
        double with = neighbour_ratio_cv(li);
        dp_size_spread keep = spec.layers[li].size;
        spec.layers[li].size = (dp_size_spread){ 0 };
        double without = neighbour_ratio_cv(li);
        spec.layers[li].size = keep;
        double open = open_ground(li, 40);
        cr_log_info("%s layer %s: %zu discs, neighbour radius ratio cv %.3f (%.3f without the "
                    "spread), open ground %.3f",
                    path, spec.layers[li].name, scene.layers[li].count, with, without, open);
        cr_expect_geq(with, cv, "%s layer %s: neighbour size ratio cv %.3f", path,
                      spec.layers[li].name, with);
        cr_expect_geq(with, 1.5 * without, "%s layer %s: cv %.3f, without the spread %.3f", path,
                      spec.layers[li].name, with, without);
        if (li >= first_sparse)
            cr_expect_geq(open, 0.05, "%s layer %s: only %.3f of the sheet is open ground", path,
                          spec.layers[li].name, open);
    }
    cairo_surface_t *surf = NULL;
    dapple_error err;
    cr_assert_eq(dp_render_texture(&spec, &scene, &surf, &err), DAPPLE_OK, "%s", err.message);
    double seam, inner;
    seam_steps(surf, &seam, &inner);
    cr_log_info("%s: step across the wrap %.2f, inside %.2f", path, seam, inner);
    cr_expect_leq(seam, 1.5 * inner + 1, "%s: seam %.2f, inside %.2f", path, seam, inner);
    cairo_surface_destroy(surf);
}

Test(confetti, translucent_circles_neighbours_differ_and_small_layers_leave_clearings)
{
    check_confetti("presets/translucent-circles.ini", 0.3, 1);
    dp_scene_fini(&scene);
}

Test(confetti, circles_and_outlines_neighbours_differ_and_rings_cluster_without_overlap)
{
    check_confetti("presets/circles-and-outlines.ini", 0.3, 1);
    /* scale <= 0.5 and factors <= 1: no two shapes of a layer overlap (the pair rule). */
    for (int li = 0; li < spec.n_layers; li++) {
        const dp_layer_spec *l = &spec.layers[li];
        const dp_layer_points *lp = &scene.layers[li];
        uint64_t seed = dp_layer_size_seed(spec.seed, l->name);
        for (size_t i = 0; i < lp->count; i++)
            for (size_t j = i + 1; j < lp->count; j++) {
                double a = dp_layer_point_radius(l, seed, &lp->points[i]);
                double b = dp_layer_point_radius(l, seed, &lp->points[j]);
                const dapple_point *p = &lp->points[i], *q = &lp->points[j];
                cr_assert_geq(torus_d2(p->x, p->y, q->x, q->y), (a + b) * (a + b),
                              "layer %s: shapes %zu and %zu overlap", l->name, i, j);
            }
    }
    dp_scene_fini(&scene);
}
