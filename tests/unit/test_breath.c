/* SPDX-License-Identifier: MIT
 * Breath figures (issue #24): the simulation's drops never overlap, stay on the pane and
 * repeat for a seed; presets/condensation.ini, measured on its maps, is half covered by
 * water, its large drops vary, its dry glass stays flat and its sizes leave no octave empty. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/breath.h"
#include "core/dp.h"
#include "preset/preset.h"
#include <cairo.h>

#include "render/render.h"
#include "point_helpers.h"

static void run(const dp_breath_opts *o, dapple_point **p, size_t *n)
{
    dapple_error err;
    cr_assert_eq(dp_breath_run(o, p, n, &err), DAPPLE_OK, "%s", err.message);
}

/* Brute force over every pair: |pq| >= r_p + r_q, wrapped when periodic. */
static void assert_apart(const dp_breath_opts *o, const dapple_point *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        double x = p[i].x, y = p[i].y;
        cr_assert(x >= 0 && x < o->width && y >= 0 && y < o->height,
                  "drop %zu at (%g, %g) off the pane", i, (double)p[i].x, (double)p[i].y);
        for (size_t j = i + 1; j < n; j++) {
            double dx = axis_gap((double)p[i].x - (double)p[j].x, o->width, o->wrap.x);
            double dy = axis_gap((double)p[i].y - (double)p[j].y, o->height, o->wrap.y);
            double reach = (double)p[i].r + (double)p[j].r;
            cr_assert_geq(dx * dx + dy * dy, reach * reach, "drops %zu and %zu overlap", i, j);
        }
    }
}

/* Drops of o that overlap if the edges of 'w' met: some do across an edge that does not
 * wrap (nothing there held them apart), none across one that does. */
static size_t apart_only_as_they_wrap(const dp_breath_opts *o, const dapple_point *p, size_t n,
                                      dp_wrap w)
{
    size_t close = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double dx = axis_gap((double)p[i].x - (double)p[j].x, o->width, w.x);
            double dy = axis_gap((double)p[i].y - (double)p[j].y, o->height, w.y);
            double reach = (double)p[i].r + (double)p[j].r;
            close += dx * dx + dy * dy < reach * reach;
        }
    return close;
}

Test(breath, drops_never_overlap_periodic_or_not)
{
    static const dp_wrap WRAPS[] = {
        { false, false }, { true, true }, { true, false }, { false, true }
    };
    for (int k = 0; k < 4; k++) {
        dp_breath_opts o = { .width = 200,
                             .height = 150,
                             .wrap = WRAPS[k],
                             .seed = 7,
                             .r0 = 1,
                             .r_end = 25,
                             .max_drops = 1000000 };
        dapple_point *p;
        size_t n;
        run(&o, &p, &n);
        cr_assert_gt(n, 50, "only %zu drops", n);
        assert_apart(&o, p, n);
        /* a pane wrapping one axis: its other edges do not meet, and drops at them do not
         * keep apart across them as on a torus */
        if (WRAPS[k].x != WRAPS[k].y)
            cr_assert_gt(apart_only_as_they_wrap(&o, p, n, dp_wrap_both(true)), 0,
                         "wrap %d %d: no drop near the edge that does not wrap", WRAPS[k].x,
                         WRAPS[k].y);
        free(p);
    }
}

/* A merge keeps the water and puts it where its weight was: r^3 summed, the centre of
 * volume (not the larger drop's centre), the short way across the seam of a torus. */
