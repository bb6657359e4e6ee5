/* SPDX-License-Identifier: MIT
 * A uniform grid over a W x H domain whose cells hold linked lists of point indices:
 * one uint32 head per cell and one uint32 'next' per point, so inserting never allocates
 * and the whole index costs 4 bytes per cell + 4 per point. The caller keeps the
 * coordinates; the grid only maps positions to cells. A grid wraps along the axes its
 * domain does.
 * Items are numbered from 1: index 0 ends every list, so a caller can keep a sentinel
 * item 0 that never conflicts and test a cell's first entry without a branch. */
#ifndef DP_GRID_H
#define DP_GRID_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/dp.h"
#include "core/wrap.h"

#define DP_GRID_NONE 0u

typedef struct dp_grid {
    int gw, gh;            /* cells per axis */
    double cw, ch;         /* cell size per axis, both >= the requested minimum */
    double inv_cw, inv_ch; /* 1 / cell size */
    dp_wrap wrap;          /* the axes that wrap */
    uint32_t *head;        /* gw * gh list heads, DP_GRID_NONE = empty */
    uint32_t *next;        /* per item, next[0] = 0 */
    size_t next_cap;       /* entries in next, including the one for index 0 */
} dp_grid;

/** Sets up g over width x height with cells at least 'min_cell' wide (a wrapping axis is
 * divided exactly, so its cells may be a little larger). Refuses with DAPPLE_E_LIMIT when
 * more than 'max_cells' cells would be needed. */
dapple_status dp_grid_init(dp_grid *g, double width, double height, double min_cell, dp_wrap wrap,
                           size_t max_cells, dapple_error *err);

/** Frees the grid's arrays; safe on a zeroed or already finished grid. */
void dp_grid_fini(dp_grid *g);

/** Empties every cell (keeps the memory). */
void dp_grid_clear(dp_grid *g);

/** Makes room for item indices 1..n; false when out of memory (grid unchanged). */
bool dp_grid_reserve(dp_grid *g, size_t n);

/** Bytes held by the grid. */
size_t dp_grid_bytes(const dp_grid *g);

static inline int dp_grid_cell_of(double v, double inv, int n)
{
    int c = (int)(v * inv);
    return c < n ? c : n - 1; /* v * inv may round up to n at the upper edge */
}

/** Cell index of a point inside the domain. */
static inline size_t dp_grid_index(const dp_grid *g, double x, double y)
{
    return (size_t)dp_grid_cell_of(y, g->inv_ch, g->gh) * (size_t)g->gw +
           (size_t)dp_grid_cell_of(x, g->inv_cw, g->gw);
}

/** Adds item 'idx' (1 <= idx < next_cap) at (x, y), inside the domain, to its cell. */
static inline void dp_grid_insert(dp_grid *g, uint32_t idx, double x, double y)
{
    size_t c = dp_grid_index(g, x, y);
    g->next[idx] = g->head[c];
    g->head[c] = idx;
}

/** floor() for values well inside the int range, without a libm call. */
static inline int dp_floor_int(double v)
{
    int i = (int)v;
    return i - (v < i);
}

/** Signed minimum-image difference on a torus of this extent (plain difference if not). */
static inline double dp_wrap_delta(double d, double extent, bool periodic)
{
    if (periodic) {
        if (d > 0.5 * extent)
            d -= extent;
        else if (d < -0.5 * extent)
            d += extent;
    }
    return d;
}

/** The cells along one axis that meet [lo, hi]: *first and *count (count may be <= 0
 * when the interval misses the grid). Periodic spans wrap: visit (first + i) mod n. Each
 * cell appears once even when the span is wider than the domain. */
static inline void dp_grid_span(double lo, double hi, double inv, int n, bool periodic, int *first,
                                int *count)
{
    lo = DP_MAX(lo * inv, -1e9);
    hi = DP_MIN(hi * inv, 1e9);
    int a = dp_floor_int(lo), b = dp_floor_int(hi);
    if (periodic) {
        if (b - a + 1 >= n) {
            *first = 0;
            *count = n;
            return;
        }
        *count = b - a + 1;
        a %= n;
        *first = a < 0 ? a + n : a;
        return;
    }
    a = DP_MAX(a, 0);
    b = DP_MIN(b, n - 1);
    *first = a;
    *count = b - a + 1;
}

#endif
