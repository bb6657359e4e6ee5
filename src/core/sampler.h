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
    dapple_point *pts; /* n used, cap allocated */
    size_t n, cap;
    dp_grid grid;
    dp_rng rng;
    double reach;     /* the largest radius a stored (float) point can carry */
    int halt;         /* set inside a run: HALT_* in sampler.c */
    size_t peak_bytes; /* high-water mark of this sampler's allocations */
    double dirs[DP_SAMPLER_DIRS][2];
};

/** Largest number of bytes the sampler held at once during its life (points, grid,
 * direction table and the struct itself); the benchmark divides it by the point count. */
size_t dp_sampler_peak_bytes(const dapple_sampler *s);

#endif
