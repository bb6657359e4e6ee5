/* SPDX-License-Identifier: MIT
 * Ambient occlusion from the height map (pbr.h), by its horizons. From each pixel the map
 * is walked outwards in 8 directions to a reach of twice the height unit (the tallest
 * shape's height, which grows with the look, so the map keeps its look under --scale),
 * at steps growing by a third; the steepest rise seen, tan(theta) = (h(q) - h(p)) / |q - p|,
 * is that direction's horizon. A cosine-weighted sky seen above an elevation theta is
 * cos^2(theta) = 1 / (1 + tan^2(theta)) of the whole, and the map is the mean over the
 * directions: dark in the joints and pockets between stones and under the rims of leaves
 * and chips, white on tops and open ground. The walk wraps across the edges that meet
 * (both of a periodic texture, the sides of one that tiles across), so the map tiles as the
 * texture does; it stops at an edge that does not. One thread, pixel by pixel:
 * the same bytes whatever the thread count. */
#include "render/pbr.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "render/relief.h"

#define DIRECTIONS 8
#define REACH      2.0  /* of the height unit */
#define GROWTH     1.33 /* each step this much farther than the last (at least a pixel) */
#define MAX_STEPS  64

typedef struct walk {
    int dx[DIRECTIONS][MAX_STEPS], dy[DIRECTIONS][MAX_STEPS];
    double dist[DIRECTIONS][MAX_STEPS];
    int n[DIRECTIONS];
} walk;

dapple_status dp_ao_check(const dp_texture_spec *t, dapple_error *err)
{
    return dp_relief_check_for(t, "--ao (found from the height map) would be flat", err);
}

/* The pixel offsets each direction visits, nearest pixel first, each once. */
static void plan_walk(double reach, walk *w)
{
    for (int k = 0; k < DIRECTIONS; k++) {
        double a = 2 * DP_PI * k / DIRECTIONS, c = cos(a), s = sin(a);
        w->n[k] = 0;
        for (double r = 1; r <= reach && w->n[k] < MAX_STEPS; r = DP_MAX(r + 1, r * GROWTH)) {
            int dx = (int)lround(r * c), dy = (int)lround(r * s), m = w->n[k];
            if (m > 0 && dx == w->dx[k][m - 1] && dy == w->dy[k][m - 1])
                continue;
            w->dx[k][m] = dx, w->dy[k][m] = dy, w->dist[k][m] = hypot(dx, dy);
            w->n[k]++;
        }
    }
}

/* Pixel (x, y) wrapped along the axes that wrap, or -1 off an edge that does not. */
static long at(const dp_texture_spec *t, int x, int y)
{
    if (t->wrap.x)
        x = ((x % t->width) + t->width) % t->width;
    if (t->wrap.y)
        y = ((y % t->height) + t->height) % t->height;
    if (x < 0 || y < 0 || x >= t->width || y >= t->height)
        return -1;
    return (long)y * t->width + x;
}

static double sky_at(const dp_texture_spec *t, const float *h, const walk *w, int x, int y)
{
    double h0 = (double)h[(size_t)y * t->width + x], sky = 0;
    for (int k = 0; k < DIRECTIONS; k++) {
        double steepest = 0;
        for (int m = 0; m < w->n[k]; m++) {
            long q = at(t, x + w->dx[k][m], y + w->dy[k][m]);
            if (q < 0)
                break;
            steepest = DP_MAX(steepest, ((double)h[q] - h0) / w->dist[k][m]);
        }
        sky += 1 / (1 + steepest * steepest);
    }
    return sky / DIRECTIONS;
}

dapple_status dp_render_ao_into(const dp_texture_spec *t, const uint16_t *height, uint16_t *ao,
                                dapple_error *err)
{
    size_t n = (size_t)t->width * (size_t)t->height;
    double unit = dp_height_unit(t);
    float *h = dp_calloc_n(n, sizeof *h);
    walk *w = malloc(sizeof *w);
    if (h == NULL || w == NULL) {
        free(h), free(w);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d occlusion map", t->width,
                       t->height);
    }
    for (size_t i = 0; i < n; i++)
        h[i] = (float)(height[i] * unit / 65535);
    plan_walk(DP_MIN(REACH * unit, (double)DP_MAX(t->width, t->height)), w);
    for (int y = 0; y < t->height; y++)
        for (int x = 0; x < t->width; x++)
            ao[(size_t)y * t->width + x] = (uint16_t)lround(65535 * sky_at(t, h, w, x, y));
    free(w);
    free(h);
    return DAPPLE_OK;
}
