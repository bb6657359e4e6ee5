/* SPDX-License-Identifier: MIT
 * 'bubbles': soap bubbles, the droplets' airy cousins. An almost clear body, a thin rim
 * whose colour drifts around the circle (three film tints on rims leaning in three
 * directions, so the hue changes with the angle as thin-film interference does), a faint
 * dark edge so the bubble reads on light grounds, and two highlights: a big soft window
 * toward the light and a small sharp glint on the opposite side. No shadow: it floats.
 * Each (tint, film turn in 1/16ths, radius, phase) is drawn once into the sprite cache. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/lens.h"
#include "render/sprite.h"

#define TURNS 16 /* film orientations: enough that neighbours rarely match */

typedef struct look {
    dp_rgba tint; /* quantised to 8 bits: part of the sprite key */
    double turn;  /* film orientation, in turns */
    double lx, ly;
} look;

static void film(cairo_t *cr, double x, double y, double a, double angle, dp_rgba tint,
                 double alpha)
{
    double ix = x + cos(angle) * 0.06 * a, iy = y + sin(angle) * 0.06 * a;
    dp_lens_stop st[] = { { 0, tint, 0 }, { 0.8, tint, 0.6 * alpha }, { 1, tint, alpha } };
    dp_lens_disc(cr, x, y, a, ix, iy, 0.84 * a, x, y, a, st, 3);
}

static void paint_bubble(cairo_t *cr, double x, double y, double a, const void *lookp)
{
    static const dp_rgba films[3] = { { 1, 0.35, 0.85, 1 },
                                      { 0.3, 0.9, 1, 1 },
                                      { 1, 0.9, 0.3, 1 } };
    const look *l = lookp;
    dp_rgba edge = { l->tint.r * 0.3, l->tint.g * 0.3, l->tint.b * 0.3, 1 };
    dp_lens_stop body[] = {
        { 0, l->tint, 0.02 }, { 0.8, l->tint, 0.05 }, { 0.97, edge, 0.18 }, { 1, edge, 0.3 }
    };
    dp_lens_disc(cr, x, y, a, x, y, 0, x, y, a, body, 4);
    for (int i = 0; i < 3; i++)
        film(cr, x, y, a, 2 * DP_PI * (l->turn + i / 3.0), films[i], 0.45);
    dp_lens_highlight(cr, x, y, a, l->lx, l->ly, 0.48, 0.36, 0.45, 0.1);
    dp_lens_highlight(cr, x, y, a, -l->lx, -l->ly, 0.7, 0.09, 0.95, 0.6);
}

static double q8(double v, uint64_t *key, int shift)
{
    long q = lround(v < 0 ? 0 : (v > 1 ? 255 : v * 255));
    *key |= (uint64_t)q << shift;
    return q / 255.0;
}

static void draw_bubble(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s, int pass)
{
    (void)pass;
    uint64_t turn = s->variety % TURNS, key = turn;
    look l = { .turn = (double)turn / TURNS, .lx = c->light_x, .ly = c->light_y };
    l.tint = (dp_rgba){ q8(s->colour.r, &key, 8), q8(s->colour.g, &key, 16),
                        q8(s->colour.b, &key, 24), 1 };
    dp_sprite_draw(c->state, cr, c->clip_y0, c->clip_y1, s->x, s->y, s->radius, 1, key, &l,
                   paint_bubble, s->colour.a);
}

const dp_layer_kind dp_layer_bubbles = {
    .name = "bubbles",
    .style = DP_STYLE_BUBBLES,
    .extent = 1.0,
    .passes = 1,
    .prepare = dp_sprite_layer_prepare,
    .draw = draw_bubble,
    .finish = dp_sprite_layer_finish,
};
