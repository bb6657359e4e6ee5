/* SPDX-License-Identifier: MIT
 * The built-in vector daisy (Bellis/Leucanthemum look): two rings of 12-18 elongated
 * petals with a rounded tip, shaded darker toward the base and outlined faintly so
 * neighbours separate, around a yellow-orange disc with a darker rim and florets laid on
 * a golden-angle spiral (Vogel 1979). Every petal varies a little in angle, length and
 * width from the flower's 'variety' bits, so no two daisies are copies. A flower may be
 * half open (shorter petals) or a closed bud: green sepals round a knot of pink-tipped
 * petals. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/lens.h"
#include "render/colour.h"

#define CENTRE_FRAC 0.24 /* disc radius / petal tip radius */

static void petal_path(cairo_t *cr, double r0, double len, double hw)
{
    double tip = r0 + len;
    cairo_new_path(cr);
    cairo_move_to(cr, r0, 0);
    cairo_curve_to(cr, r0 + 0.1 * len, -hw * 0.9, tip - 1.6 * hw, -hw * 1.1, tip - 0.35 * hw,
                   -hw * 0.75);
    cairo_curve_to(cr, tip + 0.05 * hw, -hw * 0.45, tip + 0.05 * hw, hw * 0.45, tip - 0.35 * hw,
                   hw * 0.75);
    cairo_curve_to(cr, tip - 1.6 * hw, hw * 1.1, r0 + 0.1 * len, hw * 0.9, r0, 0);
    cairo_close_path(cr);
}

/* Darker in RGB, not in HSL lightness: a pale tint has full HSL saturation, and lowering
 * its lightness would turn a bluish white into a strong blue. */
static dp_rgba dim(dp_rgba c, double k)
{
    return (dp_rgba){ c.r * k, c.g * k, c.b * k, c.a };
}

static void petal(cairo_t *cr, double r0, double len, double hw, dp_rgba c, double line)
{
    dp_rgba base = dim(c, 0.78);
    cairo_pattern_t *p = cairo_pattern_create_linear(r0, 0, r0 + len, 0);
    cairo_pattern_add_color_stop_rgba(p, 0, base.r, base.g, base.b, c.a);
    cairo_pattern_add_color_stop_rgba(p, 0.45, c.r, c.g, c.b, c.a);
    cairo_pattern_add_color_stop_rgba(p, 1, c.r, c.g, c.b, c.a);
    petal_path(cr, r0, len, hw);
    cairo_set_source(cr, p);
    cairo_fill_preserve(cr);
    cairo_pattern_destroy(p);
    dp_rgba edge = dim(c, 0.55);
    cairo_set_source_rgba(cr, edge.r, edge.g, edge.b, 0.45 * c.a);
    cairo_set_line_width(cr, line);
    cairo_stroke(cr);
}

static void ring(cairo_t *cr, double radius, dp_rgba c, int n, double phase, double shrink,
                 dp_jitter_rng *g)
{
    double r0 = radius * CENTRE_FRAC * 0.6, step = 2 * DP_PI / n;
    double line = DP_MAX(0.35, radius * 0.02);
    for (int i = 0; i < n; i++) {
        double len = (radius - r0) * shrink * (0.88 + 0.12 * dp_jitter_unit(g));
        double hw = radius * (1.45 / n + 0.012) * (0.9 + 0.2 * dp_jitter_unit(g));
        cairo_save(cr);
        cairo_rotate(cr, (i + phase + 0.15 * dp_jitter_signed(g)) * step);
        petal(cr, r0, len, hw, c, line);
        cairo_restore(cr);
    }
}

static void centre(cairo_t *cr, double radius, dp_jitter_rng *g)
{
    double rc = radius * CENTRE_FRAC;
    const dp_rgba umber = { 0.25, 0.2, 0.0, 1 };
    const dp_lens_stop sh[] = { { 0, umber, 0.35 }, { 1, umber, 0 } };
    dp_disc shadow = { 0, 0, rc * 1.5 }, core = { 0, 0, rc * 0.8 };
    dp_lens_disc(cr, shadow, core, shadow, sh, 2);
    cairo_pattern_t *p = cairo_pattern_create_radial(-rc * 0.25, -rc * 0.25, 0, 0, 0, rc);
    cairo_pattern_add_color_stop_rgb(p, 0, 1.0, 0.88, 0.25);
    cairo_pattern_add_color_stop_rgb(p, 0.7, 0.97, 0.72, 0.08);
    cairo_pattern_add_color_stop_rgb(p, 1, 0.80, 0.50, 0.03);
    cairo_set_source(cr, p);
    cairo_arc(cr, 0, 0, rc, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
    if (rc < 3)
        return; /* florets below a pixel or so only add noise */
    int n = (int)DP_MIN(120, 3.2 * rc * rc / 4);
    for (int i = 1; i < n; i++) {
        double d = rc * 0.88 * sqrt((double)i / n), th = i * 2.39996323 + dp_jitter_unit(g);
        cairo_arc(cr, d * cos(th), d * sin(th), rc * 0.075, 0, 2 * DP_PI);
        cairo_new_sub_path(cr);
    }
    cairo_set_source_rgba(cr, 0.62, 0.36, 0.02, 0.55);
    cairo_fill(cr);
}

/* A closed bud (Bellis): a cup of green sepals holding a knot of white petals whose tips
 * blush pink, seen from above. */
static void bud(cairo_t *cr, double radius, dp_rgba c, dp_jitter_rng *g)
{
    double r = radius * 0.55;
    int n = 9 + (int)(dp_jitter_next(g) % 5);
    for (int i = 0; i < n; i++) {
        double a = 2 * DP_PI * (i + 0.3 * dp_jitter_signed(g)) / n;
        cairo_move_to(cr, 0.4 * r * cos(a + 0.35), 0.4 * r * sin(a + 0.35));
        cairo_line_to(cr, r * cos(a), r * sin(a));
        cairo_line_to(cr, 0.4 * r * cos(a - 0.35), 0.4 * r * sin(a - 0.35));
        cairo_close_path(cr);
    }
    cairo_set_source_rgba(cr, 0.22, 0.42, 0.14, c.a);
    cairo_fill(cr);
    cairo_pattern_t *p = cairo_pattern_create_radial(-r * 0.15, -r * 0.15, 0, 0, 0, r * 0.62);
    cairo_pattern_add_color_stop_rgba(p, 0, c.r, c.g, c.b, c.a);
    cairo_pattern_add_color_stop_rgba(p, 0.7, c.r * 0.95, c.g * 0.85, c.b * 0.88, c.a);
    cairo_pattern_add_color_stop_rgba(p, 1, 0.85, 0.45, 0.55, c.a);
    cairo_arc(cr, 0, 0, r * 0.6, 0, 2 * DP_PI);
    cairo_set_source(cr, p);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

void dp_daisy_draw(cairo_t *cr, double radius, dp_rgba petal_colour, uint64_t variety, double open)
{
    dp_jitter_rng g = { variety };
    int n = 12 + (int)(dp_jitter_next(&g) % 7);
    if (open <= 0) {
        bud(cr, radius, petal_colour, &g);
        return;
    }
    /* A half-open flower: petals shorter and still cupped (drawn closer together). */
    double k = open >= 1 ? 1 : 0.45 + 0.55 * open;
    ring(cr, radius * k, dim(petal_colour, 0.86), n, 0.5, 0.93, &g);
    ring(cr, radius * k, petal_colour, n, 0, 1.0, &g);
    centre(cr, radius * (open >= 1 ? 1 : 0.5 + 0.5 * open), &g);
}
