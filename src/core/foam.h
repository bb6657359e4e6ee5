/* SPDX-License-Identifier: MIT
 * Bubbles that gather into clusters and foams: a relaxation of disc centres under the
 * surface tension of the films between them. */
#ifndef DP_FOAM_H
#define DP_FOAM_H

#include <stdbool.h>
#include <stddef.h>

#include "core/power_walls.h"
#include "dapple.h"

typedef struct dp_foam_opts {
    double width, height;
    dp_wrap wrap;   /* the axes that wrap */
    int iterations; /* 0: the default, 150 */
} dp_foam_opts;

/** Moves the centres of d[0 .. n) (radii kept): each disc with join[i] bonds with its
 * nearest joining neighbours and is pulled or pushed to the distance at which their films
 * meet at 120 degrees (Plateau: sqrt(a^2 + b^2 - a b) for radii a and b) from them; a disc
 * is pushed off any other it is not bonded to until they no longer overlap (joining pairs:
 * until that distance). Deterministic; O(n) per iteration. */
dapple_status dp_foam_relax(dp_disc *d, const bool *join, size_t n, const dp_foam_opts *o,
                            dapple_error *err);

#endif
