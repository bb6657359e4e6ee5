/* SPDX-License-Identifier: MIT
 * The material maps (render/pbr.h) and the detail version's ground: the occlusion of a
 * flat map is open sky, a pit is darker than open ground and a periodic map's occlusion
 * moves with it across the wrap (across one axis only for periodic = x or y); the albedo
 * keeps the shapes and drops their shadows; the roughness is the style's inside a shape
 * and the ground's outside; a flattened ground is one colour, its linear-light mean; every
 * output is found by its name. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "render/ground_detail.h"
#include "render/outputs.h"
#include "render/pbr.h"
#include "surface_helpers.h"

#define SIDE 64

/* A periodic texture of one circles layer: it has relief, so a height unit. */
static void circles_spec(dp_texture_spec *t)
{
    dp_layer_spec *l = one_layer_spec(t, DP_STYLE_CIRCLES, SIDE, SIDE, (dp_rgba){ 1, 1, 1, 1 });
    l->field.rmin = l->field.rmax = 8;
    l->palette[0] = (dp_rgba){ 0.2, 0.4, 0.8, 1 };
    t->wrap = dp_wrap_both(true);
}

static uint16_t *ao_of(const dp_texture_spec *t, const uint16_t *height)
{
    uint16_t *ao = calloc(SIDE * SIDE, sizeof *ao);
    dapple_error err;
    cr_assert_not_null(ao);
    cr_assert_eq(dp_render_ao_into(t, height, ao, &err), DAPPLE_OK, "%s", err.message);
    return ao;
}

Test(pbr, flat_height_is_open_sky)
{
    dp_texture_spec t;
    circles_spec(&t);
    uint16_t height[SIDE * SIDE] = { 0 };
    uint16_t *ao = ao_of(&t, height);
    for (int i = 0; i < SIDE * SIDE; i++)
        cr_assert_eq(ao[i], 65535, "pixel %d: %u", i, ao[i]);
    free(ao);
}

/* A square wall around (cx, cy), 3 px thick, 8 px from its centre. */
static void wall(uint16_t *h, int cx, int cy)
{
    for (int y = -11; y <= 11; y++)
        for (int x = -11; x <= 11; x++)
            if (DP_MAX(abs(x), abs(y)) >= 8)
                h[((cy + y + SIDE) % SIDE) * SIDE + (cx + x + SIDE) % SIDE] = 65535;
}

Test(pbr, a_pit_is_darker_and_the_map_tiles)
{
    dp_texture_spec t;
    circles_spec(&t);
    t.layers[0].field.rmin = t.layers[0].field.rmax = 40; /* a height unit of about 11 px */
    t.layers[0].scale = 1;
    uint16_t a[SIDE * SIDE] = { 0 }, b[SIDE * SIDE] = { 0 };
    wall(a, 20, 20);
    wall(b, 20 + SIDE / 2, 20 + SIDE / 2); /* across both edges */
    uint16_t *ao_a = ao_of(&t, a), *ao_b = ao_of(&t, b);
    cr_expect_lt(ao_a[20 * SIDE + 20] + 5000, ao_a[52 * SIDE + 52], "pit %u, open ground %u",
                 ao_a[20 * SIDE + 20], ao_a[52 * SIDE + 52]);
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            int moved = ((y + SIDE / 2) % SIDE) * SIDE + (x + SIDE / 2) % SIDE;
            cr_assert_eq(ao_a[y * SIDE + x], ao_b[moved], "(%d, %d)", x, y);
        }
    free(ao_a);
    free(ao_b);
}

/* A bar of full height along the left edge (x < 3, down = false) or the top (y < 3). */
static void edge_bar(uint16_t *h, bool down)
{
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            h[y * SIDE + x] = (down ? y : x) < 3 ? 65535 : 0;
}

/* periodic = x (or y): the walk crosses that seam only. A bar on the wrapping edge shades
 * the far side's pixels, one on the other edge does not; a wall moved half a side along
 * the wrapping axis moves its occlusion with it, bit for bit. */
