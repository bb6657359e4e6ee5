/* SPDX-License-Identifier: MIT
 * A polygon for a large disc: 16 lattice directions, picked nearest to every 11.25
 * degrees in domain units, each a periodic line {k (a, b) : |k| <= n} (Jones & Soille
 * 1996; Adams 1993 for discs from periodic lines). Their Minkowski sum is a zonotope,
 * and the step counts n are chosen so that its inscribed and circumscribed circles
 * straddle the disc as closely as they can: first the circumscribed polygon's edge
 * lengths, rounded, then single and paired +-1 changes while they help.
 * Only + - * / and sqrt: the same plan, bit for bit, on every machine. */
#include "core/morph_plan.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "core/dp.h"

/* cos, sin of k pi / 16 for k = 0..8; the other half mirrors. */
static const double IDEAL[9][2] = {
    { 1.0, 0.0 },
    { 0.9807852804032304, 0.19509032201612825 },
    { 0.9238795325112867, 0.3826834323650898 },
    { 0.8314696123025452, 0.5555702330196022 },
    { 0.7071067811865476, 0.7071067811865476 },
    { 0.5555702330196022, 0.8314696123025452 },
    { 0.3826834323650898, 0.9238795325112867 },
    { 0.19509032201612825, 0.9807852804032304 },
    { 0.0, 1.0 },
};

static int gcd(int a, int b)
{
    while (b != 0) {
        int t = a % b;
        a = b, b = t;
    }
    return a;
}

/* The primitive step, up to 'lim' a side, whose domain direction is nearest (c, s) up to
 * sign; the first found wins a tie. */
static void nearest_step(double c, double s, double sx, double sy, int lim, int *pa, int *pb)
{
    double best = -1;
    for (int b = 0; b <= lim; b++)
        for (int a = -lim; a <= lim; a++) {
            if (gcd(abs(a), b) != 1 || (b == 0 && a != 1))
                continue;
            double ux = a * sx, uy = b * sy, dot = ux * c + uy * s;
            double cos2 = dot * dot / (ux * ux + uy * uy);
            if (cos2 > best)
                best = cos2, *pa = a, *pb = b;
        }
}

/* u before v in angle, both in [0, pi). */
static bool before(const dp_morph_plan *p, int i, int j, double sx, double sy)
{
    return (p->a[i] * sx) * (p->b[j] * sy) - (p->b[i] * sy) * (p->a[j] * sx) > 0;
}

static void swap_dirs(dp_morph_plan *p, int i, int j)
{
    int a = p->a[i], b = p->b[i];
    p->a[i] = p->a[j], p->b[i] = p->b[j];
    p->a[j] = a, p->b[j] = b;
}

/* Nearest steps to the 16 ideal directions, without repeats, sorted by angle. Longer
 * steps are allowed when pixels are out of square, so directions stay spread; not much
 * longer, as long steps leave lattice gaps near the edge of their sum. */
static void pick_directions(dp_morph_plan *p, double sx, double sy)
{
    int lim = (int)DP_MIN(ceil(2 * DP_MAX(sx / sy, sy / sx)) + 2, 16.0);
    p->k = 0;
    for (int k = 0; k < 16; k++) {
        double c = k <= 8 ? IDEAL[k][0] : -IDEAL[16 - k][0];
        double s = k <= 8 ? IDEAL[k][1] : IDEAL[16 - k][1];
        int a = 1, b = 0, seen = 0;
        nearest_step(c, s, sx, sy, lim, &a, &b);
        for (int j = 0; j < p->k; j++)
            seen |= p->a[j] == a && p->b[j] == b;
        if (!seen)
            p->a[p->k] = a, p->b[p->k] = b, p->k++;
    }
    for (int i = 1; i < p->k; i++)
        for (int j = i; j > 0 && before(p, j, j - 1, sx, sy); j--)
            swap_dirs(p, j, j - 1);
}

/* tan of half the angle from u to v (0 < angle < pi). */
static double tan_half(double ux, double uy, double vx, double vy)
{
    return (ux * vy - uy * vx) /
           (sqrt((ux * ux + uy * uy) * (vx * vx + vy * vy)) + ux * vx + uy * vy);
}

/* Step counts of the polygon circumscribed about the disc, rounded: edge j's length is
 * r (tan of half the turn before it + tan of half the turn after it). */
