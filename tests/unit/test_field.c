/* SPDX-License-Identifier: MIT
 * Radius fields: values inside [rmin, rmax], images mapped and stretched correctly,
 * Perlin moved by every seed bit and seamless when periodic, dilation growing a bright
 * pixel to a disc of the requested radius (in domain units, also for non-square pixels),
 * and validation messages that name the option. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "dapple.h"

static dapple_field *make(const dapple_field_opts *o)
{
    dapple_field *f = NULL;
    dapple_error err;
    cr_assert_eq(dapple_field_new(&f, o, &err), DAPPLE_OK, "%s", err.message);
    return f;
}

static dapple_field_opts perlin_opts(uint64_t seed, bool periodic)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.kind = DAPPLE_FIELD_PERLIN;
    o.width = 300, o.height = 200, o.rmin = 1, o.rmax = 4;
    o.perlin.scale = 40;
    o.seed = seed;
    o.periodic = periodic;
    return o;
}

Test(field, constant_is_rmax_everywhere)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.width = 100, o.height = 50, o.rmin = o.rmax = 2.5;
    dapple_field *f = make(&o);
    cr_assert_float_eq(dapple_field_radius_at(f, 3, 7), 2.5, 1e-12);
    cr_assert_float_eq(dapple_field_estimate_points(f), 0.7 * 5000 / 6.25, 1e-6);
    dapple_field_free(f);
}

Test(field, perlin_stays_in_range_and_spans_it)
{
    dapple_field_opts o = perlin_opts(3, false);
    dapple_field *f = make(&o);
    double lo = 1e9, hi = -1e9;
    for (double y = -5; y < 205; y += 0.7)
        for (double x = -5; x < 305; x += 0.7) {
            double r = dapple_field_radius_at(f, x, y);
            cr_assert(r >= 1 && r <= 4, "r(%g,%g) = %g", x, y, r);
            lo = fmin(lo, r), hi = fmax(hi, r);
        }
    cr_assert_lt(lo, 1.1);
    cr_assert_gt(hi, 3.9);
    dapple_field_free(f);
}

static double field_difference(uint64_t s1, uint64_t s2)
{
    dapple_field_opts a = perlin_opts(s1, false), b = perlin_opts(s2, false);
    dapple_field *fa = make(&a), *fb = make(&b);
    double sum = 0;
    for (int y = 0; y < 200; y += 5)
        for (int x = 0; x < 300; x += 5)
            sum += fabs(dapple_field_radius_at(fa, x, y) - dapple_field_radius_at(fb, x, y));
    dapple_field_free(fa);
    dapple_field_free(fb);
    return sum;
}

Test(field, perlin_depends_on_all_seed_bits)
{
    cr_assert_eq(field_difference(7, 7), 0.0);
    cr_assert_gt(field_difference(7, 8), 100.0);
    cr_assert_gt(field_difference(7, 7 + 256), 100.0);          /* same low 8 bits */
    cr_assert_gt(field_difference(7, 7 + (1ULL << 50)), 100.0); /* high bits */
}

/* Largest step between neighbouring samples 0.5 apart, inside the domain and across the
 * wrap edge. A tiling field has no larger jump at the edge than inside. */
static void jumps(const dapple_field *f, double w, double h, double *inside, double *edge)
{
    *inside = *edge = 0;
    for (double y = 0.25; y < h; y += 1) {
        *edge = fmax(*edge, fabs(dapple_field_radius_at(f, w - 0.25, y) -
                                 dapple_field_radius_at(f, 0.25, y)));
        for (double x = 0.25; x + 0.5 < w; x += 0.5)
            *inside = fmax(*inside, fabs(dapple_field_radius_at(f, x + 0.5, y) -
                                         dapple_field_radius_at(f, x, y)));
    }
    for (double x = 0.25; x < w; x += 1)
        *edge = fmax(*edge, fabs(dapple_field_radius_at(f, x, h - 0.25) -
                                 dapple_field_radius_at(f, x, 0.25)));
}

Test(field, periodic_perlin_is_seamless)
{
    dapple_field_opts o = perlin_opts(11, true);
    dapple_field *f = make(&o);
    double inside, edge;
    jumps(f, 300, 200, &inside, &edge);
    cr_assert_leq(edge, 1.5 * inside, "edge jump %g vs inside %g", edge, inside);
    dapple_field_free(f);

    o.periodic = false; /* the same check must fail on a non-tiling field */
    f = make(&o);
    jumps(f, 300, 200, &inside, &edge);
    cr_assert_gt(edge, 1.5 * inside, "a plain field should not tile");
    dapple_field_free(f);
}

/* The largest step across the side seam (x) and across the top one (y). */
static void seams(const dapple_field *f, double w, double h, double *sx, double *sy)
{
    *sx = *sy = 0;
    for (double y = 0.25; y < h; y += 1)
        *sx = fmax(*sx, fabs(dapple_field_radius_at(f, w - 0.25, y) -
                             dapple_field_radius_at(f, 0.25, y)));
    for (double x = 0.25; x < w; x += 1)
        *sy = fmax(*sy, fabs(dapple_field_radius_at(f, x, h - 0.25) -
                             dapple_field_radius_at(f, x, 0.25)));
}

