/* SPDX-License-Identifier: MIT
 * Render room: a disc has its colour at the centre and leaves the background alone far
 * away; periodic textures continue across the edges (a rolled scene renders as the rolled
 * picture); bands and repeats give identical bytes; every style inks; the scene honours
 * 'avoid' and keeps one layer's points independent of another's settings; height and
 * normal maps peak, stay flat and flip Y as documented. Pictures go to build/test-out/. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/dp.h"
#include "io/image_save.h"
#include "render/canvas.h"
#include "render/relief.h"
#include "render/render.h"
#include "surface_helpers.h"

static dp_texture_spec spec;
static dp_scene scene;

static void one_layer(dp_style style, int w, int h)
{
    one_layer_spec(&spec, style, w, h, (dp_rgba){ 0, 0, 1, 1 })->palette[0] =
            (dp_rgba){ 1, 0, 0, 1 };
}

/* A scene over caller-owned points: do not dp_scene_fini it. */
static void points_scene(dapple_point *pts, size_t n)
{
    one_layer_scene(&scene, pts, n);
}

static cairo_surface_t *render_bands(int bands)
{
    cairo_surface_t *s = NULL;
    dapple_error err;
    cr_assert_eq(dp_render_texture_bands(&spec, &scene, bands, &s, &err), DAPPLE_OK, "%s",
                 err.message);
    return s;
}

static bool same_pixels(cairo_surface_t *a, cairo_surface_t *b)
{
    int h = cairo_image_surface_get_height(a), stride = cairo_image_surface_get_stride(a);
    cairo_surface_flush(a);
    cairo_surface_flush(b);
    return memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b),
                  (size_t)h * stride) == 0;
}

/* A soft shadow on the styles that cast one. */
static void with_shadow(dp_style style)
{
    if (style != DP_STYLE_DROPLETS && style != DP_STYLE_BUBBLES)
        spec.layers[0].shadow = 0.6;
}

/* A loose jittered grid of points with varied radii: a stand-in for a sampler run. */
static size_t grid(dapple_point *p, int w, int h, double r)
{
    size_t n = 0;
    unsigned s = 7;
    for (double y = r; y < h; y += 2.3 * r)
        for (double x = r; x < w; x += 2.3 * r) {
            s = s * 1103515245u + 12345u;
            double j = (s >> 16 & 1023) / 1023.0;
            p[n++] = (dapple_point){ (float)(x + 0.37 * r * j), (float)(y + 0.29 * r * (1 - j)),
                                     (float)(r * (1.2 + 0.8 * j)) };
        }
    return n;
}

Test(render, disc_has_layer_colour_at_centre_and_background_far_away)
{
    one_layer(DP_STYLE_CIRCLES, 64, 48);
    dapple_point p = { 20, 20, 16 }; /* drawn radius 8 */
    points_scene(&p, 1);
    cairo_surface_t *s = render_bands(1);
    rgba8 c = pixel(s, 20, 20), far = pixel(s, 60, 44), edge = pixel(s, 27, 20);
    cr_assert(c.r == 255 && c.g == 0 && c.b == 0 && c.a == 255);
    cr_assert(far.r == 0 && far.g == 0 && far.b == 255 && far.a == 255);
    cr_assert(edge.r > 200, "inside the disc near its edge, got r=%d", edge.r);
    cr_assert_eq(pixel(s, 29, 20).r, 0, "outside the disc");
    cairo_surface_destroy(s);
}

Test(render, palette_alpha_and_layer_alpha_blend_over_the_background)
{
    one_layer(DP_STYLE_CIRCLES, 32, 32);
    spec.layers[0].palette[0].a = 0.5;
    spec.layers[0].alpha = 0.5; /* 25 % red over blue */
    dapple_point p = { 16, 16, 20 };
    points_scene(&p, 1);
    cairo_surface_t *s = render_bands(1);
    rgba8 c = pixel(s, 16, 16);
    cr_assert(abs(c.r - 64) <= 2 && abs(c.b - 191) <= 2, "got %d,%d,%d", c.r, c.g, c.b);
    cairo_surface_destroy(s);
}

