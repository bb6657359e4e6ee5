/* SPDX-License-Identifier: MIT
 * Outlines and materials (issue #26): no two shapes share an outline; every outline stays
 * inside its drawn circle, so the pair rule (and a layer's avoid) that holds for the
 * circles holds for the outlines: touching circles drawn as ragged stones never overlap;
 * a stone is lit from its own height (its half toward the light is brighter); grain puts
 * detail inside a flat chip. Pictures go to build/test-out/. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "core/dp.h"
#include "render/colour.h"
#include "render/leaf.h"
#include "render/outline.h"
#include "render/canvas.h"
#include "render/render.h"
#include "surface_helpers.h"

enum { SHAPES = 300 };

static dp_outline outlines[SHAPES];

static double largest_gap(const dp_outline *a, const dp_outline *b)
{
    double d = 0;
    for (int i = 0; i < DP_OUTLINE_N; i++)
        d = DP_MAX(d, fabs((double)a->r[i] - (double)b->r[i]));
    return d;
}

static void outlines_all_differ(bool angular)
{
    dp_jitter_rng g = dp_jitter_rng_for(12345, 0);
    for (int k = 0; k < SHAPES; k++) {
        uint64_t bits = dp_jitter_next(&g);
        if (angular)
            dp_outline_polygon(&outlines[k], 5, 0.7, 0.3, bits);
        else
            dp_outline_round(&outlines[k], 0.55, 0.1, bits);
    }
    for (int a = 0; a < SHAPES; a++)
        for (int b = a + 1; b < SHAPES; b++)
            cr_assert_gt(largest_gap(&outlines[a], &outlines[b]), 0.02,
                         "%s outlines %d and %d are the same", angular ? "angular" : "round", a, b);
}

Test(outline, no_two_shapes_share_an_outline)
{
    outlines_all_differ(false);
    outlines_all_differ(true);
}

Test(outline, every_outline_reaches_its_drawn_radius_and_never_beyond)
{
    dp_jitter_rng g = dp_jitter_rng_for(777, 0);
    for (int k = 0; k < 2000; k++) {
        dp_outline o;
        if (k % 2)
            dp_outline_polygon(&o, 3 + k % 9, 1, 1, dp_jitter_next(&g));
        else
            dp_outline_round(&o, 1, 1, dp_jitter_next(&g));
        float lo = 2, hi = 0;
        for (int i = 0; i < DP_OUTLINE_N; i++)
            lo = DP_MIN(lo, o.r[i]), hi = DP_MAX(hi, o.r[i]);
        cr_assert(hi == 1.0f && lo > 0, "outline %d: radii in [%g, %g], want (0, 1]", k, (double)lo,
                  (double)hi);
    }
}

/* ---------------------------------------------------------------- rendered */

static dp_texture_spec spec;
static dp_scene scene;
static dapple_point pts[64];

/* An 8x8 grid of points 'step' apart with r = step: at scale 0.5 the drawn circles touch. */
static void touching_grid(dp_style style, int step)
{
    dp_layer_spec *l = one_layer_spec(&spec, style, 8 * step, 8 * step, (dp_rgba){ 1, 1, 1, 1 });
    l->palette[0] = (dp_rgba){ 0, 0, 0, 0.5 };
    l->aspect = 1;
    l->aspect_jitter = 0;
    l->wobble = 1;
    l->roughness = 1;
    for (int i = 0; i < 64; i++)
        pts[i] = (dapple_point){ (float)(step * (i % 8) + step / 2),
                                 (float)(step * (i / 8) + step / 2), (float)step };
    one_layer_scene(&scene, pts, 64);
}

static cairo_surface_t *render(void)
{
    return render_one_band(&spec, &scene);
}

/* Pixels darker than one half-transparent black shape makes: where two shapes overlap. */
static int overlapping_pixels(cairo_surface_t *s)
{
    int n = 0;
    for (int y = 0; y < spec.height; y++)
        for (int x = 0; x < spec.width; x++)
            n += pixel(s, x, y).g < 120;
    return n;
}

Test(outline, touching_circles_drawn_as_ragged_shapes_never_overlap)
{
    const dp_style styles[] = { DP_STYLE_ELLIPSES, DP_STYLE_CHIPS };
    for (int k = 0; k < 2; k++) {
        touching_grid(styles[k], 40);
        cairo_surface_t *s = render();
        save(s, k == 0 ? "outline_touching_stones.png" : "outline_touching_chips.png");
        int inked = 0;
        for (int y = 0; y < spec.height; y++)
            for (int x = 0; x < spec.width; x++)
                inked += pixel(s, x, y).g < 250;
        /* 112 touching pairs: a shared antialiased pixel or two where both reach their
           radius on the line between them is all the pair rule allows */
        int over = overlapping_pixels(s);
        cr_assert_lt(over, 112, "style %d: %d pixels covered by two shapes", (int)styles[k], over);
        cr_assert_gt(inked, spec.width * spec.height / 5, "style %d drew too little",
                     (int)styles[k]);
        cairo_surface_destroy(s);
    }
}

