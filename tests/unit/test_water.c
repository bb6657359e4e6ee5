/* SPDX-License-Identifier: MIT
 * Water (issue #18), measured on fixed seeds: the size spread makes neighbouring drops
 * differ (read back from the height map), drawn sizes follow their power law and bell,
 * drawn drops never overlap, and the factor is a function of the place alone. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/dp.h"
#include "core/size_spread.h"
#include "render/canvas.h"
#include "render/drop_shape.h"
#include "render/merge.h"
#include "render/rain_layer.h"
#include "preset/preset.h"
#include "render/raster.h"
#include "render/render.h"
#include "point_helpers.h"

static dp_texture_spec spec;
static dp_scene scene;

static void drops_spec(int side, double r)
{
    dp_texture_spec_init(&spec);
    spec.width = spec.height = side;
    spec.seed = 18;
    spec.wrap = dp_wrap_both(true);
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

static double torus_d2(const dapple_point *p, const dapple_point *q)
{
    return torus_d2_in(spec.width, spec.height, p->x, p->y, q->x, q->y);
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
        const dapple_point *p = &lp->points[i],
                           *q = &lp->points[nearest_in(lp, i, spec.width, spec.height)];
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
    spec.layers[0].size =
            (dp_size_spread){ .jitter = 0.3, .power = 1.5, .min = 0.2, .bell = 0.4, .mode = 0.9 };
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

/* ---------------------------------------------------------------- drop shape */

/* Extent of the drop at p in the height map, walking from its centre pixel until the
 * height falls to 0, in each of the four directions. */
static void extents(const uint16_t *h, const dapple_point *p, int e[4])
{
    static const int step[4][2] = { { 0, -1 }, { 0, 1 }, { -1, 0 }, { 1, 0 } };
    int x = (int)p->x, y = (int)p->y, n = spec.width;
    for (int k = 0; k < 4; k++) {
        int i = 0;
        while (i < n / 2 &&
               h[((y + step[k][1] * i + n) % n) * n + (x + step[k][0] * i + n) % n] > 0)
            i++;
        e[k] = i;
    }
}

/* Median aspect (height / width) and median share of the height below the centre (the
 * widest row) of the
 * drops whose room is at least 10 px, from the height map. */
static void measure_shapes(double *aspect, double *below)
{
    static uint16_t h[256 * 256];
    const dp_layer_points *lp = &scene.layers[0];
    dp_render_height_into(&spec, &scene, h);
    double *as = calloc(lp->count, sizeof *as), *bs = calloc(lp->count, sizeof *bs);
    size_t n = 0;
    for (size_t i = 0; i < lp->count; i++) {
        int e[4];
        extents(h, &lp->points[i], e);
        if (e[2] + e[3] < 8)
            continue;
        as[n] = (double)(e[0] + e[1]) / (e[2] + e[3]);
        bs[n++] = (double)e[1] / (e[0] + e[1]);
    }
    cr_assert_gt(n, 20, "only %zu large drops", n);
    *aspect = median(as, n);
    *below = median(bs, n);
    free(as);
    free(bs);
}

Test(water, stretched_drops_are_taller_than_wide_with_their_widest_row_low)
{
    double aspect, below;
    drops_spec(256, 36);
    sample();
    spec.layers[0].drop.contact_deg = 55; /* the shaped path, still round */
    measure_shapes(&aspect, &below);
    cr_assert(fabs(aspect - 1) <= 0.05, "round drops: aspect %.3f", aspect);
    spec.layers[0].drop.stretch = 1.5;
    spec.layers[0].drop.sag = 0.3;
    spec.layers[0].drop.wobble = 0.1;
    measure_shapes(&aspect, &below);
    cr_assert_geq(aspect, 1.2, "stretched drops: aspect %.3f", aspect);
    /* the widest row (through the centre) lies below the middle: the longer part is above */
    cr_assert_leq(below, 0.45, "%.3f of the height below the widest row", below);
    dp_scene_fini(&scene);
}

