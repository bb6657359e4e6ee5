/* SPDX-License-Identifier: MIT
 * A disc: the shape the power diagrams weigh (by r^2), the lens gradients fill and the
 * per-pixel painters visit. */
#ifndef DP_DISC_H
#define DP_DISC_H

/** A disc: centre and radius, pixels. */
typedef struct dp_disc {
    double x, y, r;
} dp_disc;

#endif