Test(render, periodic_disc_crossing_the_right_edge_inks_the_left_edge)
{
    dapple_point p = { 62, 40, 16 }; /* radius 8: reaches x = 70, i.e. 6 past the edge */
    for (int periodic = 0; periodic <= 1; periodic++) {
        one_layer(DP_STYLE_CIRCLES, 64, 64);
        spec.wrap = dp_wrap_both(periodic);
        points_scene(&p, 1);
        cairo_surface_t *s = render_bands(1);
        rgba8 left = pixel(s, 0, 40), right = pixel(s, 63, 40);
        cr_assert_eq(right.r, 255);
        cr_assert_eq(left.r, periodic ? 255 : 0, "periodic=%d", periodic);
        cr_assert_eq(left.b, periodic ? 0 : 255);
        cairo_surface_destroy(s);
    }
}

Test(render, periodic_corner_shape_is_drawn_in_all_four_corners)
{
    one_layer(DP_STYLE_CIRCLES, 64, 64);
    spec.wrap = dp_wrap_both(true);
    dapple_point p = { 1, 1, 12 };
    points_scene(&p, 1);
    cairo_surface_t *s = render_bands(2);
    cr_assert_eq(pixel(s, 0, 0).r, 255);
    cr_assert_eq(pixel(s, 63, 0).r, 255);
    cr_assert_eq(pixel(s, 0, 63).r, 255);
    cr_assert_eq(pixel(s, 63, 63).r, 255);
    cr_assert_eq(pixel(s, 32, 32).r, 0);
    cairo_surface_destroy(s);
}

/* Rolling the points by half the texture must roll the picture: any seam would move
 * into the middle and break the match. Positions move by whole pixels, so only float
 * rounding of the point coordinates may differ. */
Test(render, periodic_texture_rolled_by_half_is_the_rolled_picture)
{
    static dapple_point a[4000], b[4000];
    const int w = 96, h = 80;
    for (int style = DP_STYLE_CIRCLES; style <= DP_STYLE_BLADES; style++) {
        one_layer((dp_style)style, w, h);
        spec.wrap = dp_wrap_both(true);
        with_shadow((dp_style)style); /* shadows reach further: they must wrap too */
        size_t n = grid(a, w, h, 7);
        for (size_t i = 0; i < n; i++)
            b[i] = (dapple_point){ fmodf(a[i].x + w / 2, w), fmodf(a[i].y + h / 2, h), a[i].r };
        points_scene(a, n);
        cairo_surface_t *sa = render_bands(1);
        points_scene(b, n);
        cairo_surface_t *sb = render_bands(2);
        int worst = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                rgba8 p = pixel(sa, x, y), q = pixel(sb, (x + w / 2) % w, (y + h / 2) % h);
                worst = DP_MAX(worst,
                               DP_MAX(abs(p.r - q.r), DP_MAX(abs(p.g - q.g), abs(p.b - q.b))));
            }
        cr_assert_leq(worst, 3, "style %d: rolled render differs by %d", style, worst);
        if (style == DP_STYLE_DROPLETS)
            save(sa, "render_periodic_droplets.png");
        cairo_surface_destroy(sa);
        cairo_surface_destroy(sb);
    }
}

/* A texture that tiles across only: a corner shape is drawn again across the side seam
 * but not across the top and bottom edges; the picture rolled across is the rolled
 * points' picture, every style, shadows included. */
Test(render, a_texture_wrapping_across_only_continues_at_the_sides_only)
{
    one_layer(DP_STYLE_CIRCLES, 64, 64);
    spec.wrap = (dp_wrap){ true, false };
    dapple_point p = { 1, 1, 12 };
    points_scene(&p, 1);
    cairo_surface_t *s = render_bands(2);
    cr_assert_eq(pixel(s, 0, 0).r, 255);
    cr_assert_eq(pixel(s, 63, 0).r, 255, "across the side seam");
    cr_assert_eq(pixel(s, 0, 63).r, 0, "across the bottom edge, which does not wrap");
    cr_assert_eq(pixel(s, 63, 63).r, 0);
    cairo_surface_destroy(s);
    static dapple_point a[4000], b[4000];
    const int w = 96, h = 80;
    for (int style = DP_STYLE_CIRCLES; style <= DP_STYLE_BLADES; style++) {
        one_layer((dp_style)style, w, h);
        spec.wrap = (dp_wrap){ true, false };
        with_shadow((dp_style)style);
        size_t n = grid(a, w, h, 7);
        for (size_t i = 0; i < n; i++)
            b[i] = (dapple_point){ fmodf(a[i].x + w / 2, w), a[i].y, a[i].r };
        points_scene(a, n);
        cairo_surface_t *sa = render_bands(1);
        points_scene(b, n);
        cairo_surface_t *sb = render_bands(3);
        int worst = 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                rgba8 q = pixel(sa, x, y), r = pixel(sb, (x + w / 2) % w, y);
                worst = DP_MAX(worst,
                               DP_MAX(abs(q.r - r.r), DP_MAX(abs(q.g - r.g), abs(q.b - r.b))));
            }
        cr_assert_leq(worst, 3, "style %d: rolled across, the render differs by %d", style, worst);
        cairo_surface_destroy(sa);
        cairo_surface_destroy(sb);
    }
}

