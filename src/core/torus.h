/* SPDX-License-Identifier: MIT
 * Positions and grid cells on a pane that may wrap (a torus, or across only), as the grown
 * processes (breath figures, rain, frost) keep them: floor-based, so a coordinate any
 * number of panes away comes back, bit for bit the same in each of them. Every helper
 * works on one axis and takes whether that axis wraps: w.x of the pane's dp_wrap for
 * what lies across, w.y for what lies down. */
#ifndef DP_TORUS_H
#define DP_TORUS_H

#include <math.h>
#include <stdbool.h>

#include "core/dp.h"
#include "core/wrap.h"

/** The shorter way from a to a + d along an axis of length n when it wraps, else d. */
static inline double dp_torus_delta(double d, double n, bool wraps)
{
    return wraps ? d - n * floor(d / n + 0.5) : d;
}

/** v brought into [0, n). */
static inline double dp_torus_pos(double v, double n)
{
    v -= n * floor(v / n);
    return v >= n ? 0 : v; /* -tiny + n rounds to n */
}

/** The cells [*a, *b] covering [lo, hi] on an axis of n cells of size c (all n when the
 * span is wider than the pane; clamped to the pane when it does not wrap). */
static inline void dp_torus_cells(double lo, double hi, double c, int n, bool wraps, int *a, int *b)
{
    *a = (int)floor(lo / c);
    *b = (int)floor(hi / c);
    if (wraps && *b - *a + 1 > n)
        *a = 0, *b = n - 1;
    if (!wraps)
        *a = DP_MAX(*a, 0), *b = DP_MIN(*b, n - 1);
}

/** Cell i of an axis of n, wrapped. */
static inline int dp_torus_cell(int i, int n)
{
    return ((i % n) + n) % n;
}

#endif
