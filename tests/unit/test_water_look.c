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
#include "render/drop_shade.h"
#include "render/drop_shape.h"
#include "render/raster.h"
#include "render/render.h"
#include "core/point_attrs.h"
#include "render/merge.h"
#include "render/trails.h"
#include "point_helpers.h"

static dp_texture_spec spec;
static dp_scene scene;

static void load(const char *preset)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load(preset, &spec, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
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
    cr_assert_geq(s.below, 0.55, "median share of a drop's pixels in its lower half: %.3f",
                  s.below);
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
    /* Each whole trail (not cut by the pane's edge) narrows upward: its width (film and
       beads per row) over the top tenth of its rows against the second tenth above its drop
       (clear of the drop's tail). */
    int *width = calloc((size_t)hh, sizeof *width), *dtop = malloc((nt + 1) * sizeof *dtop);
    for (size_t k = 0; k <= nt; k++)
        dtop[k] = hh;
    for (size_t i = 0; i < n; i++) /* the top row of the drop at the foot of each trail */
        if (drop[i] && trail[all[i]])
            dtop[all[i]] = DP_MIN(dtop[all[i]], (int)(i / (size_t)w));
    double ratios[64];
    size_t nr = 0;
    for (size_t k = 0; k < nt && nr < 64; k++) {
        const piece *p = &ts[k];
        int foot = dtop[k + 1], rows = foot - p->y0;
        if (!trail[k + 1] || p->edge || foot >= hh || rows < 30)
            continue;
        memset(width, 0, (size_t)hh * sizeof *width);
        for (int y = p->y0; y < foot; y++)
            for (int x = p->x0; x <= p->x1; x++)
                width[y] += all[(size_t)y * w + x] == (int)k + 1 && !drop[(size_t)y * w + x];
        double top = 0, low = 0;
        int tenth = rows / 10;
        for (int y = 0; y < tenth; y++)
            top += width[p->y0 + y], low += width[foot - 1 - tenth - y];
        ratios[nr++] = top / low;
    }
    double narrow = nr > 0 ? median(ratios, nr) : 1;
    fprintf(stderr, "rain-on-window: %zu whole trails, top / foot width %.2f (median)\n", nr,
            narrow);
    cr_assert_geq(nr, 3, "%zu whole trails", nr);
    /* Grown runs (#35) gain water from the drops they sweep as they go, so their tracks narrow
       upward less than the sampled trails did (0.6 and under): they still narrow. */
    cr_assert_leq(narrow, 0.85, "a trail's top is %.2f of its width above the drop", narrow);
    free(width), free(dtop);
    /* A grown run (#35) leaves few, scattered beads of its film (0.011 of its track; the
       sampled strings of pearls held 0.15): most of the film dries unseen. */
    double least = spec.layers[0].rain ? 0.008 : 0.15;
    cr_assert_geq(share, least, "beads hold %.3f of the wiped track", share);
    free(h), free(label), free(all), free(drop), free(ps), free(ts), free(trail);
    dp_scene_fini(&scene);
}

/* ---------------------------------------------------------------- bounds (issue #30) */

static void tiny_drops(int side, double merge, double trail, double trail_length)
{
    dp_texture_spec_init(&spec);
    spec.width = spec.height = side;
    spec.seed = 30;
    spec.wrap = dp_wrap_both(true);
    spec.n_layers = 1;
    dp_layer_spec *l = &spec.layers[0];
    dp_layer_spec_init(l);
    strcpy(l->name, "drops");
    l->style = DP_STYLE_DROPLETS;
    l->field.kind = DAPPLE_FIELD_PERLIN;
    l->field.rmin = 2;
    l->field.rmax = 5;
    l->drop.stretch = 2;
    l->merge = merge;
    l->trail = trail;
    l->trail_length = trail_length;
    dapple_error err;
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
}

/* merge = 64 between drops of 1 to 2.5 px (86 s at 128 x 128 once: every drop paired with
 * every other, each bridge as wide as the pane): the gap is capped at the largest drop's
 * drawn radius, so each drop has a handful of partners and its bridges stay near it. */
