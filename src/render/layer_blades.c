/* SPDX-License-Identifier: MIT
 * 'blades': a tuft of 'blades' short grass blades per point, fanned over about 100 degrees
 * around the point's angle. A blade is a tapered, slightly bent sliver from the point out
 * to 0.6 .. 1 drawn radius, stroke_width wide at its base, each a little lighter or darker
 * than the tuft's colour, so a lawn reads as strokes rather than dots. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/colour.h"

#define FAN 1.75 /* radians a tuft spreads over */

static void blade(cairo_t *cr, double x, double y, double theta, double len, double width,
                  double bend)
{
    double dx = cos(theta), dy = sin(theta), nx = -dy, ny = dx;
    double tx = x + dx * len + nx * bend * len, ty = y + dy * len + ny * bend * len;
    double mx = x + dx * len * 0.5 + nx * bend * len * 0.6;
    double my = y + dy * len * 0.5 + ny * bend * len * 0.6;
    double w = width / 2;
    cairo_new_path(cr);
    cairo_move_to(cr, x + nx * w, y + ny * w);
    cairo_curve_to(cr, mx + nx * w * 0.6, my + ny * w * 0.6, mx + nx * w * 0.3, my + ny * w * 0.3,
                   tx, ty);
    cairo_curve_to(cr, mx - nx * w * 0.3, my - ny * w * 0.3, mx - nx * w * 0.6, my - ny * w * 0.6,
                   x - nx * w, y - ny * w);
    cairo_close_path(cr);
    cairo_fill(cr);
}

static void draw_tuft(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    const dp_layer_spec *l = ctx->spec;
    dp_jitter_rng g = { s->variety };
    int n = DP_MAX(1, l->blades);
    for (int i = 0; i < n; i++) {
        double spread = n > 1 ? FAN * ((double)i / (n - 1) - 0.5) : 0;
        double theta = s->angle_rad + spread + 0.25 * dp_jitter_signed(&g);
        double len = s->radius * (0.6 + 0.4 * dp_jitter_unit(&g));
        dp_rgba c = dp_colour_shade(s->colour, 0.1 * dp_jitter_signed(&g));
        double bend = 0.25 * dp_jitter_signed(&g);
        cairo_set_source_rgba(cr, c.r, c.g, c.b, pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a);
        blade(cr, s->x, s->y, theta, len, l->stroke_width, bend);
    }
}

const dp_layer_kind dp_layer_blades = {
    .name = "blades",
    .style = DP_STYLE_BLADES,
    .extent = 1.1, /* a bent tip leans out a little past the radius */
    .passes = 1,
    .shadows = true,
    .draw = draw_tuft,
};
