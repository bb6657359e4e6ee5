/* SPDX-License-Identifier: MIT
 * The pair rule and nearest neighbours, through bins (never all pairs). A pair belongs to
 * its point of larger r (the lower index on a tie): that point's walk, reaching 2 r, is
 * the only one that counts it, so every pair is counted once and none is missed (a pair
 * closer than max(r) is within reach of the point whose r is the max). Nearest
 * neighbours grow the walk by doubling until the best found lies within it. The pairs
 * within reach (closer than 2 r of their owner) are at most about 20 per point in a set
 * that keeps the rule; a set whose r dwarfs its spacing (--radius 4096 over 916 k points)
 * has all N^2 / 2 within reach, so measuring stops at a cap the report states. */
#include "stats/stats.h"

#include <math.h>

#include "core/dp.h"
#include "core/bins.h"

static double dist2(const dp_bins *b, const dapple_point *p, const dapple_point *q)
{
    double dx = dp_bins_dx(b, p->x, q->x);
    double dy = dp_bins_dy(b, p->y, q->y);
    return dx * dx + dy * dy;
}

/* True when the pair (i, j) is i's to count: i has the larger r, or the same and i < j. */
static bool owns(const dapple_point *p, size_t i, size_t j)
{
    return p[i].r > p[j].r || (p[i].r == p[j].r && i < j);
}

/* The first close pair is the first in file order (lowest i, then j), whatever order
 * the cells are walked in. */
static bool earlier(size_t i, size_t j, const dp_stats_pairs *out)
{
    return i < out->first_i || (i == out->first_i && j < out->first_j);
}

/* Measures the pairs point i owns; false once the cap on pairs within reach is hit. */
static bool pairs_of(const dp_bins *b, size_t i, size_t cap, dp_stats_pairs *out)
{
    const dapple_point *p = b->pts;
    double r = p[i].r;
    dp_bins_walk w;
    size_t j;
    dp_bins_walk_start(&w, b, p[i].x, p[i].y, 2 * r);
    while (dp_bins_walk_next(&w, &j)) {
        if (j == i || !owns(p, i, j))
            continue;
        double d2 = dist2(b, &p[i], &p[j]);
        if (d2 >= 4 * r * r)
            continue;
        if (out->within_reach++ == cap)
            return false;
        out->worst = DP_MIN(out->worst, sqrt(d2) / r);
        if (d2 < r * r && out->close_max++ == 0)
            out->first_i = DP_MIN(i, j), out->first_j = DP_MAX(i, j);
        else if (d2 < r * r && earlier(DP_MIN(i, j), DP_MAX(i, j), out))
            out->first_i = DP_MIN(i, j), out->first_j = DP_MAX(i, j);
        if (d2 < (double)p[j].r * (double)p[j].r)
            out->close_min++;
    }
    return true;
}

/* The distance from point i to its nearest other point. */
static double nearest(const dp_bins *b, size_t i, double start)
{
    const dapple_point *p = b->pts;
    double best2 = INFINITY, limit = hypot(b->width, b->height);
    for (double reach = start;; reach *= 2) {
        dp_bins_walk w;
        size_t j;
        dp_bins_walk_start(&w, b, p[i].x, p[i].y, reach);
        while (dp_bins_walk_next(&w, &j))
            if (j != i)
                best2 = DP_MIN(best2, dist2(b, &p[i], &p[j]));
        if (best2 <= reach * reach || reach > limit)
            return sqrt(best2);
    }
}

static void spacing(const dp_bins *b, size_t n, double area, dp_stats_pairs *out)
{
    double sum = 0, sum2 = 0, d_min = INFINITY, start = sqrt(area / (double)n);
    for (size_t i = 0; i < n; i++) {
        double d = nearest(b, i, start);
        double q = d / (double)b->pts[i].r;
        d_min = DP_MIN(d_min, d);
        sum += q;
        sum2 += q * q;
    }
    out->d_min = d_min;
    out->rho = d_min / sqrt(2 * area / (sqrt(3.0) * (double)n));
    out->nn_mean = sum / (double)n;
    double var = DP_MAX(sum2 / (double)n - out->nn_mean * out->nn_mean, 0.0);
    out->nn_cv = sqrt(var) / out->nn_mean;
}

dapple_status dp_stats_pairs_run(const dp_stats_set *s, dp_stats_pairs *out, dapple_error *err)
{
    const dapple_point *p = s->pts;
    double rsum = 0;
    *out = (dp_stats_pairs){ .worst = 2, .r_constant = true };
    for (size_t i = 0; i < s->n; i++) {
        rsum += (double)p[i].r;
        out->r_constant &= p[i].r == p[0].r;
        double x = p[i].x, y = p[i].y;
        out->outside += !(x >= 0 && x < s->width && y >= 0 && y < s->height);
    }
    dp_bins b, nb = { 0 };
    double area = s->width * s->height, spread = sqrt(area / (double)s->n);
    /* cells of the mean r: one point of r 4096 among 667 k of r 4 must not put every
     * point in one cell (its own walk spans many; the others' stay small) */
    double cell = DP_MAX(rsum / (double)s->n, spread);
    /* nearest neighbours lie about 'spread' apart whatever r says: cells sized by a huge r
     * would hold every point, and each search would measure them all */
    bool own = cell > 4 * spread;
    if (!dp_bins_build(&b, p, s->n, s->width, s->height, s->wrap, cell) ||
        (own && !dp_bins_build(&nb, p, s->n, s->width, s->height, s->wrap, spread))) {
        dp_bins_fini(&b), dp_bins_fini(&nb);
        return dp_fail(err, DAPPLE_E_NOMEM, "stats: out of memory binning %zu points", s->n);
    }
    out->cap = DP_STATS_PAIR_CAP_PER_POINT * s->n + DP_STATS_PAIR_CAP_BASE;
    for (size_t i = 0; i < s->n && !out->capped; i++)
        out->capped = !pairs_of(&b, i, out->cap, out);
    spacing(own ? &nb : &b, s->n, area, out);
    dp_bins_fini(&b), dp_bins_fini(&nb);
    return DAPPLE_OK;
}
