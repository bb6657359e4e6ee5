/* SPDX-License-Identifier: MIT
 * Per-point size spread: how much of its room (the drawn radius scale * r) a point fills.
 * The factor is a pure function of the seed and the point's stored position, so it does not
 * depend on threads, regions or the order of the points. It never exceeds 1, so a spread
 * can only shrink shapes: the sampler's pair rule (|pq| >= max(r_p, r_q)) with scale <= 0.5
 * still keeps every pair of drawn shapes apart. */
#ifndef DP_SIZE_SPREAD_H
#define DP_SIZE_SPREAD_H

#include <stdint.h>

#define DP_SIZE_BELL_WIDTH 0.1 /* standard deviation of the bell, as a fraction of the room */

typedef struct dp_size_spread {
    double jitter; /* factor times 1 - jitter * u, u uniform in [0, 1); 0 = off */
    double power;  /* > 0: factors drawn from a power law g^-power on [min, 1] ... */
    double min;    /* ... the smallest factor of the power law and the bell */
    double bell;   /* fraction of points drawn from a bell (normal) around 'mode' instead */
    double mode;   /* centre of the bell */
} dp_size_spread;

/** True when the spread leaves every factor at 1. */
int dp_size_spread_off(const dp_size_spread *s);

/** The size factor, in (0, 1], of the point stored as (x, y) under 'seed'. */
double dp_size_factor(const dp_size_spread *s, uint64_t seed, float x, float y);

#endif
