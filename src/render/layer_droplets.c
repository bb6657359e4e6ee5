/* SPDX-License-Identifier: MIT
 * 'droplets': water on glass. Pass 0 lays every soft contact shadow (offset away from the
 * light) so that no shadow darkens a neighbour's body; pass 1 draws each drop as a lens:
 * a faint tinted body, clear in the middle and darker toward the rim, a refracting rim
 * that is thick on the side away from the light (a radial gradient whose inner circle is
 * pushed toward the light), a lighter caustic inside on the near-light side, and a small
 * bright specular highlight toward the light with a faint counter-reflection opposite.
 * Under all that, the drop shows the background flipped and shrunk, as real drops on a
 * pane do. The refraction is per drop; everything else is drawn once per (tint, radius,
 * phase) into the sprite cache and copied. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/drop_shade.h"
#include "render/frost.h"
#include "render/lens.h"
#include "render/sprite.h"
#include "render/trails.h"

#define SHADOW_SHIFT  0.22 /* contact shadow offset, in radii */
#define SHADOW_REACH  1.15
#define REFRACT_POWER 2.5 /* the ground inside a drop: flipped, shrunk this many times */

typedef struct look {
    dp_rgba tint; /* quantised to 8 bits: it is part of the sprite key */
    double lx, ly;
    int pass;
} look;

static dp_rgba times(dp_rgba c, double k)
{
    return (dp_rgba){ c.r * k, c.g * k, c.b * k, c.a };
}

/* Strength of the dark parts (shadow, rim): tiny drops would turn into dark dots, while
 * real ones that small read as specks with a glint. */
static double darkness(double a)
{
    double u = a <= 1.5 ? 0 : (a >= 6 ? 1 : (a - 1.5) / 4.5);
    return 0.45 + 0.55 * u * u * (3 - 2 * u);
}

static void shadow(cairo_t *cr, double x, double y, double a, const look *l)
{
    double r = SHADOW_REACH * a;
    x -= l->lx * SHADOW_SHIFT * a;
    y -= l->ly * SHADOW_SHIFT * a;
    dp_rgba ink = times(l->tint, 0.1);
    double k = darkness(a);
    dp_lens_stop st[] = { { 0, ink, 0.24 * k }, { 0.72, ink, 0.2 * k }, { 1, ink, 0 } };
    dp_lens_disc(cr, x, y, r, x, y, 0, x, y, r, st, 3);
}

static void body(cairo_t *cr, double x, double y, double a, const look *l)
{
    dp_rgba deep = times(l->tint, 0.35);
    double k = darkness(a);
    dp_lens_stop st[] = { { 0, l->tint, 0.04 },
                          { 0.75, l->tint, 0.07 },
                          { 0.94, deep, 0.2 * k },
                          { 1, deep, 0.45 * k } };
    dp_lens_disc(cr, x, y, a, x, y, 0, x, y, a, st, 4);
}

static void rim(cairo_t *cr, double x, double y, double a, const look *l)
{
    double ix = x + l->lx * 0.3 * a, iy = y + l->ly * 0.3 * a;
    dp_rgba dark = times(l->tint, 0.15);
    double k = darkness(a);
    dp_lens_stop st[] = { { 0, dark, 0 }, { 0.55, dark, 0.03 * k }, { 1, dark, 0.45 * k } };
    dp_lens_disc(cr, x, y, a, ix, iy, 0.62 * a, x, y, a, st, 3);
}

static void caustic(cairo_t *cr, double x, double y, double a, const look *l)
{
    double r = 0.5 * a, cx = x + l->lx * 0.4 * a, cy = y + l->ly * 0.4 * a;
    dp_rgba white = { 1, 1, 1, 1 };
    dp_lens_stop st[] = { { 0, white, 0.2 }, { 1, white, 0 } };
    dp_lens_disc(cr, cx, cy, r, cx, cy, 0, cx, cy, r, st, 2);
}

static void paint_drop(cairo_t *cr, double x, double y, double a, const void *lookp)
{
    const look *l = lookp;
    if (l->pass == 0) {
        shadow(cr, x, y, a, l);
        return;
    }
    body(cr, x, y, a, l);
    rim(cr, x, y, a, l);
    caustic(cr, x, y, a, l);
    dp_lens_highlight(cr, x, y, a, l->lx, l->ly, 0.52, 0.24, 0.95, 0.45);
    dp_lens_highlight(cr, x, y, a, l->lx, l->ly, -0.72, 0.1, 0.3, 0.3);
}

static double q8(double v, uint64_t *key, int shift)
{
    long q = lround(v < 0 ? 0 : (v > 1 ? 255 : v * 255));
    *key |= (uint64_t)q << shift;
    return q / 255.0;
}

/* A drop with a shape (drop_*) is shaded from the analytic surface the maps store. */
static void draw_shaped(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s, int pass)
{
    dp_drop d;
    dp_layer_drop(c->spec, s->radius, s->key, s->bead, &d);
    dp_drop_shade(cr, c, &d, s, darkness(s->radius), pass);
}

static void draw_droplet(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s, int pass)
{
    if (!dp_drop_style_round(&c->spec->drop)) {
        draw_shaped(cr, c, s, pass);
        return;
    }
    if (pass == 1)
        dp_lens_refract(cr, c, s->x, s->y, s->radius, REFRACT_POWER, 0.9 * s->colour.a);
    uint64_t key = (uint64_t)pass;
    look l = { .lx = c->light_x, .ly = c->light_y, .pass = pass };
    l.tint = (dp_rgba){ q8(s->colour.r, &key, 8), q8(s->colour.g, &key, 16),
                        q8(s->colour.b, &key, 24), 1 };
    double reach = pass == 0 ? SHADOW_SHIFT + SHADOW_REACH : 1;
    dp_sprite_draw(c->state, cr, c->clip_y0, c->clip_y1, s->x, s->y, s->radius, reach, key, &l,
                   paint_drop, s->colour.a);
}

const dp_layer_kind dp_layer_droplets = {
    .name = "droplets",
    .style = DP_STYLE_DROPLETS,
    .extent = SHADOW_SHIFT + SHADOW_REACH,
    .passes = 2,
    .prepare = dp_sprite_layer_prepare,
    .underlay = dp_frost_underlay,
    .draw = draw_droplet,
    .overlay = dp_drop_shade_bridges,
    .finish = dp_sprite_layer_finish,
};
