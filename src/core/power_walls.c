/* SPDX-License-Identifier: MIT
 * Power-diagram walls (see power_walls.h). For discs (0, a) and (o, b), |o| = D, the line
 * of equal power is p . o / D = (D^2 + a^2 - b^2) / (2 D): perpendicular to the centres'
 * line, through the chord where the circles cross. Cell i's angle at the meeting of the
 * walls of i, j, k is 180 degrees less the angle at c_i of the triangle of centres, since
 * each wall is perpendicular to a side (Aurenhammer 1987); it is 120 for an equilateral
 * triangle, as Plateau's laws want of a foam. The index is a grid of cells 2 rmax wide. */
#include "core/power_walls.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"

#define MAX_SIDE 1024 /* grid cells per axis */

struct dp_walls {
    dp_disc *d;
    size_t n;
    size_t *start, *idx; /* discs of cell c: idx[start[c] .. start[c + 1]) */
    int gw, gh;
    double w, h, rmax;
    dp_wrap wrap;
};

static int cell_of(double v, double extent, int cells)
{
    int c = (int)floor(v / extent * cells);
    return c < 0 ? 0 : c >= cells ? cells - 1 : c;
}

static size_t cell_at(const dp_walls *w, const dp_disc *d)
{
    return (size_t)cell_of(d->y, w->h, w->gh) * (size_t)w->gw + (size_t)cell_of(d->x, w->w, w->gw);
}

static bool build(dp_walls *w)
{
    size_t cells = (size_t)w->gw * (size_t)w->gh;
    w->start = calloc(cells + 1, sizeof *w->start);
    w->idx = calloc(w->n + 1, sizeof *w->idx);
    if (w->start == NULL || w->idx == NULL)
        return false;
    for (size_t i = 0; i < w->n; i++)
        w->start[cell_at(w, &w->d[i]) + 1]++;
    for (size_t c = 0; c < cells; c++)
        w->start[c + 1] += w->start[c];
    size_t *fill = calloc(cells, sizeof *fill);
    if (fill == NULL)
        return false;
    for (size_t i = 0; i < w->n; i++) {
        size_t c = cell_at(w, &w->d[i]);
        w->idx[w->start[c] + fill[c]++] = i;
    }
    free(fill);
    return true;
}

dp_walls *dp_walls_new(const dp_disc *d, size_t n, double width, double height, dp_wrap wrap)
{
    dp_walls *w = calloc(1, sizeof *w);
    if (w == NULL)
        return NULL;
    *w = (dp_walls){ .n = n, .w = width, .h = height, .wrap = wrap };
    w->d = dp_calloc_n(n + 1, sizeof *w->d);
    for (size_t i = 0; w->d != NULL && i < n; i++) {
        w->d[i] = d[i];
        w->rmax = DP_MAX(w->rmax, d[i].r);
    }
    double g = DP_MAX(1.0, 2 * w->rmax);
    w->gw = (int)DP_MAX(1.0, DP_MIN((double)MAX_SIDE, floor(width / g)));
    w->gh = (int)DP_MAX(1.0, DP_MIN((double)MAX_SIDE, floor(height / g)));
    if (w->d == NULL || !build(w)) {
        dp_walls_free(w);
        return NULL;
    }
    return w;
}

void dp_walls_free(dp_walls *w)
{
    if (w == NULL)
        return;
    free(w->d);
    free(w->start);
    free(w->idx);
    free(w);
}

/* The wall between a disc centred at the origin of radius a and one at (ox, oy) of radius
 * b (its centre's offset from the first): the first's side is where the signed distance is
 * negative. False when the discs do not overlap (or share a centre): no wall. */
static bool wall_between(double a, double ox, double oy, double b, dp_wall *out)
{
    double d = sqrt(ox * ox + oy * oy);
    if (!(d > 1e-9) || d >= a + b)
        return false;
    *out = (dp_wall){ ox / d, oy / d, (d * d + a * a - b * b) / (2 * d) };
    return true;
}

double dp_wall_length(double a, double ox, double oy, double b, const double *nx, const double *ny,
                      const double *nr, int n)
{
    dp_wall w;
    if (!wall_between(a, ox, oy, b, &w) || w.c * w.c >= a * a)
        return 0;
    /* the chord p(s) = p0 + s e, |s| <= h; disc m claims where its power is lower, which
       is linear in s: A - B s < 0 */
    double px = w.nx * w.c, py = w.ny * w.c, ex = -w.ny, ey = w.nx, h = sqrt(a * a - w.c * w.c);
    double lo = -h, hi = h;
    for (int m = 0; m < n && lo < hi; m++) {
        double A = -2 * (px * nx[m] + py * ny[m]) + nx[m] * nx[m] + ny[m] * ny[m] - nr[m] * nr[m] +
                   a * a;
        double B = 2 * (ex * nx[m] + ey * ny[m]);
        if (fabs(B) < 1e-12) {
            if (A < -1e-9)
                return 0;
        } else if (B > 0) {
            hi = DP_MIN(hi, A / B);
        } else {
            lo = DP_MAX(lo, A / B);
        }
    }
    return hi > lo ? hi - lo : 0;
}

