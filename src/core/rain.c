/* SPDX-License-Identifier: MIT
 * Rain on a pane (see rain.h). Raindrop sizes after Marshall & Palmer, "The distribution of
 * raindrops with size", J. Meteor. 5 (1948): exponential, its mean growing as rate^0.21.
 * A drop stays while its radius is under what the glass holds where it sits (contact-angle
 * hysteresis pins it; its weight grows as r^3, the pinning force as r); over that it slides
 * at once (a run takes seconds, the rain minutes), sheds water on its track as a film that
 * pearls into beads, and stops once it falls under STOP of what the glass holds.
 * Drops live in a grid of cells; a drop is listed in every cell its box touches, so two
 * touching drops always share a cell. Stale entries (moved, merged drops) are skipped and
 * dropped at the next rebuild. Everything happens in one seeded order: deterministic. */
#include "core/rain.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/rng.h"
#include "core/torus.h"

#define NONE      UINT32_MAX
#define TOUCH     0.01 /* drops closer than this (pixels) merge: float output never overlaps */
#define MAX_CELLS (1u << 22)
#define FOUND_MAX 256
#define COVER     0.1  /* a unit of time at rate 1 lands drops covering this share of the pane */
#define MEAN_SIZE 1.2  /* the mean landing radius over r_min, less one, at rate 1 */
#define LAND_MAX  0.3  /* no drop lands larger than this share of r_max */
#define MIDDLING  0.5  /* the flaws' value without a flaw field */
#define GRIP_LO   0.2  /* a drop lets go at this share of what the glass holds ... */
#define GRIP_POW  4.0  /* ... up to all of it: grip^GRIP_POW, so most let go early */
#define STOP      0.6  /* a slider stops under this share of what the glass holds */
#define STEP      0.3  /* a slider moves this share of its radius per step */
#define FILM      0.25 /* film shed per pixel of run: FILM * r_max * r (of r^3) */
#define BEAD_MIN  0.06 /* beads are this share of the slider's radius ... */
#define BEAD_SPAN 0.3  /* ... to this much more, most of them small */
#define MAX_RUN   0.9  /* a run never laps the pane: at most this share of its height */
#define RECOVER   0.1  /* tracks stay clear until new drops would cover this share of them */

typedef struct drop {
    double x, y, r; /* r == 0: merged away */
    double grip;    /* how firmly its own contact line is pinned, 0..1 */
    dp_rain_kind kind;
    bool track_end; /* a track ends at it (it slid, or took in a drop that had) ... */
    uint32_t run;   /* ... that run's */
} drop;

typedef struct sim {
    const dp_rain_opts *o;
    double w; /* the pane's width in the simulation's space: width / squash */
    dp_rain *res;
    drop *d;
    size_t n, cap;
    uint32_t *mark, stamp; /* per drop: the query that last saw it */
    int nx, ny;
    double cw, ch; /* cell size */
    uint32_t *head, *next, *who;
    size_t nodes, node_cap, rebuild_at;
    uint32_t found[FOUND_MAX]; /* the drops one query touched */
    size_t n_found;
    uint32_t *pending; /* drops that grew: do they slide? */
    size_t n_pending, pending_cap;
    dp_rain_disc *track;
    size_t n_track, track_cap;
    double *run_time; /* when each run happened */
    size_t run_cap;
    double now;
    dp_rng rng;
} sim;

/* ---------------------------------------------------------------- grid */

/* Drops are ellipses squash times as wide as tall; the simulation's space is the pane with
 * x divided by squash, where they are circles (an affine map keeps which ones touch). */
static double squash_of(const dp_rain_opts *o)
{
    return o->squash > 0 ? o->squash : 1;
}

/* (x, y) brought onto the pane along the axes that wrap (w: the pane's width in the space
 * x is in, the simulation's or the pane's). */
static void wrap_pos(const sim *s, double w, double *x, double *y)
{
    if (s->o->wrap.x)
        *x = dp_torus_pos(*x, w);
    if (s->o->wrap.y)
        *y = dp_torus_pos(*y, s->o->height);
}