Test(render, bands_and_repeats_give_identical_bytes)
{
    static dapple_point pts[4000];
    for (int style = DP_STYLE_CIRCLES; style <= DP_STYLE_BLADES; style++) {
        one_layer((dp_style)style, 200, 150);
        spec.wrap = dp_wrap_both(style % 2);
        spec.layers[0].jitter_lightness = 0.2;
        spec.layers[0].jitter_alpha = 0.2;
        with_shadow((dp_style)style);
        points_scene(pts, grid(pts, 200, 150, 9));
        cairo_surface_t *one = render_bands(1), *two = render_bands(2), *three = render_bands(3);
        cairo_surface_t *again = render_bands(1);
        cr_assert(same_pixels(one, two), "style %d: 1 vs 2 bands", style);
        cr_assert(same_pixels(one, three), "style %d: 1 vs 3 bands", style);
        cr_assert(same_pixels(one, again), "style %d: repeat", style);
        cairo_surface_destroy(one);
        cairo_surface_destroy(two);
        cairo_surface_destroy(three);
        cairo_surface_destroy(again);
    }
}

static int diff(rgba8 a, rgba8 b)
{
    return abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b);
}

/* The strongest change from bg inside a disc: a droplet may show the ground unchanged at
 * its very centre (it refracts it), but never over its whole body. */
static int max_diff_in_disc(cairo_surface_t *s, int cx, int cy, int radius, rgba8 bg)
{
    int best = 0;
    for (int y = cy - radius; y <= cy + radius; y++)
        for (int x = cx - radius; x <= cx + radius; x++)
            if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius)
                best = DP_MAX(best, diff(pixel(s, x, y), bg));
    return best;
}

Test(render, every_style_inks_near_its_points_and_spares_empty_ground)
{
    static const char *names[] = { "circles", "outlines", "droplets", "bubbles",
                                   "stamps",  "ellipses", "chips",    "blades" };
    for (int style = DP_STYLE_CIRCLES; style <= DP_STYLE_BLADES; style++) {
        one_layer((dp_style)style, 120, 60);
        spec.layers[0].palette[0] = (dp_rgba){ 0.9, 0.95, 1, 1 };
        spec.layers[0].stroke_width = 2;
        dapple_point p[2] = { { 30, 30, 40 }, { 90, 30, 30 } };
        points_scene(p, 2);
        cairo_surface_t *s = render_bands(1);
        rgba8 bg = pixel(s, 60, 2);
        cr_assert_eq(diff(bg, (rgba8){ 0, 0, 255, 255 }), 0, "%s touched empty ground",
                     names[style]);
        /* Outlines and bubbles ink the ring, the rest ink the centre. */
        int x = style == DP_STYLE_OUTLINES ? 50 : style == DP_STYLE_BUBBLES ? 49 : 30;
        int inked = style == DP_STYLE_DROPLETS ? max_diff_in_disc(s, 30, 30, 16, bg)
                                               : diff(pixel(s, x, 30), bg);
        cr_assert_gt(inked, 40, "%s did not ink", names[style]);
        char file[64];
        snprintf(file, sizeof file, "render_style_%s.png", names[style]);
        save(s, file);
        cairo_surface_destroy(s);
    }
}

/* A drop is a lens (issue #34): on a uniform ground its middle passes the ground nearly
 * unchanged, its steep rim (total internal reflection) shows the room instead, dark where
 * it reflects the floor (the top) and lighter where it reflects the window (the bottom);
 * its glint sits toward the light; nothing is painted outside it (no contact shadow). */