Test(breath, a_merge_keeps_the_volume_at_its_centre_across_the_seam_too)
{
    dp_breath_drop a = { 10, 20, 2 }, b = { 13, 24, 1 };
    dp_breath_drop m = dp_breath_merged(a, b, 100, 80, dp_wrap_both(false));
    cr_assert_float_eq(m.r * m.r * m.r, 9.0, 1e-9);
    cr_assert_float_eq(m.x, 10 + 3.0 / 9, 1e-9);
    cr_assert_float_eq(m.y, 20 + 4.0 / 9, 1e-9);
    /* b across the left seam from a on a 100-wide torus: one unit left of 0 is x = 99 */
    a = (dp_breath_drop){ 1, 40, 1 }, b = (dp_breath_drop){ 97, 40, 1 };
    m = dp_breath_merged(a, b, 100, 80, dp_wrap_both(true));
    cr_assert_float_eq(m.r * m.r * m.r, 2.0, 1e-9);
    cr_assert_float_eq(m.x, 99.0, 1e-9, "merged at x %g, not across the seam at 99", m.x);
    cr_assert_float_eq(m.y, 40.0, 1e-9);
    /* the same pair on a plain pane meets in the middle */
    m = dp_breath_merged(a, b, 100, 80, dp_wrap_both(false));
    cr_assert_float_eq(m.x, 49.0, 1e-9);
    /* a pane wrapping across only: across the left seam still, not across the top one */
    m = dp_breath_merged(a, b, 100, 80, (dp_wrap){ true, false });
    cr_assert_float_eq(m.x, 99.0, 1e-9);
    a = (dp_breath_drop){ 40, 1, 1 }, b = (dp_breath_drop){ 40, 77, 1 };
    m = dp_breath_merged(a, b, 100, 80, (dp_wrap){ true, false });
    cr_assert_float_eq(m.y, 39.0, 1e-9, "merged at y %g, not in the middle", m.y);
    m = dp_breath_merged(a, b, 100, 80, (dp_wrap){ false, true });
    cr_assert_float_eq(m.y, 79.0, 1e-9, "merged at y %g, not across the top seam", m.y);
}

Test(breath, same_seed_same_drops_and_another_seed_others)
{
    dp_breath_opts o = { .width = 128,
                         .height = 128,
                         .wrap = dp_wrap_both(true),
                         .seed = 3,
                         .r0 = 1,
                         .r_end = 16,
                         .max_drops = 1000000 };
    dapple_point *a, *b, *c;
    size_t na, nb, nc;
    run(&o, &a, &na);
    run(&o, &b, &nb);
    o.seed = 4;
    run(&o, &c, &nc);
    cr_assert(na == nb && memcmp(a, b, na * sizeof *a) == 0, "same seed, other drops");
    cr_assert(na != nc || memcmp(a, c, na * sizeof *a) != 0, "another seed, same drops");
    free(a), free(b), free(c);
}

Test(breath, grows_until_the_largest_reaches_the_age_or_the_cover)
{
    dp_breath_opts o = { .width = 160,
                         .height = 160,
                         .wrap = dp_wrap_both(true),
                         .seed = 5,
                         .r0 = 1,
                         .r_end = 20,
                         .max_drops = 1000000 };
    dapple_point *p;
    size_t n;
    run(&o, &p, &n);
    double rmax = 0;
    for (size_t i = 0; i < n; i++)
        rmax = DP_MAX(rmax, (double)p[i].r);
    cr_assert(rmax >= 20 && rmax <= DP_BREATH_OVERSHOOT * 20, "largest drop %g", rmax);
    free(p);
    o.cover = 0.3; /* early: coverage passes 0.3 long before drops reach 20 */
    run(&o, &p, &n);
    double area = 0;
    rmax = 0;
    for (size_t i = 0; i < n; i++)
        area += DP_PI * (double)p[i].r * (double)p[i].r, rmax = DP_MAX(rmax, (double)p[i].r);
    cr_assert(area / (160.0 * 160) >= 0.3 && rmax < 20, "cover %g, largest %g",
              area / (160.0 * 160), rmax);
    free(p);
}

