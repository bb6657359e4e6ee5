/* SPDX-License-Identifier: MIT
 * Trails (see trails.h). Which drops trail, how long, the meander's phase and each bead's
 * size are streams of the drop's place hash (core/point_attrs), so they do not depend on
 * threads or point order; drops are visited in the layer's order and each accepted bead
 * joins the set later beads are tested against. The track is a chain of discs from the
 * drop's top to its last bead, a third of a drop wide. */
#include "render/trails.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/point_attrs.h"

#define MIN_ROOM   3.0  /* drops smaller than this leave no trail */
#define BEAD_SIZE  0.12 /* bead radius: 0.12 to 0.24 of the drop's */
#define MEANDER    0.3  /* sideways swing, in drop widths */
#define TRACK      0.35 /* half-width of the wiped track, in drop radii */

typedef struct list {
    dapple_point *p;
    size_t n, cap;
} list;

static bool push(list *l, double x, double y, double r)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 64;
        dapple_point *p = dp_realloc_n(l->p, cap, sizeof *p);
        if (p == NULL)
            return false;
        l->p = p, l->cap = cap;
    }
    l->p[l->n++] = (dapple_point){ (float)x, (float)y, (float)r };
    return true;
}

typedef struct trail_ctx {
    const dp_texture_spec *t;
    const dp_layer_spec *l;
    const dapple_circles *rooms, *avoid;
    dapple_circles *beads;
    list *bead_list, *track;
} trail_ctx;

static double wrap(double v, double n, bool periodic)
{
    return periodic ? v - n * floor(v / n) : v;
}

static bool inside(const dp_texture_spec *t, double x, double y)
{
    return t->periodic || (x >= 0 && y >= 0 && x < t->width && y < t->height);
}

/* A bead fits where no room, avoided circle or earlier bead is. */
static bool bead_fits(const trail_ctx *c, double x, double y, double b)
{
    return inside(c->t, x, y) && !dapple_circles_overlap(c->rooms, x, y, b) &&
           (c->avoid == NULL || !dapple_circles_overlap(c->avoid, x, y, b)) &&
           !dapple_circles_overlap(c->beads, x, y, b);
}

static dapple_status one_trail(trail_ctx *c, const dapple_point *p, double a, double room,
                               uint64_t key, dapple_error *err)
{
    const dp_texture_spec *t = c->t;
    double len = c->l->trail_length * room * (0.5 + dp_point_unit(key, 41));
    double phase = 2 * DP_PI * dp_point_unit(key, 42), swing = MEANDER * a;
    double start = room + BEAD_SIZE * 2 * a, step = 0.35 * a;
    bool ok = true;
    for (double d = 0.5 * a; d < start + len && ok; d += step) {
        double x = (double)p->x + swing * sin(phase + d / (2.5 * a)) - swing * sin(phase);
        ok = push(c->track, wrap(x, t->width, t->periodic), wrap((double)p->y - d, t->height, t->periodic),
                  TRACK * a);
    }
    for (unsigned k = 0; ok && start + k * 3 * BEAD_SIZE * 2 * a < start + len; k++) {
        double d = start + k * 3 * BEAD_SIZE * 2 * a;
        double b = a * BEAD_SIZE * (1 + dp_point_unit(key, 50 + k % 200));
        double x = (double)p->x + swing * sin(phase + d / (2.5 * a)) - swing * sin(phase);
        double bx = wrap(x, t->width, t->periodic), by = wrap((double)p->y - d, t->height, t->periodic);
        if (!bead_fits(c, bx, by, b))
            continue;
        dapple_point q = { (float)bx, (float)by, (float)b };
        ok = push(c->bead_list, bx, by, b) &&
             dapple_circles_add(c->beads, &q, 1, 1, err) == DAPPLE_OK;
    }
    return ok ? DAPPLE_OK : dp_fail(err, DAPPLE_E_NOMEM, "out of memory for trails");
}