Test(water_look, merging_tiny_stretched_drops_pairs_each_with_a_few_neighbours)
{
    tiny_drops(128, 64, 0, 4);
    const dp_layer_spec *l = &spec.layers[0];
    const dp_layer_points *lp = &scene.layers[0];
    double largest = dp_layer_draw_radius(l, 5);
    cr_assert_float_eq(dp_merge_gap(l), largest, 1e-9, "the gap is the largest drop's radius");
    cr_assert_gt(lp->n_pairs, 0, "close drops still merge");
    cr_assert_leq(lp->n_pairs, 8 * lp->count, "%zu pairs for %zu drops", lp->n_pairs, lp->count);
    for (size_t i = 0; i < lp->n_pairs; i++) {
        const dp_drop_pair *q = &lp->pairs[i];
        cr_assert_leq(hypot(q->abx, q->aby), 2 * 2.5 * largest + largest + 1e-6,
                      "pair %zu is %.1f px apart", i, hypot(q->abx, q->aby));
    }
    uint16_t *h = height_map(); /* and the maps are drawn (once 292 s at 256 x 256) */
    free(h);
    dp_scene_fini(&scene);
}

/* The bridges are shaded only inside the overlap of the two drops' boxes and discs
 * (dp_merge_bridge_rect, dp_merge_bridge_disc), and pairs whose boxes miss are dropped:
 * that is exact only if no bridge rises outside them. Checked on the most irregular drops
 * (stretched, sagging, wobbling, with tails) at random offsets and gaps. */
Test(water_look, no_bridge_rises_outside_its_rect_or_discs)
{
    dp_drop_style st = { .stretch = 3, .sag = 0.6, .contact_deg = 40, .wobble = 0.3 };
    uint64_t key = 1;
    size_t inside = 0;
    for (int pair = 0; pair < 400; pair++) {
        dp_drop a, b;
        double k = 1 + 30 * dp_point_unit(key, 1), rect[4], ox, oy, reach;
        dp_drop_init(&a, &st, 2 + 40 * dp_point_unit(key, 2), key * 0x9e3779b97f4a7c15u);
        dp_drop_init(&b, &st, 2 + 40 * dp_point_unit(key, 3), (key + 7) * 0x9e3779b97f4a7c15u);
        if (pair % 3 == 0)
            dp_drop_add_tail(&a);
        double far = dp_drop_extent(&a) + dp_drop_extent(&b) + k;
        double abx = far * (2 * dp_point_unit(key, 4) - 1),
               aby = far * (2 * dp_point_unit(key, 5) - 1);
        bool any = dp_merge_bridge_rect(&a, &b, abx, aby, k, rect);
        dp_merge_bridge_disc(&a, &b, abx, aby, k, &ox, &oy, &reach);
        double ra = dp_drop_extent(&a) + 1.25 * k + 1, rb = dp_drop_extent(&b) + 1.25 * k + 1;
        for (int i = 0; i < 3000; i++) {
            double x = (2 * dp_point_unit(key, 100 + 2 * i) - 1) * (ra + 2);
            double y = (2 * dp_point_unit(key, 101 + 2 * i) - 1) * (ra + 2);
            if (!(dp_drop_pair_height(&a, x, y, &b, x - abx, y - aby, k) > 0))
                continue;
            inside++;
            cr_assert(any, "pair %d: a bridge where the boxes miss", pair);
            cr_assert(x > rect[0] && x < rect[1] && y > rect[2] && y < rect[3],
                      "pair %d: bridge at (%g, %g) outside its rect", pair, x, y);
            cr_assert_lt(hypot(x - ox, y - oy), reach, "pair %d: bridge outside its disc", pair);
            cr_assert_lt(hypot(x, y), ra, "pair %d: bridge outside a's disc", pair);
            cr_assert_lt(hypot(x - abx, y - aby), rb, "pair %d: bridge outside b's disc", pair);
        }
        key++;
    }
    cr_assert_gt(inside, 1000, "only %zu bridge points were tried", inside);
}

