/* SPDX-License-Identifier: MIT
 * Trails (see trails.h). Which drops trail, how long, the meander's phase and each bead's
 * size are streams of the drop's place hash (core/point_attrs), so they do not depend on
 * threads or point order; drops are visited in the layer's order and each accepted bead
 * joins the set later beads are tested against. The track is a chain of discs from the
 * drop up, as wide as the drop where it leaves it and narrowing upward, ragged; the beads
 * are what the receding film pearls into, many and small, shrinking away from the drop. */
#include "render/trails.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/point_attrs.h"

#define MIN_ROOM  3.0  /* drops smaller than this leave no trail */
#define BEAD_SIZE 0.95 /* bead radius at the drop, in track half-widths (then shrinking) */
#define MEANDER   0.3  /* sideways swing, in drop widths */
#define TRACK     0.8  /* half-width of the wiped track at the drop, in drop half-widths */
#define TRACK_TOP 0.4  /* ...narrowing to this share of it at the top */

typedef struct list {
    dapple_point *p;
    size_t n, cap;
} list;

static bool push(list *l, double x, double y, double r)
{
    dapple_point *p = dp_grow(l->p, &l->cap, l->n, sizeof *p);
    if (p == NULL)
        return false;
    l->p = p;
    p[l->n++] = (dapple_point){ (float)x, (float)y, (float)r };
    return true;
}

typedef struct trail_ctx {
    const dp_texture_spec *t;
    const dp_layer_spec *l;
    const dapple_circles *rooms, *avoid;
    dapple_circles *beads;
    list *bead_list, *track;
    dapple_circles *tracks; /* the discs of the trails made so far */
} trail_ctx;

static double wrap(double v, double n, bool wraps)
{
    return wraps ? v - n * floor(v / n) : v;
}

/* A bead fits where no room, avoided circle or earlier bead is. */
static bool bead_fits(const trail_ctx *c, double x, double y, double b)
{
    return dp_texture_on_pane(c->t, x, y) && !dapple_circles_overlap(c->rooms, x, y, b) &&
           (c->avoid == NULL || !dapple_circles_overlap(c->avoid, x, y, b)) &&
           !dapple_circles_overlap(c->beads, x, y, b);
}

/* Half-width of the track at h pixels above the drop's centre, of a track 'top' pixels long
 * starting w0 wide: the receding film narrows upward to TRACK_TOP of its width. */
static double track_half(double w0, double h, double top)
{
    return w0 * (1 - (1 - TRACK_TOP) * DP_MIN(1.0, h / top));
}

/* The track's centre line: a slow meander, 0 at the drop. */
static double meander(double swing, double phase, double a, double h)
{
    return swing * (sin(phase + h / (2.5 * a)) - sin(phase));
}

/* One drop's trail: the way up the pane that its track and its beads follow. */
typedef struct trail {
    const dapple_point *p; /* the drop */
    double a;              /* its drawn radius */
    double w0;             /* the track's half-width at the drop (track_half) */
    double top;            /* the trail's length above the drop's centre */
    double swing, phase;   /* the meander */
    uint64_t key;          /* the drop's place hash: the streams of its sizes and offsets */
} trail;

/* The wiped track: a chain of discs, narrowing upward, each a little off the line and of
 * its own size (a ragged edge, as the film tore unevenly). Above the drop it ends where it
 * meets an earlier trail's track (the drop came down that one's wet path): tracks never pile
 * up, so their cost is bounded by the pane's area. *reached is how far up it went. */
static bool track_of(trail_ctx *c, const trail *tr, double from, double *reached)
{
    const dp_texture_spec *t = c->t;
    unsigned k = 0;
    double h = 0;
    for (; h < tr->top; k++) {
        double w = track_half(tr->w0, h, tr->top);
        double r = w * (0.8 + 0.35 * dp_point_unit(tr->key, 1000 + 2 * k));
        double x = (double)tr->p->x + meander(tr->swing, tr->phase, tr->a, h) +
                   0.25 * w * (2 * dp_point_unit(tr->key, 1001 + 2 * k) - 1);
        double tx = wrap(x, t->width, t->wrap.x),
               ty = wrap((double)tr->p->y - h, t->height, t->wrap.y);
        if (h > from && dapple_circles_overlap(c->tracks, tx, ty, 0))
            break;
        if (!push(c->track, tx, ty, r))
            return false;
        h += DP_MAX(1.0, 0.45 * w);
    }
    *reached = h;
    return true;
}

/* The beads the receding film pearls into: from 'from' above the drop to 'end' (the track's
 * top), shrinking away from the drop, spaced by their size, scattered across the track. */
static dapple_status beads_of(trail_ctx *c, const trail *tr, double from, double end,
                              dapple_error *err)
{
    const dp_texture_spec *t = c->t;
    unsigned k = 0;
    for (double h = from; h < end; k++) {
        double w = track_half(tr->w0, h, tr->top), away = (h - from) / DP_MAX(1.0, tr->top - from);
        double b = DP_MAX(0.6, w * BEAD_SIZE * (1 - 0.45 * away) *
                                       (0.6 + 0.8 * dp_point_unit(tr->key, 3000 + 3 * k)));
        double at = h;
        h += b * (1.0 + 1.0 * dp_point_unit(tr->key, 3002 + 3 * k));
        for (unsigned try = 0; try < 5; try++) { /* across the track until one fits */
            double side = (w - b) * (2 * dp_point_unit(tr->key, 3001 + 3 * k + 7919 * try) - 1);
            double x = (double)tr->p->x + meander(tr->swing, tr->phase, tr->a, at) + side;
            double bx = wrap(x, t->width, t->wrap.x),
                   by = wrap((double)tr->p->y - at, t->height, t->wrap.y);
            if (!bead_fits(c, bx, by, b))
                continue;
            dapple_point q = { (float)bx, (float)by, (float)b };
            if (!push(c->bead_list, bx, by, b) ||
                dapple_circles_add(c->beads, &q, 1, 1, err) != DAPPLE_OK)
                return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for trails");
            break;
        }
    }
    return DAPPLE_OK;
}

