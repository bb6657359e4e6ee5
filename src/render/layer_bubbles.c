/* SPDX-License-Identifier: MIT
 * 'bubbles': soap bubbles in air, or (bubble_gas) gas bubbles in a liquid, each shaded
 * pixel by pixel from its physics. Soap (soap_paint.h): a film that reflects an environment
 * in interference colours, by Fresnel little on the cap and much at the rim; bubbles whose
 * discs overlap share a wall on the line of equal power between them (walls.h), so a
 * cluster or a foam shows its films meeting. Gas (gas_lens.h): a diverging lens, a bright
 * core in a dark ring of total internal reflection; the smaller a bubble, the deeper in the
 * drink it is taken to be, so softer and fainter. */
#include "render/layer.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/power_walls.h"
#include "render/bubble_px.h"
#include "render/render.h"
#include "render/gas_lens.h"
#include "render/soap_paint.h"

typedef struct state {
    dp_film_table table;
    dp_px_light light;
    dp_walls *walls; /* the layer's discs, built on the first soap bubble */
    bool tried;
} state;

static dapple_status prepare(dp_layer_ctx *ctx, dapple_error *err)
{
    state *s = calloc(1, sizeof *s);
    if (s == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the bubbles' films");
    if (!ctx->spec->bubble_gas) {
        dp_film_table_init(&s->table);
        dp_px_light_init(&s->light);
    }
    ctx->state = s;
    return DAPPLE_OK;
}

static void finish(dp_layer_ctx *ctx)
{
    state *s = ctx->state;
    if (s != NULL)
        dp_walls_free(s->walls);
    free(s);
    ctx->state = NULL;
}

static double linear(double v)
{
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* The layer's discs as drawn, indexed for their walls; NULL (no walls) if memory is short. */
static dp_walls *index_discs(const dp_layer_ctx *c)
{
    const dp_layer_points *lp = &c->scene->layers[c->layer_index];
    dp_disc *d = dp_calloc_n(lp->count + 1, sizeof *d);
    if (d == NULL)
        return NULL;
    for (size_t i = 0; i < lp->count; i++)
        d[i] = (dp_disc){ lp->points[i].x, lp->points[i].y,
                          dp_layer_point_radius(c->spec, c->size_seed, &lp->points[i]) };
    dp_walls *w = dp_walls_new(d, lp->count, c->t->width, c->t->height, c->t->wrap);
    free(d);
    return w;
}

/* The walls of the disc at (x, y), radius a, against the layer's other discs it overlaps. */
static int walls_of(const dp_layer_ctx *c, state *st, double x, double y, double a,
                    dp_soap_wall *out)
{
    if (!st->tried && c->scene != NULL) {
        st->tried = true;
        st->walls = index_discs(c);
    }
    dp_wall w[DP_SOAP_MAX_WALLS];
    int n = st->walls != NULL ? dp_walls_of(st->walls, x, y, a, w, DP_SOAP_MAX_WALLS) : 0;
    for (int i = 0; i < n; i++)
        out[i] = (dp_soap_wall){ w[i].nx, w[i].ny, w[i].c };
    return n;
}

static void draw_soap(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s)
{
    state *st = c->state;
    dp_soap_look l = { .table = &st->table, .a = s->radius };
    dp_soap_look_vary(&l, s->variety, c->light_x, c->light_y);
    l.tint[0] = linear(s->colour.r), l.tint[1] = linear(s->colour.g),
    l.tint[2] = linear(s->colour.b);
    l.n_walls = walls_of(c, st, s->x, s->y, s->radius, l.walls);
    dp_disc area = { s->x, s->y, s->radius + 1 };
    dp_bubble_px_paint(cr, c, area, dp_soap_px, &l, s->colour.a, &st->light);
}

/* How deep in the drink: the smaller a bubble of the layer, the farther back (perspective),
 * give or take a quarter of the depth. */
static double depth_of(const dp_layer_spec *l, const dp_shape *s)
{
    double lo = dp_layer_draw_radius(l, l->field.rmin);
    double hi = dp_layer_draw_radius(l, dapple_field_opts_rmax(&l->field));
    double rank = hi > lo ? DP_MAX(0.0, DP_MIN(1.0, (s->radius - lo) / (hi - lo))) : 0.5;
    double jitter = (double)(s->variety >> 40) / (double)(1ull << 24);
    return DP_MAX(0.0, DP_MIN(1.0, 0.75 * (1 - rank) + 0.5 * (jitter - 0.5)));
}

static void draw_gas(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s)
{
    dp_gas_look l = { .a = s->radius,
                      .lx = c->light_x,
                      .ly = c->light_y,
                      .tint = { s->colour.r, s->colour.g, s->colour.b } };
    l.depth = c->spec->trains > 0 ? 0 : depth_of(c->spec, s);
    l.glint = 0.6 + 0.4 * (double)(s->variety & 0xffff) / 65535.0;
    dp_disc area = { s->x, s->y, s->radius * DP_GAS_REACH + 1 };
    dp_bubble_px_paint(cr, c, area, dp_gas_px, &l, s->colour.a, NULL);
}

static void draw_bubble(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s, int pass)
{
    (void)pass;
    if (c->spec->bubble_gas)
        draw_gas(cr, c, s);
    else
        draw_soap(cr, c, s);
}

const dp_layer_kind dp_layer_bubbles = {
    .name = "bubbles",
    .style = DP_STYLE_BUBBLES,
    .extent = 1.0,
    .passes = 1,
    .prepare = prepare,
    .draw = draw_bubble,
    .finish = finish,
};
