/* SPDX-License-Identifier: MIT
 * van Herk (1992), Gil & Werman (1993): split the padded line into blocks of the window
 * length m; a prefix max g and a suffix max h within each block give any window as
 * max(h at its start, g at its end), so the cost is three passes whatever m is. */
#include "core/morph_line.h"

#include <math.h>
#include <stddef.h>

#include "core/dp.h"

/* Padded, signed copy of a line for a window of half-width hw: outside values are -inf
 * (absent) or wrapped copies. */
static void pad_line(const float *src, float *p, int len, int hw, float sign, bool cyclic)
{
    int x = cyclic ? ((-hw % len) + len) % len : -hw;
    for (int i = 0; i < len + 2 * hw; i++, x++) {
        if (cyclic && x == len)
            x = 0;
        p[i] = (x >= 0 && x < len) ? sign * src[x] : -INFINITY;
    }
}

void dp_morph_line_max(const float *src, float *dst, float *buf, int len, int hw, float sign,
                       bool cyclic)
{
    hw = DP_MIN(hw, cyclic ? len / 2 : len);
    int m = 2 * hw + 1, n = len + 2 * hw;
    float *p = buf, *g = buf + 3 * (size_t)len + 1, *h = buf + 2 * (3 * (size_t)len + 1);
    pad_line(src, p, len, hw, sign, cyclic);
    for (int b = 0; b < n; b += m) { /* block by block: no division per value */
        int e = DP_MIN(b + m, n) - 1;
        g[b] = p[b];
        for (int i = b + 1; i <= e; i++)
            g[i] = DP_MAX(g[i - 1], p[i]);
        h[e] = p[e];
        for (int i = e - 1; i >= b; i--)
            h[i] = DP_MAX(h[i + 1], p[i]);
    }
    for (int x = 0; x < len; x++)
        dst[x] = DP_MAX(h[x], g[x + m - 1]);
}
