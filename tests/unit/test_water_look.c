/* SPDX-License-Identifier: MIT
 * Water that sits right (issue #24, part A), measured on the output maps of the shipped
 * presets (fixed seeds), never on their parameters: drops are the connected pieces of the
 * height map above the trail film's level, each measured by its own pixels. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "preset/preset.h"
#include "render/render.h"
#include "render/trails.h"

static dp_texture_spec spec;
static dp_scene scene;

static void load(const char *preset)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load(preset, &spec, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* One connected piece of {h > level} (4-neighbours, not across the wrap). */
typedef struct piece {
    int x0, y0, x1, y1; /* bounding box, inclusive */
    size_t n;           /* pixels */
    bool edge;          /* touches the image's border: cut by the wrap, not measured */
} piece;

/* Labels the pieces; label[i] = piece index + 1, 0 where h <= level. Returns the count. */
static size_t label_pieces(const uint16_t *h, int w, int hh, uint16_t level, int *label,
                           piece **out)
{
    size_t n = (size_t)w * hh, count = 0, cap = 256;
    piece *ps = malloc(cap * sizeof *ps);
    int *stack = malloc(n * sizeof *stack);
    memset(label, 0, n * sizeof *label);
    for (size_t s = 0; s < n; s++) {
        if (h[s] <= level || label[s] != 0)
            continue;
        if (count == cap)
            ps = realloc(ps, (cap *= 2) * sizeof *ps);
        piece *p = &ps[count++];
        *p = (piece){ w, hh, -1, -1, 0, false };
        size_t top = 0;
        stack[top++] = (int)s;
        label[s] = (int)count;
        while (top > 0) {
            int i = stack[--top], x = i % w, y = i / w;
            p->n++;
            p->x0 = DP_MIN(p->x0, x), p->x1 = DP_MAX(p->x1, x);
            p->y0 = DP_MIN(p->y0, y), p->y1 = DP_MAX(p->y1, y);
            p->edge |= x == 0 || y == 0 || x == w - 1 || y == hh - 1;
            int nb[4] = { x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1,
                          y < hh - 1 ? i + w : -1 };
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && h[nb[k]] > level && label[nb[k]] == 0) {
                    label[nb[k]] = (int)count;
                    stack[top++] = nb[k];
                }
        }
    }
    free(stack);
    *out = ps;
    return count;
}

/* The trail film's top in height-map units: pieces are measured above it. */
static uint16_t film_level(void)
{
    return (uint16_t)ceil(DP_TRAIL_FILM * 65535 / dp_height_unit(&spec));
}

typedef struct shapes {
    double below, aspect, widest_below; /* medians over drops at least 12 px tall */
    size_t n;
} shapes;

static shapes measure_drops(const uint16_t *h, int w, int hh)
{
    int *label = malloc((size_t)w * hh * sizeof *label);
    piece *ps;
    size_t n = label_pieces(h, w, hh, film_level(), label, &ps), m = 0;
    double *below = calloc(n, sizeof *below), *aspect = calloc(n, sizeof *aspect),
           *widest = calloc(n, sizeof *widest);
    int *rows = calloc((size_t)hh, sizeof *rows);
    for (size_t k = 0; k < n; k++) {
        const piece *p = &ps[k];
        int tall = p->y1 - p->y0 + 1;
        if (p->edge || tall < 12)
            continue;
        size_t low = 0;
        double mid = 0.5 * (p->y0 + p->y1 + 1); /* the box's middle, in pixel edges */
        memset(rows, 0, (size_t)hh * sizeof *rows);
        for (int y = p->y0; y <= p->y1; y++)
            for (int x = p->x0; x <= p->x1; x++)
                if (label[(size_t)y * w + x] == (int)k + 1) {
                    rows[y]++;
                    low += y + 0.5 > mid;
                }
        int best = p->y0;
        for (int y = p->y0; y <= p->y1; y++)
            if (rows[y] > rows[best])
                best = y;
        below[m] = (double)low / p->n;
        aspect[m] = (double)tall / (p->x1 - p->x0 + 1);
        widest[m++] = best + 0.5 > mid;
    }
    shapes s = { 0, 0, 0, m };
    if (m > 0)
        s = (shapes){ median(below, m), median(aspect, m), median(widest, m), m };
    free(below), free(aspect), free(widest), free(rows), free(label), free(ps);
    return s;
}