Test(render, droplet_is_a_clear_lens_with_a_dark_rim_and_a_glint_toward_the_light)
{
    one_layer(DP_STYLE_DROPLETS, 100, 100);
    spec.bg_colour = (dp_rgba){ 0.5, 0.5, 0.5, 1 };
    spec.layers[0].palette[0] = (dp_rgba){ 0.9, 0.95, 1, 1 };
    spec.layers[0].light_angle_deg = 180; /* light from the left (-x) */
    dapple_point p = { 50, 50, 80 };      /* drawn radius 40 */
    points_scene(&p, 1);
    cairo_surface_t *s = render_bands(1);
    int ground = pixel(s, 5, 5).g, middle = pixel(s, 50, 56).g;
    int top = pixel(s, 50, 50 - 39).g, bottom = pixel(s, 50, 50 + 39).g;
    cr_assert_geq(middle, 0.9 * ground, "middle %d against the ground %d", middle, ground);
    cr_assert_lt(top, 0.6 * ground, "top rim %d against the ground %d", top, ground);
    cr_assert_gt(bottom, top + 20, "bottom rim %d, top rim %d", bottom, top);
    int bx = 50, best = 0;
    for (int y = 12; y < 88; y++)
        for (int x = 12; x < 88; x++)
            if ((x - 50) * (x - 50) + (y - 50) * (y - 50) < 36 * 36 && pixel(s, x, y).g > best)
                best = pixel(s, x, y).g, bx = x;
    cr_assert_lt(bx, 50, "the glint (x %d) sits toward the light", bx);
    cr_assert_eq(pixel(s, 50 + 43, 50).g, ground, "no contact shadow outside the drop");
    cr_assert_eq(pixel(s, 50 - 43, 50).g, ground);
    save(s, "render_droplet_big.png");
    cairo_surface_destroy(s);
}

Test(render, bad_size_and_missing_stamp_are_errors_naming_the_cause)
{
    dapple_error err;
    cairo_surface_t *s = (cairo_surface_t *)&err;
    one_layer(DP_STYLE_CIRCLES, 0, 10);
    points_scene(NULL, 0);
    cr_assert_eq(dp_render_texture(&spec, &scene, &s, &err), DAPPLE_E_INVALID);
    cr_assert_null(s);
    one_layer(DP_STYLE_STAMPS, 10, 10);
    strcpy(spec.layers[0].stamp, "build/test-out/no-such-stamp.png");
    cr_assert_neq(dp_render_texture(&spec, &scene, &s, &err), DAPPLE_OK);
    cr_assert_null(s);
    cr_assert(strstr(err.message, "layer 'a'") != NULL, "%s", err.message);
    cr_assert(strstr(err.message, "no-such-stamp.png") != NULL, "%s", err.message);
}

Test(render, image_background_fills_and_png_stamp_is_painted)
{
    uint32_t px[4] = { 0xffff0000u, 0xffff0000u, 0xffff0000u, 0xffff0000u }; /* red 2x2 */
    dapple_error err;
    mkdir("build", 0777);
    mkdir("build/test-out", 0777);
    cr_assert_eq(
            dp_image_write_argb32("build/test-out/red2x2.png", (const uint8_t *)px, 2, 2, 8, &err),
            DAPPLE_OK, "%s", err.message);
    one_layer(DP_STYLE_STAMPS, 40, 30);
    spec.background = DP_BG_IMAGE;
    strcpy(spec.bg_image, "build/test-out/red2x2.png");
    strcpy(spec.layers[0].stamp, "build/test-out/red2x2.png");
    spec.background = DP_BG_IMAGE;
    points_scene(NULL, 0);
    cairo_surface_t *s = render_bands(1);
    cr_assert_eq(diff(pixel(s, 0, 0), (rgba8){ 255, 0, 0, 255 }), 0);
    cr_assert_eq(diff(pixel(s, 39, 29), (rgba8){ 255, 0, 0, 255 }), 0);
    cairo_surface_destroy(s);
    spec.background = DP_BG_COLOUR; /* blue ground, a red square stamp on it */
    dapple_point p = { 20, 15, 16 };
    points_scene(&p, 1);
    s = render_bands(1);
    cr_assert_eq(pixel(s, 20, 15).r, 255);
    cr_assert_eq(pixel(s, 2, 2).b, 255);
    cairo_surface_destroy(s);
}

Test(render, perlin_ground_varies_and_tiles_when_periodic)
{
    one_layer(DP_STYLE_CIRCLES, 256, 128);
    spec.background = DP_BG_PERLIN;
    spec.bg_colour = (dp_rgba){ 0, 0, 0, 1 };
    spec.bg_colour2 = (dp_rgba){ 1, 1, 1, 1 };
    spec.bg_scale = 64;
    spec.wrap = dp_wrap_both(true);
    points_scene(NULL, 0);
    cairo_surface_t *s = render_bands(2);
    int lo = 255, hi = 0;
    double seam = 0, inner = 0;
    for (int y = 0; y < 128; y++) {
        lo = DP_MIN(lo, pixel(s, y, y).g);
        hi = DP_MAX(hi, pixel(s, y, y).g);
        seam += abs(pixel(s, 0, y).g - pixel(s, 255, y).g);
        inner += abs(pixel(s, 100, y).g - pixel(s, 101, y).g);
    }
    cr_assert_gt(hi - lo, 60, "ground should vary, range %d", hi - lo);
    /* Across the seam the ground changes no more than between two inner neighbours
     * (plus the per-pixel grain, which is independent noise of +-4 %). */
    cr_assert_lt(seam / 128, inner / 128 + 12, "seam %.1f vs inner %.1f", seam / 128, inner / 128);
    save(s, "render_ground.png");
    cairo_surface_destroy(s);
}