static bool add_node(sim *s, uint32_t cell, uint32_t index)
{
    if (s->nodes == s->node_cap) {
        size_t cap = s->node_cap * 2 + 4096;
        uint32_t *nx = dp_realloc_n(s->next, cap, sizeof *nx);
        if (nx != NULL)
            s->next = nx;
        uint32_t *w = nx != NULL ? dp_realloc_n(s->who, cap, sizeof *w) : NULL;
        if (w == NULL)
            return false;
        s->who = w, s->node_cap = cap;
    }
    s->who[s->nodes] = index;
    s->next[s->nodes] = s->head[cell];
    s->head[cell] = (uint32_t)s->nodes++;
    return true;
}

static bool grid_insert(sim *s, uint32_t i)
{
    int x0, x1, y0, y1;
    const drop *d = &s->d[i];
    dp_wrap p = s->o->wrap;
    dp_torus_cells(d->x - d->r, d->x + d->r, s->cw, s->nx, p.x, &x0, &x1);
    dp_torus_cells(d->y - d->r, d->y + d->r, s->ch, s->ny, p.y, &y0, &y1);
    for (int cy = y0; cy <= y1; cy++)
        for (int cx = x0; cx <= x1; cx++)
            if (!add_node(s,
                          (uint32_t)(dp_torus_cell(cy, s->ny) * s->nx + dp_torus_cell(cx, s->nx)),
                          i))
                return false;
    return true;
}

/* Drops the stale entries: every live drop listed once per cell of its box. */
static bool grid_rebuild(sim *s)
{
    for (size_t c = 0; c < (size_t)s->nx * s->ny; c++)
        s->head[c] = NONE;
    s->nodes = 0;
    for (size_t i = 0; i < s->n; i++)
        if (s->d[i].r > 0 && !grid_insert(s, (uint32_t)i))
            return false;
    s->rebuild_at = 3 * s->nodes + 65536; /* stale entries cost time, not correctness */
    return true;
}

static bool touches(const sim *s, const drop *a, uint32_t j)
{
    double dx = dp_torus_delta(s->d[j].x - a->x, s->w, s->o->wrap.x);
    double dy = dp_torus_delta(s->d[j].y - a->y, s->o->height, s->o->wrap.y);
    double reach = a->r + s->d[j].r + TOUCH;
    return dx * dx + dy * dy < reach * reach;
}

/* Lists in s->found the live drops other than 'self' that drop a touches. Returns how many
 * (at most FOUND_MAX: the caller asks again after merging those). */
static size_t touching(sim *s, const drop *a, uint32_t self)
{
    int x0, x1, y0, y1;
    dp_wrap p = s->o->wrap;
    s->stamp++;
    s->n_found = 0;
    dp_torus_cells(a->x - a->r, a->x + a->r, s->cw, s->nx, p.x, &x0, &x1);
    dp_torus_cells(a->y - a->r, a->y + a->r, s->ch, s->ny, p.y, &y0, &y1);
    for (int cy = y0; cy <= y1; cy++)
        for (int cx = x0; cx <= x1; cx++) {
            uint32_t c = (uint32_t)(dp_torus_cell(cy, s->ny) * s->nx + dp_torus_cell(cx, s->nx));
            for (uint32_t k = s->head[c]; k != NONE; k = s->next[k]) {
                uint32_t j = s->who[k];
                if (j == self || s->d[j].r <= 0 || s->mark[j] == s->stamp)
                    continue;
                s->mark[j] = s->stamp;
                if (touches(s, a, j))
                    s->found[s->n_found++] = j;
                if (s->n_found == FOUND_MAX)
                    return s->n_found;
            }
        }
    return s->n_found;
}

/* ---------------------------------------------------------------- drops and merges */

