/* SPDX-License-Identifier: MIT
 * Level planning. Level l has cells 2^(n-l) times smaller than the top grid's (also on a
 * torus, where the top cell is W / floor(W / rmax), so levels tile exactly). A level is
 * kept only if it has at most CELLS_PER_POINT cells per point expected at or below it
 * (the field's integral of 0.7 / r^2), which bounds memory by the point count. The
 * field's bilinear value inside a top cell lies between the extremes of the raster pixels
 * around it; a small tolerance absorbs the float rounding of stored radii. */
#include "core/levels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/field.h"

#define TOL             1e-6
#define CELLS_PER_POINT 8.0
#define MAX_CELLS       268435456.0 /* 1 GiB of heads for one level: never more */

/* Radius bounds over [x0, x1] x [y0, y1] from the raster pixels bilinear reads there. */
static void field_bounds(const dapple_field *f, double x0, double x1, double y0, double y1,
                         double *lo, double *hi)
{
    int i0 = (int)floor(DP_MAX((x0 + f->ox) * f->inv_sx - 0.5, -2.0));
    int i1 = (int)floor(DP_MIN((x1 + f->ox) * f->inv_sx - 0.5, f->gw + 1.0)) + 1;
    int j0 = (int)floor(DP_MAX((y0 + f->oy) * f->inv_sy - 0.5, -2.0));
    int j1 = (int)floor(DP_MIN((y1 + f->oy) * f->inv_sy - 0.5, f->gh + 1.0)) + 1;
    float vlo = 1, vhi = 0;
    bool wx = f->wrap.x; /* read once: the loop runs for every top cell */
    for (int j = j0; j <= j1; j++) {
        int b = f->wrap.y ? dp_field_wrap(j, f->gh) : DP_MIN(DP_MAX(j, 0), f->gh - 1);
        const float *row = f->v + (size_t)b * f->gw;
        for (int i = i0; i <= i1; i++) {
            float v = row[wx ? dp_field_wrap(i, f->gw) : DP_MIN(DP_MAX(i, 0), f->gw - 1)];
            vlo = DP_MIN(vlo, v), vhi = DP_MAX(vhi, v);
        }
    }
    double span = f->rmax - f->rmin;
    *lo = (f->rmin + (double)vlo * span) * (1 - TOL);
    *hi = (f->rmin + (double)vhi * span) * (1 + TOL);
}

/* Candidate thresholds: halve the top cell until the next halving falls below rmin. */
static int halvings(const dp_grid *top, double rmin)
{
    double cell = DP_MIN(top->cw, top->ch);
    int n = 0;
    while (n < DP_LEVELS_MAX && ldexp(cell, -(n + 1)) >= rmin)
        n++;
    return n;
}

/* The raster pixels [*i0, *i1) along one axis under [o, o + extent) (a chunk's domain;
 * wrapped indices on a torus). */
static void pixel_span(double o, double extent, double inv_s, int n, int *i0, int *i1)
{
    *i0 = (int)floor(o * inv_s), *i1 = (int)ceil((o + extent) * inv_s);
    *i1 = DP_MIN(*i1, *i0 + n);
}

/* How many of the n finest candidate levels to drop: those with too many cells for the
 * points expected at or below them. The expectation sums the raster over the sampler's
 * domain: the whole raster, scaled by area_scale, or a chunk's pixels. */
static int levels_to_drop(const dp_grid *top, const dapple_field *f, int n, double area_scale,
                          double max_points)
{
    double expect[DP_LEVELS_MAX + 1] = { 0 }, cell = DP_MIN(top->cw, top->ch);
    double span = f->rmax - f->rmin, px = area_scale / (f->inv_sx * f->inv_sy);
    int i0 = 0, i1 = f->gw, j0 = 0, j1 = f->gh;
    bool chunk = f->ox != 0 || f->oy != 0 || area_scale < 1;
    if (chunk) {
        pixel_span(f->ox, top->gw * top->cw, f->inv_sx, f->gw, &i0, &i1);
        pixel_span(f->oy, top->gh * top->ch, f->inv_sy, f->gh, &j0, &j1);
        px = 1 / (f->inv_sx * f->inv_sy);
    }
    double side[DP_LEVELS_MAX + 1]; /* the cell side of level l, out of the pixel loop */
    for (int l = 0; l < n; l++)
        side[l] = ldexp(cell, -(n - l));
    for (int j = j0; j < j1; j++)
        for (int i = i0; i < i1; i++) {
            int a = !chunk      ? i
                    : f->wrap.x ? dp_field_wrap(i, f->gw)
                                : DP_MIN(DP_MAX(i, 0), f->gw - 1);
            int b = !chunk      ? j
                    : f->wrap.y ? dp_field_wrap(j, f->gh)
                                : DP_MIN(DP_MAX(j, 0), f->gh - 1);
            double r = f->rmin + (double)f->v[(size_t)b * f->gw + a] * span;
            int l = 0;
            while (l < n && r > side[l])
                l++;
            expect[l] += 0.7 / (r * r) * px;
        }
    int drop = 0;
    double below = 0, cells = (double)top->gw * top->gh;
    for (int l = 0; l < n; l++) {
        below += expect[l];
        double need = cells * ldexp(1.0, 2 * (n - l));
        if (need <= CELLS_PER_POINT * DP_MIN(below, max_points) + 1024 && need <= MAX_CELLS)
            break;
        drop = l + 1;
    }
    return drop;
}

