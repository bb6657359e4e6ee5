/* SPDX-License-Identifier: MIT
 * Frost ferns as drawn (see crystals.h). A segment is a capsule: the points within w / 2
 * of it. Its copies are the offsets by the pane's size in each direction that can reach
 * the rows asked for; a segment is a pixel or two long, so a box test decides. */
#include "render/crystals.h"

#include <math.h>

#include "core/dp.h"

/* A segment in doubles. */
typedef struct seg {
    double x0, y0, x1, y1, w;
} seg;

static seg seg_of(const dp_frost_seg *g)
{
    return (seg){ (double)g->x0, (double)g->y0, (double)g->x1, (double)g->y1, (double)g->w };
}

/* The copy offsets (0 alone unless the axis wraps) on one axis for [lo, hi] to meet [a, b). */
static int copies(double lo, double hi, double n, double a, double b, bool wrap, double *off)
{
    int k = 0;
    for (int i = wrap ? -1 : 0; i <= (wrap ? 1 : 0); i++)
        if (hi + i * n >= a && lo + i * n < b)
            off[k++] = i * n;
    return k;
}

void dp_crystals_path(cairo_t *cr, const dp_texture_spec *t, const dp_layer_points *lp, double lo,
                      double hi, double grow, int y0, int y1)
{
    for (size_t i = 0; i < lp->n_segs; i++) {
        seg g = seg_of(&lp->segs[i]);
        if (g.w < lo || g.w >= hi)
            continue;
        double r = (g.w + grow) / 2 + 1, ox[3], oy[3];
        int nx = copies(DP_MIN(g.x0, g.x1) - r, DP_MAX(g.x0, g.x1) + r, t->width, 0, t->width,
                        t->wrap.x, ox);
        int ny = copies(DP_MIN(g.y0, g.y1) - r, DP_MAX(g.y0, g.y1) + r, t->height, y0, y1,
                        t->wrap.y, oy);
        for (int b = 0; b < ny; b++)
            for (int a = 0; a < nx; a++) {
                cairo_move_to(cr, g.x0 + ox[a], g.y0 + oy[b]);
                cairo_line_to(cr, g.x1 + ox[a], g.y1 + oy[b]);
            }
    }
}

/* Coverage of pixel centre (px, py) by the capsule of segment g moved by (ox, oy). */
static double capsule(const seg *g, double ox, double oy, double px, double py)
{
    double ax = g->x0 + ox, ay = g->y0 + oy, dx = g->x1 - g->x0, dy = g->y1 - g->y0;
    double len2 = dx * dx + dy * dy;
    double u = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
    u = DP_MIN(1.0, DP_MAX(0.0, u));
    double ex = px - ax - u * dx, ey = py - ay - u * dy;
    return DP_MIN(1.0, DP_MAX(0.0, g->w / 2 + 0.5 - sqrt(ex * ex + ey * ey)));
}

static void cover_seg(const dp_texture_spec *t, const seg *g, double ox, double oy, uint16_t *mask)
{
    double r = g->w / 2 + 0.5;
    int xa = (int)floor(DP_MIN(g->x0, g->x1) + ox - r),
        xb = (int)ceil(DP_MAX(g->x0, g->x1) + ox + r);
    int ya = (int)floor(DP_MIN(g->y0, g->y1) + oy - r),
        yb = (int)ceil(DP_MAX(g->y0, g->y1) + oy + r);
    for (int y = DP_MAX(ya, 0); y < DP_MIN(yb, t->height); y++)
        for (int x = DP_MAX(xa, 0); x < DP_MIN(xb, t->width); x++) {
            double c = capsule(g, ox, oy, x + 0.5, y + 0.5);
            uint16_t q = (uint16_t)lround(c * 65535);
            size_t k = (size_t)y * t->width + x;
            if (q > mask[k])
                mask[k] = q;
        }
}

void dp_crystals_cover_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *mask)
{
    for (int li = 0; li < t->n_layers && li < s->n_layers; li++) {
        if (t->layers[li].style != DP_STYLE_CRYSTALS)
            continue;
        const dp_layer_points *lp = &s->layers[li];
        for (size_t i = 0; i < lp->n_segs; i++) {
            seg g = seg_of(&lp->segs[i]);
            double r = g.w / 2 + 1, ox[3], oy[3];
            int nx = copies(DP_MIN(g.x0, g.x1) - r, DP_MAX(g.x0, g.x1) + r, t->width, 0, t->width,
                            t->wrap.x, ox);
            int ny = copies(DP_MIN(g.y0, g.y1) - r, DP_MAX(g.y0, g.y1) + r, t->height, 0, t->height,
                            t->wrap.y, oy);
            for (int b = 0; b < ny; b++)
                for (int a = 0; a < nx; a++)
                    cover_seg(t, &g, ox[a], oy[b], mask);
        }
    }
}