static uint16_t *height_map(void)
{
    uint16_t *h = calloc((size_t)spec.width * spec.height, sizeof *h);
    dp_render_height_into(&spec, &scene, h);
    return h;
}

Test(water_look, rain_on_window_drops_are_heavy_at_the_bottom_and_tall)
{
    load("presets/rain-on-window.ini");
    uint16_t *h = height_map();
    shapes s = measure_drops(h, spec.width, spec.height);
    fprintf(stderr,
            "rain-on-window: %zu drops; median share in the lower half %.3f, aspect %.3f, "
            "widest row below the middle in %.0f %% of them (median)\n",
            s.n, s.below, s.aspect, 100 * s.widest_below);
    cr_assert_gt(s.n, 30, "%zu drops measured", s.n);
    cr_assert_geq(s.below, 0.55, "median share of a drop's pixels in its lower half: %.3f", s.below);
    cr_assert_geq(s.aspect, 1.2, "median aspect (height / width): %.3f", s.aspect);
    cr_assert_eq(s.widest_below, 1, "the median drop's widest row lies below its middle");
    free(h);
    dp_scene_fini(&scene);
}

/* Marks, in 'mark' (1 per pixel), the pieces of {h > level} holding a drop's centre. */
static void mark_drops(const int *label, int w, int hh, uint8_t *mark, size_t n_pieces)
{
    uint8_t *is_drop = calloc(n_pieces + 1, 1);
    for (int li = 0; li < scene.n_layers; li++)
        for (size_t i = 0; i < scene.layers[li].count; i++) {
            const dapple_point *p = &scene.layers[li].points[i];
            int x = (int)p->x % w, y = (int)p->y % hh;
            is_drop[label[(size_t)y * w + x]] = 1;
        }
    is_drop[0] = 0;
    for (size_t i = 0; i < (size_t)w * hh; i++)
        mark[i] = is_drop[label[i]];
    free(is_drop);
}

Test(water_look, rain_on_window_trails_pearl_into_beads_on_a_faint_film)
{
    load("presets/rain-on-window.ini");
    int w = spec.width, hh = spec.height;
    size_t n = (size_t)w * hh;
    uint16_t *h = height_map();
    uint16_t level = film_level();
    int *label = malloc(n * sizeof *label), *all = malloc(n * sizeof *all);
    uint8_t *drop = calloc(n, 1);
    piece *ps, *ts;
    size_t np = label_pieces(h, w, hh, level, label, &ps);
    size_t nt = label_pieces(h, w, hh, 0, all, &ts); /* trails join their drops and beads */
    mark_drops(label, w, hh, drop, np);
    /* A trail: a piece of {h > 0} that holds film (0 < h <= level). */
    uint8_t *trail = calloc(nt + 1, 1);
    size_t film = 0;
    for (size_t i = 0; i < n; i++)
        if (h[i] > 0 && h[i] <= level)
            trail[all[i]] = 1, film++;
    size_t track = 0, beads = 0;
    for (size_t i = 0; i < n; i++)
        if (trail[all[i]] && !drop[i])
            track++, beads += h[i] > level;
    double share = (double)beads / (double)track;
    fprintf(stderr, "rain-on-window: %zu track pixels outside the drops, %.3f of them beads\n",
            track, share);
    cr_assert_gt(film, 500, "a faint film on the tracks (%zu pixels)", film);
    cr_assert_geq(share, 0.15, "beads hold %.3f of the wiped track", share);
    free(h), free(label), free(all), free(drop), free(ps), free(ts), free(trail);
    dp_scene_fini(&scene);
}
