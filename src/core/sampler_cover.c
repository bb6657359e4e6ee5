/* SPDX-License-Identifier: MIT
 * The cover map: for a constant radius, each top cell (side >= r) keeps 4 bits, one per
 * quarter cell, set once the quarter lies wholly inside some point's disc of radius r
 * with room to spare. Any candidate in a set quarter is closer than r to that point, so
 * it is rejected with one load and no list walk; about half of all candidates are. The
 * margin exceeds the rounding of cell arithmetic, so the verdict always equals the full
 * test's and the output is bit-identical with or without the map. Half a byte per cell.
 * A variable radius gets its own map: one bit per cell of a uniform grid (rmin / 2, or
 * coarser to stay within 8 bytes per expected point). A candidate in a cell wholly inside
 * the disc of some q is closer than r_q <= max(r, r_q) whatever its own radius, so the
 * verdict again equals the full test's; at W3 it rejects most candidates before any level
 * is walked or the field read (9.7k -> 6.3k instructions per point). The maximal mode's
 * gap fill also reads it, to leave out sweeps whose every candidate is covered: 8 bytes
 * rather than 4 made W3's default run 5% faster and its gap fill 10%. */
#include "core/sampler.h"

#include <stdlib.h>

#define VBITS 64.0 /* at most this many bits of the variable-radius map per point */

/* The farther of a quarter's edges [o, o + 1] from a point anywhere in [lo, hi] (all in
 * quarter widths). */
static double far_span(int o, double lo, double hi)
{
    return DP_MAX(DP_MAX(fabs(o - lo), fabs(o - hi)), DP_MAX(fabs(o + 1 - lo), fabs(o + 1 - hi)));
}

/* cover_tab: each sub-position's box, widened far beyond the rounding of the lookup, is
 * tested at its worst corner, so a mark from the table is always one the exact rule
 * below would make too. */
static void cover_table(dapple_sampler *s)
{
    const dp_grid *g = &s->grid;
    double hx = 0.5 * g->cw, hy = 0.5 * g->ch, e = 1e-9, n = DP_COVER_SUB;
    s->cover_r = (float)s->field->rmax;
    double lim = (double)s->cover_r - s->cover_slack;
    for (int by = 0; by < DP_COVER_SUB; by++)
        for (int bx = 0; bx < DP_COVER_SUB; bx++) {
            uint32_t m = 0;
            for (int oy = -2; oy <= 2; oy++)
                for (int ox = -2; ox <= 2; ox++) {
                    double fx = hx * far_span(ox, (bx - e) / n, (bx + 1 + e) / n);
                    double fy = hy * far_span(oy, (by - e) / n, (by + 1 + e) / n);
                    if (lim > 0 && fx * fx + fy * fy < lim * lim)
                        m |= (uint32_t)1 << ((oy + 2) * 5 + (ox + 2));
                }
            s->cover_tab[by * DP_COVER_SUB + bx] = m;
        }
}

bool dp_cover_init(dapple_sampler *s)
{
    double ulp = ldexp(1.0, ilogb(DP_MAX(s->o.width, s->o.height)) - 52);
    s->cover_slack = 1e-9 * s->reach + 16 * ulp;
    if (s->field->v != NULL) {
        if (s->o.dense || s->o.avoid != NULL) /* modes that never read it */
            return true;
        /* cells of rmin / 2 (as the quarter cells above are r / 2), but no more than
         * VBITS per point the field is expected to hold, nor 2^16 a side */
        const dapple_field *f = s->field;
        double area = s->o.width * s->o.height;
        double pts = dapple_field_estimate_points(f) * area / (f->width * f->height);
        double cell = DP_MAX(0.5 * f->rmin, sqrt(area / (VBITS * DP_MAX(pts, 64.0))));
        cell = DP_MAX(cell, DP_MAX(s->o.width, s->o.height) / 65536.0);
        s->vcell = cell, s->vinv = 1 / cell;
        s->vw = (int)ceil(s->o.width * s->vinv), s->vh = (int)ceil(s->o.height * s->vinv);
        s->vstride = ((size_t)s->vw + 63) / 64;
        s->vcover = calloc(dp_cover_bytes(s), 1);
        return s->vcover != NULL;
    }
    s->cover = calloc(dp_cover_bytes(s), 1);
    cover_table(s);
    return s->cover != NULL;
}

size_t dp_cover_bytes(const dapple_sampler *s)
{
    if (s->field->v != NULL) /* vstride stays 0 without a map */
        return s->vstride * (size_t)s->vh * sizeof(uint64_t);
    return ((size_t)s->grid.gw * (size_t)s->grid.gh + 1) / 2;
}

