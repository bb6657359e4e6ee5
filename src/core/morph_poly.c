/* SPDX-License-Identifier: MIT
 * Dilation by a sum of periodic lines is one dilation per line, in turn, each a running
 * max along the lattice chains p, p + (a, b), p + 2 (a, b), ... (Soille, Breen & Jones
 * 1996 run such lines at any angle; van Herk makes each O(pixels) for any length).
 * Bounded: a chain stops at the edge, so a path p -> q that steps outside between lines
 * would be lost. The raster is therefore framed with absent (-inf) pixels, wide enough
 * for every path's turning points: after the lines up to j a turning point is within
 * the sum of lines up to j from q and within the rest from p, so the frame needs the
 * smaller of the two, at most about half the polygon. Periodic: each line is run in a
 * frame of wrapped copies as wide as that line, then cut back to the torus. Wrapping one
 * axis only: one frame for all the lines, as bounded, but with wrapped copies along the
 * axis that wraps as wide as the whole polygon there (a path then never leaves the
 * frame on that side: every turning point is within the polygon of where it started). */
#include "core/morph_poly.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/morph_line.h"

typedef struct frame {
    int w, h, mx, my; /* the frame's size, and its margins around the raster */
} frame;

static size_t frame_floats(frame f)
{
    size_t side = (size_t)DP_MAX(f.w, f.h);
    return (size_t)f.w * (size_t)f.h + 2 * side + DP_MORPH_LINE_BUF(side);
}

static frame make_frame(int w, int h, int mx, int my)
{
    return (frame){ .w = w + 2 * mx, .h = h + 2 * my, .mx = mx, .my = my };
}

/* Bounded: the margins every path's turning points fit in (see the top). */
static frame bounded_frame(const dp_morph_plan *p, int w, int h)
{
    long tx = 0, ty = 0, px = 0, py = 0, mx = 0, my = 0;
    for (int j = 0; j < p->k; j++)
        tx += (long)p->n[j] * labs(p->a[j]), ty += (long)p->n[j] * p->b[j];
    for (int j = 0; j < p->k; j++) {
        px += (long)p->n[j] * labs(p->a[j]), py += (long)p->n[j] * p->b[j];
        mx = DP_MAX(mx, DP_MIN(px, tx - px)), my = DP_MAX(my, DP_MIN(py, ty - py));
    }
    return make_frame(w, h, (int)mx, (int)my);
}

static frame line_frame(const dp_morph_plan *p, int j, int w, int h)
{
    return make_frame(w, h, p->n[j] * abs(p->a[j]), p->n[j] * p->b[j]);
}

/* Wrapping one axis: the bounded margin on the other, the whole polygon on that one. */
static frame one_axis_frame(const dp_morph_plan *p, int w, int h, dp_wrap wrap)
{
    frame f = bounded_frame(p, w, h);
    long tx = 0, ty = 0;
    for (int j = 0; j < p->k; j++)
        tx += (long)p->n[j] * labs(p->a[j]), ty += (long)p->n[j] * p->b[j];
    return make_frame(w, h, wrap.x ? (int)tx : f.mx, wrap.y ? (int)ty : f.my);
}

size_t dp_morph_poly_scratch(const dp_morph_plan *p, int w, int h, dp_wrap wrap)
{
    size_t most = 0;
    if (!wrap.x && !wrap.y)
        return frame_floats(bounded_frame(p, w, h));
    if (wrap.x != wrap.y)
        return frame_floats(one_axis_frame(p, w, h, wrap));
    for (int j = 0; j < p->k; j++)
        most = DP_MAX(most, frame_floats(line_frame(p, j, w, h)));
    return most;
}

/* Running max of half-width n along the chain from (x, y) in steps of (a, b), in place. */
static void chain(float *px, frame f, int x, int y, int a, int b, int n, float *line)
{
    int len = b > 0 ? (f.h - 1 - y) / b + 1 : f.w;
    if (a > 0)
        len = DP_MIN(len, (f.w - 1 - x) / a + 1);
    else if (a < 0)
        len = DP_MIN(len, x / -a + 1);
    float *q = px + (size_t)y * f.w + x, *dst = line + DP_MAX(f.w, f.h);
    ptrdiff_t step = (ptrdiff_t)b * f.w + a;
    for (int i = 0; i < len; i++)
        line[i] = q[i * step];
    dp_morph_line_max(line, dst, dst + DP_MAX(f.w, f.h), len, n, 1.0f, false);
    for (int i = 0; i < len; i++)
        q[i * step] = dst[i];
}

/* Every chain of step (a, b) starts where one step back leaves the frame. */
static void frame_lines(float *px, frame f, int a, int b, int n, float *line)
{
    for (int y = 0; y < f.h; y++) {
        int x0 = 0, x1 = f.w;
        if (b == 0)
            x1 = 1;
        else if (y >= b)
            x0 = a < 0 ? f.w + a : 0, x1 = a > 0 ? a : a < 0 ? f.w : 0;
        for (int x = DP_MAX(x0, 0); x < DP_MIN(x1, f.w); x++)
            chain(px, f, x, y, a, b, n, line);
    }
}

static int wrap(int i, int n)
{
    return ((i % n) + n) % n;
}

/* The raster (times sign) into a frame: absent around it, or wrapped copies along the
 * axes that wrap. */
static void fill_frame(float *px, frame f, const float *src, int w, int h, float sign, dp_wrap axes)
{
    for (int y = 0; y < f.h; y++) {
        float *dst = px + (size_t)y * f.w;
        int ry = axes.y ? wrap(y - f.my, h) : y - f.my;
        int rx = axes.x ? wrap(-f.mx, w) : -f.mx;
        if (ry < 0 || ry >= h) {
            for (int x = 0; x < f.w; x++)
                dst[x] = -INFINITY;
            continue;
        }
        const float *row = src + (size_t)ry * w;
        for (int x = 0; x < f.w; x++, rx++) {
            if (axes.x && rx == w)
                rx = 0;
            dst[x] = rx >= 0 && rx < w ? sign * row[rx] : -INFINITY;
        }
    }
}

static void cut_frame(const float *px, frame f, float *out, int w, int h, float sign)
{
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            out[(size_t)y * w + x] = sign * px[(size_t)(y + f.my) * f.w + x + f.mx];
}

void dp_morph_poly_into(const float *src, float *out, float *scratch, int w, int h,
                        const dp_morph_plan *p, float sign, dp_wrap wrap)
{
    if (!(wrap.x && wrap.y)) {
        frame f = wrap.x || wrap.y ? one_axis_frame(p, w, h, wrap) : bounded_frame(p, w, h);
        float *line = scratch + (size_t)f.w * (size_t)f.h;
        fill_frame(scratch, f, src, w, h, sign, wrap);
        for (int j = 0; j < p->k; j++)
            if (p->n[j] > 0)
                frame_lines(scratch, f, p->a[j], p->b[j], p->n[j], line);
        cut_frame(scratch, f, out, w, h, sign);
        return;
    }
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        out[i] = sign * src[i];
    for (int j = 0; j < p->k; j++) {
        if (p->n[j] == 0)
            continue;
        frame f = line_frame(p, j, w, h);
        fill_frame(scratch, f, out, w, h, 1.0f, wrap);
        frame_lines(scratch, f, p->a[j], p->b[j], p->n[j], scratch + (size_t)f.w * (size_t)f.h);
        cut_frame(scratch, f, out, w, h, 1.0f);
    }
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        out[i] *= sign;
}