Test(breath, refuses_a_pane_that_could_hold_too_many_drops)
{
    dp_breath_opts o = { .width = 4096, .height = 4096, .r0 = 0.5, .r_end = 9, .max_drops = 1000 };
    dapple_point *p;
    size_t n;
    dapple_error err;
    cr_assert_eq(dp_breath_run(&o, &p, &n, &err), DAPPLE_E_LIMIT);
    cr_assert(strstr(err.message, "max_points") != NULL, "%s", err.message);
    cr_assert_null(p);
}

/* ---------------------------------------------------------------- condensation's maps */

static dp_texture_spec spec;
static dp_scene scene;

/* How far the drop at p reaches in the height map: the mean of its four runs to dry glass. */
static double read_radius(const uint16_t *h, const dapple_point *p)
{
    static const int dir[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
    int w = spec.width, ht = spec.height, x0 = (int)p->x, y0 = (int)p->y;
    double sum = 0;
    for (int d = 0; d < 4; d++) {
        int k = 0;
        while (k < w && h[(size_t)((y0 + dir[d][1] * k + ht) % ht) * w +
                          (size_t)((x0 + dir[d][0] * k + w) % w)] > 0)
            k++;
        sum += k;
    }
    return sum / 4;
}

typedef struct maps {
    uint16_t *h, *frost;
    uint8_t *nm;
} maps;

static void render_condensation(maps *m)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/condensation.ini", &spec, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    size_t n = (size_t)spec.width * spec.height;
    m->h = calloc(n, sizeof *m->h), m->frost = calloc(n, sizeof *m->frost);
    m->nm = calloc(n * 3, 1);
    dp_render_height_into(&spec, &scene, m->h);
    dp_render_normal_into(&spec, m->h, false, m->nm);
    dp_render_mask_into(&spec, &scene, DP_MASK_FROST, m->frost);
}

/* A micro-drop in the frost mask: above the fog's own level (frost * 65535). */
static bool micro_at(const maps *m, size_t i)
{
    double fog = 0;
    for (int li = 0; li < spec.n_layers; li++)
        fog = DP_MAX(fog, spec.layers[li].frost);
    return m->frost[i] > lround(fog * 65535) + 1024;
}

Test(breath, condensation_is_half_water_with_flat_dry_glass_between)
{
    maps m;
    render_condensation(&m);
    size_t n = (size_t)spec.width * spec.height, water = 0, dry = 0, flat = 0;
    for (size_t i = 0; i < n; i++) {
        if (m.h[i] > 0 || micro_at(&m, i)) {
            water++;
            continue;
        }
        dry++;
        flat += m.nm[3 * i] == 128 && m.nm[3 * i + 1] == 128 && m.nm[3 * i + 2] == 255;
    }
    double cover = (double)water / n, flat_share = (double)flat / dry;
    fprintf(stderr, "condensation: water covers %.3f, %.3f of dry glass flat\n", cover, flat_share);
    cr_assert(cover >= 0.45 && cover <= 0.65, "water covers %.3f of the pane", cover);
    cr_assert_geq(flat_share, 0.6, "%.3f of dry glass flat in the normal map", flat_share);
    free(m.h), free(m.frost), free(m.nm);
    dp_scene_fini(&scene);
}

