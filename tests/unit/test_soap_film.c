/* SPDX-License-Identifier: MIT
 * Soap films (issue #18): interference colours over the whole cap, not a ring at the rim;
 * every hue of a real film in the inner half; another turn, other swirls; nothing outside
 * the bubble. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "render/soap_film.h"

enum { SIDE = 128 };

static cairo_surface_t *film(double turn)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, SIDE, SIDE);
    cairo_t *cr = cairo_create(s);
    dp_soap_film_paint(cr, 64, 64, 50, turn, 1);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    return s;
}

static uint32_t pixel(cairo_surface_t *s, int x, int y)
{
    const unsigned char *row = cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s);
    uint32_t p;
    memcpy(&p, row + 4 * x, sizeof p);
    return p;
}

Test(soap_film, colours_cover_the_inner_half_of_the_cap)
{
    cairo_surface_t *s = film(0.3);
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
            int c[3] = { (int)(p >> 16 & 255), (int)(p >> 8 & 255), (int)(p & 255) };
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

Test(soap_film, another_turn_swirls_otherwise)
{
    cairo_surface_t *a = film(0.1), *b = film(0.6);
    long diff = 0;
    for (int y = 0; y < SIDE; y++)
        for (int x = 0; x < SIDE; x++)
            diff += pixel(a, x, y) != pixel(b, x, y);
    cr_assert_gt(diff, SIDE * SIDE / 4, "only %ld pixels differ", diff);
    cairo_surface_destroy(a);
    cairo_surface_destroy(b);
}