static bool add_drop(sim *s, double x, double y, double r, dp_rain_kind kind, uint32_t *index)
{
    if (s->n == s->cap) {
        size_t cap = s->cap * 2 + 1024;
        drop *d = dp_realloc_n(s->d, cap, sizeof *d);
        s->d = d != NULL ? d : s->d;
        uint32_t *m = d != NULL ? dp_realloc_n(s->mark, cap, sizeof *m) : NULL;
        if (m == NULL)
            return false;
        s->mark = m, s->cap = cap;
    }
    wrap_pos(s, s->w, &x, &y);
    s->d[s->n] = (drop){ x, y, r, dp_rng_unit(&s->rng), kind, false, 0 };
    s->mark[s->n] = 0;
    *index = (uint32_t)s->n++;
    return grid_insert(s, *index);
}

/* j joins i: both volumes (~ r^3), at their centre of volume, across the seam on a torus;
 * the merged drop is of the kind of its larger part. */
static void merge_into(sim *s, uint32_t i, uint32_t j)
{
    drop *a = &s->d[i], *b = &s->d[j];
    double va = a->r * a->r * a->r, vb = b->r * b->r * b->r, w = vb / (va + vb);
    a->x += w * dp_torus_delta(b->x - a->x, s->w, s->o->wrap.x);
    a->y += w * dp_torus_delta(b->y - a->y, s->o->height, s->o->wrap.y);
    wrap_pos(s, s->w, &a->x, &a->y);
    a->r = cbrt(va + vb);
    a->kind = vb > va ? b->kind : a->kind;
    a->grip = vb > va ? b->grip : a->grip;
    a->run = b->track_end && (!a->track_end || vb > va) ? b->run : a->run;
    a->track_end |= b->track_end;
    b->r = 0;
}

static bool push_pending(sim *s, uint32_t i)
{
    uint32_t *p = dp_grow(s->pending, &s->pending_cap, s->n_pending, sizeof *p);
    if (p == NULL)
        return false;
    s->pending = p;
    p[s->n_pending++] = i;
    return true;
}

static bool wipe_between(sim *s, const drop *from, const drop *to, uint32_t id);

/* j joins i; where a track ended at either, the glass between its place and the merged
 * drop is wiped too: the track still ends at a drop. */
static bool join(sim *s, uint32_t i, uint32_t j)
{
    drop a = s->d[i], b = s->d[j];
    merge_into(s, i, j);
    if (a.track_end && !wipe_between(s, &a, &s->d[i], a.run))
        return false;
    return !b.track_end || wipe_between(s, &b, &s->d[i], b.run);
}

/* Merges into drop i every drop it touches, again while it grows into more; a drop that
 * grew is put on the pending list (it may now slide). */
static bool settle(sim *s, uint32_t i)
{
    bool grew = false;
    while (touching(s, &s->d[i], i) > 0) {
        for (size_t k = 0; k < s->n_found; k++)
            if (!join(s, i, s->found[k]))
                return false;
        grew = true;
        if (!grid_insert(s, i))
            return false;
    }
    return !grew || push_pending(s, i);
}

/* ---------------------------------------------------------------- the glass */

/* The glass's flaws at (x, y), 0 (slick) .. 1 (sticky). */
static double flaw_at(const sim *s, double x, double y)
{
    const dapple_field *f = s->o->flaws;
    if (f == NULL || !(dapple_field_rmax(f) > dapple_field_rmin(f)))
        return MIDDLING;
    x *= squash_of(s->o); /* the field lies on the pane */
    wrap_pos(s, s->o->width, &x, &y);
    double v = (dapple_field_radius_at(f, x, y) - dapple_field_rmin(f)) /
               (dapple_field_rmax(f) - dapple_field_rmin(f));
    return DP_MIN(1.0, DP_MAX(0.0, v));
}

/* The largest radius the glass holds at (x, y): r_max where it is sticky, less where slick
 * (how much less, rain_slide says). */
static double hold_at(const sim *s, double x, double y)
{
    const dp_rain_opts *o = s->o;
    return o->r_max * (1 - DP_RAIN_SLIDE_SPREAD * o->slide * (1 - flaw_at(s, x, y)));
}

