/* SPDX-License-Identifier: MIT
 * Pieces of a cells layer (cells.h). A place is first moved by a smooth periodic noise of
 * wobble * 0.3 of the mean point radius (walls wander, as cracks and hand-laid joints do),
 * then found in the power diagram; its distance to the cell's boundary is the nearer of
 * the two nearest walls, rounded at corners as a rounded box is (R - |max(R - e, 0)|),
 * roughened by a fine noise ('roughness'), less half the gap. A round or polygon piece
 * (cell_shape) is also inside its own outline (outline.h, placed as ellipses and chips
 * place theirs): the nearer of the two insets wins, so a stone is cut flat only where its
 * neighbour is. Heights: flat, bevel (linear over profile_width), dome (a circle's
 * profile over 0.45 r) or curl (a plate whose rim rises over profile_width), each piece
 * relief * r high, +-15 % per piece. Noise lattices fit the tile, so a torus tiles. */
#include "render/cells.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/power_cells.h"
#include "render/colour.h"
#include "render/outline.h"

#define HEIGHT_JITTER 0.15
#define SOFT          0.15 /* the soft minimum's reach, as a fraction of r */

/* A noise lattice: its step and, on a torus, how many steps make the tile (0: never
 * repeats). */
typedef struct lattice {
    double step[2];
    int64_t n[2];
} lattice;

struct dp_cells {
    const dp_texture_spec *t;
    const dp_layer_spec *l;
    dp_power_cells *pc;
    dp_shape *shapes;        /* one per point */
    dp_outline *outlines;    /* one per point, for round or polygon pieces; else NULL */
    double *r;               /* each point's field radius */
    double rmean, rmax, cap; /* the mean radius; how far walls matter */
    lattice warp, rough;     /* the noises that move the walls and roughen the edges */
    uint64_t seed;
};

/* ---------------------------------------------------------------- periodic noise */

static uint64_t hash3(int64_t x, int64_t y, uint64_t seed)
{
    uint64_t z = seed ^ ((uint64_t)x * 0x9e3779b97f4a7c15u) ^ ((uint64_t)y * 0xc2b2ae3d27d4eb4fu);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* The lattice value at (i, j) in [-1, 1]: the hash's top 32 bits (pick 0) or the next 21
 * (pick 1), so one hash serves two independent noises. */
static double corner(uint64_t h, int pick)
{
    uint64_t bits = pick == 0 ? h >> 32 : (h >> 11) & 0x1fffff;
    return (double)bits * (pick == 0 ? 2.0 / 4294967296.0 : 2.0 / 2097152.0) - 1;
}

/* Lattice index i and the next, wrapped when the axis wraps (one division per axis). */
static void pair_of(int64_t i, int64_t n, int64_t *a, int64_t *b)
{
    if (n > 0)
        i = ((i % n) + n) % n;
    *a = i;
    *b = n > 0 && i + 1 == n ? 0 : i + 1;
}

/* Two value noises in [-1, 1] at once (out[0], out[1]; out[1] only when 'two'), with a
 * smoothstep between lattice points. */
static void vnoise2(const lattice *g, double x, double y, uint64_t seed, bool two, double out[2])
{
    double u = x / g->step[0], v = y / g->step[1], fu = floor(u), fv = floor(v);
    double tu = u - fu, tv = v - fv;
    int64_t i0, i1, j0, j1;
    pair_of((int64_t)fu, g->n[0], &i0, &i1);
    pair_of((int64_t)fv, g->n[1], &j0, &j1);
    uint64_t h[4] = { hash3(i0, j0, seed), hash3(i1, j0, seed), hash3(i0, j1, seed),
                      hash3(i1, j1, seed) };
    tu = tu * tu * (3 - 2 * tu);
    tv = tv * tv * (3 - 2 * tv);
    for (int k = 0; k < (two ? 2 : 1); k++) {
        double a = corner(h[0], k), b = corner(h[1], k), d = corner(h[2], k), e = corner(h[3], k);
        double top = a + tu * (b - a), bottom = d + tu * (e - d);
        out[k] = top + tv * (bottom - top);
    }
}

static double vnoise(const lattice *g, double x, double y, uint64_t seed)
{
    double out[2];
    vnoise2(g, x, y, seed, false, out);
    return out[0];
}

/* A lattice of step near 'want' that divides the tile's sides a whole number of times. */
static lattice lattice_for(const dp_texture_spec *t, double want)
{
    want = DP_MAX(1.0, want);
    double nx = DP_MAX(1.0, round(t->width / want)), ny = DP_MAX(1.0, round(t->height / want));
    return (lattice){ { t->width / nx, t->height / ny },
                      { t->wrap.x ? (int64_t)nx : 0, t->wrap.y ? (int64_t)ny : 0 } };
}

/* ---------------------------------------------------------------- building */

void dp_cells_free(dp_cells *c)
{
    if (c == NULL)
        return;
    dp_power_cells_free(c->pc);
    free(c->shapes), free(c->outlines), free(c->r);
    free(c);
}

static void outline_of(const dp_layer_spec *l, const dp_shape *s, dp_outline *o)
{
    if (l->cell_shape == DP_CELL_SHAPE_POLYGON)
        dp_outline_polygon(o, l->corners, l->irregularity, l->roughness, s->variety);
    else
        dp_outline_round(o, l->wobble, l->roughness, s->variety);
}

static bool shapes_of(dp_cells *c, const dp_layer_points *lp)
{
    const dp_layer_spec *l = c->l;
    size_t n = lp->count;
    c->shapes = dp_calloc_n(n + 1, sizeof *c->shapes);
    c->r = dp_calloc_n(n + 1, sizeof *c->r);
    if (l->cell_shape != DP_CELL_SHAPE_CELL)
        c->outlines = dp_calloc_n(n + 1, sizeof *c->outlines);
    if (c->shapes == NULL || c->r == NULL ||
        (l->cell_shape != DP_CELL_SHAPE_CELL && c->outlines == NULL))
        return false;
    dp_layer_ctx ctx = dp_layer_ctx_for(c->t, l);
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        c->shapes[i] = dp_layer_shape(&ctx, &lp->points[i], i);
        c->r[i] = (double)lp->points[i].r;
        sum += c->r[i];
        c->rmax = DP_MAX(c->rmax, c->r[i]);
        if (c->outlines != NULL)
            outline_of(l, &c->shapes[i], &c->outlines[i]);
    }
    c->rmean = n > 0 ? sum / (double)n : 1;
    return true;
}

