/* SPDX-License-Identifier: MIT
 * Frost ferns (see frost_growth.h): a branching growth, the cheap cousin of the dendrite
 * models of snow crystals (Reiter 2005; Gravner & Griffeath 2009) - growth is fastest along
 * the six directions of the ice lattice, a tip sheds side tips at 60 degrees, and a tip
 * that runs into ice stops because that ice took the vapour. Tips advance one step per
 * round, all of them, in the order they were born, so that neighbours compete fairly and
 * the result is deterministic. Ice is kept in a grid of cells CELL pixels wide holding the
 * branch that took each cell first; a tip looks GAP pixels ahead before it steps. */
#include "core/frost_growth.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/field.h"
#include "core/rng.h"
#include "core/torus.h"

#define CELL      1.5
#define STEP      1.5   /* pixels a tip grows per round */
#define GAP       2.5   /* ice this close ahead stops a tip (plus its width) */
#define WOBBLE    0.10  /* radians of drift off the axis per step */
#define COLD_MIN  0.06  /* glass warmer than this grows no ice */
#define SIDE_FRAC 0.55  /* a side branch's length, of what its parent has left to grow */
#define BEND      0.012 /* a stem turns up to this many radians per step */
#define MAX_CELLS (1u << 26)
#define NONE      UINT32_MAX

typedef struct tip {
    double x, y;               /* inside the pane */
    double axis, dev;          /* the lattice direction it grows along; its drift off it */
    double bend;               /* a stem's slow turn, radians per step (a fern's curve) */
    double left, full;         /* length still to grow; the whole */
    double since, gap;         /* grown since the last side branch; length between side branches */
    uint32_t id, parent, last; /* branch, its parent branch, its last segment (NONE yet) */
    int depth;
} tip;

typedef struct sim {
    const dp_frost_opts *o;
    dp_rng rng;
    tip *tips;
    size_t n_tips, cap_tips;
    dp_frost_seg *segs;
    size_t n_segs, cap_segs;
    uint32_t *owner; /* per cell: branch id + 1 that took it, 0 = free glass */
    int nx, ny;
    uint32_t next_id;
    bool full; /* max_segs reached */
} sim;

/* ---------------------------------------------------------------- the pane */

static double frost_cold_at(const dp_frost_opts *o, double x, double y)
{
    if (o->cold == NULL)
        return 1;
    return DP_MIN(1.0, DP_MAX(0.0, dp_field_level_at(o->cold, x, y)));
}

static bool inside(const sim *s, double x, double y)
{
    return x >= 0 && y >= 0 && x < s->o->width && y < s->o->height;
}

/* On the pane, or beyond an edge that wraps (a torus holds every point). */
static bool on_pane(const sim *s, double x, double y)
{
    return (s->o->wrap.x || (x >= 0 && x < s->o->width)) &&
           (s->o->wrap.y || (y >= 0 && y < s->o->height));
}

/* (x, y) brought onto the pane along the axes that wrap. */
static void wrap_pos(const dp_frost_opts *o, double *x, double *y)
{
    if (o->wrap.x)
        *x = dp_torus_pos(*x, o->width);
    if (o->wrap.y)
        *y = dp_torus_pos(*y, o->height);
}

/* The cell of (x, y), or NONE off the pane where it does not wrap. */
static uint32_t cell_of(const sim *s, double x, double y)
{
    wrap_pos(s->o, &x, &y);
    if (!inside(s, x, y))
        return NONE;
    int cx = DP_MIN((int)(x / CELL), s->nx - 1), cy = DP_MIN((int)(y / CELL), s->ny - 1);
    return (uint32_t)cy * (uint32_t)s->nx + (uint32_t)cx;
}

/* Marks the cells along a segment as branch id's, where no other ice is yet. */
static void mark(sim *s, double x, double y, double dx, double dy, uint32_t id)
{
    for (int k = 0; k <= 2; k++) {
        uint32_t c = cell_of(s, x + dx * k / 2, y + dy * k / 2);
        if (c != NONE && s->owner[c] == 0)
            s->owner[c] = id + 1;
    }
}

