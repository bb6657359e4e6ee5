/* SPDX-License-Identifier: MIT
 * Radial-gradient discs and highlights for droplets and bubbles. Each call builds and
 * frees one pattern; cairo's own pattern freelist makes that cheap. */
#include "render/lens.h"

#include <math.h>

#include "core/dp.h"

void dp_lens_disc(cairo_t *cr, double x, double y, double r, double x0, double y0, double r0,
                  double x1, double y1, double r1, const dp_lens_stop *stops, int n)
{
    cairo_pattern_t *p = cairo_pattern_create_radial(x0, y0, r0, x1, y1, r1);
    for (int i = 0; i < n; i++)
        cairo_pattern_add_color_stop_rgba(p, stops[i].at, stops[i].c.r, stops[i].c.g, stops[i].c.b,
                                          stops[i].alpha);
    cairo_set_source(cr, p);
    cairo_new_path(cr);
    cairo_arc(cr, x, y, r, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

void dp_lens_highlight(cairo_t *cr, double x, double y, double radius, double dx, double dy,
                       double at, double size, double alpha, double sharp)
{
    dp_rgba white = { 1, 1, 1, 1 };
    double r = size * radius;
    dp_lens_stop st[] = { { 0, white, alpha }, { sharp, white, alpha * 0.85 }, { 1, white, 0 } };
    cairo_save(cr);
    cairo_translate(cr, x + dx * at * radius, y + dy * at * radius);
    cairo_rotate(cr, atan2(dy, dx));
    cairo_scale(cr, 0.6, 1);
    dp_lens_disc(cr, 0, 0, r, 0, 0, 0, 0, 0, r, st, 3);
    cairo_restore(cr);
}
