/* SPDX-License-Identifier: MIT
 * 'bubbles': soap bubbles, the droplets' airy cousins. An almost clear body, a thin rim
 * whose colour drifts around the circle (three film tints on rims leaning in three
 * directions, so the hue changes with the angle as thin-film interference does), a faint
 * dark edge so the bubble reads on light grounds, and two highlights: a big soft window
 * toward the light and a small sharp glint on the opposite side. No shadow: it floats. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/colour.h"
#include "render/lens.h"

static void film(cairo_t *cr, const dp_shape *s, double angle, dp_rgba tint, double alpha)
{
    double a = s->radius, dx = cos(angle), dy = sin(angle);
    double ix = s->x + dx * 0.06 * a, iy = s->y + dy * 0.06 * a;
    dp_lens_stop st[] = { { 0, tint, 0 }, { 0.8, tint, 0.6 * alpha }, { 1, tint, alpha } };
    dp_lens_disc(cr, s->x, s->y, a, ix, iy, 0.84 * a, s->x, s->y, a, st, 3);
}

static void draw_bubble(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s, int pass)
{
    (void)pass;
    double a = s->radius, k = s->colour.a, turn = (double)(s->variety & 0xffff) / 65536;
    dp_rgba tint = s->colour, edge = dp_colour_shade(s->colour, -0.7);
    dp_lens_stop body[] = { { 0, tint, 0.02 * k }, { 0.8, tint, 0.05 * k },
                            { 0.97, edge, 0.18 * k }, { 1, edge, 0.30 * k } };
    dp_lens_disc(cr, s->x, s->y, a, s->x, s->y, 0, s->x, s->y, a, body, 4);
    static const dp_rgba films[3] = { { 1, 0.35, 0.85, 1 }, { 0.3, 0.9, 1, 1 }, { 1, 0.9, 0.3, 1 } };
    for (int i = 0; i < 3; i++)
        film(cr, s, 2 * DP_PI * (turn + i / 3.0), films[i], 0.45 * k);
    dp_lens_highlight(cr, s->x, s->y, a, c->light_x, c->light_y, 0.48, 0.36, 0.45 * k, 0.1);
    dp_lens_highlight(cr, s->x, s->y, a, -c->light_x, -c->light_y, 0.7, 0.09, 0.95 * k, 0.6);
}

const dp_layer_kind dp_layer_bubbles = {
    .name = "bubbles",
    .style = DP_STYLE_BUBBLES,
    .extent = 1.0,
    .passes = 1,
    .draw = draw_bubble,
};
