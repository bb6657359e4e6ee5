/* SPDX-License-Identifier: MIT
 * The polygon that stands in for a large dilation disc: a zonotope, the Minkowski sum of
 * lattice segments {k (a, b) : |k| <= n}, one per direction. */
#ifndef DP_MORPH_PLAN_H
#define DP_MORPH_PLAN_H

#define DP_MORPH_DIRS 16 /* directions at most: a 32-gon */

typedef struct dp_morph_plan {
    int k;                /* directions used */
    int a[DP_MORPH_DIRS]; /* pixel step (a, b): primitive, b > 0 or (a, b) = (1, 0), */
    int b[DP_MORPH_DIRS]; /* in order of angle */
    int n[DP_MORPH_DIRS]; /* steps each way */
    double r_in, r_out;   /* inscribed and circumscribed radii, in domain units */
} dp_morph_plan;

/** Fills *p with the zonotope closest to the disc of 'radius' (> 0) domain units, pixels
 * being sx x sy units: r_in <= radius <= r_out, as tight as the step counts allow. Its
 * lattice points are exactly the zonotope's (2-D lattice polygons add point by point). */
void dp_morph_plan_polygon(dp_morph_plan *p, double sx, double sy, double radius);

#endif
