/* SPDX-License-Identifier: MIT
 * Dilation and erosion (core/morph*), against brute force. Discs up to 32 pixels are
 * the exact lattice disc. Larger ones are exactly their plan's polygon, the lattice
 * sum of its lines computed here, not by the code under test: on random rasters, on a
 * few bright pixels and on ramps (whose max sits on the polygon's rim), bounded, periodic
 * and wrapping one axis only, square and non-square pixels. That polygon lies in the documented
 * band around the disc, and erosion is dilation of the negative. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/morph.h"
#include "core/morph_plan.h"

/* A dp_morph_raster with its wrap as bits, so the tables below stay one line a raster. */
typedef struct raster {
    int w, h;
    double sx, sy;
    int axes; /* the axes that wrap: 1 across (x), 2 down (y), 3 both (a torus) */
} raster;

static dp_wrap wrap_of(raster r)
{
    return (dp_wrap){ (r.axes & 1) != 0, (r.axes & 2) != 0 };
}

static const char *axes_name(raster r)
{
    static const char *const names[] = { "bounded", "wrapping x", "wrapping y", "periodic" };
    return names[r.axes & 3];
}

static float *random_raster(int w, int h, unsigned seed)
{
    float *v = malloc((size_t)w * h * sizeof *v);
    cr_assert_not_null(v);
    for (int i = 0; i < w * h; i++)
        seed = seed * 1664525u + 1013904223u, v[i] = (float)(seed >> 8) / 16777216.0f;
    return v;
}

static float *morph(const float *src, raster r, double radius)
{
    float *out = malloc((size_t)r.w * r.h * sizeof *out);
    dp_morph_raster m = { r.w, r.h, r.sx, r.sy, wrap_of(r) };
    float *scratch = malloc(dp_morph_scratch_floats(&m, radius) * sizeof *out);
    cr_assert(out != NULL && scratch != NULL);
    dp_morph_disc_into(&m, src, out, scratch, radius);
    free(scratch);
    return out;
}

/* A footprint: offsets (dx, dy) in [-reach, reach]^2 that take part. */
typedef struct footprint {
    int reach;
    bool *on;
} footprint;

static bool *at(footprint f, int dx, int dy)
{
    return &f.on[(dy + f.reach) * (2 * f.reach + 1) + dx + f.reach];
}

static footprint blank(int reach)
{
    footprint f = { reach, calloc((size_t)(2 * reach + 1) * (2 * reach + 1), sizeof(bool)) };
    cr_assert_not_null(f.on);
    return f;
}

/* The exact lattice disc: rows |dy| <= rr / sy, each |dx| <= its run's half-width. */
static footprint disc(double sx, double sy, double rr)
{
    footprint f = blank((int)ceil(rr / fmin(sx, sy)));
    for (int dy = -(int)floor(rr / sy); dy <= (int)floor(rr / sy); dy++) {
        int hw = (int)floor(sqrt(fmax(rr * rr - (dy * sy) * (dy * sy), 0.0)) / sx);
        for (int dx = -hw; dx <= hw; dx++)
            *at(f, dx, dy) = true;
    }
    return f;
}

/* The plan's polygon as a set: {0} + each line {k (a, b) : |k| <= n} in turn. */
static footprint polygon(const dp_morph_plan *p, double sx, double sy)
{
    footprint f = blank((int)ceil(p->r_out / fmin(sx, sy)) + 1);
    int side = 2 * f.reach + 1;
    bool *was = malloc((size_t)side * side * sizeof *was);
    *at(f, 0, 0) = true;
    for (int j = 0; j < p->k; j++) {
        memcpy(was, f.on, (size_t)side * side * sizeof *was);
        for (int y = -f.reach; y <= f.reach; y++)
            for (int x = -f.reach; x <= f.reach; x++)
                for (int k = -p->n[j]; k <= p->n[j] && was[(y + f.reach) * side + x + f.reach]; k++)
                    if (abs(x + k * p->a[j]) <= f.reach && abs(y + k * p->b[j]) <= f.reach)
                        *at(f, x + k * p->a[j], y + k * p->b[j]) = true;
    }
    free(was);
    return f;
}

