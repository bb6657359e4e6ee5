/* SPDX-License-Identifier: MIT
 * Disc max/min filter. Small discs, up to EXACT_PX pixels across the short half-axis, exactly,
 * split into rows: a disc is a stack of horizontal runs, so out(y) = max over dy of
 * rowmax_{w(dy)}(y + dy), w(dy) the run's half-width; each run is a van Herk running
 * max, so the cost is O(pixels * rows of the disc). Larger discs would cost in
 * proportion to their radius, so they become a 32-gon of periodic lines (morph_plan.c,
 * morph_poly.c) at O(pixels * 16) whatever the radius, within about 1% of it.
 * Erosion is dilation of -src. */
#include "core/morph.h"

#include <math.h>
#include <string.h>

#include "core/dp.h"
#include "core/morph_line.h"
#include "core/morph_plan.h"
#include "core/morph_poly.h"

#define EXACT_PX   32 /* exact disc up to this short half-axis in pixels */
#define MAX_ASPECT 4  /* pixels further out of square keep the exact disc */

typedef enum method { BY_ROWS, BY_POLYGON, EVERYWHERE } method;

/* How a disc of rr units is done; *plan is filled for BY_POLYGON. */
static method choose(const dp_morph_raster *r, double rr, dp_morph_plan *plan)
{
    int w = r->w, h = r->h;
    double sx = r->sx, sy = r->sy;
    dp_wrap wrap = r->wrap;
    /* Up to 32 pixels across the short half-axis (then at most 4 x 32 rows) the polygon
     * would save little, and its long steps for non-square pixels leave gaps. */
    if (DP_MIN(rr / sx, rr / sy) <= EXACT_PX || DP_MAX(sx / sy, sy / sx) > MAX_ASPECT)
        return BY_ROWS;
    /* The farthest any pixel is from another (along a wrapping axis, from the nearest copy). */
    double fx = wrap.x ? w * sx / 2 : (w - 1) * sx, fy = wrap.y ? h * sy / 2 : (h - 1) * sy;
    double reach = sqrt(fx * fx + fy * fy);
    /* The polygon's r_in stays above rr / 2 here (tests/unit/test_morph.c), so a polygon
     * this large covers everything; deciding before planning keeps step counts small. */
    if (rr >= 2 * reach)
        return EVERYWHERE;
    dp_morph_plan_polygon(plan, sx, sy, rr);
    return plan->r_in >= reach ? EVERYWHERE : BY_POLYGON;
}

size_t dp_morph_scratch_floats(const dp_morph_raster *r, double radius)
{
    dp_morph_plan plan;
    switch (choose(r, fabs(radius), &plan)) {
    case BY_POLYGON:
        return dp_morph_poly_scratch(&plan, r->w, r->h, r->wrap);
    case EVERYWHERE:
        return 1;
    default: /* one row-filtered raster plus a line's buffers */
        return (size_t)r->w * (size_t)r->h + DP_MORPH_LINE_BUF(r->w);
    }
}

/* Every row filtered with half-width hw. */
static void filter_rows(const float *src, float *dst, float *buf, int w, int h, int hw, float sign,
                        bool wrap_x)
{
    for (int y = 0; y < h; y++)
        dp_morph_line_max(src + (size_t)y * w, dst + (size_t)y * w, buf, w, hw, sign, wrap_x);
}

static void fold_row(float *out, const float *rowmax, int w)
{
    for (int x = 0; x < w; x++)
        out[x] = DP_MAX(out[x], rowmax[x]);
}

static void by_rows(const dp_morph_raster *r, const float *src, float *out, float *scratch,
                    double rr, float sign)
{
    int w = r->w, h = r->h;
    double sx = r->sx, sy = r->sy;
    dp_wrap wrap = r->wrap;
    float *hbuf = scratch, *rows = scratch + (size_t)w * (size_t)h;
    int ry = (int)floor(rr / sy), last_hw = -1;
    ry = DP_MIN(ry, wrap.y ? h / 2 : h);
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        out[i] = -INFINITY;
    for (int dy = 0; dy <= ry; dy++) {
        int hw = (int)floor(sqrt(DP_MAX(rr * rr - (dy * sy) * (dy * sy), 0.0)) / sx);
        if (hw != last_hw)
            filter_rows(src, hbuf, rows, w, h, hw, sign, wrap.x);
        last_hw = hw;
        for (int y = 0; y < h; y++) {
            int up = y - dy, dn = y + dy;
            if (wrap.y)
                up = (up + h) % h, dn = dn % h;
            if (up >= 0)
                fold_row(out + (size_t)y * w, hbuf + (size_t)up * w, w);
            if (dn < h)
                fold_row(out + (size_t)y * w, hbuf + (size_t)dn * w, w);
        }
    }
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        out[i] *= sign;
}

/* The disc holds the whole raster from every pixel: the raster's max everywhere. */
static void everywhere(const float *src, float *out, int w, int h, float sign)
{
    size_t n = (size_t)w * (size_t)h;
    float most = -INFINITY;
    for (size_t i = 0; i < n; i++)
        most = DP_MAX(most, sign * src[i]);
    for (size_t i = 0; i < n; i++)
        out[i] = sign * most;
}

void dp_morph_disc_into(const dp_morph_raster *r, const float *src, float *out, float *scratch,
                        double radius)
{
    float sign = radius < 0 ? -1.0f : 1.0f;
    double rr = fabs(radius);
    dp_morph_plan plan;
    switch (choose(r, rr, &plan)) {
    case BY_POLYGON:
        dp_morph_poly_into(src, out, scratch, r->w, r->h, &plan, sign, r->wrap);
        break;
    case EVERYWHERE:
        everywhere(src, out, r->w, r->h, sign);
        break;
    default:
        by_rows(r, src, out, scratch, rr, sign);
    }
}
