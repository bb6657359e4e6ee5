/* SPDX-License-Identifier: MIT
 * The radius field's insides, shared with the sampler so that its hot loop can read the
 * raster without a function call. A field is a gw x gh raster of v in [0, 1] (after
 * Perlin/image, invert and dilation) whose pixel centres cover the domain; lookups are
 * bilinear and r = rmin + v (rmax - rmin). A constant field has no raster (v = 1). */
#ifndef DP_FIELD_H
#define DP_FIELD_H

#include <math.h>
#include <stdbool.h>

#include "core/dp.h"

#define DP_FIELD_MAX_SIDE   4096     /* Perlin rasters: at most this many samples a side */
#define DP_FIELD_MAX_PIXELS (1 << 26) /* image fields: refuse larger images */

struct dapple_field {
    dapple_field_kind kind;
    double width, height;
    double rmin, rmax;
    bool periodic;
    float *v;              /* gw * gh values in [0, 1]; NULL for a constant field */
    int gw, gh;
    double inv_sx, inv_sy; /* raster pixels per domain unit */
    double ulim, wlim;     /* gw - 1 and gh - 1: the fast lookup's bounds */
    /* an upper bound on |grad r| anywhere, in radius per domain unit (0 for a constant
     * field): the steepest bilinear patch, found once with the raster */
    double slope;
};

static inline int dp_field_wrap(int i, int n)
{
    i %= n;
    return i < 0 ? i + n : i;
}

/** Bilinear v at (x, y) near the raster's edges (or beyond): clamped to the edge pixels,
 * or wrapped when periodic. Out of line: the hot loops take the fast path below. */
double dp_field_value_edge(const dapple_field *f, double x, double y);

/** Bilinear v at raster coordinates (us, ws) = (x * inv_sx - 0.5, y * inv_sy - 0.5),
 * which must lie in [0, ulim) x [0, wlim): no clamping, no wrapping, truncation is floor. */
static inline double dp_field_bilinear(const dapple_field *f, double us, double ws)
{
    int i = (int)us, j = (int)ws;
    double a = us - i, b = ws - j;
    const float *r0 = f->v + (size_t)j * (size_t)f->gw + i, *r1 = r0 + f->gw;
    double v00 = r0[0], v01 = r0[1], v10 = r1[0], v11 = r1[1];
    double top = v00 + a * (v01 - v00), bot = v10 + a * (v11 - v10);
    return top + b * (bot - top);
}

/** Bilinear v at (x, y). */
static inline double dp_field_value_at(const dapple_field *f, double x, double y)
{
    if (f->v == NULL)
        return 1.0;
    double us = x * f->inv_sx - 0.5, ws = y * f->inv_sy - 0.5;
    if (!(us >= 0 && ws >= 0 && us < f->ulim && ws < f->wlim))
        return dp_field_value_edge(f, x, y);
    return dp_field_bilinear(f, us, ws);
}

/** The radius at (x, y), always inside [rmin, rmax]. */
static inline double dp_field_r_at(const dapple_field *f, double x, double y)
{
    double r = f->rmin + dp_field_value_at(f, x, y) * (f->rmax - f->rmin);
    return DP_MIN(DP_MAX(r, f->rmin), f->rmax);
}

#endif
