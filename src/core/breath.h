/* SPDX-License-Identifier: MIT
 * Breath figures: condensation grown the way dew forms on cold glass. Nuclei appear on
 * free glass, every drop grows by the same radius per step (vapour deposited on its cap:
 * dV ~ R^2 dR), and touching drops merge into one holding both volumes (V ~ R^3) at the
 * volumes' centre; the glass a merge frees nucleates again. That alone gives the scaling
 * state of Family & Meakin (1988): a bell of large drops over a power law of small ones,
 * each large drop in a halo of young, tiny ones, coverage near 0.55. */
#ifndef DP_BREATH_H
#define DP_BREATH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dapple.h"
#include "core/wrap.h"

/* Drops never end larger than this times r_end (the last merges are capped to it). */
#define DP_BREATH_OVERSHOOT   1.5
#define DP_BREATH_RATE_SPREAD 0.7

/* A drop of the simulation, in doubles (the output points are floats). */
typedef struct dp_breath_drop {
    double x, y, r;
} dp_breath_drop;

typedef struct dp_breath_opts {
    double width, height; /* the pane, pixels */
    dp_wrap wrap;         /* the axes that wrap: distances and merges wrap there (tileable) */
    uint64_t seed;
    double r0;                /* radius of a nucleus, > 0 */
    double r_end;             /* the age: stop once the largest drop reaches this radius (> r0) */
    double cover;             /* or once drops cover this fraction of the pane (0 = no such stop) */
    size_t max_drops;         /* refused (DAPPLE_E_LIMIT) if the pane would hold more */
    const dapple_field *rate; /* optional, borrowed: colder glass where its radius is high;
                                 drops there grow up to 1 / (1 - DP_BREATH_RATE_SPREAD)
                                 times faster, so the figure's age varies over the pane */
} dp_breath_opts;

/** Grows a breath figure. On success *out (caller frees) holds *n drops as {x, y, r} with x
 * in [0, width), y in [0, height), r the contact radius; no two overlap (|pq| >= r_p + r_q,
 * wrapped along the axes that wrap). Same options, same drops on every machine. */
DAPPLE_USERESULT dapple_status dp_breath_run(const dp_breath_opts *o, dapple_point **out, size_t *n,
                                             dapple_error *err);

/** The drop two touching drops make: both volumes (~ r^3) at their centre of volume,
 * measured the shorter way round and wrapped into the pane along the axes that wrap. */
dp_breath_drop dp_breath_merged(dp_breath_drop a, dp_breath_drop b, double width, double height,
                                dp_wrap wrap);

#endif