Test(water, every_drop_outline_stays_inside_its_room)
{
    dp_drop_style st = { .stretch = 3, .sag = 0.6, .contact_deg = 40, .wobble = 0.3 };
    for (uint64_t key = 0; key < 400; key++) {
        dp_drop d;
        double room = 5 + (double)(key % 37);
        dp_drop_init(&d, &st, room, key * 0x9e3779b97f4a7c15u);
        for (int k = 0; k < 360; k++) {
            double a = k * DP_PI / 180, dx = cos(a) * room * 1.001, dy = sin(a) * room * 1.001;
            cr_assert_geq(dp_drop_t(&d, dx, dy), 1, "key %llu angle %d inside the room's edge",
                          (unsigned long long)key, k);
            cr_assert_eq(dp_drop_height(&d, dx, dy), 0);
        }
        cr_assert_gt(dp_drop_height(&d, 0, 0), 0);
    }
}

static void shaped_drops(void)
{
    drops_spec(192, 30);
    spec.background = DP_BG_PERLIN;
    spec.bg_colour = (dp_rgba){ 0.1, 0.14, 0.19, 1 };
    spec.bg_colour2 = (dp_rgba){ 0.32, 0.41, 0.48, 1 };
    spec.layers[0].drop = (dp_drop_style){
        .stretch = 1.5, .sag = 0.3, .contact_deg = 55, .wobble = 0.12, .glint = 0.8
    };
    spec.layers[0].size.jitter = 0.5;
    spec.layers[0].palette[0] = (dp_rgba){ 0.85, 0.93, 1, 1 };
    sample();
}

static cairo_surface_t *render(int bands)
{
    cairo_surface_t *s = NULL;
    dapple_error err;
    cr_assert_eq(dp_render_texture_bands(&spec, &scene, bands, &s, &err), DAPPLE_OK, "%s",
                 err.message);
    return s;
}

Test(water, shaped_drops_give_the_same_bytes_in_any_bands_and_ink_the_glass)
{
    shaped_drops();
    cairo_surface_t *one = render(1), *three = render(3);
    size_t bytes = (size_t)cairo_image_surface_get_stride(one) * 192;
    cr_assert(memcmp(cairo_image_surface_get_data(one), cairo_image_surface_get_data(three),
                     bytes) == 0,
              "1 vs 3 bands");
    mkdir("build/test-out", 0777);
    cairo_surface_write_to_png(one, "build/test-out/water_shaped.png");
    /* The drops change the picture where they are (the height map), not elsewhere. */
    static uint16_t h[192 * 192];
    dp_render_height_into(&spec, &scene, h);
    cairo_surface_destroy(three);
    spec.n_layers = 0;
    cairo_surface_t *bare = render(1);
    size_t changed_wet = 0, wet = 0;
    for (int y = 0; y < 192; y++)
        for (int x = 0; x < 192; x++) {
            const uint8_t *a = cairo_image_surface_get_data(one) +
                               y * (size_t)cairo_image_surface_get_stride(one) + 4 * x;
            const uint8_t *b = cairo_image_surface_get_data(bare) +
                               y * (size_t)cairo_image_surface_get_stride(bare) + 4 * x;
            bool differs = memcmp(a, b, 4) != 0;
            if (h[y * 192 + x] > 0)
                wet++, changed_wet += differs;
        }
    spec.n_layers = 1;
    cr_assert_gt(wet, 1000);
    cr_assert_geq(changed_wet, wet * 9 / 10, "%zu of %zu wet pixels drawn", changed_wet, wet);
    cairo_surface_destroy(one);
    cairo_surface_destroy(bare);
    dp_scene_fini(&scene);
}

Test(water, shaped_normals_flip_only_green_between_gl_and_dx)
{
    shaped_drops();
    static uint16_t h[192 * 192];
    static uint8_t gl[192 * 192 * 3], dx[192 * 192 * 3];
    dp_render_height_into(&spec, &scene, h);
    dp_render_normal_into(&spec, h, false, gl);
    dp_render_normal_into(&spec, h, true, dx);
    int tilted = 0;
    for (int i = 0; i < 192 * 192; i++) {
        cr_assert_eq(gl[3 * i], dx[3 * i]);
        cr_assert_eq(gl[3 * i + 2], dx[3 * i + 2]);
        cr_assert_eq(gl[3 * i + 1] - 128, 128 - dx[3 * i + 1], "green at %d", i);
        tilted += gl[3 * i + 1] != 128;
    }
    cr_assert_gt(tilted, 1000);
    dp_scene_fini(&scene);
}

