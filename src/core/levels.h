/* SPDX-License-Identifier: MIT
 * Finer grids for a variable radius. The sampler's grid has cells of rmax, so where the
 * radius is small a cell holds up to (rmax/rmin)^2 points and every candidate would test
 * them all. Here a point of radius r is filed in the level whose cells are the smallest
 * that are still >= r: levels halve the cell size from the top grid down towards rmin, so
 * a candidate meets a 3 x 3 block of cells holding a handful of points at every radius.
 * The field is known beforehand: levels that would hold few points for their many cells
 * are left out (their points go one level up, which is always allowed), and each top
 * cell records which levels can occur near it and the smallest radius inside it. */
#ifndef DP_LEVELS_H
#define DP_LEVELS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/dp.h"
#include "core/grid.h"

#define DP_LEVELS_MAX 7

typedef struct dp_level {
    int gw, gh;            /* cells per axis: the top grid's times 2^(n - l) */
    double inv_cw, inv_ch; /* 1 / cell size */
    double thr;            /* largest radius filed here (the smaller cell side) */
    uint32_t *head;        /* gw * gh list heads, 0 = empty */
    ptrdiff_t around[9];   /* the 3 x 3 block, own cell first, then edges, then corners */
} dp_level;

typedef struct dp_levels {
    int n;      /* levels below the top grid; 0 = none */
    int tw, th; /* top cells per axis (the sampler grid's) */
    dp_level lv[DP_LEVELS_MAX];
    uint8_t *qlo, *qhi; /* per top cell: levels that may hold a point within reach of it */
    float *rlo;         /* per top cell: no point inside it has a smaller radius */
    float *rhi;         /* per top cell: no point within one top cell has a larger radius */
    uint8_t *own;       /* per top cell: the level of rlo */
    size_t cells;       /* heads over all levels */
} dp_levels;

/** Plans levels for 'field' over the sampler grid 'top' (cells >= the largest radius).
 * Leaves lv->n = 0 when one level does (a constant or narrow radius range); rlo, qlo and
 * qhi are filled for every non-constant field. No more points than max_points are
 * planned for. */
dapple_status dp_levels_init(dp_levels *lv, const dp_grid *top, const dapple_field *field,
                             size_t max_points, dapple_error *err);

void dp_levels_fini(dp_levels *lv);

/** Empties every list (keeps the memory). */
void dp_levels_clear(dp_levels *lv);

size_t dp_levels_bytes(const dp_levels *lv);

/** The level for radius r: the first whose threshold is >= r (n = the top grid). */
static inline int dp_levels_of(const dp_levels *lv, double r)
{
    int l = 0;
    while (l < lv->n && r > lv->lv[l].thr)
        l++;
    return l;
}

#endif
