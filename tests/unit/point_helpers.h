/* SPDX-License-Identifier: MIT
 * What the layout tests measure on point sets: a median, and distances and nearest
 * neighbours on a torus of W x H. */
#ifndef DP_TEST_POINT_HELPERS_H
#define DP_TEST_POINT_HELPERS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>

#include "render/render.h"

static inline int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v. */
static inline double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* FNV-1a over the points' raw bytes: equal for the same points, bit for bit. */
static inline uint64_t points_fnv(const dapple_point *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n * sizeof *p; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

/* The gap |d| along an axis of length n: the shorter way round when the axis wraps. */
static inline double axis_gap(double d, double n, bool wraps)
{
    d = fabs(d);
    return wraps ? fmin(d, n - d) : d;
}

/* Squared minimum-image distance on a torus of w x h. */
static inline double torus_d2_in(double w, double h, double ax, double ay, double bx, double by)
{
    double dx = fabs(ax - bx), dy = fabs(ay - by);
    dx = fmin(dx, w - dx);
    dy = fmin(dy, h - dy);
    return dx * dx + dy * dy;
}

/* Index of point i's nearest neighbour among lp's points, on a torus of w x h. */
static inline size_t nearest_in(const dp_layer_points *lp, size_t i, double w, double h)
{
    size_t best = i;
    double bd = INFINITY;
    for (size_t j = 0; j < lp->count; j++) {
        double d = torus_d2_in(w, h, lp->points[i].x, lp->points[i].y, lp->points[j].x,
                               lp->points[j].y);
        if (j != i && d < bd)
            bd = d, best = j;
    }
    return best;
}

#endif