/* trail = 1, trail_length = 50 (past 60 s at 2048 x 2048 once): no trail laps the pane. */
Test(water_look, long_trails_never_lap_the_pane)
{
    tiny_drops(128, 0, 1, 50);
    spec.layers[0].field.rmin = 7, spec.layers[0].field.rmax = 10;
    dp_scene_fini(&scene);
    dapple_error err;
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    const dp_layer_points *lp = &scene.layers[0];
    size_t trails = 0;
    uint64_t seed = dp_layer_size_seed(spec.seed, spec.layers[0].name);
    for (size_t i = 0; i < lp->count; i++) {
        const dapple_point *p = &lp->points[i];
        double a = dp_layer_point_radius(&spec.layers[0], seed, p);
        trails += dp_trail_slid(&spec.layers[0], dp_point_key(seed, p->x, p->y), a);
    }
    cr_assert_gt(lp->n_track, 0);
    /* a trail ends where it meets an earlier one: the tracks never pile up */
    double area = 0;
    for (size_t i = 0; i < lp->n_track; i++)
        area += DP_PI * (double)lp->track[i].r * (double)lp->track[i].r;
    fprintf(stderr, "long trails: %zu track discs, %.2f panes of disc area\n", lp->n_track,
            area / (spec.width * spec.height));
    cr_assert_leq(area, 3.0 * spec.width * spec.height, "tracks pile up: %.1f panes of discs",
                  area / (spec.width * spec.height));
    /* a track's discs step at least a pixel and span less than the pane's height */
    cr_assert_leq(lp->n_track, trails * (size_t)spec.height, "%zu track discs for %zu trails",
                  lp->n_track, trails);
    dp_scene_fini(&scene);
}

/* ---------------------------------------------------------------- footprint */

typedef struct micro_paint {
    uint8_t *wet;
} micro_paint;

static void micro_px(void *ctx, size_t index, double d2)
{
    (void)d2;
    ((micro_paint *)ctx)->wet[index] = 1;
}

/* The footprint mask is where water stands: every pixel the height map raises, and not
 * much more than those and the micro-drops (which stay out of the height map). */
static void footprint_is_the_water(const char *preset)
{
    load(preset);
    spec.mask = DP_MASK_FOOTPRINT;
    size_t n = (size_t)spec.width * spec.height;
    uint16_t *h = height_map(), *fp = calloc(n, sizeof *fp);
    uint8_t *micro = calloc(n, 1);
    dp_render_mask_into(&spec, &scene, DP_MASK_FOOTPRINT, fp);
    for (int li = 0; li < spec.n_layers; li++) {
        const dp_layer_spec *l = &spec.layers[li];
        uint64_t seed = dp_layer_size_seed(spec.seed, l->name);
        micro_paint m = { micro };
        for (size_t i = 0; i < scene.layers[li].count; i++) {
            const dapple_point *p = &scene.layers[li].points[i];
            double a = dp_layer_point_radius(l, seed, p);
            if (a < l->drop_micro)
                dp_raster_disc(spec.width, spec.height, spec.wrap, p->x, p->y, a + 0.5, micro_px,
                               &m);
        }
    }
    size_t water = 0, wet = 0, missed = 0, white = 0;
    for (size_t i = 0; i < n; i++) {
        water += h[i] > 0 || micro[i];
        wet += fp[i] > 0;
        white += fp[i] > 32768;
        missed += h[i] > 0 && (fp[i] >> 8) == 0; /* as an 8-bit mask stores it */
    }
    fprintf(stderr, "%s: footprint %.3f of the pane (%.3f white), water %.3f\n", preset,
            (double)wet / n, (double)white / n, (double)water / n);
    cr_assert_eq(missed, 0, "%s: %zu wet pixels outside the footprint", preset, missed);
    cr_assert_leq(wet, 1.5 * water, "%s: footprint %zu pixels, water %zu", preset, wet, water);
    free(h), free(fp), free(micro);
    dp_scene_fini(&scene);
}

Test(water_look, the_footprint_mask_is_where_water_stands)
{
    footprint_is_the_water("presets/rain-on-window.ini");
    footprint_is_the_water("presets/rain-on-glass.ini");
}

/* ---------------------------------------------------------------- rain-on-glass, sizes */