/* ---------------------------------------------------------------- fog */

/* condensation: tests/unit/test_breath.c */

/* ---------------------------------------------------------------- trails */

static double wrapped(double d, double n)
{
    d = fmod(d, n);
    return d < 0 ? d + n : d;
}

/* Apart as ellipses k times as wide as tall, of half-heights ra and rb (k = 1: circles). */
static bool rain_apart(const dapple_point *p, const dapple_point *q, double k, double ra, double rb)
{
    double dx = fabs((double)p->x - (double)q->x), dy = fabs((double)p->y - (double)q->y);
    dx = DP_MIN(dx, spec.width - dx) / k, dy = DP_MIN(dy, spec.height - dy);
    return dx * dx + dy * dy >= (ra + rb) * (ra + rb) * (1 - 1e-6);
}

Test(water, trail_beads_lie_above_their_drops_and_overlap_nothing)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/rain-on-window.ini", &spec, &err), DAPPLE_OK, "%s",
                 err.message);
    sample();
    const dp_layer_spec *l = &spec.layers[0];
    const dp_layer_points *big = &scene.layers[0];
    uint64_t seed = dp_layer_size_seed(spec.seed, l->name);
    cr_assert_gt(big->n_beads, 20, "%zu beads", big->n_beads);
    cr_assert_gt(big->n_track, 20);
    size_t above = 0;
    for (size_t b = 0; b < big->n_beads; b++) {
        const dapple_point *q = &big->beads[b];
        bool found = false;
        for (size_t i = 0; i < big->count && !found; i++) {
            const dapple_point *p = &big->points[i];
            double room = dp_layer_draw_radius(l, p->r), a = dp_layer_point_radius(l, seed, p);
            double up = wrapped((double)p->y - (double)q->y, spec.height);
            double side = fabs(wrapped((double)q->x - (double)p->x + spec.width / 2, spec.width) -
                               spec.width / 2);
            /* a grown run (#35) goes as far as it has water for, at most 0.9 of the pane */
            double reach = l->rain ? 0.9 * spec.height : 2 * room + 1.5 * l->trail_length * room;
            found = up > room && up < reach && side <= 0.95 * a;
        }
        above += found;
    }
    cr_assert_eq(above, big->n_beads, "%zu of %zu beads above a drop", above, big->n_beads);
    /* No bead overlaps a drop of any layer, nor another bead. */
    for (size_t b = 0; b < big->n_beads; b++) {
        const dapple_point *q = &big->beads[b];
        for (int li = 0; li < spec.n_layers; li++) {
            const dp_layer_points *lp = &scene.layers[li];
            uint64_t s = dp_layer_size_seed(spec.seed, spec.layers[li].name);
            for (size_t i = 0; i < lp->count; i++) {
                double a = dp_layer_point_radius(&spec.layers[li], s, &lp->points[i]);
                if (li == 0 && l->rain) { /* grown (#35): ellipses as wide as the drops */
                    double k = dp_rain_layer_squash(l), bk = (double)q->r / k;
                    cr_assert(rain_apart(q, &lp->points[i], k, bk, a),
                              "bead %zu overlaps drop %zu of layer %d", b, i, li);
                    continue;
                }
                cr_assert_geq(torus_d2(q, &lp->points[i]), (a + (double)q->r) * (a + (double)q->r),
                              "bead %zu overlaps drop %zu of layer %d", b, i, li);
            }
        }
        for (size_t c = b + 1; c < big->n_beads; c++) {
            double k = l->rain ? dp_rain_layer_squash(l) : 1;
            cr_assert(
                    rain_apart(q, &big->beads[c], k, (double)q->r / k, (double)big->beads[c].r / k),
                    "beads %zu and %zu overlap", b, c);
        }
    }
    dp_scene_fini(&scene);
}

/* ---------------------------------------------------------------- bubbles */

static int green_at(cairo_surface_t *s, int x, int y)
{
    const uint8_t *row = cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s);
    return row[4 * x + 1];
}

/* A gas bubble is a diverging lens (#36): a core lighter than the drink, a dark ring where
 * the light is totally reflected, a glint toward the light. */