/* Mean green of the pixels of the shape at (cx, cy) on the side toward (sx, sy). */
static double side_mean(cairo_surface_t *s, int cx, int cy, double sx, double sy, int r)
{
    double sum = 0;
    int n = 0;
    for (int y = cy - r; y <= cy + r; y++)
        for (int x = cx - r; x <= cx + r; x++) {
            double dx = x - cx, dy = y - cy;
            if (dx * dx + dy * dy < r * r && dx * sx + dy * sy > r / 3.0) {
                sum += pixel(s, x, y).g;
                n++;
            }
        }
    return n > 0 ? sum / n : 0;
}

Test(outline, a_stone_is_lit_from_its_own_height_and_grain_marks_a_chip)
{
    touching_grid(DP_STYLE_ELLIPSES, 60);
    spec.layers[0].palette[0] = (dp_rgba){ 0.5, 0.5, 0.5, 1 };
    spec.layers[0].wobble = 0.3;
    spec.layers[0].roughness = 0;
    spec.layers[0].bevel = 0.8;
    spec.layers[0].light_angle_deg = 225; /* light from the top left */
    cairo_surface_t *s = render();
    save(s, "outline_lit_stones.png");
    double near = side_mean(s, 30, 30, -1, -1, 18), far = side_mean(s, 30, 30, 1, 1, 18);
    cr_assert_gt(near, far + 20, "lit side %g, far side %g: want brighter toward the light", near,
                 far);
    cairo_surface_destroy(s);

    touching_grid(DP_STYLE_CHIPS, 60);
    spec.layers[0].palette[0] = (dp_rgba){ 0.5, 0.5, 0.5, 1 };
    spec.layers[0].grain = 1;
    s = render();
    int lo = 255, hi = 0;
    for (int y = 22; y < 38; y++)
        for (int x = 22; x < 38; x++)
            lo = DP_MIN(lo, pixel(s, x, y).g), hi = DP_MAX(hi, pixel(s, x, y).g);
    cr_assert_gt(hi - lo, 30, "a grained chip spans greys %d..%d: want visible grain", lo, hi);
    cairo_surface_destroy(s);
}

/* ---------------------------------------------------------------- leaves */

static int silhouette_pixels(int kind, uint64_t variety, uint8_t *mask)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_A8, 80, 80);
    cairo_t *cr = cairo_create(s);
    cairo_translate(cr, 40, 40);
    dp_leaf_path(cr, kind, 38, variety);
    cairo_fill(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    int n = 0, stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < 80; y++)
        for (int x = 0; x < 80; x++) {
            mask[y * 80 + x] = cairo_image_surface_get_data(s)[y * stride + x] > 127;
            n += mask[y * 80 + x];
        }
    cairo_surface_destroy(s);
    return n;
}

Test(outline, leaves_come_in_ten_kinds_whose_outlines_differ)
{
    bool seen[DP_LEAF_KINDS] = { false };
    dp_jitter_rng g = dp_jitter_rng_for(10, 0);
    for (int i = 0; i < 200; i++)
        seen[dp_leaf_kind(dp_jitter_next(&g))] = true;
    for (int k = 0; k < DP_LEAF_KINDS; k++)
        cr_assert(seen[k], "no leaf of kind %d among 200", k);
    static uint8_t mask[DP_LEAF_KINDS][80 * 80];
    int area[DP_LEAF_KINDS];
    for (int k = 0; k < DP_LEAF_KINDS; k++)
        area[k] = silhouette_pixels(k, 42, mask[k]);
    for (int a = 0; a < DP_LEAF_KINDS; a++)
        for (int b = a + 1; b < DP_LEAF_KINDS; b++) {
            int differ = 0;
            for (int i = 0; i < 80 * 80; i++)
                differ += mask[a][i] != mask[b][i];
            cr_assert_gt(differ, DP_MIN(area[a], area[b]) / 8,
                         "leaf kinds %d and %d: outlines differ in %d pixels only", a, b, differ);
        }
}

Test(outline, a_stone_stands_in_the_height_map_where_it_is_drawn)
{
    touching_grid(DP_STYLE_ELLIPSES, 40);
    spec.layers[0].palette[0] = (dp_rgba){ 0, 0, 0, 1 };
    spec.layers[0].bevel = 0; /* flat colour: ink marks exactly where the stone is */
    spec.layers[0].field.rmin = spec.layers[0].field.rmax = 40; /* the height unit's r */
    cairo_surface_t *s = render();
    static uint16_t h[320 * 320];
    dp_render_height_into(&spec, &scene, h);
    int agree = 0, n = 0;
    uint16_t top = 0;
    for (int y = 0; y < spec.height; y++)
        for (int x = 0; x < spec.width; x++) {
            bool inked = pixel(s, x, y).g<128, raised = h[y * spec.width + x]> 0;
            agree += inked == raised;
            n++;
            top = DP_MAX(top, h[y * spec.width + x]);
        }
    cr_assert_gt(top, 30000, "the tallest stone reaches %d of 65535", (int)top);
    cr_assert_gt(agree, n * 0.97, "colour and height agree on %d of %d pixels", agree, n);
    /* a dome: the centre of a stone stands higher than a point halfway out */
    cr_assert_gt(h[20 * spec.width + 20], h[20 * spec.width + 28],
                 "no dome at the first stone: %d at the centre, %d 8 px out",
                 (int)h[20 * spec.width + 20], (int)h[20 * spec.width + 28]);
    cairo_surface_destroy(s);
}
