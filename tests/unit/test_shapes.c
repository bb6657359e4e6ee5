/* SPDX-License-Identifier: MIT
 * Stamps, shadows and shapes (issue #19): colours tint a grey PNG stamp; the jitter keys
 * change a stamp layer; mirrored stamps appear when asked and never otherwise (told apart
 * by the turning sense of three coloured marks, which rotation keeps and mirroring flips);
 * a layer of several stamps draws each; a shadow darkens pixels next to its shape and
 * nowhere else; chips have the corner count asked. Pictures go to build/test-out/. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/dp.h"
#include "io/image_save.h"
#include "render/canvas.h"
#include "render/render.h"
#include "surface_helpers.h"

static dp_texture_spec spec;
static dp_scene scene;
static dapple_point pts[64];

static void one_layer(dp_style style, int w, int h, dp_rgba bg)
{
    one_layer_spec(&spec, style, w, h, bg)->stamp_scale_jitter = 0;
}

/* Points on a grid 'step' apart, radius r (drawn radius r / 2 at the default scale). */
static void grid_scene(int w, int h, int step, float r)
{
    size_t n = 0;
    for (int y = step / 2; y < h && n < 64; y += step)
        for (int x = step / 2; x < w && n < 64; x += step)
            pts[n++] = (dapple_point){ (float)x, (float)y, r };
    one_layer_scene(&scene, pts, n);
}

static cairo_surface_t *render(void)
{
    cairo_surface_t *s = NULL;
    dapple_error err;
    cr_assert_eq(dp_render_texture_bands(&spec, &scene, 1, &s, &err), DAPPLE_OK, "%s", err.message);
    cairo_surface_flush(s);
    return s;
}

/* A 64x64 stamp fixture drawn by 'paint' and saved as build/test-out/NAME. */
static void make_stamp(const char *name, void (*paint)(cairo_t *cr))
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64);
    cairo_t *cr = cairo_create(s);
    paint(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    save(s, name);
    cairo_surface_destroy(s);
}

static void paint_grey(cairo_t *cr)
{
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_paint(cr);
}

static void disc(cairo_t *cr, double x, double y, double r, double g, double b)
{
    cairo_set_source_rgb(cr, r, g, b);
    cairo_arc(cr, x, y, 9, 0, 2 * DP_PI);
    cairo_fill(cr);
}

/* Red at the top, green bottom right, blue bottom left: clockwise on screen. */
static void paint_marks(cairo_t *cr)
{
    disc(cr, 32, 11, 1, 0, 0);
    disc(cr, 52, 46, 0, 1, 0);
    disc(cr, 12, 46, 0, 0, 1);
}

static bool same(cairo_surface_t *a, cairo_surface_t *b)
{
    size_t bytes = (size_t)cairo_image_surface_get_stride(a) * cairo_image_surface_get_height(a);
    return memcmp(cairo_image_surface_get_data(a), cairo_image_surface_get_data(b), bytes) == 0;
}

static const dp_rgba black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };

Test(shapes, colours_tint_a_grey_png_stamp_red_and_blue)
{
    make_stamp("grey64.png", paint_grey);
    one_layer(DP_STYLE_STAMPS, 240, 240, black);
    strcpy(spec.layers[0].stamp, "build/test-out/grey64.png");
    spec.layers[0].palette[0] = (dp_rgba){ 1, 0, 0, 1 };
    spec.layers[0].palette[1] = (dp_rgba){ 0, 0, 1, 1 };
    spec.layers[0].palette_n = 2;
    grid_scene(240, 240, 60, 40);
    cairo_surface_t *s = render();
    int red = 0, blue = 0;
    for (size_t i = 0; i < scene.layers[0].count; i++) {
        rgba8 p = pixel(s, (int)pts[i].x, (int)pts[i].y);
        red += p.r > 120 && p.g < 8 && p.b < 8; /* 0.6 grey * red: about 153, 0, 0 */
        blue += p.b > 120 && p.r < 8 && p.g < 8;
    }
    save(s, "shapes_tint.png");
    cr_assert(red > 0 && blue > 0 && red + blue == (int)scene.layers[0].count,
              "%d red, %d blue of %zu stamps", red, blue, scene.layers[0].count);
    cairo_surface_destroy(s);
}

