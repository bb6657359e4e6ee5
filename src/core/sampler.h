/* SPDX-License-Identifier: MIT
 * The sampler's insides, shared by its files and visible to the benchmark. Layered, no
 * call runs back up: sampler.c (set-up, seeding, the front loop) -> the candidate
 * strategies (sampler_annulus.c: Bridson's annulus; sampler_dense.c: the on-circle sweeps
 * of dense, relax and maximal) -> the rule (sampler_rule.c: the store and the conflict
 * tests, with the inline tests below; sampler_cover.c: the cover maps). The candidate test is
 * inline here because it is the hot loop of all three. Points are numbered from 1: store[0] is a
 * sentinel that never conflicts. */
#ifndef DP_SAMPLER_H
#define DP_SAMPLER_H

#include <math.h>
#include <stddef.h>

#include "core/dp.h"
#include "core/field.h"
#include "core/grid.h"
#include "core/levels.h"
#include "core/rng.h"

#define DP_SAMPLER_DIRS      1024 /* entries in the direction and distance tables */
#define DP_SAMPLER_MAX_CELLS ((size_t)1 << 28)
#define DP_COVER_SUB         32  /* sub-positions per quarter cell and axis, see cover_tab */
#define DP_RELAX_K           100 /* relaxed mode's tries per parent, at least */

enum { DP_HALT_NONE, DP_HALT_LIMIT, DP_HALT_NOMEM, DP_HALT_CANCEL };

/* What became of one candidate. */
enum { DP_TRY_OK, DP_TRY_OUTSIDE, DP_TRY_BLOCKED, DP_TRY_AVOIDED, DP_TRY_HALT };

struct dapple_sampler {
    const dapple_field *field; /* &view: the caller's field, its radii times spacing_scale */
    dapple_field view;
    dapple_sampler_opts o;
    dp_wrap wrap; /* the axes that wrap: o's periodic and wrap read once (none in a chunk) */
    bool open;    /* no 'avoid' and no refused area: a candidate clear of points is accepted */
    dapple_point *store; /* store[0]: a far-away sentinel; the points are store[1..n] */
    size_t n, cap;       /* points used and allocated (store has cap + 1 entries) */
    dp_grid grid;        /* cells >= rmax: every point of a constant field, the largest otherwise */
    dp_levels lv;        /* finer grids for the smaller radii of a variable field */
    dp_rng rng;
    double reach;        /* the largest radius a stored (float) point can carry */
    int halt;            /* DP_HALT_* */
    size_t peak_bytes;   /* high-water mark of this sampler's allocations */
    ptrdiff_t around[9]; /* offsets of the 3 x 3 block, own cell first */
    uint64_t k_inv;      /* 2^32 / k, rounded up: divides by k with a multiply */
    uint8_t *cover;      /* constant radius: 4 bits a top cell (a nibble each), see cover.c */
    double cover_slack;  /* how far inside a disc a marked quarter cell must lie */
    /* constant radius: for a point at sub-position (i, j) of COVER_SUB x COVER_SUB in its
     * quarter cell, the quarters of the 5 x 5 around it that its disc surely covers */
    uint32_t cover_tab[DP_COVER_SUB * DP_COVER_SUB];
    float cover_r; /* the radius the table was made for */
    bool cover_on; /* while the default mode reads the map */
    bool mark_on;  /* while points mark it: then, and for maximal's gap fill (fine map) */
    /* variable radius: 1 bit per cell of side vcell on a grid over the domain, set once
     * the cell lies wholly inside some point's disc (see sampler_cover.c) */
    uint64_t *vcover;
    int vw, vh;         /* cells per axis */
    size_t vstride;     /* 64-bit words per row */
    double vcell, vinv; /* cell side and its inverse */
    double dirs[DP_SAMPLER_DIRS][2];
    double dist[DP_SAMPLER_DIRS]; /* annulus distances in [1, 2], uniform by area */
    double margin; /* dense and maximal sweeps: radians added to every jump, beyond rounding */
    bool relax;    /* relaxed mode: dense sweeps with a random shell (o.dense, o.maximal set too) */
    /* dense mode: turns by margin + [0, min(2 pi / k, pi / 3)), as cos and sin */
    double jitter[DP_SAMPLER_DIRS][2];
    /* A chunk of a world (core/world.c): the domain is the chunk's window plus a margin,
     * in local units whose (0, 0) is (ox, oy) of the world; points are placed only in the
     * window [wx0, wx1) x [wy0, wy1); the first n_fixed points are the neighbours' (never
     * grown, never returned). Every coordinate placed is snapped to a multiple of 'quantum'
     * in world units (see dp_snap), so that moving a point between chunks, or across a
     * periodic world's wrap, is exact. A plain sampler has the whole domain as its window,
     * no fixed points and no snapping. */
    bool chunk;
    double ox, oy, quantum, magic; /* magic: 1.5 * 2^52 * quantum, see dp_snap */
    double wx0, wy0, wx1, wy1;
    const dapple_point *fixed; /* borrowed from the chunk's options */
    size_t n_fixed;
    size_t limit;  /* the bail-out: max_points of the sampler's own plus n_fixed */
    double expect; /* the points a run is expected to make, for o.progress */
};

