/* SPDX-License-Identifier: MIT
 * Soap films (issues #18, #24, #36), one bubble shaded alone over a transparent ground:
 * interference colours of every hue over the cap, but faint in the middle (a film facing
 * the viewer reflects 2 %: the middle is mostly clear) and strong toward the rim; another
 * turn, other swirls; nothing outside the bubble. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "render/soap_paint.h"

enum { SIDE = 128 };

/* A bubble of radius 50 at (64, 64), its look from 'bits', lit from the top left. */
static cairo_surface_t *film(unsigned long long bits)
{
    static dp_film_table table;
    static dp_px_light light;
    dp_film_table_init(&table);
    dp_px_light_init(&light);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, SIDE, SIDE);
    cairo_t *cr = cairo_create(s);
    dp_layer_ctx ctx = { .clip_y0 = 0, .clip_y1 = SIDE };
    dp_soap_look l = { .table = &table, .a = 50, .tint = { 1, 1, 1 } };
    dp_soap_look_vary(&l, bits, -0.7071, -0.7071);
    dp_bubble_px_paint(cr, &ctx, (dp_disc){ 64, 64, 51 }, dp_soap_px, &l, 1, &light);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    return s;
}

static uint32_t pixel(cairo_surface_t *s, int x, int y)
{
    const unsigned char *row =
            cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s);
    uint32_t p;
    memcpy(&p, row + 4 * x, sizeof p);
    return p;
}

Test(soap_film, colours_cover_the_inner_half_of_the_cap)
{
    cairo_surface_t *s = film(3);
    int dominant[3] = { 0 }, inner = 0;
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            double dx = x + 0.5 - 64, dy = y + 0.5 - 64;
            uint32_t p = pixel(s, x, y);
            if (dx * dx + dy * dy > 52 * 52) {
                cr_assert_eq(p >> 24, 0, "paint outside the bubble at %d,%d", x, y);
                continue;
            }
            if (dx * dx + dy * dy > 25 * 25)
                continue;
            inner++;
            int al = (int)(p >> 24); /* unpremultiplied: the hue, however faint */
            int c[3] = { (int)(p >> 16 & 255) * 255 / al, (int)(p >> 8 & 255) * 255 / al,
                         (int)(p & 255) * 255 / al };
            int best = c[0] >= c[1] && c[0] >= c[2] ? 0 : c[1] >= c[2] ? 1 : 2;
            int lo = c[0] < c[1] ? (c[0] < c[2] ? c[0] : c[2]) : (c[1] < c[2] ? c[1] : c[2]);
            if (c[best] - lo > 25) /* a clear colour, not grey */
                dominant[best]++;
        }
    for (int k = 0; k < 3; k++)
        cr_assert_gt(dominant[k], inner / 50, "channel %d dominates %d of %d inner pixels", k,
                     dominant[k], inner);
    cairo_surface_destroy(s);
}

/* Mean opacity and mean saturation (max - min of the unpremultiplied colour, 0..1) over
 * the ring r0 < r < r1, in radii of the bubble (50 px at 64, 64). */
static void ring(cairo_surface_t *s, double r0, double r1, double *alpha, double *sat)
{
    double a = 0, sa = 0;
    int n = 0;
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++) {
            double r = hypot(x + 0.5 - 64, y + 0.5 - 64) / 50;
            uint32_t p = pixel(s, x, y);
            double al = (p >> 24) / 255.0;
            if (r < r0 || r >= r1 || al <= 0)
                continue;
            double c[3] = { (p >> 16 & 255) / 255.0 / al, (p >> 8 & 255) / 255.0 / al,
                            (p & 255) / 255.0 / al };
            a += al, n++;
            sa += fmax(c[0], fmax(c[1], c[2])) - fmin(c[0], fmin(c[1], c[2]));
        }
    *alpha = a / n, *sat = sa / n;
}

Test(soap_film, clear_in_the_middle_vivid_toward_the_rim)
{
    double a_in, s_in, a_rim, s_rim;
    for (int k = 0; k < 4; k++) {
        cairo_surface_t *s = film(0x9e3779b9ull * (unsigned long long)(k + 1));
        ring(s, 0, 0.5, &a_in, &s_in);
        ring(s, 0.85, 0.98, &a_rim, &s_rim);
        fprintf(stderr, "middle %.3f opaque, rim %.3f opaque, rim saturation %.2f\n", a_in, a_rim,
                s_rim);
        cr_assert_leq(a_in, 0.12, "the middle is %.2f opaque", a_in);
        cr_assert_geq(a_rim, 1.5 * a_in, "the rim %.2f opaque, the middle %.2f", a_rim, a_in);
        cr_assert_geq(s_rim, 0.3, "the rim's bands: saturation %.2f", s_rim);
        cairo_surface_destroy(s);
    }
}

Test(soap_film, another_turn_swirls_otherwise)
{
    cairo_surface_t *a = film(1), *b = film(2);
    long diff = 0;
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            diff += pixel(a, x, y) != pixel(b, x, y);
    cr_assert_gt(diff, SIDE * SIDE / 4, "only %ld pixels differ", diff);
    cairo_surface_destroy(a);
    cairo_surface_destroy(b);
}