Test(shapes, jitter_keys_change_a_png_stamp_layer)
{
    make_stamp("marks64.png", paint_marks);
    one_layer(DP_STYLE_STAMPS, 240, 240, black);
    strcpy(spec.layers[0].stamp, "build/test-out/marks64.png");
    grid_scene(240, 240, 60, 40);
    cairo_surface_t *plain = render();
    spec.layers[0].jitter_hue = 0.1;
    cairo_surface_t *hue = render();
    spec.layers[0].jitter_hue = 0;
    spec.layers[0].jitter_lightness = 0.3;
    cairo_surface_t *light = render();
    cr_assert(!same(plain, hue), "jitter_hue left the stamps as they were");
    cr_assert(!same(plain, light), "jitter_lightness left the stamps as they were");
    cairo_surface_destroy(plain);
    cairo_surface_destroy(hue);
    cairo_surface_destroy(light);
}

/* Mean position of the pixels near (cx, cy) where channel c (0 r, 1 g, 2 b) dominates. */
static void centroid(cairo_surface_t *s, int cx, int cy, int c, double *x, double *y)
{
    double sx = 0, sy = 0, n = 0;
    for (int j = cy - 28; j <= cy + 28; j++)
        for (int i = cx - 28; i <= cx + 28; i++) {
            rgba8 p = pixel(s, i, j);
            int v[3] = { p.r, p.g, p.b };
            if (v[c] > 128 && v[(c + 1) % 3] < 64 && v[(c + 2) % 3] < 64)
                sx += i, sy += j, n++;
        }
    cr_assert_gt(n, 10, "mark %d of the stamp at %d,%d not found", c, cx, cy);
    *x = sx / n;
    *y = sy / n;
}

/* Counts the stamps drawn mirrored: their marks turn the other way round. */
static int mirrored(double mirror, const char *picture)
{
    one_layer(DP_STYLE_STAMPS, 300, 300, black);
    strcpy(spec.layers[0].stamp, "build/test-out/marks64.png");
    spec.layers[0].mirror = mirror;
    spec.layers[0].tilt_deg = 40; /* foreshortening keeps the turning sense */
    grid_scene(300, 300, 60, 50);
    cairo_surface_t *s = render();
    int n = 0;
    for (size_t k = 0; k < scene.layers[0].count; k++) {
        double x[3], y[3];
        for (int c = 0; c < 3; c++)
            centroid(s, (int)pts[k].x, (int)pts[k].y, c, &x[c], &y[c]);
        n += (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]) < 0;
    }
    save(s, picture);
    cairo_surface_destroy(s);
    return n;
}

Test(shapes, mirrored_stamps_appear_when_asked_and_never_otherwise)
{
    make_stamp("marks64.png", paint_marks);
    int total = 25;
    cr_assert_eq(mirrored(0, "shapes_mirror0.png"), 0, "a stamp was mirrored with mirror = 0");
    cr_assert_eq(mirrored(1, "shapes_mirror1.png"), total, "mirror = 1 left stamps unmirrored");
    int half = mirrored(0.5, "shapes_mirror05.png");
    cr_assert(half > 3 && half < total - 3, "mirror = 0.5 mirrored %d of %d", half, total);
}

static void paint_red(cairo_t *cr)
{
    cairo_set_source_rgb(cr, 1, 0, 0);
    cairo_paint(cr);
}

static void paint_blue(cairo_t *cr)
{
    cairo_set_source_rgb(cr, 0, 0, 1);
    cairo_paint(cr);
}