/* Variable radius: every cell [i, i+1) x [j, j+1) (times vcell) whose farthest corner is
 * nearer than r - slack to (x, y). Each row's run of cells comes from one sqrt; the
 * slack exceeds the rounding of that arithmetic and of a candidate's cell index, so a
 * marked cell lies inside the disc beyond doubt. Marks are
 * optional: the map stops at the domain's edges, also on a torus. */
void dp_vcover_mark(dapple_sampler *s, double x, double y, double r)
{
    double h = s->vcell, lim = r - s->cover_slack - 1e-9 * h;
    if (lim <= h) /* a disc this small covers no cell */
        return;
    int j0 = DP_MAX((int)ceil((y - lim) * s->vinv), 0);
    int j1 = DP_MIN((int)floor((y + lim) * s->vinv) - 1, s->vh - 1);
    for (int j = j0; j <= j1; j++) {
        double fy = DP_MAX(fabs(j * h - y), fabs((j + 1) * h - y)), room = lim * lim - fy * fy;
        if (room <= 0)
            continue;
        /* the first cell starting at or after x - sq, the last ending by x + sq: a cell
         * lost where a bound is an exact integer costs only a mark, and rounding moves
         * an edge by far less than the 1e-9 h kept in hand */
        double sq = sqrt(room), a = (x - sq) * s->vinv, b = (x + sq) * s->vinv;
        int i0 = a > 0 ? (int)a + 1 : 0;
        int i1 = DP_MIN((int)b - 1, s->vw - 1);
        if (i0 > i1)
            continue;
        uint64_t *row = s->vcover + (size_t)j * s->vstride;
        int w0 = i0 >> 6, w1 = i1 >> 6;
        uint64_t m0 = ~(uint64_t)0 << (i0 & 63), m1 = ~(uint64_t)0 >> (63 - (i1 & 63));
        if (w0 == w1) {
            row[w0] |= m0 & m1;
        } else {
            row[w0] |= m0;
            for (int w = w0 + 1; w < w1; w++)
                row[w] = ~(uint64_t)0;
            row[w1] |= m1;
        }
    }
}

/* The farther of a quarter cell's two edges from v, along one axis. */
static double far_edge(int q, double half, double v)
{
    return DP_MAX(fabs(q * half - v), fabs((q + 1) * half - v));
}

void dp_cover_mark(dapple_sampler *s, double x, double y, double r)
{
    const dp_grid *g = &s->grid;
    /* away from the edges, the table: no distance per quarter (W1: -3% instructions) */
    double ux = x * 2 * g->inv_cw, uy = y * 2 * g->inv_ch;
    int px = (int)ux, py = (int)uy;
    if ((float)r == s->cover_r && px >= 2 && py >= 2 && px + 2 < 2 * g->gw && py + 2 < 2 * g->gh) {
        int bx = DP_MIN((int)((ux - px) * DP_COVER_SUB), DP_COVER_SUB - 1);
        int by = DP_MIN((int)((uy - py) * DP_COVER_SUB), DP_COVER_SUB - 1);
        uint32_t m = s->cover_tab[by * DP_COVER_SUB + bx];
        for (int oy = -2; oy <= 2; oy++, m >>= 5)
            for (uint32_t row = m & 31; row != 0; row &= row - 1) {
                int cx = px + __builtin_ctz(row) - 2, cy = py + oy;
                size_t c = (size_t)(cy >> 1) * g->gw + (size_t)(cx >> 1);
                unsigned bit = (unsigned)(((cy & 1) << 1) | (cx & 1));
                s->cover[c >> 1] |= (uint8_t)(1u << (((c & 1) << 2) + bit));
            }
        return;
    }
    double hx = 0.5 * g->cw, hy = 0.5 * g->ch, lim = r - s->cover_slack, fx2[8];
    int qx0 = DP_MAX((int)((x - r) / hx), 0), qx1 = DP_MIN((int)((x + r) / hx), 2 * g->gw - 1);
    int qy0 = DP_MAX((int)((y - r) / hy), 0), qy1 = DP_MIN((int)((y + r) / hy), 2 * g->gh - 1);
    if (lim <= 0 || qx1 - qx0 >= 8) /* marks are optional: skip what cannot be cheap */
        return;
    for (int qx = qx0; qx <= qx1; qx++) {
        double f = far_edge(qx, hx, x);
        fx2[qx - qx0] = f * f;
    }
    for (int qy = qy0; qy <= qy1; qy++) {
        double fy = far_edge(qy, hy, y), room = lim * lim - fy * fy;
        if (room <= 0)
            continue;
        for (int qx = qx0; qx <= qx1; qx++) {
            if (fx2[qx - qx0] >= room)
                continue;
            size_t c = (size_t)(qy >> 1) * g->gw + (size_t)(qx >> 1);
            unsigned bit = (unsigned)(((qy & 1) << 1) | (qx & 1));
            s->cover[c >> 1] |= (uint8_t)(1u << (((c & 1) << 2) + bit));
        }
    }
}