/* Options of a chunk's sampler, beyond dapple_sampler_opts (whose width and height are
 * the local domain's; it never wraps). */
typedef struct dp_chunk_opts {
    double ox, oy;             /* world position of local (0, 0) */
    double quantum;            /* a power of two */
    double wx0, wy0, wx1, wy1; /* the window, local */
    const dapple_point *fixed; /* n_fixed neighbours' points, local, copied at run */
    size_t n_fixed;
} dp_chunk_opts;

/** DAPPLE_E_INVALID unless o's domain is the field's (NULL field: checked elsewhere). */
dapple_status dp_sampler_check_domain(const dapple_field *f, const dapple_sampler_opts *o,
                                      dapple_error *err);

/** A sampler for one chunk of a world over 'field' (a dp_field_chunk_view at ox, oy). */
dapple_status dp_sampler_new_chunk(dapple_sampler **out, const dapple_field *field,
                                   const dapple_sampler_opts *o, const dp_chunk_opts *c,
                                   dapple_error *err);

/** Largest number of bytes the sampler held at once during its life (points, grid and
 * the struct with its tables); the benchmark divides it by the point count. */
size_t dp_sampler_peak_bytes(const dapple_sampler *s);

/** Bytes the sampler holds now (points, grid, levels, cover maps and the struct). */
size_t dp_sampler_bytes(const dapple_sampler *s);

/** Room for cap points (and their grid links); false when out of memory. */
bool dp_sampler_reserve(dapple_sampler *s, size_t cap);

/** The default mode's strategy: grows the front from point number 'first' with k
 * candidates in the annulus [r, 2r] of each parent. */
void dp_sampler_grow_annulus(dapple_sampler *s, size_t first, bool constant);

/** Appends a point (false and s->halt set at the bail-out limit or out of memory). */
bool dp_sampler_append(dapple_sampler *s, float x, float y, float r);

/** The general conflict test on the top grid (any cell span, wrapped on a torus): the
 * number of a point closer than max(r, r_q) to (x, y) among those within 'reach', or 0. */
uint32_t dp_sampler_conflict_any(const dapple_sampler *s, double x, double y, double r,
                                 double reach);

/** Variable radius with finer levels: a point closer than max(r, r_q), or 0. */
uint32_t dp_sampler_conflict_levels(const dapple_sampler *s, double x, double y, double r,
                                    size_t top_cell, int own_level);

/** Dense mode: grows the front from point number 'first' (1-based) with on-circle
 * candidates swept in angle. */
void dp_sampler_grow_dense(dapple_sampler *s, size_t first);

/** Quarter cells of the top grid wholly inside some point's disc, for a constant radius:
 * a candidate in one is rejected with one load (see sampler_cover.c). Allocates s->cover
 * (nothing for a variable radius); false when out of memory. */
bool dp_cover_init(dapple_sampler *s);

/** Bytes of the cover map. */
size_t dp_cover_bytes(const dapple_sampler *s);

/** Marks the quarter cells that the disc of radius r at (x, y) covers with room to spare. */
void dp_cover_mark(dapple_sampler *s, double x, double y, double r);

/** Variable radius: marks the cells of the fine cover map inside the disc of radius r. */
void dp_vcover_mark(dapple_sampler *s, double x, double y, double r);

/** Maximal mode: finds every spot where a point still fits and fills it. */
void dp_sampler_fill_gaps(dapple_sampler *s);