/* Other ice within GAP + w ahead of a tip, looking along (ux, uy) and a little to its sides:
 * its own branch and the one it grew from do not count. */
static bool blocked(const sim *s, const tip *t, double ux, double uy, double w)
{
    double reach = GAP + w;
    for (double d = CELL; d <= reach + 1e-9; d += CELL * 0.5)
        for (int side = -1; side <= 1; side++) {
            double off = side * 0.5 * w;
            uint32_t c = cell_of(s, t->x + ux * d - uy * off, t->y + uy * d + ux * off);
            uint32_t who = c == NONE ? 0 : s->owner[c];
            if (who != 0 && who != t->id + 1 && who != t->parent + 1)
                return true;
        }
    return false;
}

/* ---------------------------------------------------------------- storage */

static bool push_seg(sim *s, dp_frost_seg g)
{
    if (s->n_segs >= s->o->max_segs) {
        s->full = true;
        return false;
    }
    if (s->n_segs == s->cap_segs) {
        size_t cap = s->cap_segs * 2 + 4096;
        dp_frost_seg *p = dp_realloc_n(s->segs, cap, sizeof *p);
        if (p == NULL)
            return false;
        s->segs = p, s->cap_segs = cap;
    }
    s->segs[s->n_segs++] = g;
    return true;
}

static bool push_tip(sim *s, tip t)
{
    if (s->n_tips == s->cap_tips) {
        size_t cap = s->cap_tips * 2 + 256;
        tip *p = dp_realloc_n(s->tips, cap, sizeof *p);
        if (p == NULL)
            return false;
        s->tips = p, s->cap_tips = cap;
    }
    s->tips[s->n_tips++] = t;
    return true;
}

/* A new branch of 'depth' at (x, y) along 'axis', 'full' pixels long at most. */
static bool sprout(sim *s, double x, double y, double axis, double full, int depth, uint32_t parent,
                   uint32_t last)
{
    double u = dp_rng_unit(&s->rng);
    double gap = DP_MIN(12.0, DP_MAX(2.5, 0.07 * full)) * (0.7 + 0.6 * u);
    double bend = depth == 0 ? BEND * (2 * dp_rng_unit(&s->rng) - 1) : 0;
    tip t = { .x = x,
              .y = y,
              .bend = bend,
              .axis = axis,
              .left = full,
              .full = full,
              .gap = gap,
              .since = 0.5 * gap,
              .id = s->next_id++,
              .parent = parent,
              .last = last,
              .depth = depth };
    return push_tip(s, t);
}

/* ---------------------------------------------------------------- growth */

/* Side branches at +-60 degrees where the tip has grown a gap since the last: on both
 * sides mostly, as dendrites branch, now and then on one. */
static bool branch(sim *s, tip *t)
{
    t->since = 0;
    double full = SIDE_FRAC * t->left * (0.6 + 0.8 * dp_rng_unit(&s->rng));
    if (t->depth >= DP_FROST_MAX_DEPTH || full < 3 * STEP)
        return true;
    double u = dp_rng_unit(&s->rng);
    int from = u < 0.15 ? 1 : -1, to = u > 0.85 ? -1 : 1;
    for (int side = from; side <= to; side += 2)
        if (!sprout(s, t->x, t->y, t->axis + side * DP_PI / 3, full, t->depth + 1, t->id, t->last))
            return false;
    return true;
}

/* The width of a branch: thinner by depth, tapering towards its tip. */
static double width_of(const dp_frost_opts *o, const tip *t)
{
    double w = o->stem * pow(0.55, t->depth) * (0.35 + 0.65 * t->left / t->full);
    return DP_MAX(0.35, w);
}

