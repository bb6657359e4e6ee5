/* SPDX-License-Identifier: MIT
 * Snow on a sill (see snow_drift.h). Deposition of discs that slump into the snow under
 * them (Family, J. Phys. A 19, 1986; Meakin, "Fractals, scaling and growth far from
 * equilibrium", 1998, ch. 5): a clump of radius s dropped at x raises the profile to its top
 * arc over the mean height under it. Clumps are small mostly (s = lump (0.25 + 0.75 u^2)). Settling
 * moves snow down any slope steeper than REPOSE, half the excess at a time, sweeping left to right
 * in a fixed order so the result is deterministic. */
#include "core/snow_drift.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/rng.h"

#define REPOSE   1.0  /* steepest slope snow holds, dy / dx (45 degrees) */
#define FLAT     0.6  /* a landed clump is this much as tall as wide */
#define SETTLE   4000 /* at most this many settling sweeps */
#define CREEP    0.8  /* reach of the settling that rounds the top, in lumps (see soften) */
#define MAX_WIDE 1000000

static int col(const dp_snow_opts *o, int x)
{
    return o->wrap_x ? ((x % o->width) + o->width) % o->width : x;
}

/* Drops one clump of radius s at x0, flattened to FLAT s tall as it lands. A clump of
 * fresh flakes does not perch on the highest crystal under it: it slumps into the hollows,
 * resting at the mean height of the snow under it, and its upper arc is the new top where
 * that is higher (random deposition with surface relaxation, Family 1986: the top stays
 * lumpy at the clumps' scale and never grows the spires of rigid ballistic deposition). */
static void drop(const dp_snow_opts *o, float *h, double x0, double s)
{
    int a = (int)floor(x0 - s), b = (int)ceil(x0 + s);
    double centre = 0, weight = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int x = a; x <= b; x++) {
            int c = col(o, x);
            double dx = x + 0.5 - x0;
            if (c < 0 || c >= o->width || fabs(dx) > s)
                continue;
            double arc = FLAT * sqrt(s * s - dx * dx);
            if (pass == 0)
                centre += arc * (double)h[c], weight += arc;
            else
                h[c] = (float)DP_MAX((double)h[c], centre / DP_MAX(weight, 1e-9) + arc);
        }
}

/* One sweep of settling: true if any slope was steeper than the repose. */
static bool settle_sweep(const dp_snow_opts *o, float *h)
{
    bool moved = false;
    for (int x = 0; x < (o->wrap_x ? o->width : o->width - 1); x++) {
        int y = col(o, x + 1);
        double d = (double)h[x] - (double)h[y];
        if (fabs(d) <= REPOSE + 1e-3)
            continue;
        double move = (fabs(d) - REPOSE) / 2 * (d > 0 ? 1 : -1);
        h[x] = (float)((double)h[x] - move), h[y] = (float)((double)h[y] + move);
        moved = true;
    }
    return moved;
}

static void settle(const dp_snow_opts *o, float *h)
{
    for (int pass = 0; pass < SETTLE && settle_sweep(o, h); pass++)
        ;
}

/* One box pass of radius b (a running sum) over the profile, wrapping or clamping at the
 * ends. */
static void box(const dp_snow_opts *o, float *h, float *tmp, int b)
{
    int n = o->width;
    for (int x = 0; x < n; x++)
        tmp[x] = h[x];
    double sum = 0;
    for (int k = -b; k <= b; k++)
        sum += (double)tmp[o->wrap_x ? col(o, k) : DP_MAX(0, DP_MIN(n - 1, k))];
    for (int x = 0; x < n; x++) {
        h[x] = (float)(sum / (2 * b + 1));
        int in = x + b + 1, out = x - b;
        sum += (double)tmp[o->wrap_x ? col(o, in) : DP_MIN(n - 1, in)] -
               (double)tmp[o->wrap_x ? col(o, out) : DP_MAX(0, out)];
    }
}

/* Settled snow creeps and sinters: its grains bond and the surface rounds over hours, so a
 * sill's top is a soft swell, not the sawtooth of clumps at their angle of repose (as it was
 * before 0.9.0). Modelled as diffusion of the height (the relaxation of Edwards and
 * Wilkinson 1982) over a reach of CREEP lumps: three box passes of that radius, close to a
 * Gaussian of that deviation, in time linear in the width whatever the reach. */
static void soften(const dp_snow_opts *o, float *h, float *tmp)
{
    int b = (int)lround(DP_MIN(CREEP * o->lump, o->width / 2.0));
    for (int pass = 0; pass < 3 && b > 0; pass++)
        box(o, h, tmp, b);
}

dapple_status dp_snow_drift(const dp_snow_opts *o, float *height, dapple_error *err)
{
    if (o->width < 1 || o->width > MAX_WIDE || !(o->depth > 0) || !(o->lump > 0))
        return dp_fail(err, DAPPLE_E_INVALID, "snow: width %d, depth %g and lump %g", o->width,
                       o->depth, o->lump);
    float *tmp = dp_calloc_n((size_t)o->width, sizeof *tmp);
    if (tmp == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "snow: out of memory");
    dp_rng g;
    dp_rng_seed(&g, o->seed, 0x736e6f77u);
    for (int x = 0; x < o->width; x++)
        height[x] = 0;
    double sum = 0, want = o->depth * o->width;
    while (sum < want) {
        double u = dp_rng_unit(&g), s = o->lump * (0.25 + 0.75 * u * u);
        drop(o, height, o->width * dp_rng_unit(&g), s);
        sum = 0;
        for (int x = 0; x < o->width; x++)
            sum += (double)height[x];
    }
    settle(o, height);
    soften(o, height, tmp);
    free(tmp);
    return DAPPLE_OK;
}