static dapple_status diagram_of(dp_cells *c, const dp_layer_points *lp, dapple_error *err)
{
    size_t n = lp->count;
    dp_disc *d = dp_calloc_n(n + 1, sizeof *d);
    if (d == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu cells", n);
    for (size_t i = 0; i < n; i++)
        d[i] = (dp_disc){ lp->points[i].x, lp->points[i].y, c->r[i] };
    dapple_status st = dp_power_cells_new(&c->pc, d, n, c->t->width, c->t->height, c->t->wrap, err);
    free(d);
    return st;
}

dapple_status dp_cells_new(dp_cells **out, const dp_texture_spec *t, const dp_layer_spec *l,
                           const dp_layer_points *lp, dapple_error *err)
{
    *out = NULL;
    dp_cells *c = calloc(1, sizeof *c);
    if (c == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for cells");
    c->t = t, c->l = l;
    c->seed = dp_layer_seed(t->seed, l->name) ^ 0x63656c6c73u;
    if (!shapes_of(c, lp)) {
        dp_cells_free(c);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu cells", lp->count);
    }
    dapple_status st = diagram_of(c, lp, err);
    if (st != DAPPLE_OK) {
        dp_cells_free(c);
        return st;
    }
    /* walls farther than this change nothing: past the gap and the ragged edge, the
       deepest of the rounding, the rim and the dome (which reads insets up to 0.45 r) */
    double rmax = c->rmax; /* the points' own: a target count rescales the field's */
    double deep = l->profile == DP_PROFILE_DOME   ? 0.45 * rmax
                  : l->profile == DP_PROFILE_FLAT ? 0
                  : l->profile == DP_PROFILE_CURL ? 2 * l->profile_width
                                                  : l->profile_width;
    if (l->profile == DP_PROFILE_DOME || l->profile == DP_PROFILE_CURL)
        deep += SOFT * rmax; /* the soft minimum reads the second wall that much farther */
    c->cap = l->gap / 2 * (1 + l->gap_jitter) + l->roughness * 0.06 * c->rmean +
             DP_MAX(l->rounding, deep) + 1;
    c->warp = lattice_for(t, 1.2 * c->rmean);
    c->rough = lattice_for(t, DP_MAX(2.0, 0.12 * c->rmean));
    *out = c;
    return DAPPLE_OK;
}

const dp_shape *dp_cells_shape(const dp_cells *c, size_t i)
{
    return &c->shapes[i];
}

void dp_cells_widen(dp_cells *c, double reach)
{
    c->cap = DP_MAX(c->cap, reach);
}

size_t dp_cells_count(const dp_cells *c)
{
    return dp_power_cells_count(c->pc);
}

/* ---------------------------------------------------------------- cell values */

typedef struct pair {
    size_t a, b;
} pair;

static int pair_cmp(const void *p, const void *q)
{
    const pair *x = p, *y = q;
    if (x->a != y->a)
        return x->a < y->a ? -1 : 1;
    return x->b < y->b ? -1 : x->b > y->b;
}

static bool add_pair(pair **v, size_t *n, size_t *cap, size_t a, size_t b)
{
    if (a == b || a == SIZE_MAX || b == SIZE_MAX)
        return true;
    pair *g = dp_grow(*v, cap, *n, sizeof **v);
    if (g == NULL)
        return false;
    *v = g;
    (*v)[(*n)++] = (pair){ a, b };
    return true;
}

/* Every pair of cells that meet across a pixel edge, both ways round, sorted, unique. */
static pair *neighbours(const size_t *ids, int w, int h, dp_wrap wrap, size_t *count)
{
    pair *v = NULL;
    size_t n = 0, cap = 0;
    bool ok = true;
    for (int y = 0; y < h && ok; y++)
        for (int x = 0; x < w && ok; x++) {
            size_t a = ids[(size_t)y * w + x];
            int xr = x + 1 < w ? x + 1 : (wrap.x ? 0 : x),
                yd = y + 1 < h ? y + 1 : (wrap.y ? 0 : y);
            size_t r = ids[(size_t)y * w + xr], d = ids[(size_t)yd * w + x];
            ok = add_pair(&v, &n, &cap, a, r) && add_pair(&v, &n, &cap, r, a) &&
                 add_pair(&v, &n, &cap, a, d) && add_pair(&v, &n, &cap, d, a);
        }
    if (!ok) {
        free(v);
        return NULL;
    }
    if (n > 0)
        qsort(v, n, sizeof *v, pair_cmp);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || v[u - 1].a != v[i].a || v[u - 1].b != v[i].b)
            v[u++] = v[i];
    *count = u;
    return v != NULL ? v : calloc(1, sizeof *v);
}

static bool taken(const pair *p, size_t from, size_t to, const uint16_t *values, uint16_t v)
{
    for (size_t k = from; k < to; k++)
        if (p[k].b < p[k].a && values[p[k].b] == v)
            return true;
    return false;
}

bool dp_cells_values(const dp_cells *c, const size_t *ids, int w, int h, uint16_t *values)
{
    size_t np = 0, n = dp_cells_count(c);
    pair *p = neighbours(ids, w, h, c->t->wrap, &np);
    if (p == NULL)
        return false;
    /* in index order, each cell takes its seeded value, or the next one free of every
       neighbour already valued (at most a few dozen neighbours: 255 values suffice) */
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        size_t from = k;
        while (k < np && p[k].a == i)
            k++;
        uint64_t hsh = hash3((int64_t)c->shapes[i].key, 1, c->seed);
        uint16_t v = (uint16_t)(257 * (1 + hsh % 255));
        for (int tries = 0; tries < 255 && taken(p, from, k, values, v); tries++)
            v = (uint16_t)(v % 65535 + 257);
        values[i] = v;
    }
    free(p);
    return true;
}