/* One step of tip t: false when it stops (or memory ran out: s->full or segs NULL). */
static bool step(sim *s, tip *t, bool *oom)
{
    const dp_frost_opts *o = s->o;
    double cold = frost_cold_at(o, t->x, t->y);
    if (cold < COLD_MIN || t->left <= 0)
        return false;
    t->axis += t->bend; /* the lattice bends with strain along a stem; branches follow it */
    t->dev = 0.85 * t->dev + WOBBLE * (dp_rng_unit(&s->rng) - 0.5);
    double a = t->axis + t->dev, ux = cos(a), uy = sin(a), w = width_of(o, t);
    double nx = t->x + STEP * ux, ny = t->y + STEP * uy;
    if (!on_pane(s, nx, ny) || blocked(s, t, ux, uy, w) ||
        (o->avoid != NULL && dapple_circles_overlap(o->avoid, nx, ny, w / 2 + 1)))
        return false; /* other ice ahead, or a warm drop */
    dp_frost_seg g = { (float)t->x, (float)t->y,       (float)nx, (float)ny,
                       (float)w,    (uint8_t)t->depth, t->last };
    if (!push_seg(s, g)) {
        *oom = !s->full;
        return false;
    }
    t->last = (uint32_t)(s->n_segs - 1);
    mark(s, t->x, t->y, nx - t->x, ny - t->y, t->id);
    t->x = nx, t->y = ny;
    wrap_pos(o, &t->x, &t->y);
    t->left -= STEP / (0.25 + 0.75 * cold); /* warmer glass: the tip starves sooner */
    t->since += STEP;
    if (t->since >= t->gap && !branch(s, t))
        *oom = true;
    return true;
}

/* Rounds of one step for every live tip until none grows. */
static bool grow(sim *s)
{
    bool oom = false;
    size_t live = s->n_tips;
    while (live > 0 && !oom && !s->full) {
        size_t born = s->n_tips, kept = 0;
        for (size_t i = 0; i < born && !oom; i++) {
            tip t = s->tips[i];
            if (step(s, &t, &oom))
                s->tips[kept++] = t;
        }
        /* the round's newborn follow the survivors, in birth order */
        for (size_t i = born; i < s->n_tips; i++)
            s->tips[kept++] = s->tips[i];
        s->n_tips = live = kept;
    }
    return !oom;
}

/* ---------------------------------------------------------------- seeds */

/* A nucleus at (x, y) with lattice orientation theta: 'arms' stems along distinct axes;
 * on a bounded pane, none along an axis that leaves it within a stem's first steps. */
static bool nucleus(sim *s, double x, double y, double theta, int arms)
{
    const dp_frost_opts *o = s->o;
    uint32_t first = dp_rng_below(&s->rng, 6);
    for (int k = 0; k < 6 && arms > 0; k++) {
        double a = theta + (double)((first + (uint32_t)k * 5) % 6) * DP_PI / 3;
        double probe = 4 * STEP;
        if (!on_pane(s, x + probe * cos(a), y + probe * sin(a)))
            continue;
        double full = o->length * (0.6 + 0.4 * dp_rng_unit(&s->rng));
        if (!sprout(s, x, y, a, full, 0, NONE, NONE))
            return false;
        arms--;
    }
    return true;
}

/* Ice takes where it is cold: a site is kept with probability cold^2. */
static bool takes(sim *s, double x, double y)
{
    double c = frost_cold_at(s->o, x, y);
    bool warm = s->o->avoid != NULL && dapple_circles_overlap(s->o->avoid, x, y, 1);
    return dp_rng_unit(&s->rng) < c * c && !warm;
}

/* Seeds along the edges of the pane that do not wrap (the top and bottom ones, 0 and 1,
 * unless y wraps; the sides unless x does), about a third of a stem apart. */
static bool edge_seeds(sim *s)
{
    const dp_frost_opts *o = s->o;
    double gap = DP_MAX(8.0, o->length / 3);
    for (int e = 0; e < 4; e++) {
        if (e < 2 ? o->wrap.y : o->wrap.x)
            continue;
        double len = e < 2 ? o->width : o->height;
        for (double d = gap * dp_rng_unit(&s->rng); d < len;
             d += gap * (0.6 + 0.8 * dp_rng_unit(&s->rng))) {
            double x = e < 2 ? d : (e == 2 ? 0.5 : o->width - 0.5);
            double y = e >= 2 ? d : (e == 0 ? 0.5 : o->height - 0.5);
            double theta = DP_PI / 3 * dp_rng_unit(&s->rng);
            if (takes(s, x, y) && !nucleus(s, x, y, theta, 1 + (int)dp_rng_below(&s->rng, 2)))
                return false;
        }
    }
    return true;
}