/** For the tests: true when the gap fill leaves point i's sweep out, every cell of the
 * fine cover map its half turn's candidates can fall in being marked; *slack gets the
 * half turn's overlap below the horizontal (directions -slack to pi + slack). */
bool dp_sweep_left_out(dapple_sampler *s, size_t i, double *slack);

#if defined(__GNUC__)
#define DP_HOT static inline __attribute__((always_inline))
#else
#define DP_HOT static inline
#endif

/* True when the point in quarter cell (qx, qy) (coordinates in half-cell units,
 * truncated), inside top cell c, lies in a marked quarter: then some point is closer than
 * r, exactly as the full test would find. */
DP_HOT bool dp_cover_hit(const dapple_sampler *s, size_t c, int qx, int qy)
{
    unsigned bit = (unsigned)((qy & 1) << 1) | (unsigned)(qx & 1);
    return (s->cover[c >> 1] >> (((c & 1) << 2) + bit)) & 1u;
}

/* Variable radius: true when (x, y), inside the domain, lies in a cell of the fine map
 * that is wholly inside some point's disc: then that point is closer than its own radius,
 * hence than max(r, r_q) for any r, exactly as the full test would find. */
DP_HOT bool dp_vcover_hit(const dapple_sampler *s, double x, double y)
{
    int cx = (int)(x * s->vinv), cy = (int)(y * s->vinv);
    cx = cx < s->vw ? cx : s->vw - 1;
    cy = cy < s->vh ? cy : s->vh - 1;
    return (s->vcover[(size_t)cy * s->vstride + ((unsigned)cx >> 6)] >> (cx & 63)) & 1u;
}

/* True when every cell of the fine cover map's row j from i0 to i1 is marked. */
DP_HOT bool dp_vcover_run(const dapple_sampler *s, int j, int i0, int i1)
{
    const uint64_t *row = s->vcover + (size_t)j * s->vstride;
    int w0 = i0 >> 6, w1 = i1 >> 6;
    uint64_t m0 = ~(uint64_t)0 << (i0 & 63), m1 = ~(uint64_t)0 >> (63 - (i1 & 63));
    if (w0 == w1)
        return (row[w0] & m0 & m1) == (m0 & m1);
    bool all = (row[w0] & m0) == m0 && (row[w1] & m1) == m1;
    for (int w = w0 + 1; all && w < w1; w++)
        all = row[w] == ~(uint64_t)0;
    return all;
}

/* The last entry of the list from q closer than max(r, r_q) (or r alone when every radius
 * is the same), or 0. Branch-free for the first entry, where the sentinel stands in for
 * an empty cell: whether a cell is empty is a coin toss the predictor would lose. */
DP_HOT uint32_t dp_list_hit(const dapple_sampler *s, uint32_t q, double x, double y, double r,
                            bool constant)
{
    const dapple_point *pts = s->store;
    const uint32_t *next = s->grid.next;
    uint32_t hit = 0;
    do {
        double dx = (double)pts[q].x - x, dy = (double)pts[q].y - y;
        double m = constant ? r : DP_MAX(r, (double)pts[q].r);
        hit = dx * dx + dy * dy < m * m ? q : hit;
        q = next[q];
    } while (q != DP_GRID_NONE);
    return hit;
}

/* A point in the 3 x 3 block of cells around h (own cell first, the likeliest conflict;
 * then the 4 edge cells; then the corners; one branch per group). */
DP_HOT uint32_t dp_block_hit(const dapple_sampler *s, const uint32_t *h, const ptrdiff_t *around,
                             double x, double y, double r, bool constant)
{
    uint32_t hit = dp_list_hit(s, h[0], x, y, r, constant);
    if (hit)
        return hit;
    for (int k = 1; k < 5; k++) {
        uint32_t q = dp_list_hit(s, h[around[k]], x, y, r, constant);
        hit = q ? q : hit;
    }
    if (hit)
        return hit;
    for (int k = 5; k < 9; k++) {
        uint32_t q = dp_list_hit(s, h[around[k]], x, y, r, constant);
        hit = q ? q : hit;
    }
    return hit;
}

/* A point of the top grid closer than max(r, r_q) to (x, y), or 0. Away from the grid's
 * edges the 3 x 3 block needs no clamping or wrapping: the common, fast case. */
