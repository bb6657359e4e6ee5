/* SPDX-License-Identifier: MIT
 * Brute-force-by-bins checkers. Points are counting-sorted (core/bins.h, a compressed-row
 * layout, unlike the sampler's linked lists) into cells no narrower than the largest
 * radius, then every pair in neighbouring cells is measured. Wrapping uses the minimum
 * image, the same definition the sampler promises. */
#include "stats/points_check.h"

#include <math.h>

#include "core/bins.h"
#include "core/dp.h"

static int axis_cells(double extent, double reach, bool wraps, double cap)
{
    double n = wraps ? floor(extent / reach) : ceil(extent / reach);
    return (int)DP_MIN(DP_MAX(n, 1.0), cap);
}

/* Along a bounded axis, the cells cover the domain from 0 in steps of at least reach (the
 * last one reaching past the edge); along one that wraps, they split it evenly, each at
 * least reach wide. */
static bool bins_build(dp_bins *b, const dapple_point *p, size_t n, double w, double h,
                       double reach, dp_wrap wrap)
{
    double cap = dp_bins_max_side(n);
    int gw = axis_cells(w, reach, wrap.x, cap), gh = axis_cells(h, reach, wrap.y, cap);
    double cw = wrap.x ? w / gw : DP_MAX(reach, w / gw);
    double ch = wrap.y ? h / gh : DP_MAX(reach, h / gh);
    *b = (dp_bins){ .pts = p,
                    .width = w,
                    .height = h,
                    .wrap = wrap,
                    .gw = gw,
                    .gh = gh,
                    .inv_cw = 1 / cw,
                    .inv_ch = 1 / ch };
    return dp_bins_build_grid(b, n);
}

/* Distinct neighbour cells of c along an axis of n cells: up to 3, fewer when wrapping
 * would visit a cell twice. */
static int neighbours(int c, int n, bool wraps, int out[3])
{
    int k = 0;
    for (int d = -1; d <= 1; d++) {
        int v = c + d;
        if (wraps)
            v = (v + n) % n;
        else if (v < 0 || v >= n)
            continue;
        bool seen = false;
        for (int i = 0; i < k; i++)
            seen |= out[i] == v;
        if (!seen)
            out[k++] = v;
    }
    return k;
}

static double gap(double d, double extent, bool wraps)
{
    d = fabs(d);
    return (wraps && d > 0.5 * extent) ? extent - d : d;
}

static double max_radius(const dapple_point *p, size_t n)
{
    double m = 0;
    for (size_t i = 0; i < n; i++)
        m = DP_MAX(m, (double)p[i].r);
    return m;
}

static void check_pair(const dapple_point *p, size_t i, size_t j, double w, double h, dp_wrap wrap,
                       dp_pair_report *rep)
{
    double dx = gap((double)p[i].x - (double)p[j].x, w, wrap.x);
    double dy = gap((double)p[i].y - (double)p[j].y, h, wrap.y);
    double m = DP_MAX(p[i].r, p[j].r), d2 = dx * dx + dy * dy;
    if (d2 >= 4 * m * m)
        return;
    rep->worst = DP_MIN(rep->worst, sqrt(d2) / m);
    if (d2 < m * m && rep->violations++ == 0)
        rep->i = i, rep->j = j;
}

static void check_point(const dp_bins *b, const dapple_point *p, size_t i, double w, double h,
                        dp_wrap wrap, dp_pair_report *rep)
{
    int xs[3], ys[3];
    int nx = neighbours(dp_bins_column(b, p[i].x), b->gw, wrap.x, xs);
    int ny = neighbours(dp_bins_row(b, p[i].y), b->gh, wrap.y, ys);
    for (int a = 0; a < ny; a++)
        for (int c = 0; c < nx; c++) {
            size_t cell = (size_t)ys[a] * b->gw + xs[c];
            for (size_t s = b->start[cell]; s < b->start[cell + 1]; s++)
                if (b->idx[s] > i)
                    check_pair(p, i, b->idx[s], w, h, wrap, rep);
        }
}

bool dp_points_check_min_distance(const dapple_point *pts, size_t n, double width, double height,
                                  dp_wrap wrap, dp_pair_report *report)
{
    dp_pair_report rep = { .worst = 1e300 };
    dp_bins b = { 0 };
    if (!bins_build(&b, pts, n, width, height, DP_MAX(max_radius(pts, n), 1e-9), wrap)) {
        dp_bins_fini(&b);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        double x = pts[i].x, y = pts[i].y;
        if (!(x >= 0 && x < width && y >= 0 && y < height))
            rep.out_of_domain++;
        check_point(&b, pts, i, width, height, wrap, &rep);
    }
    dp_bins_fini(&b);
    *report = rep;
    return true;
}

/* Whether point q lies within max(rx, r_q) of (x, y). */
static bool covers(const dapple_point *q, double x, double y, double rx, double w, double h,
                   dp_wrap wrap)
{
    double dx = gap(x - (double)q->x, w, wrap.x);
    double dy = gap(y - (double)q->y, h, wrap.y);
    double m = DP_MAX(rx, (double)q->r);
    return dx * dx + dy * dy <= m * m;
}

/* The index of a point covering (x, y), or SIZE_MAX when the probe is open. */
static size_t probe_cover(const dp_bins *b, const dapple_point *p, double x, double y, double rx,
                          double w, double h, dp_wrap wrap)
{
    int xs[3], ys[3];
    int nx = neighbours(dp_bins_column(b, x), b->gw, wrap.x, xs);
    int ny = neighbours(dp_bins_row(b, y), b->gh, wrap.y, ys);
    for (int a = 0; a < ny; a++)
        for (int c = 0; c < nx; c++) {
            size_t cell = (size_t)ys[a] * b->gw + xs[c];
            for (size_t s = b->start[cell]; s < b->start[cell + 1]; s++)
                if (covers(&p[b->idx[s]], x, y, rx, w, h, wrap))
                    return b->idx[s];
        }
    return SIZE_MAX;
}

double dp_points_uncovered(const dapple_point *pts, size_t n, double width, double height,
                           dp_wrap wrap, double border, double step, const dapple_field *field)
{
    double reach = DP_MAX(max_radius(pts, n), field ? dapple_field_rmax(field) : 0.0);
    dp_bins b = { 0 };
    if (!bins_build(&b, pts, n, width, height, DP_MAX(reach, 1e-9), wrap)) {
        dp_bins_fini(&b);
        return -1;
    }
    double lx = wrap.x ? 0 : border, ly = wrap.y ? 0 : border;
    size_t probes = 0, open = 0, last = SIZE_MAX;
    for (double y = ly + 0.5 * step; y < height - ly; y += step)
        for (double x = lx + 0.5 * step; x < width - lx; x += step) {
            if (field && !dapple_field_allowed_at(field, x, y))
                continue; /* no point may lie here: neither covered nor open */
            double rx = field ? dapple_field_radius_at(field, x, y) : 0.0;
            probes++;
            /* neighbouring probes are mostly covered by the same point: try it first */
            if (last != SIZE_MAX && covers(&pts[last], x, y, rx, width, height, wrap))
                continue;
            last = probe_cover(&b, pts, x, y, rx, width, height, wrap);
            open += last == SIZE_MAX;
        }
    dp_bins_fini(&b);
    return probes ? (double)open / (double)probes : 0.0;
}