static int wrap(int i, int n)
{
    while (i < 0)
        i += n;
    while (i >= n)
        i -= n;
    return i;
}

/* max over the footprint, by brute force */
static float brute_at(const float *v, raster r, int x, int y, footprint f)
{
    float best = -INFINITY;
    for (int dy = -f.reach; dy <= f.reach; dy++) {
        int qy = r.axes & 2 ? wrap(y + dy, r.h) : y + dy;
        if (qy < 0 || qy >= r.h)
            continue;
        for (int dx = -f.reach; dx <= f.reach; dx++) {
            int qx = r.axes & 1 ? wrap(x + dx, r.w) : x + dx;
            if (qx >= 0 && qx < r.w && *at(f, dx, dy))
                best = fmaxf(best, v[qy * r.w + qx]);
        }
    }
    return best;
}

static void expect_brute(const float *src, const float *out, raster r, footprint f,
                         const char *what)
{
    for (int y = 0; y < r.h; y++)
        for (int x = 0; x < r.w; x++)
            cr_assert_eq(out[y * r.w + x], brute_at(src, r, x, y, f),
                         "%s: %dx%d %s, pixel (%d, %d)", what, r.w, r.h, axes_name(r), x, y);
    free(f.on);
}

static const raster SHAPES[] = {
    { 37, 29, 1, 1, 0 },     { 37, 29, 1, 1, 3 },     { 31, 24, 1.5, 0.8, 0 },
    { 31, 24, 1.5, 0.8, 3 }, { 20, 40, 0.5, 2.0, 0 }, { 20, 40, 0.5, 2.0, 3 },
    { 37, 29, 1, 1, 1 },     { 31, 24, 1.5, 0.8, 2 }, { 20, 40, 0.5, 2.0, 1 },
};

Test(morph, discs_up_to_32_pixels_are_exact)
{
    static const double RADII[] = { 1, 3, 7.5, 16 };
    for (size_t s = 0; s < sizeof SHAPES / sizeof *SHAPES; s++) {
        raster r = SHAPES[s];
        float *src = random_raster(r.w, r.h, 7 + (unsigned)s);
        for (size_t i = 0; i < sizeof RADII / sizeof *RADII; i++) {
            double rr = RADII[i] * fmin(r.sx, r.sy) * 2; /* up to 32 px on the short side */
            float *out = morph(src, r, rr);
            expect_brute(src, out, r, disc(r.sx, r.sy, rr), "disc");
            free(out);
        }
        free(src);
    }
}

/* Tori larger than the polygon (else it covers them and wrap errors cannot show), and
 * one smaller; the same wrapping one axis only (the others bounded): one frame for all the
 * lines, wrapped copies along that axis. */
static const raster BIG[] = {
    { 90, 80, 1, 1, 0 },       { 90, 80, 1, 1, 3 }, { 72, 100, 1.25, 0.9, 0 },
    { 72, 100, 1.25, 0.9, 3 }, { 40, 30, 1, 1, 3 }, { 90, 80, 1, 1, 1 },
    { 72, 100, 1.25, 0.9, 2 }, { 40, 30, 1, 1, 1 }, { 40, 30, 1, 1, 2 },
};

Test(morph, larger_discs_are_exactly_their_polygon)
{
    static const double RADII[] = { 35 };
    for (size_t s = 0; s < sizeof BIG / sizeof *BIG; s++) {
        raster r = BIG[s];
        float *src = random_raster(r.w, r.h, 11 + (unsigned)s);
        for (size_t i = 0; i < sizeof RADII / sizeof *RADII; i++) {
            double rr = RADII[i] * fmax(r.sx, r.sy);
            dp_morph_plan p;
            dp_morph_plan_polygon(&p, r.sx, r.sy, rr);
            float *out = morph(src, r, rr);
            expect_brute(src, out, r, polygon(&p, r.sx, r.sy), "polygon");
            free(out);
        }
        free(src);
    }
}