Test(breath, condensation_sizes_fill_every_octave_and_large_drops_vary)
{
    maps m;
    render_condensation(&m);
    const dp_layer_spec *l = &spec.layers[0];
    const dp_layer_points *lp = &scene.layers[0];
    int octave[16] = { 0 };
    double big = 0, big2 = 0, largest = 0, smallest = 1e9;
    size_t n_big = 0;
    for (size_t i = 0; i < lp->count; i++) {
        if (l->scale * (double)lp->points[i].r < l->drop_micro)
            continue; /* in the frost mask, not the height map */
        double r = read_radius(m.h, &lp->points[i]);
        largest = DP_MAX(largest, r), smallest = DP_MIN(smallest, r);
        octave[DP_MIN(15, (int)floor(log2(DP_MAX(r, 1.0))))]++;
        if (r >= l->field.rmax / 4) /* the bell of large drops */
            big += r, big2 += r * r, n_big++;
    }
    for (int k = (int)floor(log2(DP_MAX(smallest, 1.0))); k <= (int)floor(log2(largest)); k++)
        cr_assert_gt(octave[k], 0, "no drop of radius %d..%d px (drops %g..%g)", 1 << k, 2 << k,
                     smallest, largest);
    double mean = big / n_big, cv = sqrt(DP_MAX(0.0, big2 / n_big - mean * mean)) / mean;
    fprintf(stderr, "condensation: %zu large drops, mean radius %.1f, CV %.3f; octaves", n_big,
            mean, cv);
    for (int k = 0; k < 8; k++)
        fprintf(stderr, " %d", octave[k]);
    fprintf(stderr, "\n");
    cr_assert_geq(cv, 0.2, "large drops' radii: CV %.3f", cv);
    free(m.h), free(m.frost), free(m.nm);
    dp_scene_fini(&scene);
}

/* ---------------------------------------------------------------- a ground to refract */

static double luma(uint32_t px)
{
    return 0.2126 * (px >> 16 & 255) + 0.7152 * (px >> 8 & 255) + 0.0722 * (px & 255);
}

/* The spread of luminance between the 2nd and 98th percentiles, and the mean step across
 * the wrap over the mean step inside. */
static void ground_measure(dp_background_kind kind, double *spread, double *seam_ratio)
{
    dp_texture_spec t;
    dp_texture_spec_init(&t);
    t.width = t.height = 256;
    t.wrap = dp_wrap_both(true);
    t.seed = 21;
    t.background = kind;
    t.bg_colour = (dp_rgba){ 0.1, 0.14, 0.19, 1 };
    t.bg_colour2 = (dp_rgba){ 0.32, 0.41, 0.48, 1 };
    t.bg_scale = 90;
    dp_scene s;
    dapple_error err;
    cairo_surface_t *img = NULL;
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_render_texture(&t, &s, &img, &err), DAPPLE_OK, "%s", err.message);
    const uint8_t *d = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    int hist[256] = { 0 };
    double seam = 0, inner = 0;
    for (int y = 0; y < 256; y++)
        for (int x = 0; x < 256; x++) {
            const uint32_t *row = (const uint32_t *)(const void *)(d + (size_t)y * stride);
            const uint32_t *below =
                    (const uint32_t *)(const void *)(d + (size_t)((y + 1) % 256) * stride);
            double v = luma(row[x]);
            hist[(int)v]++;
            double step = fabs(v - luma(row[(x + 1) % 256])) + fabs(v - luma(below[x]));
            if (x == 255 || y == 255)
                seam += step / 2;
            else
                inner += step / 2;
        }
    int lo = 0, hi = 255, acc = 0;
    while ((acc += hist[lo]) < 256 * 256 / 50)
        lo++;
    for (acc = 0; (acc += hist[hi]) < 256 * 256 / 50;)
        hi--;
    *spread = hi - lo;
    *seam_ratio = (seam / 511) / (inner / (255.0 * 255));
    cairo_surface_destroy(img);
    dp_scene_fini(&s);
}

Test(breath, bokeh_ground_has_lights_to_refract_and_tiles)
{
    double perlin, bokeh, seam_p, seam_b;
    ground_measure(DP_BG_PERLIN, &perlin, &seam_p);
    ground_measure(DP_BG_BOKEH, &bokeh, &seam_b);
    fprintf(stderr, "ground: luminance spread perlin %.0f, bokeh %.0f; seam/inner %.2f\n", perlin,
            bokeh, seam_b);
    cr_assert_geq(bokeh, 1.6 * perlin, "bokeh spread %.0f vs perlin %.0f", bokeh, perlin);
    cr_assert_geq(bokeh, 100, "bokeh spread %.0f", bokeh);
    cr_assert_leq(seam_b, 1.5, "the bokeh ground's seam: %.2f x the inner step", seam_b);
}