/* One drop's trail: its track as wide as the drop where it leaves it, as long as
 * trail_length rooms (never more than the pane's height less the drop), and its beads. */
static dapple_status one_trail(trail_ctx *c, const dapple_point *p, double a, double room,
                               uint64_t key, dapple_error *err)
{
    dp_drop d;
    dp_layer_drop(c->l, a, key, false, &d);
    double len = c->l->trail_length * room * (0.5 + dp_point_unit(key, 41));
    trail tr = { .p = p,
                 .a = a,
                 .w0 = TRACK * d.wide,
                 .top = DP_MIN(d.up + len, c->t->height - 2 * room), /* never laps the pane */
                 .swing = MEANDER * a,
                 .phase = 2 * DP_PI * dp_point_unit(key, 42),
                 .key = key };
    if (!(tr.top > d.up))
        return DAPPLE_OK;
    size_t first = c->track->n;
    double reached;
    if (!track_of(c, &tr, d.up, &reached))
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for trails");
    dapple_status st =
            dapple_circles_add(c->tracks, c->track->p + first, c->track->n - first, 1, err);
    if (st != DAPPLE_OK)
        return st;
    return beads_of(c, &tr, DP_MAX(room, d.up) + 1, DP_MIN(tr.top, reached), err);
}

bool dp_trail_slid(const dp_layer_spec *l, uint64_t key, double a)
{
    /* a rain layer stores each drop where this hash tells whether it slid (rain_layer.c) */
    double share = l->rain ? DP_RAIN_TAILS : l->trail;
    return share > 0 && dp_point_unit(key, 40) < share && a >= MIN_ROOM;
}

void dp_layer_drop(const dp_layer_spec *l, double a, uint64_t key, bool is_bead, dp_drop *d)
{
    if (is_bead) { /* too small for gravity to pull long: round, barely sagging */
        dp_drop_style st = l->drop;
        st.stretch = 1 + 0.2 * (st.stretch - 1);
        st.sag *= 0.3;
        st.wobble *= 0.5;
        dp_drop_init(d, &st, a, key);
        return;
    }
    dp_drop_init(d, &l->drop, a, key);
    if (dp_trail_slid(l, key, a))
        dp_drop_add_tail(d);
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
        if (dp_trail_slid(l, key, a))
            st = one_trail(c, p, a, dp_layer_draw_radius(l, p->r), key, err);
    }
    return st;
}

/* The layer's drops as drawn (their size spread applied): beads may sit in a drop's room,
 * never on the drop. */
static dapple_status add_drops(dapple_circles *rooms, const dp_texture_spec *t,
                               const dp_layer_spec *l, const dp_layer_points *lp, dapple_error *err)
{
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    dapple_status st = DAPPLE_OK;
    for (size_t i = 0; i < lp->count && st == DAPPLE_OK; i++) {
        dapple_point q = lp->points[i];
        dp_drop d;
        q.r = (float)dp_layer_point_radius(l, seed, &lp->points[i]);
        dp_layer_drop(l, q.r, dp_point_key(seed, q.x, q.y), false, &d);
        q.r = (float)DP_MAX((double)q.r, dp_drop_extent(&d)); /* its tail too */
        st = dapple_circles_add(rooms, &q, 1, 1, err);
    }
    return st;
}

dapple_status dp_trails_make(const dp_texture_spec *t, dp_scene *s, int li,
                             const dapple_circles *avoid, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_points *lp = &s->layers[li];
    if (!(l->trail > 0 && l->style == DP_STYLE_DROPLETS))
        return DAPPLE_OK;
    dapple_circles *rooms = NULL, *beads = NULL, *tracks = NULL;
    list bead_list = { 0 }, track = { 0 };
    dapple_status st = dp_texture_circles_new(t, &rooms, err);
    if (st == DAPPLE_OK)
        st = dp_texture_circles_new(t, &beads, err);
    if (st == DAPPLE_OK)
        st = dp_texture_circles_new(t, &tracks, err);
    if (st == DAPPLE_OK)
        st = add_drops(rooms, t, l, lp, err);
    trail_ctx c = { t, l, rooms, avoid, beads, &bead_list, &track, tracks };
    if (st == DAPPLE_OK)
        st = trails_of(&c, lp, err);
    dapple_circles_free(rooms);
    dapple_circles_free(beads);
    dapple_circles_free(tracks);
    if (st != DAPPLE_OK) {
        free(bead_list.p);
        free(track.p);
        return st;
    }
    lp->beads = bead_list.p, lp->n_beads = bead_list.n;
    lp->track = track.p, lp->n_track = track.n;
    return DAPPLE_OK;
}