/* A few bright pixels on black, corners included: a random raster's max over a large
 * footprint is mostly its global max, whereas here every pixel of each footprint, its
 * rim and its wrap across the edges, must come out right. */
Test(morph, sparse_bright_pixels_grow_to_their_polygons)
{
    for (size_t s = 0; s < sizeof BIG / sizeof *BIG; s++) {
        raster r = BIG[s];
        float *src = calloc((size_t)r.w * r.h, sizeof *src);
        unsigned seed = 99;
        src[0] = 9, src[r.w * r.h - 1] = 10, src[r.w - 1] = 11;
        for (int i = 1; i <= 4; i++) {
            seed = seed * 1664525u + 1013904223u;
            src[(seed >> 8) % (unsigned)(r.w * r.h)] = (float)i;
        }
        double rr = 33.5 * fmax(r.sx, r.sy);
        dp_morph_plan p;
        dp_morph_plan_polygon(&p, r.sx, r.sy, rr);
        float *out = morph(src, r, rr);
        expect_brute(src, out, r, polygon(&p, r.sx, r.sy), "sparse");
        free(out);
        free(src);
    }
}

/* Ramps with a little noise: the max over a footprint is then at its far rim in the
 * ramp's direction, a vertex that only one path through the lines reaches; on a torus
 * it is often across the seam. */
Test(morph, ramps_find_the_polygons_far_rim)
{
    for (size_t s = 0; s < sizeof BIG / sizeof *BIG; s++) {
        raster r = BIG[s];
        float *src = random_raster(r.w, r.h, 17);
        double rr = 33.5 * fmax(r.sx, r.sy);
        dp_morph_plan p;
        dp_morph_plan_polygon(&p, r.sx, r.sy, rr);
        for (int k = 0; k < 4; k++) {
            double c = cos(k * 1.5708 + 0.4), sn = sin(k * 1.5708 + 0.4);
            float *ramp = malloc((size_t)r.w * r.h * sizeof *ramp);
            for (int y = 0; y < r.h; y++)
                for (int x = 0; x < r.w; x++)
                    ramp[y * r.w + x] = (float)(c * x + sn * y) + 1e-3f * src[y * r.w + x];
            float *out = morph(ramp, r, rr);
            expect_brute(ramp, out, r, polygon(&p, r.sx, r.sy), "ramp");
            free(out);
            free(ramp);
        }
        free(src);
    }
}

/* docs/algorithm.md: a large footprint reaches every pixel centre within d - e and none
 * beyond d + e, e = 1% of d + 1.5 sides of the larger pixel side; and it is the plan's
 * polygon, grown from one bright pixel. */
Test(morph, a_bright_pixel_grows_to_the_polygon_within_the_band)
{
    static const double CASES[][3] = {
        { 1, 1, 50 }, { 1, 1.3, 70 }, { 1, 2, 90 }, { 1, 4, 150 }, { 1.6, 1, 60 }
    };
    for (size_t c = 0; c < sizeof CASES / sizeof *CASES; c++) {
        double sx = CASES[c][0], sy = CASES[c][1], d = CASES[c][2],
               e = 0.01 * d + 1.5 * fmax(sx, sy);
        dp_morph_plan p;
        dp_morph_plan_polygon(&p, sx, sy, d);
        footprint f = polygon(&p, sx, sy);
        raster r = { 2 * f.reach + 1, 2 * f.reach + 1, sx, sy, 0 };
        float *src = calloc((size_t)r.w * r.h, sizeof *src);
        src[f.reach * r.w + f.reach] = 1;
        float *out = morph(src, r, d);
        for (int y = -f.reach; y <= f.reach; y++)
            for (int x = -f.reach; x <= f.reach; x++) {
                bool lit = out[(y + f.reach) * r.w + x + f.reach] == 1;
                double dist = hypot(x * sx, y * sy);
                cr_assert_eq(lit, *at(f, x, y), "case %zu: (%d, %d)", c, x, y);
                cr_assert(lit || dist > d - e, "case %zu: (%d, %d) at %g is not reached", c, x, y,
                          dist);
                cr_assert(!lit || dist <= d + e, "case %zu: (%d, %d) at %g is reached", c, x, y,
                          dist);
            }
        free(f.on);
        free(src);
        free(out);
    }
}