static dapple_status trails_of(trail_ctx *c, const dp_layer_points *lp, dapple_error *err)
{
    const dp_layer_spec *l = c->l;
    uint64_t seed = dp_layer_size_seed(c->t->seed, l->name);
    dapple_status st = DAPPLE_OK;
    for (size_t i = 0; i < lp->count && st == DAPPLE_OK; i++) {
        const dapple_point *p = &lp->points[i];
        uint64_t key = dp_point_key(seed, p->x, p->y);
        double a = dp_layer_point_radius(l, seed, p);
        if (dp_point_unit(key, 40) < l->trail && a >= MIN_ROOM)
            st = one_trail(c, p, a, dp_layer_draw_radius(l, p->r), key, err);
    }
    return st;
}

/* ---------------------------------------------------------------- bubble trains */

/* One train: bubbles rising straight up from a nucleation site, each a little bigger than
 * the last and farther from it (they speed up as they grow), with a slight sideways wobble. */
static dapple_status one_train(trail_ctx *c, uint64_t key, dapple_error *err)
{
    const dp_texture_spec *t = c->t;
    const dp_layer_spec *l = c->l;
    double x0 = t->width * dp_point_unit(key, 60), y0 = t->height * (0.55 + 0.45 * dp_point_unit(key, 61));
    double b0 = 0.35 * l->scale * l->field.rmin, top = t->height * (0.5 + 0.5 * dp_point_unit(key, 62));
    double phase = 2 * DP_PI * dp_point_unit(key, 63);
    bool ok = true;
    for (double d = b0; d < top && ok;) {
        double b = b0 * (1 + l->train_growth * d / t->height);
        double x = wrap(x0 + 0.5 * b * sin(phase + d / (6 * b0)), t->width, t->periodic);
        double y = wrap(y0 - d, t->height, t->periodic);
        if (bead_fits(c, x, y, b)) {
            dapple_point q = { (float)x, (float)y, (float)b };
            ok = push(c->bead_list, x, y, b) &&
                 dapple_circles_add(c->beads, &q, 1, 1, err) == DAPPLE_OK;
        }
        d += b * (2.3 + 1.5 * d / t->height);
    }
    return ok ? DAPPLE_OK : dp_fail(err, DAPPLE_E_NOMEM, "out of memory for bubble trains");
}

static dapple_status trains_of(trail_ctx *c, dapple_error *err)
{
    uint64_t seed = dp_layer_size_seed(c->t->seed, c->l->name);
    dapple_status st = DAPPLE_OK;
    for (int i = 0; i < c->l->trains && st == DAPPLE_OK; i++)
        st = one_train(c, dp_point_key(seed, (float)i, -1.0f), err);
    return st;
}

dapple_status dp_trails_make(const dp_texture_spec *t, dp_scene *s, int li,
                             const dapple_circles *avoid, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_points *lp = &s->layers[li];
    bool trails = l->trail > 0 && l->style == DP_STYLE_DROPLETS;
    bool trains = l->trains > 0 && l->style == DP_STYLE_BUBBLES;
    if (!trails && !trains)
        return DAPPLE_OK;
    dapple_circles *rooms = NULL, *beads = NULL;
    list bead_list = { 0 }, track = { 0 };
    dapple_status st = dapple_circles_new(&rooms, t->width, t->height, t->periodic, err);
    if (st == DAPPLE_OK)
        st = dapple_circles_new(&beads, t->width, t->height, t->periodic, err);
    if (st == DAPPLE_OK)
        st = dapple_circles_add(rooms, lp->points, lp->count, l->scale, err);
    trail_ctx c = { t, l, rooms, avoid, beads, &bead_list, &track };
    if (st == DAPPLE_OK)
        st = trails ? trails_of(&c, lp, err) : trains_of(&c, err);
    dapple_circles_free(rooms);
    dapple_circles_free(beads);
    if (st != DAPPLE_OK) {
        free(bead_list.p);
        free(track.p);
        return st;
    }
    lp->beads = bead_list.p, lp->n_beads = bead_list.n;
    lp->track = track.p, lp->n_track = track.n;
    return DAPPLE_OK;
}