static dapple_status make_level(dp_level *L, const dp_grid *top, int sh, dapple_error *err)
{
    L->gw = top->gw << sh, L->gh = top->gh << sh;
    L->inv_cw = ldexp(top->inv_cw, sh), L->inv_ch = ldexp(top->inv_ch, sh);
    L->thr = ldexp(DP_MIN(top->cw, top->ch), -sh);
    ptrdiff_t w = L->gw, around[9] = { 0, -1, 1, -w, w, -w - 1, -w + 1, w - 1, w + 1 };
    memcpy(L->around, around, sizeof around);
    L->head = dp_calloc_n((size_t)L->gw * L->gh, sizeof *L->head);
    if (L->head == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d grid", L->gw, L->gh);
    return DAPPLE_OK;
}

/* Per top cell: smallest and largest radius inside, and the levels of points inside
 * (lo..hi). */
static void own_levels(dp_levels *lv, const dp_grid *top, const dapple_field *f, uint8_t *own,
                       uint8_t *hi, float *hir)
{
    for (int ty = 0; ty < lv->th; ty++)
        for (int tx = 0; tx < lv->tw; tx++) {
            double lo_r, hi_r;
            field_bounds(f, tx * top->cw, (tx + 1) * top->cw, ty * top->ch, (ty + 1) * top->ch,
                         &lo_r, &hi_r);
            size_t t = (size_t)ty * lv->tw + tx;
            /* the bounds carry a tolerance beyond float rounding */
            lv->rlo[t] = (float)lo_r, hir[t] = (float)hi_r;
            own[t] = (uint8_t)dp_levels_of(lv, lo_r);
            hi[t] = (uint8_t)dp_levels_of(lv, hi_r);
        }
}

/* Per top cell: the level range and the largest radius over its 3 x 3 block (a conflict
 * is never farther than one top cell). */
static void query_levels(dp_levels *lv, const uint8_t *own, const uint8_t *hi, const float *hir,
                         dp_wrap wrap)
{
    for (int ty = 0; ty < lv->th; ty++)
        for (int tx = 0; tx < lv->tw; tx++) {
            int lo = DP_LEVELS_MAX + 1, up = 0;
            float rhi = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int x = tx + dx, y = ty + dy;
                    if (wrap.x)
                        x = (x + lv->tw) % lv->tw;
                    if (wrap.y)
                        y = (y + lv->th) % lv->th;
                    if (x < 0 || y < 0 || x >= lv->tw || y >= lv->th)
                        continue;
                    size_t t = (size_t)y * lv->tw + x;
                    lo = DP_MIN(lo, (int)own[t]), up = DP_MAX(up, (int)hi[t]);
                    rhi = DP_MAX(rhi, hir[t]);
                }
            lv->rhi[(size_t)ty * lv->tw + tx] = rhi;
            lv->qlo[(size_t)ty * lv->tw + tx] = (uint8_t)lo;
            lv->qhi[(size_t)ty * lv->tw + tx] = (uint8_t)up;
        }
}

static dapple_status plan_levels(dp_levels *lv, const dp_grid *top, const dapple_field *f,
                                 size_t max_points, dapple_error *err)
{
    /* the field's raster covers its own domain; scale its integral to the sampler's */
    double scale = (top->gw * top->cw) * (top->gh * top->ch) / (f->width * f->height);
    int n = halvings(top, f->rmin);
    int drop = levels_to_drop(top, f, n, scale, (double)max_points);
    lv->n = n - drop;
    for (int l = 0; l < lv->n; l++) {
        dapple_status st = make_level(&lv->lv[l], top, lv->n - l, err);
        if (st != DAPPLE_OK)
            return st;
        lv->cells += (size_t)lv->lv[l].gw * lv->lv[l].gh;
    }
    return DAPPLE_OK;
}

dapple_status dp_levels_init(dp_levels *lv, const dp_grid *top, const dapple_field *field,
                             size_t max_points, dapple_error *err)
{
    memset(lv, 0, sizeof *lv);
    lv->tw = top->gw, lv->th = top->gh;
    if (field->v == NULL)
        return DAPPLE_OK;
    dapple_status st = plan_levels(lv, top, field, max_points, err);
    if (st != DAPPLE_OK)
        return st;
    size_t cells = (size_t)lv->tw * lv->th;
    uint8_t *own = lv->own = malloc(cells), *hi = malloc(cells);
    float *hir = dp_calloc_n(cells, sizeof *hir);
    lv->qlo = malloc(cells);
    lv->qhi = malloc(cells);
    lv->rlo = dp_calloc_n(cells, sizeof *lv->rlo);
    lv->rhi = dp_calloc_n(cells, sizeof *lv->rhi);
    if (own == NULL || hi == NULL || hir == NULL || lv->qlo == NULL || lv->qhi == NULL ||
        lv->rlo == NULL || lv->rhi == NULL) {
        free(hi);
        free(hir);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu grid cells", cells);
    }
    own_levels(lv, top, field, own, hi, hir);
    query_levels(lv, own, hi, hir, top->wrap);
    free(hi);
    free(hir);
    return DAPPLE_OK;
}

void dp_levels_fini(dp_levels *lv)
{
    for (int l = 0; l < DP_LEVELS_MAX; l++)
        free(lv->lv[l].head);
    free(lv->qlo);
    free(lv->qhi);
    free(lv->rlo);
    free(lv->rhi);
    free(lv->own);
    memset(lv, 0, sizeof *lv);
}

void dp_levels_clear(dp_levels *lv)
{
    for (int l = 0; l < lv->n; l++)
        memset(lv->lv[l].head, 0, (size_t)lv->lv[l].gw * lv->lv[l].gh * sizeof(uint32_t));
}

size_t dp_levels_bytes(const dp_levels *lv)
{
    size_t top = lv->rlo == NULL ? 0 : (size_t)lv->tw * lv->th * (3 + 2 * sizeof *lv->rlo);
    return top + lv->cells * sizeof(uint32_t);
}