/* The band for the lattice set itself, which can miss points of the continuous polygon
 * near its edge, over radii from the polygon's start and pixels up to 4:1. */
Test(morph, the_lattice_polygon_stays_within_the_band)
{
    static const double ASPECT[] = { 1, 1.15, 1.3, 1.7, 2, 2.5, 3.5, 4, 0.6 };
    for (size_t a = 0; a < sizeof ASPECT / sizeof *ASPECT; a++) {
        double sx = 1, sy = ASPECT[a], s = fmax(sx, sy);
        for (double d = 32 * s + 0.5; d < 150 * s; d *= 1.13) {
            dp_morph_plan p;
            dp_morph_plan_polygon(&p, sx, sy, d);
            footprint f = polygon(&p, sx, sy);
            double e = 0.01 * d + 1.5 * s;
            for (int y = -f.reach; y <= f.reach; y++)
                for (int x = -f.reach; x <= f.reach; x++) {
                    double dist = hypot(x * sx, y * sy);
                    cr_assert(*at(f, x, y) ? dist <= d + e : dist > d - e,
                              "aspect %g, d %g: (%d, %d) at %g", sy, d, x, y, dist);
                }
            free(f.on);
        }
    }
}

/* The same band for the continuous polygon, over many radii; morph.c relies on
 * r_in >= d / 2 to skip planning huge discs. */
Test(morph, the_polygon_stays_within_its_stated_band)
{
    static const double ASPECT[] = { 1, 1.3, 2, 4, 0.25, 0.7 };
    for (size_t a = 0; a < sizeof ASPECT / sizeof *ASPECT; a++) {
        double sx = 1, sy = ASPECT[a], s = fmax(sx, sy);
        for (double d = 32 * s; d < 20000; d *= 1.07) {
            dp_morph_plan p;
            dp_morph_plan_polygon(&p, sx, sy, d);
            double band = 0.01 * d + 1.5 * s;
            cr_assert(d - p.r_in <= band && p.r_out - d <= band,
                      "aspect %g, d %g: [%g, %g] is wider than +-%g", sy, d, p.r_in, p.r_out, band);
            cr_assert(p.r_in >= d / 2);
        }
    }
}

Test(morph, a_disc_beyond_the_raster_gives_its_max_everywhere)
{
    for (int axes = 0; axes <= 3; axes++) {
        raster r = { 30, 20, 1, 1, axes };
        float *src = random_raster(r.w, r.h, 3);
        float most = -INFINITY;
        for (int i = 0; i < r.w * r.h; i++)
            most = fmaxf(most, src[i]);
        float *out = morph(src, r, 1e5);
        for (int i = 0; i < r.w * r.h; i++)
            cr_assert_eq(out[i], most);
        free(out);
        free(src);
    }
}

Test(morph, erosion_is_dilation_of_the_negative)
{
    static const double RADII[] = { 5, 20, 40 };
    for (size_t s = 0; s < 4; s++) {
        raster r = BIG[s];
        float *src = random_raster(r.w, r.h, 5), *neg = random_raster(r.w, r.h, 5);
        for (int i = 0; i < r.w * r.h; i++)
            neg[i] = -src[i];
        for (size_t i = 0; i < sizeof RADII / sizeof *RADII; i++) {
            float *eroded = morph(src, r, -RADII[i]), *dilated = morph(neg, r, RADII[i]);
            for (int j = 0; j < r.w * r.h; j++)
                cr_assert_eq(eroded[j], -dilated[j], "radius %g, pixel %d", RADII[i], j);
            free(eroded);
            free(dilated);
        }
        free(src);
        free(neg);
    }
}
