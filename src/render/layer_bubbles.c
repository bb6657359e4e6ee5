/* SPDX-License-Identifier: MIT
 * 'bubbles': soap bubbles, the droplets' airy cousins, or (bubble_gas) gas bubbles in a
 * liquid. Soap: an almost clear body; interference bands of film colour over the whole
 * cap, swirled off-centre (thin-film colours change with the film's thickness, which
 * drains and swirls); a thin rim whose colour drifts around the circle; a faint dark edge
 * so the bubble reads on light grounds; a big soft window toward the light, varied in
 * place and size per bubble, and a small sharp glint opposite. No shadow: it floats.
 * Gas: a clear body a little brighter inside, a dark inner edge, a bright silvery rim
 * (total internal reflection at the grazing edge) and a strong pinpoint glint.
 * Each (kind, tint, film turn in 1/16ths, radius, phase) is drawn once into the sprite cache. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "render/lens.h"
#include "render/soap_film.h"
#include "render/sprite.h"

#define TURNS 16 /* film orientations: enough that neighbours rarely match */

typedef struct look {
    dp_rgba tint; /* quantised to 8 bits: part of the sprite key */
    double turn;  /* film orientation, in turns; also varies the window highlight */
    double lx, ly;
    bool gas;
} look;

/* The silvery rim is at least RIM_PX wide whatever the radius: thinner, it falls between
 * pixel centres and breaks into dashes. The body is lighter than the liquid (gas scatters
 * the light the liquid absorbs). */
#define RIM_PX 1.4

static void paint_gas(cairo_t *cr, double x, double y, double a, const look *l)
{
    dp_rgba dark = { l->tint.r * 0.1, l->tint.g * 0.1, l->tint.b * 0.1, 1 }, white = { 1, 1, 1, 1 };
    double rim = DP_MIN(0.35, DP_MAX(0.07, RIM_PX / a)), e = 1 - rim;
    dp_lens_stop body[] = { { 0, l->tint, 0.32 },
                            { 0.5, l->tint, 0.22 },
                            { DP_MAX(0.5, e - 0.14), dark, 0.04 },
                            { DP_MAX(0.55, e - 0.05), dark, 0.45 },
                            { e, white, 0.75 },
                            { 1 - 0.3 * rim, white, 0.65 },
                            { 1, white, 0.3 } };
    dp_lens_disc(cr, x, y, a, x, y, 0, x, y, a, body, 7);
    dp_lens_highlight(cr, x, y, a, l->lx, l->ly, 0.45, 0.2, 1, 0.75);
    dp_lens_highlight(cr, x, y, a, -l->lx, -l->ly, 0.6, 0.1, 0.45, 0.4);
}

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
    if (l->gas) {
        paint_gas(cr, x, y, a, l);
        return;
    }
    dp_rgba edge = { l->tint.r * 0.3, l->tint.g * 0.3, l->tint.b * 0.3, 1 };
    dp_lens_stop body[] = {
        { 0, l->tint, 0.02 }, { 0.8, l->tint, 0.05 }, { 0.97, edge, 0.18 }, { 1, edge, 0.3 }
    };
    dp_lens_disc(cr, x, y, a, x, y, 0, x, y, a, body, 4);
    dp_soap_film_paint(cr, x, y, a, l->turn, 0.6);
    for (int i = 0; i < 3; i++)
        film(cr, x, y, a, 2 * DP_PI * (l->turn + i / 3.0), films[i], 0.2);
    double vary = l->turn * TURNS / (TURNS - 1); /* 0..1: where and how big the window is */
    dp_lens_highlight(cr, x, y, a, l->lx, l->ly, 0.4 + 0.2 * vary, 0.2 + 0.16 * (1 - vary),
                      0.55 + 0.3 * vary, 0.35);
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
    uint64_t turn = s->variety % TURNS, key = turn | (uint64_t)c->spec->bubble_gas << 32;
    look l = { .turn = (double)turn / TURNS, .lx = c->light_x, .ly = c->light_y,
               .gas = c->spec->bubble_gas };
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
