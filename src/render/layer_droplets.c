/* SPDX-License-Identifier: MIT
 * 'droplets': water on glass. Pass 0 lays every soft contact shadow (offset away from the
 * light) so that no shadow darkens a neighbour's body; pass 1 draws each drop as a lens:
 * a faint tinted body that darkens toward the rim, a refracting rim that is thick on the
 * side away from the light (a radial gradient whose inner circle is pushed toward the
 * light), a lighter caustic inside on the near-light side, and a small bright specular
 * highlight toward the light with a faint counter-reflection opposite. */
#include "render/layer.h"

#include "render/colour.h"
#include "render/lens.h"

#define SHADOW_SHIFT 0.22 /* contact shadow offset, in radii */
#define SHADOW_REACH 1.15

static void shadow(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s)
{
    double a = s->radius, k = s->colour.a, r = SHADOW_REACH * a;
    double x = s->x - c->light_x * SHADOW_SHIFT * a, y = s->y - c->light_y * SHADOW_SHIFT * a;
    dp_rgba ink = dp_colour_shade(s->colour, -0.85);
    dp_lens_stop st[] = { { 0, ink, 0.20 * k }, { 0.75, ink, 0.16 * k }, { 1, ink, 0 } };
    dp_lens_disc(cr, x, y, r, x, y, 0, x, y, r, st, 3);
}

static void body(cairo_t *cr, const dp_shape *s)
{
    double a = s->radius, k = s->colour.a;
    dp_rgba tint = s->colour, deep = dp_colour_shade(s->colour, -0.35);
    dp_lens_stop st[] = { { 0, tint, 0.06 * k }, { 0.65, tint, 0.10 * k },
                          { 0.9, deep, 0.22 * k }, { 1, deep, 0.38 * k } };
    dp_lens_disc(cr, s->x, s->y, a, s->x, s->y, 0, s->x, s->y, a, st, 4);
}

static void rim(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s)
{
    double a = s->radius, k = s->colour.a;
    double ix = s->x + c->light_x * 0.24 * a, iy = s->y + c->light_y * 0.24 * a;
    dp_rgba dark = dp_colour_shade(s->colour, -0.8);
    dp_lens_stop st[] = { { 0, dark, 0 }, { 0.55, dark, 0.10 * k }, { 1, dark, 0.55 * k } };
    dp_lens_disc(cr, s->x, s->y, a, ix, iy, 0.6 * a, s->x, s->y, a, st, 3);
}

static void caustic(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s)
{
    double a = s->radius, k = s->colour.a, r = 0.5 * a;
    double x = s->x + c->light_x * 0.42 * a, y = s->y + c->light_y * 0.42 * a;
    dp_rgba white = { 1, 1, 1, 1 };
    dp_lens_stop st[] = { { 0, white, 0.22 * k }, { 1, white, 0 } };
    dp_lens_disc(cr, x, y, r, x, y, 0, x, y, r, st, 2);
}

static void draw_droplet(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s, int pass)
{
    if (pass == 0) {
        shadow(cr, c, s);
        return;
    }
    body(cr, s);
    rim(cr, c, s);
    caustic(cr, c, s);
    dp_lens_highlight(cr, s->x, s->y, s->radius, c->light_x, c->light_y, 0.52, 0.24, 0.95, 0.45);
    dp_lens_highlight(cr, s->x, s->y, s->radius, c->light_x, c->light_y, -0.72, 0.1, 0.3, 0.3);
}

const dp_layer_kind dp_layer_droplets = {
    .name = "droplets",
    .style = DP_STYLE_DROPLETS,
    .extent = SHADOW_SHIFT + SHADOW_REACH,
    .passes = 2,
    .draw = draw_droplet,
};