/* A straight scratch: ice nucleates along it, its lattice lined up with the scratch. */
static bool scratch_seeds(sim *s)
{
    const dp_frost_opts *o = s->o;
    for (int k = 0; k < o->scratches; k++) {
        double x = o->width * dp_rng_unit(&s->rng), y = o->height * dp_rng_unit(&s->rng);
        double a = DP_PI * dp_rng_unit(&s->rng);
        double len = DP_MIN(o->width, o->height) * (0.3 + 0.4 * dp_rng_unit(&s->rng));
        for (double d = 0; d < len; d += DP_MAX(6.0, o->length / 5)) {
            double px = x + d * cos(a), py = y + d * sin(a);
            wrap_pos(o, &px, &py);
            if (!inside(s, px, py))
                break;
            if (takes(s, px, py) && !nucleus(s, px, py, a, 2))
                return false;
        }
    }
    return true;
}

/* Free nuclei on the glass: up to 64 tries each for a site cold enough to take. */
static bool pane_seeds(sim *s)
{
    const dp_frost_opts *o = s->o;
    for (int k = 0; k < o->seeds; k++)
        for (int tries = 0; tries < 64; tries++) {
            double x = o->width * dp_rng_unit(&s->rng), y = o->height * dp_rng_unit(&s->rng);
            if (!takes(s, x, y))
                continue;
            double theta = DP_PI / 3 * dp_rng_unit(&s->rng);
            if (!nucleus(s, x, y, theta, 2 + (int)dp_rng_below(&s->rng, 3)))
                return false;
            break;
        }
    return true;
}

/* ---------------------------------------------------------------- entry */

static dapple_status check(const dp_frost_opts *o, dapple_error *err)
{
    if (!(o->width >= 1 && o->height >= 1 && o->width <= 1e6 && o->height <= 1e6))
        return dp_fail(err, DAPPLE_E_INVALID, "frost: pane %gx%g", o->width, o->height);
    if (!(o->length > 0 && o->stem > 0) || o->seeds < 0 || o->scratches < 0)
        return dp_fail(err, DAPPLE_E_INVALID, "frost: length %g and stem %g must be > 0", o->length,
                       o->stem);
    double cells = ceil(o->width / CELL) * ceil(o->height / CELL);
    if (cells > MAX_CELLS)
        return dp_fail(err, DAPPLE_E_LIMIT, "frost: a %gx%g pane is too large to grow on", o->width,
                       o->height);
    return DAPPLE_OK;
}

dapple_status dp_frost_grow(const dp_frost_opts *o, dp_frost_seg **out, size_t *n,
                            dapple_error *err)
{
    *out = NULL, *n = 0;
    dapple_status st = check(o, err);
    if (st != DAPPLE_OK)
        return st;
    sim s = { .o = o, .nx = (int)ceil(o->width / CELL), .ny = (int)ceil(o->height / CELL) };
    dp_rng_seed(&s.rng, o->seed, 0x66726f7374u);
    s.owner = dp_calloc_n((size_t)s.nx * (size_t)s.ny, sizeof *s.owner);
    bool ok = s.owner != NULL && edge_seeds(&s) && scratch_seeds(&s) && pane_seeds(&s) && grow(&s);
    free(s.owner);
    free(s.tips);
    if (s.full) {
        free(s.segs);
        return dp_fail(err, DAPPLE_E_LIMIT, "frost: more than %zu segments (raise max_points)",
                       o->max_segs);
    }
    if (!ok) {
        free(s.segs);
        return dp_fail(err, DAPPLE_E_NOMEM, "frost: out of memory");
    }
    *out = s.segs, *n = s.n_segs;
    return DAPPLE_OK;
}