/* What the glass holds under drop d: its own grip decides between GRIP_LO and all of it. */
static double holds(const sim *s, const drop *d)
{
    return hold_at(s, d->x, d->y) * (GRIP_LO + (1 - GRIP_LO) * pow(d->grip, GRIP_POW));
}

/* ---------------------------------------------------------------- slides */

typedef struct run {
    uint32_t i;     /* the slider */
    uint32_t id;    /* its run number */
    double heading; /* radians from straight down, + toward +x */
    double travelled, next_bead;
    size_t first; /* its first track disc */
} run;

static bool push_disc(sim *s, double x, double y, double r, uint32_t id)
{
    dp_rain_disc *t = dp_grow(s->track, &s->track_cap, s->n_track, sizeof *t);
    if (t == NULL)
        return false;
    s->track = t;
    wrap_pos(s, s->w, &x, &y);
    t[s->n_track++] = (dp_rain_disc){ (float)x, (float)y, (float)r, id };
    return true;
}

/* A swallowed drop is dragged into the slider: the glass between is wiped too, so the
 * track of a slid drop that is taken along still joins the track that took it (another
 * drop leaves only its own place wiped). */
static bool wipe_between(sim *s, const drop *from, const drop *to, uint32_t id)
{
    if (!from->track_end)
        return push_disc(s, from->x, from->y, s->o->track * from->r, id);
    double dx = dp_torus_delta(to->x - from->x, s->w, s->o->wrap.x);
    double dy = dp_torus_delta(to->y - from->y, s->o->height, s->o->wrap.y);
    double a = s->o->track * from->r, b = s->o->track * to->r, len = hypot(dx, dy);
    int steps = (int)ceil(len / DP_MAX(1.0, 0.5 * DP_MIN(a, b)));
    for (int k = 0; k <= steps; k++) {
        double t = steps > 0 ? (double)k / steps : 0;
        if (!push_disc(s, from->x + t * dx, from->y + t * dy, a + t * (b - a), id))
            return false;
    }
    return true;
}

/* The slider takes along every drop it runs into (and those it then reaches). */
static bool swallow(sim *s, run *u)
{
    while (touching(s, &s->d[u->i], u->i) > 0)
        for (size_t k = 0; k < s->n_found; k++) {
            drop taken = s->d[s->found[k]];
            merge_into(s, u->i, s->found[k]);
            s->res->swallowed++;
            if (!wipe_between(s, &taken, &s->d[u->i], u->id))
                return false;
        }
    return true;
}

/* The heading: drawn back toward straight down, pushed toward slick glass across the
 * drop, and jostled a little (the flaws too fine for the field). */
static void steer(sim *s, run *u)
{
    const drop *d = &s->d[u->i];
    double h = DP_MAX(2.0, d->r);
    double across = flaw_at(s, d->x + h, d->y) - flaw_at(s, d->x - h, d->y);
    double target = DP_MAX(-0.7, DP_MIN(0.7, -1.5 * across));
    u->heading += 0.15 * (target - u->heading) + 0.12 * (2 * dp_rng_unit(&s->rng) - 1);
    u->heading = DP_MAX(-0.9, DP_MIN(0.9, u->heading));
}

/* Takes water (r^3) from the slider. */
static void lose(drop *d, double v)
{
    d->r = cbrt(DP_MAX(0.0, d->r * d->r * d->r - v));
}

/* The film the slider leaves on ds pixels of track, as wide as the track and thicker the
 * faster it runs (Landau-Levich: h ~ speed^(2/3), speed ~ r^2 past pinning), so a large
 * slider sheds more than the drops in its path give it: too thin to see once the beads
 * have pearled out of it. */
static void shed(sim *s, run *u, double ds)
{
    drop *d = &s->d[u->i];
    double fast = pow(d->r / s->o->r_max, 4.0 / 3);
    double lost = DP_MIN(0.5 * d->r * d->r * d->r, FILM * s->o->r_max * d->r * fast * ds);
    lose(d, lost);
    s->res->water_film += lost;
}