DP_HOT uint32_t dp_top_conflict(const dapple_sampler *s, double x, double y, double r,
                                bool constant)
{
    const dp_grid *g = &s->grid;
    int cx = (int)(x * g->inv_cw), cy = (int)(y * g->inv_ch);
    if ((unsigned)(cx - 1) >= (unsigned)(g->gw - 2) || (unsigned)(cy - 1) >= (unsigned)(g->gh - 2))
        return dp_sampler_conflict_any(s, x, y, r, s->reach);
    return dp_block_hit(s, g->head + (size_t)cy * g->gw + cx, s->around, x, y, r, constant);
}

/* Variable radius: a point closer than max(r, r_q) to (x, y) in top cell t, whose own
 * level (that of r) is 'own', or 0. */
DP_HOT uint32_t dp_var_conflict(const dapple_sampler *s, double x, double y, double r, size_t t,
                                int own)
{
    if (s->lv.n > 0)
        return dp_sampler_conflict_levels(s, x, y, r, t, own);
    return dp_top_conflict(s, x, y, r, false);
}

/* A candidate's coordinate as stored: rounded to float, or in a chunk to a multiple of
 * the world's quantum. Chunk origins are multiples of it too, so rounding the local value
 * rounds the world's, and the result is exact in float in every chunk's frame and the
 * world's. ((v + magic) - magic rounds v to a multiple of the quantum: IEEE addition.) */
DP_HOT float dp_snap(const dapple_sampler *s, double v)
{
    if (!s->chunk)
        return (float)v;
    return (float)((v + s->magic) - s->magic);
}

/* A chunk's candidate (x, y) as stored, if it lies in the window. */
DP_HOT bool dp_to_window(const dapple_sampler *s, double x, double y, float *xf, float *yf)
{
    *xf = dp_snap(s, x), *yf = dp_snap(s, y);
    return (double)*xf >= s->wx0 && (double)*xf < s->wx1 && (double)*yf >= s->wy0 &&
           (double)*yf < s->wy1;
}

/* Maps a coordinate into [0, extent) as a float: wrapped on a torus, refused outside a
 * bounded domain. Rounding to float can land exactly on 'extent', which is not inside. */
DP_HOT bool dp_to_domain(double v, double extent, bool periodic, float *out)
{
    if (periodic) {
        if (!(fabs(v) < 1e300)) /* NaN or inf would make a cell index of INT_MIN */
            return false;
        v -= extent * floor(v / extent);
    } else if (!(v >= 0 && v < extent)) {
        return false;
    }
    float f = (float)v;
    if ((double)f >= extent) {
        if (!periodic)
            return false;
        f = 0;
    }
    *out = f;
    return true;
}

/* True when every candidate of p (within 2r) lands in a cell whose 3 x 3 block lies
 * inside the grid: p is at least 3 cells plus 2r from every edge. */
DP_HOT bool dp_inner_parent(const dapple_sampler *s, dapple_point p)
{
    const dp_grid *g = &s->grid;
    double m = 2 * (double)p.r;
    return (double)p.x - m >= g->cw && (double)p.y - m >= g->ch &&
           ((double)p.x + m) * g->inv_cw < g->gw - 2 && ((double)p.y + m) * g->inv_ch < g->gh - 2 &&
           (!s->chunk || ((double)p.x - m >= s->wx0 && (double)p.y - m >= s->wy0 &&
                          (double)p.x + m < s->wx1 && (double)p.y + m < s->wy1));
}

/* dp_try for a constant radius, an open sampler, and a candidate within 2r of an inner parent
 * (dp_inner_parent): it lies in the domain and its 3 x 3 block inside the grid, so the
 * domain and edge checks are left out; the verdict is the same. */
DP_HOT int dp_try_inner(dapple_sampler *s, double x, double y, uint32_t *by, float *r)
{
    const dp_grid *g = &s->grid;
    float xf = dp_snap(s, x), yf = dp_snap(s, y);
    *r = (float)s->field->rmax;
    int cx = (int)((double)xf * g->inv_cw), cy = (int)((double)yf * g->inv_ch);
    const uint32_t *h = g->head + (size_t)cy * g->gw + cx;
    if ((*by = dp_block_hit(s, h, s->around, xf, yf, *r, true)) != 0)
        return DP_TRY_BLOCKED;
    return dp_sampler_append(s, xf, yf, *r) ? DP_TRY_OK : DP_TRY_HALT;
}