Test(water, gas_bubble_has_a_bright_core_a_dark_ring_and_a_glint_toward_the_light)
{
    drops_spec(100, 80);
    spec.wrap = dp_wrap_both(false);
    spec.bg_colour = (dp_rgba){ 0.5, 0.5, 0.5, 1 };
    dp_layer_spec *l = &spec.layers[0];
    l->style = DP_STYLE_BUBBLES;
    l->bubble_gas = true;
    l->light_angle_deg = 180; /* from the left */
    l->palette[0] = (dp_rgba){ 1, 0.95, 0.85, 1 };
    dapple_point p = { 50, 50, 80 }; /* radius 40 */
    scene = (dp_scene){ .n_layers = 1 };
    scene.layers[0] = (dp_layer_points){ .points = &p, .count = 1 };
    cairo_surface_t *s = render(1);
    int ground = green_at(s, 2, 2), core = green_at(s, 50, 50 + 8), ring = green_at(s, 50, 50 - 35);
    int glint = green_at(s, 50 - 18, 50), far = green_at(s, 50 + 18, 50);
    cr_assert_gt(core, ground + 20, "bright core %d over ground %d", core, ground);
    cr_assert_lt(ring, ground - 30, "dark ring %d under ground %d", ring, ground);
    cr_assert_gt(glint, far + 30, "glint toward the light %d vs %d", glint, far);
    cairo_surface_write_to_png(s, "build/test-out/water_gas_bubble.png");
    cairo_surface_destroy(s);
}

/* Trains are the layer's own points (#36), drawn at the radius they grew to. */
Test(water, bubble_trains_rise_from_their_sites_growing_and_overlap_nothing)
{
    drops_spec(256, 8);
    spec.wrap = dp_wrap_both(false);
    dp_layer_spec *l = &spec.layers[0];
    l->style = DP_STYLE_BUBBLES;
    l->trains = 6;
    l->train_growth = 2;
    sample();
    const dp_layer_points *lp = &scene.layers[0];
    uint64_t seed = dp_layer_size_seed(spec.seed, l->name);
    cr_assert_eq(lp->n_beads, 0, "train bubbles are points, not beads");
    cr_assert_gt(lp->count, 30, "%zu train bubbles", lp->count);
    int grows = 0, pairs = 0;
    for (size_t i = 0; i < lp->count; i++)
        for (size_t j = 0; j < lp->count; j++) {
            const dapple_point *a = &lp->points[i], *b = &lp->points[j];
            double ra = dp_layer_point_radius(l, seed, a), rb = dp_layer_point_radius(l, seed, b);
            double d2 = torus_d2(a, b), sum = ra + rb;
            if (i != j)
                cr_assert_geq(d2, sum * sum, "train bubbles %zu and %zu overlap", i, j);
            /* the same train: nearly the same column; higher up (smaller y) means bigger */
            if (fabs((double)a->x - (double)b->x) < 3 && a->y < b->y - 20)
                pairs++, grows += ra > rb;
        }
    cr_assert_gt(pairs, 20);
    cr_assert_geq(grows, pairs * 9 / 10, "%d of %d higher bubbles bigger", grows, pairs);
    dp_scene_fini(&scene);
}

/* ---------------------------------------------------------------- tiling */

/* Mean step across the wrap (last column to first, last row to first) and mean step
 * between neighbouring columns and rows inside, over one 8-bit channel of a w x h image. */
static void seam_steps(const uint8_t *px, size_t stride, size_t step, int w, int h, double *seam,
                       double *inner)
{
    double s = 0, in = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int v = px[y * stride + x * step];
            int right = px[y * stride + (size_t)((x + 1) % w) * step];
            int down = px[(size_t)((y + 1) % h) * stride + x * step];
            double d = abs(v - right) + abs(v - down);
            if (x == w - 1 || y == h - 1)
                s += abs(v - (x == w - 1 ? right : down));
            else
                in += d / 2;
        }
    *seam = s / (w + h - 1);
    *inner = in / ((double)(w - 1) * (h - 1));
}

/* The bubble presets tile by test_bubbles' roll test: a cluster's big discs grazing the seam
 * trip the mean step below on a mask that does wrap. */