/* Where the film behind the slider breaks, a bead of its water, many small and a few
 * larger, at uneven spacing, on the track far enough back not to touch the slider,
 * somewhere across it. Beads are drops: they merge with what they touch, and a later
 * slider may take them along. */
static bool bead(sim *s, run *u)
{
    drop *d = &s->d[u->i];
    double q = dp_rng_unit(&s->rng), b = d->r * (BEAD_MIN + BEAD_SPAN * q * q);
    u->next_bead = u->travelled + 2 * s->o->track * d->r * (0.2 + 1.2 * dp_rng_unit(&s->rng));
    for (size_t k = s->n_track; k-- > u->first;) {
        const dp_rain_disc *t = &s->track[k];
        double dx = dp_torus_delta((double)t->x - d->x, s->w, s->o->wrap.x);
        double dy = dp_torus_delta((double)t->y - d->y, s->o->height, s->o->wrap.y);
        if (dy > -(d->r + b + 1)) /* not yet behind it (or a swallowed drop's wipe) */
            continue;
        (void)dx;
        double side = DP_MAX(0.0, (double)t->r - b) * (2 * dp_rng_unit(&s->rng) - 1);
        if (!s->o->wrap.x && ((double)t->x + side < 0 || (double)t->x + side >= s->w))
            return true; /* off a bounded pane: the water stays in the slider */
        uint32_t j;
        lose(d, b * b * b);
        return add_drop(s, (double)t->x + side, (double)t->y, b, DP_RAIN_BEAD, &j) && settle(s, j);
    }
    return true; /* the run is too short yet: the bank waits */
}

/* One step down: steer, move, shed, lay the track, take along what it meets. False when
 * out of memory; *gone when it left a bounded pane. */
static bool step(sim *s, run *u, bool *gone)
{
    steer(s, u);
    drop *d = &s->d[u->i];
    double ds = DP_MAX(1.0, STEP * d->r);
    d->x += sin(u->heading) * ds, d->y += cos(u->heading) * ds;
    u->travelled += ds;
    if ((!s->o->wrap.y && d->y >= s->o->height) || (!s->o->wrap.x && (d->x < 0 || d->x >= s->w))) {
        s->res->water_off += d->r * d->r * d->r;
        d->r = 0, *gone = true;
        return true;
    }
    wrap_pos(s, s->w, &d->x, &d->y);
    shed(s, u, ds);
    double ragged = 0.8 + 0.35 * dp_rng_unit(&s->rng);
    if (!push_disc(s, d->x, d->y, s->o->track * d->r * ragged, u->id) || !swallow(s, u))
        return false;
    return u->travelled < u->next_bead || bead(s, u);
}

static bool new_run(sim *s, run *u, uint32_t i)
{
    double *t = dp_grow(s->run_time, &s->run_cap, s->res->runs, sizeof *t);
    if (t == NULL)
        return false;
    s->run_time = t;
    t[s->res->runs] = s->now;
    *u = (run){ .i = i, .id = (uint32_t)s->res->runs++, .first = s->n_track };
    u->next_bead = 2 * s->o->track * s->d[i].r * (0.5 + dp_rng_unit(&s->rng));
    return push_disc(s, s->d[i].x, s->d[i].y, s->o->track * s->d[i].r, u->id);
}

/* Drop i is too heavy for the glass under it: it runs down until it has shed enough. */
static bool slide(sim *s, uint32_t i)
{
    run u;
    bool gone = false;
    if (!new_run(s, &u, i))
        return false;
    while (s->d[i].r >= STOP * holds(s, &s->d[i]) && u.travelled < MAX_RUN * s->o->height)
        if (!step(s, &u, &gone))
            return false;
        else if (gone)
            return true;
    s->d[i].kind = DP_RAIN_SLID;
    s->d[i].track_end = true, s->d[i].run = u.id;
    /* the track ends under the drop, wherever what it took along moved it */
    if (!push_disc(s, s->d[i].x, s->d[i].y, s->o->track * s->d[i].r, u.id))
        return false;
    return grid_insert(s, i);
}