Test(shapes, a_list_of_stamps_draws_each_variant)
{
    make_stamp("red64.png", paint_red);
    make_stamp("blue64.png", paint_blue);
    one_layer(DP_STYLE_STAMPS, 240, 240, black);
    const char list[] = "build/test-out/red64.png\0build/test-out/blue64.png";
    memcpy(spec.layers[0].stamp, list, sizeof list);
    spec.layers[0].n_stamps = 2;
    grid_scene(240, 240, 60, 40);
    cairo_surface_t *s = render();
    int red = 0, blue = 0;
    for (size_t i = 0; i < scene.layers[0].count; i++) {
        rgba8 p = pixel(s, (int)pts[i].x, (int)pts[i].y);
        red += p.r == 255 && p.b == 0;
        blue += p.b == 255 && p.r == 0;
    }
    cr_assert(red > 0 && blue > 0 && red + blue == (int)scene.layers[0].count,
              "%d red, %d blue of %zu stamps", red, blue, scene.layers[0].count);
    cairo_surface_destroy(s);
}

static int lum(rgba8 p)
{
    return p.r + p.g + p.b;
}

Test(shapes, a_shadow_darkens_next_to_its_shape_and_nowhere_else)
{
    make_stamp("grey64.png", paint_grey);
    for (int style = DP_STYLE_CIRCLES; style <= DP_STYLE_BLADES; style++) {
        if (style == DP_STYLE_DROPLETS || style == DP_STYLE_BUBBLES)
            continue;
        one_layer((dp_style)style, 128, 128, white);
        spec.layers[0].palette[0] = (dp_rgba){ 0.2, 0.5, 0.3, 1 };
        spec.layers[0].stroke_width = 3;
        if (style == DP_STYLE_STAMPS) /* a PNG: the daisy brings a shadow of its own */
            strcpy(spec.layers[0].stamp, "build/test-out/grey64.png");
        grid_scene(128, 128, 128, 40); /* one shape of radius 20 at the centre */
        cairo_surface_t *flat = render();
        spec.layers[0].shadow = 0.7;
        spec.layers[0].shadow_offset = 0.3;
        spec.layers[0].shadow_softness = 0.2;
        cairo_surface_t *shaded = render();
        double reach = 20 * (1.1 + 0.3 + 3 * 0.2 * 0.5) + 4;
        int darker = 0, lighter = 0, far = 0;
        for (int y = 0; y < 128; y++)
            for (int x = 0; x < 128; x++) {
                int d = lum(pixel(flat, x, y)) - lum(pixel(shaded, x, y));
                /* The light is at the top left: the shadow centre moves down right. */
                double dist = hypot(x - 64 - 4.24, y - 64 - 4.24);
                darker += d > 30;
                lighter += d < 0;
                far += d != 0 && dist > reach;
            }
        cr_assert_gt(darker, 20, "style %d: the shadow darkened %d pixels", style, darker);
        cr_assert_eq(lighter, 0, "style %d: the shadow lightened %d pixels", style, lighter);
        cr_assert_eq(far, 0, "style %d: %d pixels changed far from the shape", style, far);
        /* Beside the shape, away from the light, the ground is darker; toward it, not. */
        if (style == DP_STYLE_CIRCLES) {
            cr_assert_gt(lum(pixel(flat, 82, 82)) - lum(pixel(shaded, 82, 82)), 60);
            cr_assert_eq(lum(pixel(flat, 46, 46)), lum(pixel(shaded, 46, 46)));
            save(shaded, "shapes_shadow_circle.png");
        }
        cairo_surface_destroy(flat);
        cairo_surface_destroy(shaded);
    }
}

/* Luminance at (x, y), bilinear between pixel centres; white outside the picture. */
static double lum_at(cairo_surface_t *s, double x, double y)
{
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int x0 = (int)floor(x - 0.5), y0 = (int)floor(y - 0.5);
    double fx = x - 0.5 - x0, fy = y - 0.5 - y0, v = 0;
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 2; i++) {
            int px = x0 + i, py = y0 + j;
            double l = px >= 0 && py >= 0 && px < w && py < h ? lum(pixel(s, px, py)) : 765;
            v += l * (i ? fx : 1 - fx) * (j ? fy : 1 - fy);
        }
    return v;
}

