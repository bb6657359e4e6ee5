/* SPDX-License-Identifier: MIT
 * 'blades': a tuft of 'blades' grass blades per point, rooted close together and fanned
 * over about 100 degrees around the point's angle. A blade is a tapered leaf curving
 * steadily to one side (the whole tuft leans one way), 0.5 .. 0.92 drawn radius long,
 * about stroke_width wide at its root, darker there and lighter toward the tip, each a
 * little lighter or darker than the tuft's colour and now and then dry. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/colour.h"

#define FAN   1.75 /* radians a tuft spreads over */
#define STEPS 10   /* points along a blade's midline */

/* One blade: from its root (x, y) along theta, turning by 'bend' radians over its length
 * (a blade leaning over curves, it does not kink), 'width' at the root tapering to a point. */
typedef struct blade {
    double x, y, theta, len, width, bend;
} blade;

/* Blade b, darker at the root, lighter and yellower toward the tip, as grass in the sun. */
static void draw_blade(cairo_t *cr, const blade *b, dp_rgba c, double alpha)
{
    double x = b->x, y = b->y;
    double px[STEPS + 1], py[STEPS + 1], nx[STEPS + 1], ny[STEPS + 1];
    for (int i = 0; i <= STEPS; i++) {
        double t = (double)i / STEPS, phi = b->theta + b->bend * t;
        px[i] = i == 0 ? x : px[i - 1] + cos(phi) * b->len / STEPS;
        py[i] = i == 0 ? y : py[i - 1] + sin(phi) * b->len / STEPS;
        double w = b->width / 2 * pow(1 - t, 0.7) * (0.8 + 0.2 * sin(DP_PI * t));
        nx[i] = -sin(phi) * w;
        ny[i] = cos(phi) * w;
    }
    cairo_new_path(cr);
    for (int i = 0; i <= STEPS; i++)
        cairo_line_to(cr, px[i] + nx[i], py[i] + ny[i]);
    for (int i = STEPS; i >= 0; i--)
        cairo_line_to(cr, px[i] - nx[i], py[i] - ny[i]);
    cairo_close_path(cr);
    dp_rgba root = dp_colour_shade(c, -0.1), tip = dp_colour_shade(c, 0.1);
    cairo_pattern_t *p = cairo_pattern_create_linear(x, y, px[STEPS], py[STEPS]);
    cairo_pattern_add_color_stop_rgba(p, 0, root.r, root.g, root.b, alpha);
    cairo_pattern_add_color_stop_rgba(p, 1, tip.r * 0.9 + 0.1, tip.g, tip.b * 0.85, alpha);
    cairo_set_source(cr, p);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

/* A tuft: blades rooted close together, fanned around the tuft's lean, all bending the
 * same way by different amounts; now and then a dry, straw-coloured one. */
static void draw_tuft(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    const dp_layer_spec *l = ctx->spec;
    dp_jitter_rng g = { s->variety };
    int n = DP_MAX(1, l->blades);
    double lean = dp_jitter_signed(&g) < 0 ? -1 : 1;
    for (int i = 0; i < n; i++) {
        double spread = n > 1 ? FAN * ((double)i / (n - 1) - 0.5) : 0;
        double theta = s->angle_rad + spread + 0.35 * dp_jitter_signed(&g);
        double len = s->radius * (0.5 + 0.42 * dp_jitter_unit(&g));
        double root = 0.08 * s->radius * dp_jitter_unit(&g), ra = 2 * DP_PI * dp_jitter_unit(&g);
        dp_rgba c = dp_colour_shade(s->colour, 0.12 * dp_jitter_signed(&g));
        if (dp_jitter_unit(&g) < 0.07)
            c = (dp_rgba){ 0.62 + 0.1 * c.r, 0.58 + 0.1 * c.g, 0.34, c.a };
        double bend = lean * (0.2 + 0.9 * dp_jitter_unit(&g));
        double width = l->stroke_width * (0.75 + 0.5 * dp_jitter_unit(&g));
        blade b = { s->x + root * cos(ra), s->y + root * sin(ra), theta, len, width, bend };
        draw_blade(cr, &b, c, pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a);
    }
}

const dp_layer_kind dp_layer_blades = {
    .name = "blades",
    .style = DP_STYLE_BLADES,
    .extent = 1.1, /* a blade: root within 0.08, length within 0.92 of the radius */
    .passes = 1,
    .shadows = true,
    .draw = draw_tuft,
};