/* Every drop that grew and now weighs more than the glass holds slides (and what its
 * beads merge into may slide next). */
static bool run_pending(sim *s)
{
    while (s->n_pending > 0) {
        uint32_t i = s->pending[--s->n_pending];
        const drop *d = &s->d[i];
        if (d->r > 0 && d->r > holds(s, d) && !slide(s, i))
            return false;
    }
    return true;
}

/* ---------------------------------------------------------------- the rain */

/* The mean landing radius over r_min, less one: heavier rain, larger drops. */
static double mean_excess(const dp_rain_opts *o)
{
    return MEAN_SIZE * pow(o->rate, 0.21);
}

/* A landing drop's radius: r_min plus an exponential excess (many small, few large). */
static double landing_radius(sim *s)
{
    const dp_rain_opts *o = s->o;
    double cap = DP_MAX(o->r_min, LAND_MAX * o->r_max);
    for (;;) {
        double r = o->r_min * (1 + mean_excess(o) * -log(1 - dp_rng_unit(&s->rng)));
        if (r <= cap)
            return r;
    }
}

/* How many drops land: rate * time / 10 panes of their mean area. */
static double landings(const dp_rain_opts *o)
{
    double m = mean_excess(o), mean_r2 = o->r_min * o->r_min * (1 + 2 * m + 2 * m * m);
    return o->time * o->rate * COVER * o->width * o->height / (DP_PI * mean_r2 * squash_of(o));
}

static bool land(sim *s, double x, double y, double r, dp_rain_kind kind)
{
    uint32_t i;
    s->res->water_in += r * r * r;
    if (!add_drop(s, x, y, r, kind, &i) || !settle(s, i) || !push_pending(s, i))
        return false;
    if (s->nodes > s->rebuild_at && !grid_rebuild(s))
        return false;
    return run_pending(s);
}

static bool rain(sim *s)
{
    const dp_rain_opts *o = s->o;
    for (size_t k = 0; k < o->n_initial; k++) { /* all there before any merges or slides */
        const dapple_point *p = &o->initial[k];
        uint32_t i;
        s->res->water_in += pow(p->r, 3);
        if (p->r > 0 && !add_drop(s, (double)p->x / squash_of(o), p->y, p->r, DP_RAIN_DROP, &i))
            return false;
    }
    for (uint32_t i = 0; i < s->n; i++)
        if (s->d[i].r > 0 && (!settle(s, i) || !push_pending(s, i) || !run_pending(s)))
            return false;
    size_t n = (size_t)ceil(landings(o));
    for (size_t k = 0; k < n; k++) {
        s->now = o->time * (double)(k + 1) / (double)n;
        double x = dp_rng_unit(&s->rng) * s->w, y = dp_rng_unit(&s->rng) * o->height;
        if (!land(s, x, y, landing_radius(s), DP_RAIN_DROP))
            return false;
        s->res->landed++;
    }
    return true;
}

/* ---------------------------------------------------------------- driver */

static dapple_status check(const dp_rain_opts *o, dapple_error *err)
{
    if (!(o->width >= 1 && o->height >= 1))
        return dp_fail(err, DAPPLE_E_INVALID, "rain: pane %gx%g too small", o->width, o->height);
    if (!(o->r_min > 0 && o->r_max > o->r_min))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "rain: the largest drop (%g) must exceed the smallest (%g)", o->r_max,
                       o->r_min);
    if (!(o->time >= 0 && o->time <= 1e4 && o->rate > 0 && o->rate <= 1e3))
        return dp_fail(err, DAPPLE_E_INVALID, "rain: time %g or rate %g out of range", o->time,
                       o->rate);
    if (!(o->squash >= 0 && o->squash <= 1))
        return dp_fail(err, DAPPLE_E_INVALID, "rain: squash must be in [0, 1], got %g", o->squash);
    if (!(o->track > 0 && o->track <= 1))
        return dp_fail(err, DAPPLE_E_INVALID, "rain: track must be in (0, 1], got %g", o->track);
    if (!(o->slide >= 0 && o->slide <= 1))
        return dp_fail(err, DAPPLE_E_INVALID, "rain: slide must be in [0, 1], got %g", o->slide);
    double most = landings(o) + (double)o->n_initial;
    if (most > (double)o->max_drops)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "rain: about %.3g drops land on the pane, over the limit of %zu: use a "
                       "larger rmin, less rain_time, or set max_points",
                       most, o->max_drops);
    return DAPPLE_OK;
}