Test(water_look, rain_on_glass_leaves_dry_glass_flat_and_no_two_glints_alike)
{
    load("presets/rain-on-glass.ini");
    size_t n = (size_t)spec.width * spec.height, dry = 0, flat = 0;
    uint16_t *h = height_map();
    uint8_t *nm = malloc(n * 3);
    dp_render_normal_into(&spec, h, false, nm);
    for (size_t i = 0; i < n; i++)
        if (h[i] == 0) {
            dry++;
            flat += nm[3 * i] == 128 && nm[3 * i + 1] == 128 && nm[3 * i + 2] == 255;
        }
    double share = (double)flat / dry;
    fprintf(stderr, "rain-on-glass: %.3f of the pane dry, %.3f of it flat\n", (double)dry / n,
            share);
    cr_assert_geq(share, 0.5, "%.3f of dry glass flat in the normal map", share);
    /* No two drops of a layer share their glint's offset and size within 1 %. */
    for (int li = 0; li < spec.n_layers; li++) {
        const dp_layer_spec *l = &spec.layers[li];
        const dp_layer_points *lp = &scene.layers[li];
        uint64_t seed = dp_layer_size_seed(spec.seed, l->name);
        double(*g)[3] = calloc(lp->count, sizeof *g);
        dp_layer_ctx ctx = dp_layer_ctx_for(&spec, l); /* its light, as the layer draws */
        for (size_t i = 0; i < lp->count; i++) {
            const dapple_point *p = &lp->points[i];
            dp_shape s = { .x = p->x, .y = p->y, .key = dp_point_key(seed, p->x, p->y) };
            dp_drop d;
            dp_layer_drop(l, dp_layer_point_radius(l, seed, p), s.key, false, &d);
            dp_glint_spot spot = dp_drop_glint_spot(&ctx, &d, &s);
            g[i][0] = spot.ox, g[i][1] = spot.oy, g[i][2] = spot.size;
        }
        size_t same = 0;
        uint8_t *twin = calloc(lp->count, 1);
        /* sorted by the x offset: a pair that matches lies within 1 % of the longest offset */
        double reach = 0;
        for (size_t i = 0; i < lp->count; i++)
            reach = DP_MAX(reach, 0.01 * hypot(g[i][0], g[i][1]));
        qsort(g, lp->count, sizeof *g, by_value);
        for (size_t i = 0; i < lp->count; i++)
            for (size_t j = i + 1; j < lp->count && g[j][0] - g[i][0] <= reach; j++) {
                double o = hypot(g[i][0] - g[j][0], g[i][1] - g[j][1]);
                double len = DP_MAX(hypot(g[i][0], g[i][1]), hypot(g[j][0], g[j][1]));
                double size = fabs(g[i][2] - g[j][2]) / DP_MAX(g[i][2], g[j][2]);
                if (o <= 0.01 * len && size <= 0.01)
                    same++, twin[i] = twin[j] = 1;
            }
        size_t twins = 0;
        for (size_t i = 0; i < lp->count; i++)
            twins += twin[i];
        fprintf(stderr, "rain-on-glass layer %s: %zu drops, %zu pairs (%zu drops) share a glint\n",
                l->name, lp->count, same, twins);
        /* Independent glints cannot avoid the birthday bound: among thousands of drops a
           few far-apart pairs match by chance. Sprites shared theirs among all drops of one
           size. */
        if (li == 0 && lp->count < 500) /* a grown layer (#35) has near a thousand drops */
            cr_assert_eq(same, 0, "layer %s: %zu pairs share a glint", l->name, same);
        cr_assert_leq(twins, lp->count / 25, "layer %s: %zu of %zu drops share a glint", l->name,
                      twins, lp->count);
        free(g), free(twin);
    }
    free(h), free(nm);
    dp_scene_fini(&scene);
}

/* Drop radii (of equal-area discs) in the height map leave no empty octave from the
 * smallest shaded drop to the largest. */
Test(water_look, rain_on_window_sizes_leave_no_empty_octave)
{
    load("presets/rain-on-window.ini");
    int w = spec.width, hh = spec.height;
    uint16_t *h = height_map();
    int *label = malloc((size_t)w * hh * sizeof *label);
    piece *ps;
    size_t np = label_pieces(h, w, hh, film_level(), label, &ps);
    double lo = 1e9, hi = 0;
    for (size_t k = 0; k < np; k++) {
        double r = sqrt((double)ps[k].n / DP_PI);
        lo = DP_MIN(lo, r), hi = DP_MAX(hi, r);
    }
    int bands = (int)floor(log2(hi / lo)) + 1, counts[32] = { 0 };
    for (size_t k = 0; k < np; k++)
        counts[DP_MIN(bands - 1, (int)floor(log2(sqrt((double)ps[k].n / DP_PI) / lo)))]++;
    fprintf(stderr, "rain-on-window: drop radii %.2f to %.1f px:", lo, hi);
    for (int b = 0; b < bands; b++)
        fprintf(stderr, " %d", counts[b]);
    fprintf(stderr, "\n");
    for (int b = 0; b < bands; b++)
        cr_assert_gt(counts[b], 0, "no drop of radius %.2f to %.2f px", lo * pow(2, b),
                     lo * pow(2, b + 1));
    free(h), free(label), free(ps);
    dp_scene_fini(&scene);
}