/* ---------------------------------------------------------------- scene */

static void two_layers(void)
{
    dp_texture_spec_init(&spec);
    spec.width = 160;
    spec.height = 120;
    spec.seed = 11;
    spec.n_layers = 2;
    for (int i = 0; i < 2; i++) {
        dp_layer_spec *l = &spec.layers[i];
        dp_layer_spec_init(l);
        strcpy(l->name, i ? "small" : "big");
        l->field.kind = DAPPLE_FIELD_PERLIN;
        l->field.rmin = i ? 2 : 10;
        l->field.rmax = i ? 3 : 16;
        l->scale = i ? 0.5 : 0.35; /* the big circles leave room between them */
    }
    spec.layers[1].avoid_mask = 1;
}

Test(scene, avoid_keeps_later_circles_off_earlier_ones)
{
    dapple_error err;
    for (int periodic = 0; periodic <= 1; periodic++) {
        two_layers();
        spec.wrap = dp_wrap_both(periodic);
        cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
        const dp_layer_points *a = &scene.layers[0], *b = &scene.layers[1];
        cr_assert_gt(a->count, 20);
        cr_assert_gt(b->count, 20);
        for (size_t i = 0; i < a->count; i++)
            for (size_t j = 0; j < b->count; j++) {
                double dx = fabs((double)a->points[i].x - (double)b->points[j].x);
                double dy = fabs((double)a->points[i].y - (double)b->points[j].y);
                if (periodic) {
                    dx = DP_MIN(dx, spec.width - dx);
                    dy = DP_MIN(dy, spec.height - dy);
                }
                double need = 0.35 * (double)a->points[i].r + 0.5 * (double)b->points[j].r;
                cr_assert_geq(sqrt(dx * dx + dy * dy), need - 1e-4, "overlap %zu/%zu", i, j);
            }
        cr_assert_not_null(scene.fields[0]);
        dp_scene_fini(&scene);
        cr_assert_eq(scene.n_layers, 0);
    }
}

Test(scene, one_layers_settings_do_not_move_another_layers_points)
{
    dapple_error err;
    dp_scene first;
    two_layers();
    spec.layers[1].avoid_mask = 0;
    cr_assert_eq(dp_scene_sample(&spec, &first, &err), DAPPLE_OK, "%s", err.message);
    spec.layers[0].k = 12;
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(first.layers[1].count, scene.layers[1].count);
    cr_assert(memcmp(first.layers[1].points, scene.layers[1].points,
                     scene.layers[1].count * sizeof(dapple_point)) == 0);
    cr_assert_neq(first.layers[0].count, 0);
    dp_scene_fini(&first);
    dp_scene_fini(&scene);
}

Test(scene, failure_names_the_layer_and_leaves_the_scene_empty)
{
    dapple_error err;
    two_layers();
    spec.layers[1].field.kind = DAPPLE_FIELD_IMAGE;
    strcpy(spec.layers[1].field_image, "build/test-out/missing-field.png");
    cr_assert_neq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK);
    cr_assert(strncmp(err.message, "layer 'small': ", 15) == 0, "%s", err.message);
    cr_assert(strstr(err.message, "missing-field.png") != NULL, "%s", err.message);
    cr_assert_eq(scene.n_layers, 0);
    cr_assert_null(scene.layers[0].points);
}