Test(pbr, the_occlusion_wraps_the_axis_that_wraps_only)
{
    for (int down = 0; down <= 1; down++) {
        dp_texture_spec t;
        circles_spec(&t);
        t.layers[0].field.rmin = t.layers[0].field.rmax = 40; /* reach about 22 px */
        t.layers[0].scale = 1;
        t.wrap = (dp_wrap){ !down, down };
        uint16_t bar[SIDE * SIDE], other[SIDE * SIDE];
        edge_bar(bar, down), edge_bar(other, !down);
        int far = down ? (SIDE - 2) * SIDE + SIDE / 2 : (SIDE / 2) * SIDE + SIDE - 2;
        uint16_t *ao_bar = ao_of(&t, bar), *ao_other = ao_of(&t, other);
        cr_expect_lt(ao_bar[far] + 5000, 65535, "%s: the bar across the seam: %u", down ? "y" : "x",
                     ao_bar[far]);
        int far_other = down ? (SIDE / 2) * SIDE + SIDE - 2 : (SIDE - 2) * SIDE + SIDE / 2;
        cr_expect_eq(ao_other[far_other], 65535, "%s: a bar on the edge that does not wrap: %u",
                     down ? "y" : "x", ao_other[far_other]);
        uint16_t a[SIDE * SIDE] = { 0 }, b[SIDE * SIDE] = { 0 };
        wall(a, 20, 20);
        wall(b, down ? 20 : 20 + SIDE / 2, down ? 20 + SIDE / 2 : 20);
        uint16_t *ao_a = ao_of(&t, a), *ao_b = ao_of(&t, b);
        for (int y = 0; y < SIDE; y++)
            for (int x = 0; x < SIDE; x++) {
                int mx = down ? x : (x + SIDE / 2) % SIDE, my = down ? (y + SIDE / 2) % SIDE : y;
                cr_assert_eq(ao_a[y * SIDE + x], ao_b[my * SIDE + mx], "%s: (%d, %d)",
                             down ? "y" : "x", x, y);
            }
        free(ao_bar), free(ao_other), free(ao_a), free(ao_b);
    }
}

/* One circle of radius 8 at (24, 24), with a strong shadow down and to the right. */
static void shadowed(dp_texture_spec *t, dp_scene *s, dapple_point *p)
{
    circles_spec(t);
    t->wrap = dp_wrap_both(false);
    t->layers[0].scale = 1;
    t->layers[0].shadow = 0.9;
    t->layers[0].shadow_offset = 0.5;
    *p = (dapple_point){ 24, 24, 8 };
    one_layer_scene(s, p, 1);
}

Test(pbr, the_albedo_keeps_the_shape_and_drops_its_shadow)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_point p;
    dapple_error err;
    shadowed(&t, &s, &p);
    cairo_surface_t *colour = render_one_band(&t, &s), *albedo = NULL;
    t.render_threads = 1;
    cr_assert_eq(dp_render_albedo(&t, &s, &albedo, &err), DAPPLE_OK, "%s", err.message);
    cairo_surface_flush(albedo);
    save(albedo, "pbr-albedo.png");
    rgba8 c = pixel(colour, 24, 24), a = pixel(albedo, 24, 24);
    cr_expect(c.r == a.r && c.g == a.g && c.b == a.b, "the circle's colour changed");
    rgba8 shade = pixel(colour, 31, 31), bare = pixel(albedo, 31, 31); /* past the rim */
    cr_expect_lt(shade.r, 200, "no shadow in the colour texture to take out (%d)", shade.r);
    cr_expect_eq(bare.r, 255, "the albedo has a shadow (%d)", bare.r);
    cairo_surface_destroy(colour);
    cairo_surface_destroy(albedo);
}

Test(pbr, roughness_is_the_styles_inside_and_the_grounds_outside)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_point p;
    dapple_error err;
    shadowed(&t, &s, &p);
    uint16_t *r = calloc(SIDE * SIDE, sizeof *r);
    cr_assert_not_null(r);
    cr_assert_eq(dp_render_roughness_into(&t, &s, r, &err), DAPPLE_OK, "%s", err.message);
    double inside = r[24 * SIDE + 24] / 65535.0, outside = r[50 * SIDE + 50] / 65535.0;
    cr_expect(fabs(inside - 0.55) < 0.085, "paint: %g", inside);
    cr_expect(fabs(outside - 0.9) < 1e-4, "the ground: %g (the shadow must not count)", outside);
    cr_expect(fabs(r[31 * SIDE + 31] / 65535.0 - 0.9) < 1e-4, "a shadow counted as a shape");
    free(r);
}

Test(pbr, a_flattened_ground_is_its_linear_mean)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 2, 1);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, 1, 0, 1, 1);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_rectangle(cr, 0, 0, 1, 1);
    cairo_fill(cr);
    cairo_destroy(cr);
    dp_ground_flatten(s);
    cairo_surface_flush(s);
    rgba8 a = pixel(s, 0, 0), b = pixel(s, 1, 0);
    cr_expect(a.r == b.r && a.g == b.g && a.b == b.b && a.a == 255, "not one colour");
    cr_expect(abs(a.r - 188) <= 1, "half black, half white: %d, want 188 (linear 0.5)", a.r);
    cairo_surface_destroy(s);
}

Test(pbr, every_output_is_found_by_its_name)
{
    dp_output_paths p = { 0 };
    for (int i = 0; i < DP_OUTPUT_COUNT; i++) {
        const char **slot = dp_output_slot(&p, dp_output_names[i]);
        cr_assert_not_null(slot, "%s", dp_output_names[i]);
        *slot = dp_output_names[i];
    }
    cr_expect_str_eq(p.albedo, "albedo");
    cr_expect_str_eq(p.roughness, "roughness");
    cr_expect_str_eq(p.ao, "ao");
    cr_expect_str_eq(p.texture, "texture");
    cr_expect_null(dp_output_slot(&p, "colour"));
    cr_expect_null(dp_output_slot(&p, NULL));
}