double dp_cells_top(const dp_layer_spec *l)
{
    if (l->style != DP_STYLE_CELLS)
        return 0;
    return l->relief * dapple_field_opts_rmax(&l->field) * (1 + HEIGHT_JITTER);
}

uint16_t dp_cells_height_q(double h, double to_u16)
{
    if (h <= 0)
        return 0;
    double v = h * to_u16 + 0.5;
    return v >= 65535 ? 65535 : (uint16_t)v;
}

/* ---------------------------------------------------------------- one place */

/* Distance inside a box of corner radius R whose two nearest walls are e1, e2 away. */
static double rounded(double e1, double e2, double R)
{
    if (!(R > 0))
        return e1;
    double a = DP_MAX(R - e1, 0.0), b = DP_MAX(R - e2, 0.0);
    return R - hypot(a, b) - DP_MIN(DP_MAX(R - e1, R - e2), 0.0);
}

/* A soft minimum of a and b: the hard one where they differ by k or more (so an edge
 * far from a corner keeps its height), rounded by up to k / 4 where they meet. */
static double smin(double a, double b, double k)
{
    double h = DP_MAX(k - fabs(a - b), 0.0) / k;
    return DP_MIN(a, b) - h * h * k / 4;
}

/* The offset of (x, y) from point i's nearest copy. */
static void offset_of(const dp_cells *c, size_t i, double x, double y, double *dx, double *dy)
{
    *dx = x - c->shapes[i].x, *dy = y - c->shapes[i].y;
    if (c->t->wrap.x)
        *dx -= c->t->width * round(*dx / c->t->width);
    if (c->t->wrap.y)
        *dy -= c->t->height * round(*dy / c->t->height);
}