/* A candidate clear of every point: DP_TRY_AVOIDED when it meets 'avoid' or lies where
 * the field allows no point, else stored (DP_TRY_HALT at the bail-out limit or out of
 * memory). */
DP_HOT int dp_try_place(dapple_sampler *s, float xf, float yf, float r)
{
    if (!s->open && ((s->o.avoid != NULL &&
                      dapple_circles_overlap(s->o.avoid, (double)xf + s->ox, (double)yf + s->oy,
                                             s->o.avoid_scale * (double)r)) ||
                     !dp_field_allowed(s->field, xf, yf)))
        return DP_TRY_AVOIDED;
    return dp_sampler_append(s, xf, yf, r) ? DP_TRY_OK : DP_TRY_HALT;
}

/* dp_try_in for a variable radius whose field value r at (xf, yf) is already known (the
 * dense sweep's ring radius): one pass over the levels r reaches, no lookup. */
DP_HOT int dp_try_in_r(dapple_sampler *s, float xf, float yf, uint32_t *by, float r)
{
    const dp_grid *g = &s->grid;
    size_t t = (size_t)dp_grid_cell_of((double)yf, g->inv_ch, g->gh) * g->gw +
               (size_t)dp_grid_cell_of((double)xf, g->inv_cw, g->gw);
    if ((*by = dp_var_conflict(s, xf, yf, r, t, dp_levels_of(&s->lv, r))) != 0)
        return DP_TRY_BLOCKED;
    return dp_try_place(s, xf, yf, r);
}

/* dp_try_in for a variable radius. The first pass, at the smallest radius in the
 * candidate's top cell, walks level 'first' before the others (any order finds the same
 * verdict): the maximal sweep names its parent's level, where most blockers are; < 0
 * means the level of that smallest radius. */
DP_HOT int dp_try_var(dapple_sampler *s, float xf, float yf, uint32_t *by, float *r, int first)
{
    /* default mode: a candidate in a covered cell is blocked (no blocker named) */
    if (s->cover_on && dp_vcover_hit(s, xf, yf)) {
        *by = 0, *r = 0;
        return DP_TRY_BLOCKED;
    }
    /* most candidates fall to a neighbour even at the smallest radius possible here:
     * reject those before paying for the field lookup */
    const dp_grid *g = &s->grid;
    size_t t = (size_t)dp_grid_cell_of((double)yf, g->inv_ch, g->gh) * g->gw +
               (size_t)dp_grid_cell_of((double)xf, g->inv_cw, g->gw);
    *r = s->lv.rlo[t];
    if ((*by = dp_var_conflict(s, xf, yf, *r, t, first >= 0 ? first : s->lv.own[t])) != 0)
        return DP_TRY_BLOCKED;
    *r = (float)dp_field_r_at(s->field, xf, yf);
    if ((*by = dp_var_conflict(s, xf, yf, *r, t, dp_levels_of(&s->lv, *r))) != 0)
        return DP_TRY_BLOCKED;
    return dp_try_place(s, xf, yf, *r);
}

/* dp_try for a candidate already in the domain, as floats. */
DP_HOT int dp_try_in(dapple_sampler *s, float xf, float yf, bool constant, uint32_t *by, float *r)
{
    if (!constant)
        return dp_try_var(s, xf, yf, by, r, -1);
    *r = (float)s->field->rmax;
    if ((*by = dp_top_conflict(s, xf, yf, *r, true)) != 0)
        return DP_TRY_BLOCKED;
    return dp_try_place(s, xf, yf, *r);
}

/* Tries a candidate: DP_TRY_OK when it lies in the domain, keeps the pair rule (else
 * DP_TRY_BLOCKED with the blocking point in *by) and misses 'avoid'. *r gets the
 * candidate's radius. */
DP_HOT int dp_try(dapple_sampler *s, double x, double y, bool constant, uint32_t *by, float *r)
{
    float xf = 0, yf = 0;
    if (s->chunk ? !dp_to_window(s, x, y, &xf, &yf)
                 : !dp_to_domain(x, s->o.width, s->wrap.x, &xf) ||
                           !dp_to_domain(y, s->o.height, s->wrap.y, &yf))
        return DP_TRY_OUTSIDE;
    return dp_try_in(s, xf, yf, constant, by, r);
}

#endif
