/* SPDX-License-Identifier: MIT
 * Disc max/min filter, split into rows: a disc is a stack of horizontal runs, so
 * out(y) = max over dy of rowmax_{w(dy)}(y + dy), where w(dy) is the run's half-width.
 * Each 1-D running max uses van Herk / Gil-Werman (three passes, O(n) for any width),
 * so the cost is O(pixels * rows of the disc), not O(pixels * disc area).
 * Erosion is dilation of -src. */
#include "core/morph.h"

#include <math.h>
#include <string.h>

#include "core/dp.h"

size_t dp_morph_scratch_floats(int w, int h)
{
    /* one row-filtered raster plus three padded rows of at most 3w + 1 */
    return (size_t)w * (size_t)h + 3 * (3 * (size_t)w + 1);
}

/* Padded, signed copy of a row for a window of half-width hw: outside pixels are -inf
 * (absent) or wrapped copies. */
static void pad_row(const float *row, float *p, int w, int hw, float sign, bool periodic)
{
    for (int i = 0; i < w + 2 * hw; i++) {
        int x = i - hw;
        if (periodic)
            x = ((x % w) + w) % w;
        p[i] = (x >= 0 && x < w) ? sign * row[x] : -INFINITY;
    }
}

/* Running max of window 2*hw+1 over one row (van Herk / Gil-Werman). */
static void row_max(const float *row, float *dst, float *p, float *g, float *hb, int w, int hw,
                    float sign, bool periodic)
{
    int m = 2 * hw + 1, len = w + 2 * hw;
    pad_row(row, p, w, hw, sign, periodic);
    for (int i = 0; i < len; i++)
        g[i] = (i % m == 0) ? p[i] : DP_MAX(g[i - 1], p[i]);
    for (int i = len - 1; i >= 0; i--)
        hb[i] = (i == len - 1 || (i + 1) % m == 0) ? p[i] : DP_MAX(hb[i + 1], p[i]);
    for (int x = 0; x < w; x++)
        dst[x] = DP_MAX(hb[x], g[x + m - 1]);
}

/* Every row filtered with half-width hw; a window wider than the row is the row max. */
static void filter_rows(const float *src, float *dst, float *rows, int w, int h, int hw,
                        float sign, bool periodic)
{
    hw = DP_MIN(hw, periodic ? w / 2 : w);
    float *p = rows, *g = rows + 3 * w + 1, *hb = rows + 2 * (3 * w + 1);
    for (int y = 0; y < h; y++)
        row_max(src + (size_t)y * w, dst + (size_t)y * w, p, g, hb, w, hw, sign, periodic);
}

static void fold_row(float *out, const float *rowmax, int w)
{
    for (int x = 0; x < w; x++)
        out[x] = DP_MAX(out[x], rowmax[x]);
}

void dp_morph_disc_into(const float *src, float *out, float *scratch, int w, int h, double sx,
                        double sy, double radius, bool periodic)
{
    float sign = radius < 0 ? -1.0f : 1.0f;
    double rr = fabs(radius);
    float *hbuf = scratch, *rows = scratch + (size_t)w * (size_t)h;
    int ry = (int)floor(rr / sy), last_hw = -1;
    ry = DP_MIN(ry, periodic ? h / 2 : h);
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        out[i] = -INFINITY;
    for (int dy = 0; dy <= ry; dy++) {
        int hw = (int)floor(sqrt(DP_MAX(rr * rr - (dy * sy) * (dy * sy), 0.0)) / sx);
        if (hw != last_hw)
            filter_rows(src, hbuf, rows, w, h, hw, sign, periodic);
        last_hw = hw;
        for (int y = 0; y < h; y++) {
            int up = y - dy, dn = y + dy;
            if (periodic)
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