/* Distance from the centre (cx, cy) of a dark shape on white to its edge along 'angle':
 * where the luminance first crosses half way, to a tenth of a pixel. */
static double edge_at(cairo_surface_t *s, int cx, int cy, double angle)
{
    double x = cx + 0.5, y = cy + 0.5, prev = lum_at(s, x, y);
    for (double d = 0.1; d < 60; d += 0.1) {
        double v = lum_at(s, x + d * cos(angle), y + d * sin(angle));
        if (v >= 765 / 2.0 && prev < 765 / 2.0)
            return d - 0.1 * (v - 765 / 2.0) / (v - prev);
        prev = v;
    }
    return 60;
}

/* Corners of the chip at (cx, cy): local maxima of the edge distance around it. */
static int corners_of(cairo_surface_t *s, int cx, int cy)
{
    enum { N = 720 };

    static double r[N];
    for (int i = 0; i < N; i++)
        r[i] = edge_at(s, cx, cy, 2 * DP_PI * i / N);
    int count = 0, w = 16; /* a maximum must stand over +-8 degrees */
    for (int i = 0; i < N; i++) {
        bool peak = true;
        double low = r[i];
        for (int k = -w; k <= w && peak; k++) {
            double v = r[(i + k + N) % N];
            peak = k == 0 || (k < 0 ? v < r[i] : v <= r[i]);
            low = DP_MIN(low, v);
        }
        count += peak && r[i] - low > 0.5;
    }
    return count;
}

Test(shapes, chips_have_the_corner_count_asked)
{
    /* Ragged chips up to 7 corners; more corners than that are told apart when regular
       (a ragged 9-gon may have a corner that bends inward, no longer a peak to count). */
    const int asked[] = { 3, 4, 5, 7, 9, 12 };
    for (size_t a = 0; a < sizeof asked / sizeof asked[0]; a++) {
        one_layer(DP_STYLE_CHIPS, 300, 100, white);
        spec.layers[0].palette[0] = black;
        spec.layers[0].corners = asked[a];
        spec.layers[0].irregularity = asked[a] <= 7 ? 0.3 : 0.05;
        spec.layers[0].aspect = 1; /* a squashed chip may flatten a corner out of sight */
        spec.layers[0].aspect_jitter = 0;
        grid_scene(300, 100, 100, 90); /* three chips of radius 45 */
        cairo_surface_t *s = render();
        if (asked[a] == 3)
            save(s, "shapes_chips3.png");
        for (size_t k = 0; k < scene.layers[0].count; k++) {
            int got = corners_of(s, (int)pts[k].x, (int)pts[k].y);
            cr_assert_eq(got, asked[a], "chip %zu: %d corners, asked for %d", k, got, asked[a]);
        }
        if (asked[a] == 5)
            save(s, "shapes_chips5.png");
        cairo_surface_destroy(s);
    }
}

Test(shapes, ellipses_keep_inside_the_drawn_radius_and_are_narrower_across)
{
    one_layer(DP_STYLE_ELLIPSES, 100, 100, white);
    spec.layers[0].palette[0] = black;
    spec.layers[0].aspect = 0.5;
    spec.layers[0].aspect_jitter = 0;
    grid_scene(100, 100, 100, 80); /* one ellipse, major semi-axis 40 */
    cairo_surface_t *s = render();
    double lo = 1e9, hi = 0;
    for (int i = 0; i < 360; i++) {
        double r = edge_at(s, 50, 50, 2 * DP_PI * i / 360);
        lo = DP_MIN(lo, r), hi = DP_MAX(hi, r);
    }
    cr_assert(hi <= 40.5 && hi >= 39, "major semi-axis %g, want 40", hi);
    cr_assert(lo >= 19 && lo <= 21, "minor semi-axis %g, want 20", lo);
    cairo_surface_destroy(s);
}
