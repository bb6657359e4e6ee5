/* SPDX-License-Identifier: MIT
 * The sampler's insides, visible to the benchmark (memory accounting) and to tests. */
#ifndef DP_SAMPLER_H
#define DP_SAMPLER_H

#include <stddef.h>

#include "core/dp.h"
#include "core/grid.h"
#include "core/rng.h"

#define DP_SAMPLER_DIRS     1024          /* unit vectors in the direction table */
#define DP_SAMPLER_MAX_CELLS ((size_t)1 << 28)

struct dapple_sampler {
    const dapple_field *field;
    dapple_sampler_opts o;
    dapple_point *store; /* store[0]: a far-away sentinel; the points are store[1..n] */
    size_t n, cap; /* points used and allocated (store has cap + 1 entries) */
    dp_grid grid;
    dp_rng rng;
    double reach;     /* the largest radius a stored (float) point can carry */
    int halt;         /* set inside a run: HALT_* in sampler.c */
    size_t peak_bytes; /* high-water mark of this sampler's allocations */
    ptrdiff_t around[9]; /* offsets of the 3 x 3 block, own cell first */
    double dirs[DP_SAMPLER_DIRS][2];
    double dist[DP_SAMPLER_DIRS]; /* annulus distances in [1, 2], uniform by area */
};

/** Largest number of bytes the sampler held at once during its life (points, grid,
 * direction table and the struct itself); the benchmark divides it by the point count. */
size_t dp_sampler_peak_bytes(const dapple_sampler *s);

#endif