/* A field wrapping one axis tiles along it, as a torus does, and not along the other; its
 * lookups come back a whole turn away along that axis only. */
Test(field, perlin_wrapping_one_axis_tiles_along_it_only)
{
    for (int a = 0; a < 2; a++) {
        dapple_field_opts o = perlin_opts(11, false);
        o.wrap = a == 0 ? DAPPLE_WRAP_X : DAPPLE_WRAP_Y;
        dapple_field *f = make(&o);
        double inside, edge, sx, sy;
        jumps(f, 300, 200, &inside, &edge);
        seams(f, 300, 200, &sx, &sy);
        double along = a == 0 ? sx : sy, other = a == 0 ? sy : sx;
        cr_assert_leq(along, 1.5 * inside, "axis %d: seam %g vs inside %g", a, along, inside);
        cr_assert_gt(other, 1.5 * inside, "axis %d: the other edge %g tiles too", a, other);
        double x = 40.25, y = 30.25, here = dapple_field_radius_at(f, x, y);
        cr_assert_float_eq(dapple_field_radius_at(f, x + (a == 0 ? 300 : 0), y + (a ? 200 : 0)),
                           here, 1e-9);
        /* beyond the edge that does not wrap a lookup reads the edge, not the far side */
        double past = a == 0 ? dapple_field_radius_at(f, x, y + 200)
                             : dapple_field_radius_at(f, x + 300, y);
        double edge_value =
                a == 0 ? dapple_field_radius_at(f, x, 199.9) : dapple_field_radius_at(f, 299.9, y);
        cr_assert_float_eq(past, edge_value, 1e-6, "axis %d", a);
        dapple_field_free(f);
        /* 'wrap' wins over 'periodic' */
        o.periodic = true;
        f = make(&o);
        double tx, ty;
        seams(f, 300, 200, &tx, &ty);
        cr_assert(tx == sx && ty == sy, "periodic changed a field whose wrap names its axes");
        dapple_field_free(f);
    }
}

/* A torus reads the same radius a whole turn away, well beyond the seam too: a dense or
 * maximal sweep round a parent near the seam reads its circle there. Before 0.6.0 points
 * more than a raster pixel past the seam read the row beside it (clamped, then wrapped),
 * and maximal mode left spots open next to the seam. */
Test(field, periodic_lookups_wrap_at_any_distance)
{
    dapple_field_opts o = perlin_opts(5, true);
    dapple_field *f = make(&o);
    for (double y = 0.25; y < 200; y += 7.5)
        for (double x = 0.25; x < 300; x += 7.5)
            for (int k = -2; k <= 2; k++) {
                double here = dapple_field_radius_at(f, x, y);
                double dx = x + 300 * k, dy = y - 200 * k;
                cr_assert_float_eq(dapple_field_radius_at(f, dx, y), here, 1e-9,
                                   "(%g, %g) + %d widths", x, y, k);
                cr_assert_float_eq(dapple_field_radius_at(f, x, dy), here, 1e-9,
                                   "(%g, %g) - %d heights", x, y, k);
            }
    dapple_field_free(f);
}

Test(field, image_ramp_maps_dark_to_rmin_and_stretches)
{
    uint16_t px[4] = { 0, 65535, 0, 65535 }; /* 2x2: dark left column, bright right */
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.kind = DAPPLE_FIELD_IMAGE;
    o.width = 100, o.height = 10, o.rmin = 2, o.rmax = 6;
    o.image = (dapple_grey){ px, 2, 2 };
    dapple_field *f = make(&o);
    cr_assert_float_eq(dapple_field_radius_at(f, 10, 5), 2, 1e-9); /* left pixel centre 25 */
    cr_assert_float_eq(dapple_field_radius_at(f, 50, 5), 4, 1e-6); /* halfway: bilinear */
    cr_assert_float_eq(dapple_field_radius_at(f, 99, 5), 6, 1e-9);
    dapple_field_free(f);
    o.invert = true;
    f = make(&o);
    cr_assert_float_eq(dapple_field_radius_at(f, 10, 5), 6, 1e-9);
    dapple_field_free(f);
}

/* Pixels of a w x h rendering at full brightness. */
static int count_bright(const dapple_field *f, int w, int h, uint16_t *buf)
{
    dapple_field_render_into(f, buf, w, h);
    int n = 0;
    for (int i = 0; i < w * h; i++)
        n += buf[i] == 65535;
    return n;
}

static dapple_field *one_pixel_field(int w, int h, double dw, double dh, int px, int py,
                                     double dilate, bool periodic, uint16_t *img)
{
    for (int i = 0; i < w * h; i++)
        img[i] = dilate < 0 ? 65535 : 0;
    img[py * w + px] = dilate < 0 ? 0 : 65535;
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.kind = DAPPLE_FIELD_IMAGE;
    o.width = dw, o.height = dh, o.rmin = 1, o.rmax = 2;
    o.image = (dapple_grey){ img, w, h };
    o.dilate = dilate;
    o.periodic = periodic;
    return make(&o);
}