static void tangent_steps(dp_morph_plan *p, double sx, double sy, double r)
{
    int k = p->k;
    for (int j = 0; j < k; j++) {
        int i = (j + k - 1) % k, l = (j + 1) % k;
        double ux = p->a[j] * sx, uy = p->b[j] * sy;
        double px = p->a[i] * sx, py = p->b[i] * sy, nx = p->a[l] * sx, ny = p->b[l] * sy;
        if (j == 0) /* the turn before the first edge comes from the last, reversed */
            px = -px, py = -py;
        if (j == k - 1)
            nx = -nx, ny = -ny;
        double half = r * (tan_half(px, py, ux, uy) + tan_half(ux, uy, nx, ny)) / 2;
        p->n[j] = (int)floor(half / sqrt(ux * ux + uy * uy) + 0.5);
    }
}

/* The polygon's inscribed and circumscribed radii for step counts n, into *r_in, *r_out. */
static void morph_plan_radii(const dp_morph_plan *p, double sx, double sy, double *r_in,
                             double *r_out)
{
    double vx = 0, vy = 0, in = INFINITY, out = 0;
    for (int j = 0; j < p->k; j++) {
        double ux = p->a[j] * sx, uy = p->b[j] * sy, h = 0;
        vx -= p->n[j] * ux, vy -= p->n[j] * uy;
        if (p->n[j] == 0)
            continue;
        for (int i = 0; i < p->k; i++) /* support along edge j's normal */
            h += p->n[i] * fabs((p->a[i] * sx) * uy - (p->b[i] * sy) * ux);
        in = DP_MIN(in, h / sqrt(ux * ux + uy * uy));
    }
    /* The vertices: from -(sum of generators), each edge in angle order in turn. */
    for (int j = 0; j <= p->k; j++) {
        out = DP_MAX(out, sqrt(vx * vx + vy * vy));
        if (j < p->k)
            vx += 2 * p->n[j] * p->a[j] * sx, vy += 2 * p->n[j] * p->b[j] * sy;
    }
    *r_in = isinf(in) ? 0 : in;
    *r_out = out;
}

static double misfit(const dp_morph_plan *p, double sx, double sy, double r)
{
    double in, out;
    morph_plan_radii(p, sx, sy, &in, &out);
    return DP_MAX(out / r - 1, 1 - in / r);
}

/* The axis steps keep n >= 1: a 2-D box to start from is what makes the sum's lattice
 * points those of the continuous polygon. */
static int least_steps(const dp_morph_plan *p, int j)
{
    return (p->a[j] == 0 || p->b[j] == 0) ? 1 : 0;
}

/* Misfit after adding one step to 'up' and taking one from 'down' (-1: neither). */
static double try_move(dp_morph_plan *p, int up, int down, double sx, double sy, double r)
{
    if (down >= 0 && p->n[down] <= least_steps(p, down))
        return INFINITY;
    if (up >= 0)
        p->n[up]++;
    if (down >= 0)
        p->n[down]--;
    double m = misfit(p, sx, sy, r);
    if (up >= 0)
        p->n[up]--;
    if (down >= 0)
        p->n[down]++;
    return m;
}

/* Makes the best single (+1 or -1) or paired (+1 here, -1 there) change when it lowers
 * the misfit; false when none does. */
static bool improve(dp_morph_plan *p, double sx, double sy, double r, double *fit)
{
    int best_up = -1, best_down = -1;
    double best = *fit;
    for (int up = -1; up < p->k; up++)
        for (int down = -1; down < p->k; down++) {
            if (up == down)
                continue;
            double m = try_move(p, up, down, sx, sy, r);
            if (m < best - 1e-12)
                best = m, best_up = up, best_down = down;
        }
    if (best_up < 0 && best_down < 0)
        return false;
    if (best_up >= 0)
        p->n[best_up]++;
    if (best_down >= 0)
        p->n[best_down]--;
    *fit = best;
    return true;
}

void dp_morph_plan_polygon(dp_morph_plan *p, double sx, double sy, double radius)
{
    pick_directions(p, sx, sy);
    tangent_steps(p, sx, sy, radius);
    for (int j = 0; j < p->k; j++)
        p->n[j] = DP_MAX(p->n[j], least_steps(p, j));
    double fit = misfit(p, sx, sy, radius);
    for (int round = 0; round < 1000 && improve(p, sx, sy, radius, &fit); round++)
        continue;
    morph_plan_radii(p, sx, sy, &p->r_in, &p->r_out);
}