Test(scene, sampled_droplets_render_end_to_end)
{
    dapple_error err;
    two_layers();
    spec.width = 384;
    spec.height = 256;
    spec.wrap = dp_wrap_both(true);
    spec.background = DP_BG_PERLIN;
    spec.bg_colour = (dp_rgba){ 0.16, 0.27, 0.36, 1 };
    spec.bg_colour2 = (dp_rgba){ 0.42, 0.55, 0.63, 1 };
    for (int i = 0; i < 2; i++) {
        spec.layers[i].style = DP_STYLE_DROPLETS;
        spec.layers[i].palette[0] = (dp_rgba){ 0.85, 0.93, 1, 1 };
    }
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    cairo_surface_t *s = NULL;
    cr_assert_eq(dp_render_texture(&spec, &scene, &s, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(cairo_image_surface_get_width(s), 384);
    save(s, "render_scene_droplets.png");
    cairo_surface_destroy(s);
    dp_scene_fini(&scene);
}

/* ---------------------------------------------------------------- maps */

Test(maps, height_peaks_at_droplet_centres_and_is_zero_between)
{
    one_layer(DP_STYLE_DROPLETS, 64, 64);
    spec.layers[0].field.rmax = 20;
    dapple_point p[2] = { { 16.5f, 16.5f, 20 }, { 44.5f, 40.5f, 12 } };
    points_scene(p, 2);
    static uint16_t h[64 * 64];
    dp_render_height_into(&spec, &scene, h);
    cr_assert_eq(h[16 * 64 + 16], 65535, "the largest possible drop is full height");
    for (int d = 1; d < 10; d++)
        cr_assert_lt(h[16 * 64 + 16 + d], h[16 * 64 + 16 + d - 1], "falls off at %d", d);
    cr_assert_eq(h[16 * 64 + 27], 0, "outside the base radius 10");
    uint16_t peak = h[40 * 64 + 44];
    cr_assert(peak > 30000 && peak < 45000, "a 0.6x drop is 0.6x as tall: %u", peak);
    cr_assert_eq(h[63 * 64 + 0], 0);
}

Test(maps, circles_are_domes_over_their_disc_and_the_ground_stays_zero)
{
    one_layer(DP_STYLE_CIRCLES, 32, 32);
    spec.layers[0].field.rmax = 20;
    dapple_point p = { 16, 16, 20 }; /* drawn radius 10 (scale 0.5) */
    points_scene(&p, 1);
    static uint16_t h[32 * 32];
    dp_render_height_into(&spec, &scene, h);
    cr_assert_gt(dp_height_unit(&spec), 0);
    cr_assert_geq(h[16 * 32 + 16], 65000, "the top of the largest disc: %u", h[16 * 32 + 16]);
    for (int d = 1; d < 10; d++)
        cr_assert_lt(h[16 * 32 + 16 + d], h[16 * 32 + 16 + d - 1], "falls off at %d", d);
    cr_assert_gt(h[16 * 32 + 25], 0, "the disc's edge is raised");
    cr_assert_eq(h[16 * 32 + 27], 0, "beyond the disc");
    cr_assert_eq(h[0], 0);
}

Test(maps, outlines_are_ridges_along_the_ring)
{
    one_layer(DP_STYLE_OUTLINES, 48, 48);
    spec.layers[0].stroke_width = 3;
    dapple_point p = { 24, 24, 24 }; /* ring radius 12 */
    points_scene(&p, 1);
    static uint16_t h[48 * 48];
    dp_render_height_into(&spec, &scene, h);
    cr_assert_gt(h[23 * 48 + 36], 60000, "the ridge's crest: %u", h[23 * 48 + 36]);
    cr_assert_eq(h[24 * 48 + 24], 0, "the ring's inside is ground");
    cr_assert_eq(h[24 * 48 + 30], 0);
}

Test(maps, a_later_stamp_hides_the_one_under_it)
{
    one_layer(DP_STYLE_STAMPS, 64, 64);
    strcpy(spec.layers[0].stamp, "leaves");
    spec.layers[0].scale = 1;
    spec.layers[0].field.rmax = 20;
    /* a point's looks follow its index: the first leaf is moved away, not removed */
    dapple_point p[2] = { { -200, -200, 20 }, { 40, 32, 20 } };
    static uint16_t one[64 * 64], both[64 * 64];
    points_scene(p, 2);
    dp_render_height_into(&spec, &scene, one);
    p[0] = (dapple_point){ 26, 32, 20 };
    dp_render_height_into(&spec, &scene, both);
    size_t raised = 0, covered = 0, lifted = 0;
    static size_t count[65536];
    for (int i = 0; i < 64 * 64; i++) {
        raised += both[i] > 0;
        covered += one[i] > 0;
        if (one[i] > 0 && both[i] >= one[i])
            count[both[i] - one[i]]++;
    }
    int lift = 0;
    for (int d = 1; d < 65536; d++)
        lift = count[d] > count[lift] ? d : lift;
    size_t inside = 0; /* two pixels or more inside the second leaf, off its antialiased rim */
    for (int i = 130; i < 62 * 64; i++)
        if (one[i] > 0 && one[i - 2] > 0 && one[i + 2] > 0 && one[i - 128] > 0 &&
            one[i + 128] > 0) {
            inside++;
            lifted += abs((int)both[i] - (int)one[i] - lift) <= 2;
        }
    cr_assert_gt(covered, 100, "a leaf of radius 20 stands up: %zu pixels", covered);
    cr_assert_gt(raised, covered, "the first leaf shows beside the second");
    cr_assert_gt(lift, 0, "the second leaf rests on the first");
    /* where the second leaf lies, its own relief shows, lifted as a whole by what it rests
     * on: the first leaf's edges do not show through it */
    cr_assert_gt(lifted, inside * 95 / 100, "%zu of %zu", lifted, inside);
}

Test(maps, stars_have_no_relief_and_a_map_of_stars_alone_is_refused)
{
    one_layer(DP_STYLE_STARS, 32, 32);
    strcpy(spec.layers[0].name, "sky");
    dapple_error err;
    cr_assert(dp_relief_none(&spec.layers[0]));
    cr_assert_eq(dp_relief_check(&spec, &err), DAPPLE_E_INVALID);
    cr_assert(strstr(err.message, "'sky' (stars)") != NULL, "%s", err.message);
    spec.n_layers = 2;
    dp_layer_spec_init(&spec.layers[1]);
    strcpy(spec.layers[1].name, "dots");
    spec.layers[1].style = DP_STYLE_CIRCLES;
    cr_assert_eq(dp_relief_check(&spec, &err), DAPPLE_OK, "one layer with relief is enough");
}

Test(maps, normals_are_flat_away_from_drops_and_y_flips_between_gl_and_dx)
{
    one_layer(DP_STYLE_DROPLETS, 64, 64);
    spec.wrap = dp_wrap_both(true);
    spec.layers[0].field.rmax = 24;
    dapple_point p = { 32.5f, 32.5f, 24 }; /* base radius 12, centred on pixel (32, 32) */
    points_scene(&p, 1);
    static uint16_t h[64 * 64];
    static uint8_t gl[64 * 64 * 3], dx[64 * 64 * 3];
    dp_render_height_into(&spec, &scene, h);
    dp_render_normal_into(&spec, h, false, gl);
    dp_render_normal_into(&spec, h, true, dx);
    const uint8_t *flat = gl + (5 * 64 + 5) * 3;
    cr_assert(flat[0] == 128 && flat[1] == 128 && flat[2] == 255);
    /* Above the centre (smaller y) the surface faces up: +Y in OpenGL, -Y in DirectX. */
    const uint8_t *top_gl = gl + (24 * 64 + 32) * 3, *top_dx = dx + (24 * 64 + 32) * 3;
    cr_assert_gt(top_gl[1], 150, "gl green %d", top_gl[1]);
    cr_assert_lt(top_dx[1], 106, "dx green %d", top_dx[1]);
    cr_assert_eq(top_gl[0], 128);
    /* Left of the centre the surface faces -X: red below 128 in both. */
    const uint8_t *left = gl + (32 * 64 + 24) * 3;
    cr_assert_lt(left[0], 106);
    cr_assert_eq(top_gl[2], top_dx[2]);
    const uint8_t *centre = gl + (32 * 64 + 32) * 3;
    cr_assert_geq(centre[2], 250, "the top of a cap is flat");
}

Test(maps, normals_wrap_across_the_edge_when_periodic)
{
    one_layer(DP_STYLE_BUBBLES, 48, 48);
    spec.layers[0].field.rmax = 20;
    dapple_point p = { 2, 24, 20 };
    static uint16_t h[48 * 48];
    static uint8_t n[48 * 48 * 3];
    for (int periodic = 0; periodic <= 1; periodic++) {
        spec.wrap = dp_wrap_both(periodic);
        points_scene(&p, 1);
        dp_render_height_into(&spec, &scene, h);
        dp_render_normal_into(&spec, h, false, n);
        /* x = 47 sits left of the wrapped drop: it faces -X only on a torus. */
        const uint8_t *e = n + (24 * 48 + 47) * 3;
        if (periodic)
            cr_assert_lt(e[0], 100, "red %d", e[0]);
        else
            cr_assert_eq(e[0], 128);
    }
}

/* Wrapping across only: the normals continue across the side seam, and stop at the top. */
Test(maps, normals_wrap_across_the_side_only_when_the_texture_does)
{
    one_layer(DP_STYLE_BUBBLES, 48, 48);
    spec.layers[0].field.rmax = 20;
    spec.wrap = (dp_wrap){ true, false };
    static uint16_t h[48 * 48];
    static uint8_t n[48 * 48 * 3];
    dapple_point p = { 2, 24, 20 };
    points_scene(&p, 1);
    dp_render_height_into(&spec, &scene, h);
    dp_render_normal_into(&spec, h, false, n);
    cr_assert_lt(n[(24 * 48 + 47) * 3], 100, "x = 47 faces -X across the seam");
    dapple_point q = { 24, 2, 20 }; /* the same drop at the top edge */
    points_scene(&q, 1);
    dp_render_height_into(&spec, &scene, h);
    dp_render_normal_into(&spec, h, false, n);
    cr_assert_eq(n[(47 * 48 + 24) * 3 + 1], 128, "y = 47 is flat: the top does not wrap");
    cr_assert_eq(h[47 * 48 + 24], 0);
}

Test(render, png_stamp_is_scaled_to_the_stamp_diameter_through_its_mips)
{
    static uint32_t px[64 * 64];
    dapple_error err;
    for (int i = 0; i < 64 * 64; i++)
        px[i] = 0xffff0000u;
    mkdir("build", 0777);
    mkdir("build/test-out", 0777);
    cr_assert_eq(dp_image_write_argb32("build/test-out/red64.png", (const uint8_t *)px, 64, 64, 256,
                                       &err),
                 DAPPLE_OK, "%s", err.message);
    one_layer(DP_STYLE_STAMPS, 80, 80);
    strcpy(spec.layers[0].stamp, "build/test-out/red64.png");
    spec.layers[0].stamp_scale_jitter = 0;
    dapple_point p = { 40, 40, 40 }; /* radius 20: a 40 px square, rotated at random */
    points_scene(&p, 1);
    cairo_surface_t *s = render_bands(1);
    for (double a = 0; a < 6.28; a += 0.3) {
        int xi = (int)(40 + 19 * cos(a)), yi = (int)(40 + 19 * sin(a));
        int xo = (int)(40 + 29.5 * cos(a)), yo = (int)(40 + 29.5 * sin(a));
        cr_assert_eq(pixel(s, xi, yi).r, 255, "inside at angle %.1f", a);
        cr_assert_eq(pixel(s, xo, yo).r, 0, "outside at angle %.1f", a);
    }
    cairo_surface_destroy(s);
}

Test(render, dot_radius_draws_every_point_the_same_size)
{
    one_layer(DP_STYLE_CIRCLES, 120, 60);
    spec.layers[0].palette[0] = (dp_rgba){ 0, 0, 0, 1 };
    spec.layers[0].dot_radius = 3;
    dapple_point p[2] = { { 30, 30, 40 }, { 90, 30, 10 } };
    points_scene(p, 2);
    cairo_surface_t *s = render_bands(1);
    rgba8 bg = pixel(s, 60, 2);
    for (int i = 0; i < 2; i++) {
        int x = (int)p[i].x;
        cr_assert_gt(diff(pixel(s, x, 30), bg), 200, "point %d: centre not inked", i);
        cr_assert_eq(diff(pixel(s, x + 5, 30), bg), 0, "point %d: ink beyond 3 px", i);
    }
    cairo_surface_destroy(s);
}

/* pack -j 2 asks each job for one drawing thread, -j 1 lets the job use two: the bytes
 * must not care. Stamps are where cairo's clipped and unclipped paths round apart. */
Test(render, thread_count_never_changes_the_bytes)
{
    static dapple_point pts[4096];
    for (int style = DP_STYLE_CIRCLES; style <= DP_STYLE_BLADES; style++) {
        one_layer((dp_style)style, 320, 300);
        spec.wrap = dp_wrap_both(true);
        spec.layers[0].scale = 1.2;
        if (style == DP_STYLE_STAMPS)
            strcpy(spec.layers[0].stamp, "presets/images/leaf-oak.png");
        points_scene(pts, grid(pts, 320, 300, 11));
        cairo_surface_t *s[3];
        for (int threads = 0; threads < 3; threads++) {
            dapple_error err;
            spec.render_threads = threads;
            cr_assert_eq(dp_render_texture(&spec, &scene, &s[threads], &err), DAPPLE_OK);
        }
        cr_assert(same_pixels(s[1], s[0]) && same_pixels(s[1], s[2]), "style %d", style);
        for (int i = 0; i < 3; i++)
            cairo_surface_destroy(s[i]);
    }
}
