/* SPDX-License-Identifier: MIT
 * A world: one point set over a domain of any size, sampled as square chunks in four
 * phases, so that any region can be computed alone, on any number of threads, and give
 * exactly the world's points there (docs/algorithm.md, "Worlds").
 *
 * Chunk (i, j) belongs to phase (i & 1) + 2 (j & 1): neighbours (the 8 around) are always
 * of different phases, and two chunks of one phase are a whole chunk apart, at least the
 * largest radius R. Phase 0 chunks are sampled alone; a chunk of phase p starts from the
 * points of its neighbours of earlier phases that lie within R + 1 of its window (fixed,
 * never grown) and places points only in its window. So every pair of points closer than
 * R lies in one chunk or in two neighbours, the later of which tested it: the pair rule
 * max(r_p, r_q) holds everywhere, and a chunk depends only on chunks at most 3 away. */
#ifndef DP_WORLD_H
#define DP_WORLD_H

#include "dapple.h"

typedef struct dp_world_opts {
    const dapple_field *field; /* over the whole world; borrowed */
    dapple_sampler_opts so;    /* width and height are the world's; max_points bounds
                                  the whole world's points */
    double rx, ry, rw, rh;     /* the region: points with rx <= x < rx + rw, likewise y;
                                  inside the world */
    int threads;               /* >= 1 */
} dp_world_opts;

/** Fills *o for a whole world of the sampler options' size, on one thread. */
void dp_world_opts_init(dp_world_opts *o, const dapple_field *field, const dapple_sampler_opts *so);

/** As dp_world_opts_init for a public call: the caller's options are read through their
 * struct_size (core/abi.h) and checked; the world runs on 'threads' threads. */
DAPPLE_USERESULT dapple_status dp_world_opts_from_public(dp_world_opts *o,
                                                         const dapple_field *field,
                                                         const dapple_sampler_opts *so, int threads,
                                                         dapple_error *err);

/** The world's points inside the region, chunk by chunk (rows of chunks top to bottom,
 * each left to right), in each chunk in the order they were made. *points is malloc'd
 * (free it); *stop is DAPPLE_STOP_MAX_POINTS when the world passed max_points (the list
 * is then cut there). Worlds too small for two chunks a side on a torus are sampled
 * whole by one plain sampler. */
DAPPLE_USERESULT dapple_status dp_world_sample(const dp_world_opts *o, dapple_point **points,
                                               size_t *count, dapple_stop *stop, dapple_error *err);

/** As dp_world_sample, with every radius scaled so that the whole world has 'count'
 * points within 1 % (the region must be the whole world); *scale gets the factor. The
 * same search as dapple_sampler_new_count, and as deterministic. */
DAPPLE_USERESULT dapple_status dp_world_sample_count(const dp_world_opts *o, size_t count,
                                                     dapple_point **points, size_t *n,
                                                     double *scale, dapple_stop *stop,
                                                     dapple_error *err);

/** The world's rows of chunks: how many, and where row j starts (j = count: the world's
 * height). The points of a region come row by row, so a region cut at row boundaries
 * into bands gives, band after band, the same list (cmd_points streams that way). */
int dp_world_row_count(const dp_world_opts *o);
double dp_world_row_top(const dp_world_opts *o, int j);

#endif
