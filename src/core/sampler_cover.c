/* SPDX-License-Identifier: MIT
 * The cover map: for a constant radius, each top cell (side >= r) keeps 4 bits, one per
 * quarter cell, set once the quarter lies wholly inside some point's disc of radius r
 * with room to spare. Any candidate in a set quarter is closer than r to that point, so
 * it is rejected with one load and no list walk; about half of all candidates are. The
 * margin exceeds the rounding of cell arithmetic, so the verdict always equals the full
 * test's and the output is bit-identical with or without the map. Half a byte per cell. */
#include "core/sampler.h"

#include <stdlib.h>

bool dp_cover_init(dapple_sampler *s)
{
    if (s->field->v != NULL)
        return true;
    double ulp = ldexp(1.0, ilogb(DP_MAX(s->o.width, s->o.height)) - 52);
    s->cover_slack = 1e-9 * s->reach + 16 * ulp;
    s->cover = calloc(dp_cover_bytes(s), 1);
    return s->cover != NULL;
}

size_t dp_cover_bytes(const dapple_sampler *s)
{
    return s->field->v != NULL ? 0 : ((size_t)s->grid.gw * (size_t)s->grid.gh + 1) / 2;
}

/* The farther of a quarter cell's two edges from v, along one axis. */
static double far_edge(int q, double half, double v)
{
    return DP_MAX(fabs(q * half - v), fabs((q + 1) * half - v));
}

void dp_cover_mark(dapple_sampler *s, double x, double y, double r)
{
    const dp_grid *g = &s->grid;
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