static bool make_grid(sim *s)
{
    const dp_rain_opts *o = s->o;
    double want = DP_MAX(DP_MAX(0.5 * o->r_max, 4 * o->r_min), sqrt(s->w * o->height / MAX_CELLS));
    s->nx = (int)DP_MAX(1.0, floor(s->w / want));
    s->ny = (int)DP_MAX(1.0, floor(o->height / want));
    s->cw = s->w / s->nx, s->ch = o->height / s->ny; /* whole cells: the wrap is exact */
    s->head = dp_calloc_n((size_t)s->nx * s->ny, sizeof *s->head);
    return s->head != NULL && grid_rebuild(s);
}

/* The drops that stand, as floats on the pane; water_drops their volume. */
static bool collect_drops(sim *s, dp_rain *r)
{
    r->drops = dp_calloc_n(s->n + 1, sizeof *r->drops);
    if (r->drops == NULL)
        return false;
    for (size_t i = 0; i < s->n; i++) {
        const drop *d = &s->d[i];
        if (!(d->r > 0))
            continue;
        dp_rain_drop *p = &r->drops[r->n_drops++];
        *p = (dp_rain_drop){ (float)(d->x * squash_of(s->o)), (float)d->y, (float)d->r, d->kind };
        if (s->o->wrap.x && p->x >= (float)s->o->width) /* rounded up to the edge */
            p->x = 0;
        if (s->o->wrap.y && p->y >= (float)s->o->height)
            p->y = 0;
        r->water_drops += d->r * d->r * d->r;
    }
    return true;
}

/* The tracks laid since the rain would have covered RECOVER of them with new drops: older
 * ones are wet glass again, not wiped. Kept in place (the order of laying). */
static void keep_fresh_tracks(sim *s, dp_rain *r)
{
    double since = s->now - RECOVER / (COVER * s->o->rate);
    size_t k = 0;
    for (size_t i = 0; i < s->n_track; i++)
        if (s->run_time[s->track[i].run] >= since)
            s->track[k++] = s->track[i];
    for (size_t i = 0; i < k; i++) {
        double x = (double)s->track[i].x * squash_of(s->o);
        s->track[i].x = (float)(s->o->wrap.x ? dp_torus_pos(x, s->o->width) : x);
        s->track[i].r = (float)((double)s->track[i].r * squash_of(s->o)); /* its half-width */
    }
    r->track = s->track, r->n_track = k;
    s->track = NULL;
}

static void sim_free(sim *s)
{
    free(s->d), free(s->mark), free(s->head), free(s->next), free(s->who);
    free(s->pending), free(s->track), free(s->run_time);
}

dapple_status dp_rain_run(const dp_rain_opts *o, dp_rain *out, dapple_error *err)
{
    *out = (dp_rain){ 0 };
    dapple_status st = check(o, err);
    if (st != DAPPLE_OK)
        return st;
    sim s = { .o = o, .res = out, .w = o->width / squash_of(o) };
    dp_rng_seed(&s.rng, o->seed, 0x7a17);
    bool ok = make_grid(&s) && rain(&s) && collect_drops(&s, out);
    if (ok)
        keep_fresh_tracks(&s, out);
    sim_free(&s);
    if (!ok) {
        dp_rain_fini(out);
        return dp_fail(err, DAPPLE_E_NOMEM, "rain: out of memory");
    }
    return DAPPLE_OK;
}

void dp_rain_fini(dp_rain *r)
{
    free(r->drops);
    free(r->track);
    *r = (dp_rain){ 0 };
}