Test(field, dilation_grows_a_bright_pixel_to_a_disc)
{
    uint16_t img[41 * 41], out[41 * 41];
    dapple_field *f = one_pixel_field(41, 41, 41, 41, 20, 20, 5, false, img);
    cr_assert_eq(count_bright(f, 41, 41, out), 81); /* lattice points with dx^2+dy^2 <= 25 */
    for (int y = 0; y < 41; y++)
        for (int x = 0; x < 41; x++)
            cr_assert_eq(out[y * 41 + x] == 65535, (x - 20) * (x - 20) + (y - 20) * (y - 20) <= 25);
    dapple_field_free(f);
}

Test(field, erosion_grows_a_dark_pixel_to_a_disc)
{
    uint16_t img[41 * 41], out[41 * 41];
    dapple_field *f = one_pixel_field(41, 41, 41, 41, 20, 20, -3, false, img);
    cr_assert_eq(41 * 41 - count_bright(f, 41, 41, out), 29);
    dapple_field_free(f);
}

Test(field, dilation_is_in_domain_units_for_non_square_pixels)
{
    /* 20x10 pixels over 40x40 units: a pixel is 2 wide and 4 tall */
    uint16_t img[20 * 10], out[20 * 10];
    dapple_field *f = one_pixel_field(20, 10, 40, 40, 10, 5, 8, false, img);
    int expect = 0;
    for (int j = -5; j <= 5; j++)
        for (int i = -10; i <= 10; i++)
            expect += (2 * i) * (2 * i) + (4 * j) * (4 * j) <= 64;
    cr_assert_eq(count_bright(f, 20, 10, out), expect);
    dapple_field_free(f);
}

/* A bright pixel in the corner grows across the side seam of a field wrapping x, and is cut
 * by the top edge: the disc of radius 2 has 13 pixels, 9 of them at y >= 0. */
Test(field, dilation_wraps_along_one_axis_only)
{
    uint16_t img[16 * 16], out[16 * 16];
    for (int i = 0; i < 16 * 16; i++)
        img[i] = 0;
    img[0] = 65535;
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.kind = DAPPLE_FIELD_IMAGE;
    o.width = o.height = 16, o.rmin = 1, o.rmax = 2;
    o.image = (dapple_grey){ img, 16, 16 };
    o.dilate = 2;
    o.wrap = DAPPLE_WRAP_X;
    dapple_field *f = make(&o);
    cr_assert_eq(count_bright(f, 16, 16, out), 9);
    cr_assert_eq(out[0 * 16 + 15], 65535); /* (-1, 0) across the side */
    cr_assert_eq(out[1 * 16 + 15], 65535); /* (-1, 1) */
    cr_assert_eq(out[15 * 16 + 0], 0);     /* (0, -1) would be across the top */
    dapple_field_free(f);
    o.wrap = DAPPLE_WRAP_Y;
    f = make(&o);
    cr_assert_eq(count_bright(f, 16, 16, out), 9);
    cr_assert_eq(out[15 * 16 + 0], 65535);
    cr_assert_eq(out[0 * 16 + 15], 0);
    dapple_field_free(f);
}

Test(field, periodic_dilation_wraps)
{
    uint16_t img[16 * 16], out[16 * 16];
    dapple_field *f = one_pixel_field(16, 16, 16, 16, 0, 0, 2, true, img);
    cr_assert_eq(count_bright(f, 16, 16, out), 13);
    cr_assert_eq(out[15 * 16 + 15], 65535); /* (-1, -1) wrapped */
    cr_assert_eq(out[14 * 16 + 0], 65535);  /* (0, -2) wrapped */
    dapple_field_free(f);
}

static void expect_refusal(dapple_field_opts o, const char *message)
{
    dapple_field *f = (dapple_field *)1;
    dapple_error err;
    cr_assert_neq(dapple_field_new(&f, &o, &err), DAPPLE_OK);
    cr_assert_null(f);
    cr_assert_str_eq(err.message, message);
}

Test(field, validation_names_the_option)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.rmin = 0;
    expect_refusal(o, "rmin must be > 0, got 0");
    o.rmin = 4, o.rmax = 2;
    expect_refusal(o, "rmin (4) must not exceed rmax (2)");
    o.rmin = 1, o.width = NAN;
    expect_refusal(o, "width: expected a number in (0, 2097152], got nan");
    o.width = 10, o.kind = DAPPLE_FIELD_PERLIN, o.perlin.octaves = 0;
    expect_refusal(o, "perlin octaves: expected an integer in [1, 12], got 0");
    o.perlin.octaves = 4, o.kind = DAPPLE_FIELD_IMAGE;
    expect_refusal(o, "image field needs pixels, got 0x0 and no buffer");
}