Test(water, water_presets_tile_in_colour_and_normals)
{
    static const char *presets[] = { "presets/rain-on-window.ini", "presets/condensation.ini",
                                     "presets/rain-on-glass.ini" };
    for (int i = 0; i < 3; i++) {
        dapple_error err;
        cr_assert_eq(dp_preset_load(presets[i], &spec, &err), DAPPLE_OK, "%s", err.message);
        /* at their own size: shrunk without their radii, a few big drops crossing the
         * seam are the whole seam's mean step */
        sample();
        cairo_surface_t *s = render(2);
        static uint16_t h[768 * 768];
        static uint8_t n[768 * 768 * 3];
        dp_render_height_into(&spec, &scene, h);
        dp_render_normal_into(&spec, h, false, n);
        double seam, inner;
        seam_steps(cairo_image_surface_get_data(s) + 1, (size_t)cairo_image_surface_get_stride(s),
                   4, 768, 768, &seam, &inner);
        cr_assert_leq(seam, 1.5 * inner + 1, "%s colour: seam %.2f, inside %.2f", presets[i], seam,
                      inner);
        seam_steps(n, 768 * 3, 3, 768, 768, &seam, &inner);
        cr_assert_leq(seam, 1.5 * inner + 1, "%s normals: seam %.2f, inside %.2f", presets[i], seam,
                      inner);
        static uint16_t m[768 * 768];
        static const dp_mask_kind kinds[] = { DP_MASK_FOOTPRINT, DP_MASK_WIPED, DP_MASK_FROST };
        for (int k = 0; k < 3; k++) { /* the masks, by their high bytes */
            dp_render_mask_into(&spec, &scene, kinds[k], m);
            seam_steps((const uint8_t *)m + 1, 768 * 2, 2, 768, 768, &seam, &inner);
            cr_assert_leq(seam, 1.5 * inner + 1, "%s mask %d: seam %.2f, inside %.2f", presets[i],
                          k, seam, inner);
        }
        cairo_surface_destroy(s);
        dp_scene_fini(&scene);
    }
}

/* ---------------------------------------------------------------- merging */

Test(water, close_drops_merge_into_one_smooth_shape_only_when_asked)
{
    drops_spec(128, 20);
    spec.wrap = dp_wrap_both(true);
    dp_layer_spec *l = &spec.layers[0];
    l->drop.contact_deg = 55; /* shaped, round */
    /* rooms of 10 px; centres 21 px apart (a 1 px gap) and, elsewhere, 30 apart */
    dapple_point p[4] = {
        { 20.5f, 30.5f, 20 }, { 41.5f, 30.5f, 20 }, { 20.5f, 90.5f, 20 }, { 50.5f, 90.5f, 20 }
    };
    static uint16_t h[128 * 128];
    for (int merge = 0; merge <= 1; merge++) {
        dapple_error err;
        l->merge = merge ? 6 : 0;
        scene = (dp_scene){ .n_layers = 1 };
        scene.layers[0].points = malloc(sizeof p);
        memcpy(scene.layers[0].points, p, sizeof p);
        scene.layers[0].count = 4;
        cr_assert_eq(dp_merge_pairs(&spec, &scene, 0, &err), DAPPLE_OK);
        dp_render_height_into(&spec, &scene, h);
        int neck = h[30 * 128 + 31], far_gap = h[90 * 128 + 35];
        if (merge) {
            cr_assert_eq(scene.layers[0].n_pairs, 1, "one close pair");
            cr_assert_gt(neck, 2000, "merged: the neck rises (%d)", neck);
            /* smooth: no step along the line between the centres steeper than a lone
               drop's own flank (the drop at (20.5, 90.5), left of its centre) */
            int flank = 0;
            for (int x = 10; x < 20; x++)
                flank = DP_MAX(flank, abs((int)h[90 * 128 + x + 1] - (int)h[90 * 128 + x]));
            for (int x = 21; x < 41; x++)
                cr_assert_leq(abs((int)h[30 * 128 + x + 1] - (int)h[30 * 128 + x]), flank, "x %d",
                              x);
        } else {
            cr_assert_eq(scene.layers[0].n_pairs, 0);
            cr_assert_eq(neck, 0, "kept apart: dry glass between them");
        }
        cr_assert_eq(far_gap, 0, "drops 10 px apart never merge");
        cairo_surface_t *s = render(1);
        cairo_surface_destroy(s);
        dp_scene_fini(&scene);
    }
}