/* The offset from (x, y) to disc j: the nearest copy along the axes that wrap. */
static void offset_to(const dp_walls *w, size_t j, double x, double y, double *ox, double *oy)
{
    *ox = w->d[j].x - x, *oy = w->d[j].y - y;
    if (w->wrap.x)
        *ox -= w->w * floor(*ox / w->w + 0.5);
    if (w->wrap.y)
        *oy -= w->h * floor(*oy / w->h + 0.5);
}

/* Cells [c0, c1] along an axis of n cells (wrapped later when it wraps); all of them, once,
 * when the range covers the axis. */
static void axis_range(double v, double reach, double extent, int n, bool wraps, int *c0, int *c1)
{
    double cw = extent / n;
    *c0 = (int)floor((v - reach) / cw), *c1 = (int)floor((v + reach) / cw);
    if (!wraps)
        *c0 = DP_MAX(0, *c0), *c1 = DP_MIN(n - 1, *c1);
    else if (*c1 - *c0 + 1 >= n)
        *c0 = 0, *c1 = n - 1;
}

/* Keeps the 'max' walls that cut deepest (smallest c) in out[0 .. *n), in that order. */
static void keep(dp_wall *out, int *n, int max, const dp_wall *w)
{
    int i;
    if (*n < max)
        i = (*n)++;
    else if (out[max - 1].c <= w->c)
        return;
    else
        i = max - 1;
    for (; i > 0 && out[i - 1].c > w->c; i--)
        out[i] = out[i - 1];
    out[i] = *w;
}

/* Calls fn(ctx, j, ox, oy) for every indexed disc j within 'reach' of (x, y), its offset the
 * nearest copy's. */
static void each_near(const dp_walls *w, double x, double y, double reach,
                      void (*fn)(void *, size_t, double, double), void *ctx)
{
    int x0, x1, y0, y1;
    if (w->wrap.x)
        x -= w->w * floor(x / w->w);
    if (w->wrap.y)
        y -= w->h * floor(y / w->h);
    axis_range(x, reach, w->w, w->gw, w->wrap.x, &x0, &x1);
    axis_range(y, reach, w->h, w->gh, w->wrap.y, &y0, &y1);
    for (int cy = y0; cy <= y1; cy++)
        for (int cx = x0; cx <= x1; cx++) {
            size_t c = (size_t)((cy % w->gh + w->gh) % w->gh) * (size_t)w->gw +
                       (size_t)((cx % w->gw + w->gw) % w->gw);
            for (size_t k = w->start[c]; k < w->start[c + 1]; k++) {
                double ox, oy;
                offset_to(w, w->idx[k], x, y, &ox, &oy);
                if (ox * ox + oy * oy <= reach * reach)
                    fn(ctx, w->idx[k], ox, oy);
            }
        }
}

typedef struct near_list {
    size_t *idx;
    double *ox, *oy;
    int n, max;
} near_list;

static void add_near(void *ctx, size_t j, double ox, double oy)
{
    near_list *l = ctx;
    if (l->n < l->max)
        l->idx[l->n] = j, l->ox[l->n] = ox, l->oy[l->n] = oy, l->n++;
}

int dp_walls_near(const dp_walls *w, double x, double y, double reach, size_t *idx, double *ox,
                  double *oy, int max)
{
    near_list l = { idx, ox, oy, 0, max };
    each_near(w, x, y, reach, add_near, &l);
    return l.n;
}

typedef struct wall_list {
    const dp_walls *w;
    double a;
    dp_wall *out;
    int n, max;
} wall_list;

static void add_wall(void *ctx, size_t j, double ox, double oy)
{
    wall_list *l = ctx;
    dp_wall wall;
    if (l->max > 0 && wall_between(l->a, ox, oy, l->w->d[j].r, &wall))
        keep(l->out, &l->n, l->max, &wall);
}

int dp_walls_of(const dp_walls *w, double x, double y, double a, dp_wall *out, int max)
{
    wall_list l = { w, a, out, 0, max };
    each_near(w, x, y, a + w->rmax, add_wall, &l);
    return l.n;
}

bool dp_walls_junction(const dp_disc d[3], double *jx, double *jy, double angle_deg[3])
{
    double ax = d[1].x - d[0].x, ay = d[1].y - d[0].y, bx = d[2].x - d[0].x, by = d[2].y - d[0].y;
    double det = 2 * (ax * by - ay * bx);
    if (fabs(det) < 1e-12)
        return false;
    /* 2 p . a = |a|^2 + r0^2 - r1^2, the same for b (p from d[0]'s centre) */
    double ka = ax * ax + ay * ay + d[0].r * d[0].r - d[1].r * d[1].r;
    double kb = bx * bx + by * by + d[0].r * d[0].r - d[2].r * d[2].r;
    *jx = d[0].x + (ka * by - kb * ay) / det;
    *jy = d[0].y + (ax * kb - bx * ka) / det;
    for (int i = 0; i < 3; i++) {
        const dp_disc *p = &d[i], *q = &d[(i + 1) % 3], *r = &d[(i + 2) % 3];
        double ux = q->x - p->x, uy = q->y - p->y, vx = r->x - p->x, vy = r->y - p->y;
        double tri = atan2(fabs(ux * vy - uy * vx), ux * vx + uy * vy);
        angle_deg[i] = 180 - tri * 180 / DP_PI;
    }
    return true;
}