/* Signed distance inside point i's own outline (round or polygon), roughly: the radial
 * gap to the outline, in pixels along that direction. */
static double own_inset(const dp_cells *c, size_t i, double x, double y)
{
    const dp_shape *s = &c->shapes[i];
    double dx, dy, u, v;
    offset_of(c, i, x, y, &dx, &dy);
    dp_outline_frame f = { 0, 0, s->radius, s->angle_rad, s->aspect, s->mirror };
    dp_outline_local(&f, dx, dy, &u, &v);
    double rho = hypot(u, v), th = atan2(v, u);
    double px = s->radius * hypot(cos(th), s->aspect * sin(th)); /* pixels per frame unit */
    return (dp_outline_at(&c->outlines[i], th) - rho) * px;
}

static double profile(const dp_cells *c, size_t i, double inset)
{
    const dp_layer_spec *l = c->l;
    double pw = l->profile_width, r = c->r[i];
    if (l->profile == DP_PROFILE_FLAT) /* level: a polished floor, one height for all */
        return l->relief * dapple_field_opts_rmax(&l->field);
    uint64_t h = hash3((int64_t)i, 0, c->seed);
    double H = l->relief * r *
               (1 + HEIGHT_JITTER * ((double)(h >> 11) * (2.0 / 9007199254740992.0) - 1));
    double t;
    switch (l->profile) {
    case DP_PROFILE_FLAT: /* level, above */
    case DP_PROFILE_BEVEL:
        return H * DP_MIN(1.0, DP_MAX(inset, 0.0) / pw);
    case DP_PROFILE_DOME:
        t = DP_MIN(1.0, DP_MAX(inset, 0.0) / (0.45 * r));
        return H * sqrt(t * (2 - t));
    case DP_PROFILE_CURL:
        t = DP_MIN(1.0, DP_MAX(inset, 0.0) / (2 * pw)); /* the lip is gone 2 pw in */
        return H * (0.6 + 0.4 * (1 - t) * (1 - t));
    }
    return H;
}

void dp_cells_at(const dp_cells *c, dp_power_cache *k, double x, double y, dp_cell_px *out)
{
    dp_cells_at2(c, k, NULL, x, y, out);
}

void dp_cells_at2(const dp_cells *c, dp_power_cache *k, const dp_power_cache *alt, double x,
                  double y, dp_cell_px *out)
{
    const dp_layer_spec *l = c->l;
    *out = (dp_cell_px){ SIZE_MAX, -INFINITY, 0, 0 };
    if (dp_power_cells_count(c->pc) == 0)
        return;
    double qx = x, qy = y;
    if (l->wobble > 0) {
        double amp = l->wobble * 0.3 * c->rmean;
        double n[2];
        vnoise2(&c->warp, x, y, c->seed + 1, true, n);
        qx += amp * n[0];
        qy += amp * n[1];
    }
    dp_power_hit hit;
    dp_power_cells_near2(c->pc, k, alt, qx, qy, c->cap, &hit);
    double d = rounded(hit.edge, hit.edge2, l->rounding), soft_k = SOFT * c->r[hit.cell];
    /* a round top would crease where two walls are equally near: it reads a soft
       minimum instead (the outline keeps the hard one) */
    bool soft = l->profile == DP_PROFILE_DOME || l->profile == DP_PROFILE_CURL;
    double h = soft ? DP_MIN(d, smin(hit.edge, hit.edge2, soft_k)) : d;
    double rough = l->roughness > 0
                           ? l->roughness * 0.06 * c->rmean * vnoise(&c->rough, x, y, c->seed + 3)
                           : 0;
    double half = l->gap / 2;
    if (l->gap_jitter > 0) /* by place, so both sides of a wall agree */
        half *= 1 + l->gap_jitter * vnoise(&c->warp, x, y, c->seed + 4);
    d += rough - half;
    h += rough - half;
    if (c->outlines != NULL) {
        double own = own_inset(c, hit.cell, x, y);
        d = DP_MIN(d, own);
        h = soft ? smin(h, own, soft_k) : DP_MIN(h, own);
    }
    out->cell = hit.cell;
    out->inset = d;
    out->wall = hit.edge;
    double cover = DP_MIN(1.0, DP_MAX(0.0, d + 0.5));
    out->height = cover > 0 ? cover * profile(c, hit.cell, h) : 0;
}
