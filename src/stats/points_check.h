/* SPDX-License-Identifier: MIT
 * Independent checks of a point set, for tests and benchmarks: the pair rule and the
 * uncovered fraction. They bin points with core/bins.h's counting sort (the stats' one)
 * and share no code with the sampler's grid, so a bug there cannot hide itself. */
#ifndef DP_STATS_POINTS_CHECK_H
#define DP_STATS_POINTS_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "dapple.h"
#include "core/wrap.h"

typedef struct dp_pair_report {
    size_t violations;    /* pairs closer than max(r_p, r_q) */
    size_t out_of_domain; /* points outside [0, width) x [0, height) */
    size_t i, j;          /* the first violating pair (valid when violations > 0) */
    double worst;         /* min over close pairs of distance / max(r_p, r_q); 1e300 if none */
} dp_pair_report;

/** Checks every pair of 'pts': distance (in double, from the stored floats; the minimum
 * image along the axes in 'wrap' of the width x height domain) must be >= max(r_p, r_q).
 * Returns false when out of memory (report untouched). */
bool dp_points_check_min_distance(const dapple_point *pts, size_t n, double width, double height,
                                  dp_wrap wrap, dp_pair_report *report);

/** Fraction of probes on a step x step lattice (probe centres, leaving out a band of
 * 'border' at the edges that do not wrap) where a new point would still fit: farther than
 * max(r(probe), r_q) from every point q. r(probe) is read from 'field', or taken as 0 when
 * field is NULL (then: outside every disc of radius r_q); probes where the field allows
 * no point are left out. Returns -1 when out of memory. */
double dp_points_uncovered(const dapple_point *pts, size_t n, double width, double height,
                           dp_wrap wrap, double border, double step, const dapple_field *field);

#endif
