/* SPDX-License-Identifier: MIT
 * Sampling a texture's layers in order. Layer i gets its own field (width, height, seed
 * and periodicity from the texture), its own sampler seed (dp_layer_seed of its name, so editing
 * one layer never reshuffles another) and, when it avoids earlier layers, a dapple_circles
 * holding their drawn circles (layer j's points at radius scale_j * r). The sampler tests
 * a candidate's own drawn circle, avoid_scale = this layer's scale, against them. */
#include "render/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/breath.h"
#include "core/dp.h"
#include "core/frost_growth.h"
#include "core/snow_drift.h"
#include "core/world.h"
#include "io/image_load.h"
#include "render/bubble_cluster.h"
#include "render/budget.h"
#include "render/bubble_trains.h"
#include "render/clump.h"
#include "render/frost.h"
#include "render/merge.h"
#include "render/rain_layer.h"
#include "render/trails.h"

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static dapple_status make_field(const dp_texture_spec *t, const dp_layer_spec *l,
                                dapple_field **out, int sizes[][2], dapple_error *err)
{
    dapple_field_opts fo = l->field;
    fo.threads = t->sample_threads > 0 ? t->sample_threads : 1;
    fo.width = t->width;
    fo.height = t->height;
    dp_texture_field_wrap(t, &fo);
    fo.seed = t->seed; /* layers with the same field spec share one noise: they line up */
    if ((l->breath || l->rain) && fo.kind == DAPPLE_FIELD_CONSTANT) /* only rmin, rmax read */
        fo.rmin = fo.rmax;
    const char *excl[DP_MAX_EXCLUDE];
    for (int i = 0; i < l->n_exclude; i++)
        excl[i] = l->exclude[i];
    dp_field_images read;
    dapple_grey clumps;
    uint16_t *clump_pixels = NULL;
    fo.exclude = NULL, fo.n_exclude = 0;
    dapple_status st = DAPPLE_OK;
    if (dp_clump_on(l) && (st = dp_clump_mask(t, l, &clumps, &clump_pixels, err)) == DAPPLE_OK)
        fo.exclude = &clumps, fo.n_exclude = 1;
    if (st == DAPPLE_OK)
        st = dp_field_load_sized(out, &fo, l->field_image, excl, l->n_exclude, t->max_pixels, &read,
                                 err);
    free(clump_pixels);
    if (st == DAPPLE_OK)
        memcpy(sizes, read.size, sizeof read.size);
    return st;
}

/* A layer left at the default max_points that its field promises to exceed is refused before
 * sampling, as `dapple points` refuses it: the default is a guard, not a plan. Any other
 * max_points means "stop there". Avoided layers only lower the count, so this errs safe. */
static double expected_points(const dp_texture_spec *t, const dp_layer_spec *l,
                              const dapple_field *f)
{
    double expected = l->count > 0 ? (double)l->count : dapple_field_estimate_points(f);
    if (t->view_w > 0 && l->count == 0) /* the view's share of the world's points */
        expected *= (double)t->view_w * t->view_h / ((double)t->width * t->height);
    return expected;
}

static dapple_status check_budget(const dp_texture_spec *t, const dp_layer_spec *l,
                                  const dapple_field *f, dapple_error *err)
{
    double expected = expected_points(t, l, f);
    bool guard = l->max_points == DAPPLE_DEFAULT_MAX_POINTS && expected > (double)l->max_points;
    if (!guard) /* then the time its shapes take (issue #40), where they are drawn */
        return t->masks_only ? DAPPLE_OK : dp_budget_check(t, l, expected, err);
    return dp_fail(err, DAPPLE_E_LIMIT,
                   "about %.3g points expected, over the default limit of %zu: use a larger "
                   "radius, or set max_points (sampling then stops at that limit)",
                   expected, l->max_points);
}

/* Layer j's circles for a later layer to avoid: the rooms (scale * r), or for drops whose
 * size spread or shape leaves much of the room empty, their dry halos (dp_layer_halo). */
static dapple_status add_rooms(const dp_texture_spec *t, const dp_layer_points *lp, int j,
                               dapple_circles *c, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[j];
    bool halos = l->style == DP_STYLE_DROPLETS &&
                 (!dp_size_spread_off(&l->size) || !dp_drop_style_round(&l->drop));
    if (!halos || lp->count == 0)
        return dapple_circles_add(c, lp->points, lp->count, l->scale, err);
    dapple_point *h = dp_calloc_n(lp->count, sizeof *h);
    if (h == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu halos", lp->count);
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    for (size_t i = 0; i < lp->count; i++)
        h[i] = (dapple_point){ lp->points[i].x, lp->points[i].y,
                               (float)dp_layer_halo(l, seed, &lp->points[i]) };
    dapple_status st = dapple_circles_add(c, h, lp->count, 1, err);
    free(h);
    return st;
}

/* The circles of the earlier layers that layer i avoids; *out stays NULL if none. */
static dapple_status make_avoid(const dp_texture_spec *t, const dp_scene *s, int i,
                                dapple_circles **out, dapple_error *err)
{
    *out = NULL;
    uint32_t mask = t->layers[i].avoid_mask & ((1u << i) - 1);
    if (mask == 0)
        return DAPPLE_OK;
    dapple_status st = dp_texture_circles_new(t, out, err);
    for (int j = 0; j < i && st == DAPPLE_OK; j++)
        if (mask & (1u << j))
            st = add_rooms(t, &s->layers[j], j, *out, err);
    for (int j = 0; j < i && st == DAPPLE_OK; j++) /* trails: beads and the wiped track */
        if (mask & (1u << j)) {
            st = dapple_circles_add(*out, s->layers[j].beads, s->layers[j].n_beads, 1, err);
            if (st == DAPPLE_OK)
                st = dapple_circles_add(*out, s->layers[j].track, s->layers[j].n_track, 1, err);
        }
    return st;
}

static void opts_for(const dp_texture_spec *t, const dp_layer_spec *l, const dapple_circles *avoid,
                     dapple_sampler_opts *so)
{
    dapple_sampler_opts_init(so);
    so->width = t->width;
    so->height = t->height;
    so->k = l->k;
    so->max_points = l->max_points;
    so->seed = l->seed_raw ? t->seed : dp_layer_seed(t->seed, l->name);
    dp_texture_sampler_wrap(t, so);
    so->dense = l->dense;
    so->maximal = l->maximal;
    so->relax = l->relax;
    so->avoid = avoid;
    so->avoid_scale = l->scale;
    so->progress = t->progress;
}

/* Pieces of [a, b) along an axis of extent n: where it wraps, each part inside one copy of
 * the world, as its interval in the world and the shift back out; bounded, clamped. */
typedef struct piece {
    double lo, hi, shift;
} piece;

static int pieces_of(double a, double b, double n, bool wraps, piece *out)
{
    if (!wraps) {
        out[0] = (piece){ DP_MAX(a, 0.0), DP_MIN(b, n), 0 };
        return 1;
    }
    int k = 0;
    for (double c = floor(a / n); c * n < b && k < 8; c++, k++)
        out[k] = (piece){ DP_MAX(a, c * n) - c * n, DP_MIN(b, (c + 1) * n) - c * n, c * n };
    return k;
}

/* The world's points near the view (t->view_*): within the reach of a mask dot of them,
 * copies across the wrap included, in world units. */
static dapple_status sample_view(const dp_texture_spec *t, const dp_world_opts *base, int i,
                                 dp_layer_points *lp, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[i];
    double R = dapple_field_rmax(base->field), scale = t->mask_scale > 0 ? t->mask_scale : 0.5;
    double m = DP_MAX(DP_MAX(dp_layer_dot_reach(l), scale * R), R) + 2;
    piece px[8], py[8];
    int nx = pieces_of(t->view_x - m, t->view_x + t->view_w + m, t->width, t->wrap.x, px);
    int ny = pieces_of(t->view_y - m, t->view_y + t->view_h + m, t->height, t->wrap.y, py);
    dapple_status st = DAPPLE_OK;
    for (int b = 0; b < ny && st == DAPPLE_OK; b++)
        for (int a = 0; a < nx && st == DAPPLE_OK; a++) {
            dp_world_opts wo = *base;
            wo.rx = px[a].lo, wo.rw = px[a].hi - px[a].lo;
            wo.ry = py[b].lo, wo.rh = py[b].hi - py[b].lo;
            dapple_point *p = NULL;
            size_t n = 0;
            dapple_stop stop;
            if (!(wo.rw > 0 && wo.rh > 0))
                continue;
            st = dp_world_sample(&wo, &p, &n, &stop, err);
            dapple_point *all = st == DAPPLE_OK
                                        ? dp_realloc_n(lp->points, lp->count + n + 1, sizeof *all)
                                        : NULL;
            if (st == DAPPLE_OK && all == NULL)
                st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu points", lp->count + n);
            for (size_t k = 0; all != NULL && k < n; k++)
                all[lp->count + k] =
                        (dapple_point){ (float)((double)p[k].x + px[a].shift),
                                        (float)((double)p[k].y + py[b].shift), p[k].r };
            if (all != NULL)
                lp->points = all, lp->count += n;
            if (stop == DAPPLE_STOP_MAX_POINTS)
                lp->stop = stop;
            free(p);
        }
    return st;
}

/* A breath figure (core/breath.h) instead of the sampler: the drops, stored with r = drawn
 * radius / scale so that the layer draws each at the radius it grew to. */
static dapple_status run_breath(const dp_texture_spec *t, int i, dp_scene *s, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[i];
    dp_layer_points *lp = &s->layers[i];
    double t0 = seconds_now();
    dp_breath_opts o = { .width = t->width,
                         .height = t->height,
                         .wrap = t->wrap,
                         .seed = l->seed_raw ? t->seed : dp_layer_seed(t->seed, l->name),
                         .r0 = l->field.rmin,
                         .r_end = l->field.rmax,
                         .cover = l->breath_cover,
                         .max_drops = l->max_points,
                         .rate = s->fields[i] };
    dapple_status st = dp_breath_run(&o, &lp->points, &lp->count, err);
    for (size_t k = 0; k < lp->count; k++)
        lp->points[k].r = (float)((double)lp->points[k].r / l->scale);
    lp->scale = 1;
    lp->stop = DAPPLE_STOP_COMPLETE;
    lp->seconds = seconds_now() - t0;
    return st;
}

/* Frost ferns (core/frost_growth.h) instead of the sampler: the layer has no points, only
 * the branches, grown over the layer's field (cold where it is high), kept off the rooms of
 * the layers it avoids (a drop is warm: it melts a clear ring in the frost). */
static dapple_status run_crystals(const dp_texture_spec *t, int i, const dapple_circles *avoid,
                                  dp_scene *s, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[i];
    dp_layer_points *lp = &s->layers[i];
    double t0 = seconds_now();
    dp_frost_opts o = { .width = t->width,
                        .height = t->height,
                        .wrap = t->wrap,
                        .seed = l->seed_raw ? t->seed : dp_layer_seed(t->seed, l->name),
                        .length = l->crystal_length,
                        .stem = l->stroke_width,
                        .seeds = l->crystal_seeds,
                        .scratches = l->crystal_scratches,
                        .max_segs = l->max_points,
                        .cold = s->fields[i],
                        .avoid = avoid };
    dapple_status st = dp_frost_grow(&o, &lp->segs, &lp->n_segs, err);
    if (st == DAPPLE_OK && !t->masks_only) /* growing is cheap, drawing what grew is not */
        st = dp_budget_check_segs(l, lp->segs, lp->n_segs, err);
    lp->scale = 1;
    lp->stop = DAPPLE_STOP_COMPLETE;
    lp->seconds = seconds_now() - t0;
    return st;
}

/* Snow on the sill (core/snow_drift.h) instead of the sampler: the layer's profile, its
 * clumps up to rmax across. */
static dapple_status run_snow(const dp_texture_spec *t, int i, dp_scene *s, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[i];
    dp_layer_points *lp = &s->layers[i];
    dp_snow_opts o = { .width = t->width,
                       .wrap_x = t->wrap.x,
                       .seed = l->seed_raw ? t->seed : dp_layer_seed(t->seed, l->name),
                       .depth = l->snow_depth,
                       .lump = dapple_field_opts_rmax(&l->field) };
    lp->scale = 1;
    lp->stop = DAPPLE_STOP_COMPLETE;
    lp->snow = dp_calloc_n((size_t)t->width, sizeof *lp->snow);
    if (lp->snow == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for snow %d wide", t->width);
    return dp_snow_drift(&o, lp->snow, err);
}

/* Samples the layer as a world (core/world: the same points for any number of threads)
 * into the scene, which owns them from here. */
static dapple_status run_sampler(const dp_texture_spec *t, int i, const dapple_circles *avoid,
                                 dp_scene *s, dapple_error *err)
{
    dapple_sampler_opts so;
    dp_world_opts wo;
    dp_layer_points *lp = &s->layers[i];
    double t0 = seconds_now();
    opts_for(t, &t->layers[i], avoid, &so);
    dp_world_opts_init(&wo, s->fields[i], &so);
    wo.threads = t->sample_threads > 0 ? t->sample_threads : 1;
    size_t count = t->layers[i].count;
    lp->scale = 1;
    lp->stop = DAPPLE_STOP_COMPLETE;
    if (t->view_w > 0) {
        dapple_status st = sample_view(t, &wo, i, lp, err);
        lp->seconds = seconds_now() - t0;
        return st;
    }
    dapple_status st = count > 0 ? dp_world_sample_count(&wo, count, &lp->points, &lp->count,
                                                         &lp->scale, &lp->stop, err)
                                 : dp_world_sample(&wo, &lp->points, &lp->count, &lp->stop, err);
    lp->seconds = seconds_now() - t0;
    return st;
}

static dapple_status sample_layer(const dp_texture_spec *t, int i, dp_scene *s, dapple_error *err)
{
    dapple_circles *avoid = NULL;
    s->n_layers = i + 1; /* so that dp_scene_fini frees this layer's parts on failure */
    dapple_field *given = t->layers[i].given_field;
    dapple_status st = DAPPLE_OK;
    if (given != NULL)
        s->fields[i] = given, s->given[i] = true;
    else
        st = make_field(t, &t->layers[i], &s->fields[i], s->image_size[i], err);
    bool grown = t->layers[i].style == DP_STYLE_CRYSTALS || t->layers[i].style == DP_STYLE_SNOW;
    if (st == DAPPLE_OK && !grown)
        st = check_budget(t, &t->layers[i], s->fields[i], err);
    if (st == DAPPLE_OK)
        st = make_avoid(t, s, i, &avoid, err);
    /* A layer of bubble trains has only its trains, as its points: nothing is sampled loose. */
    bool trains_only = t->layers[i].style == DP_STYLE_BUBBLES && t->layers[i].trains > 0;
    if (st == DAPPLE_OK && t->layers[i].style == DP_STYLE_SNOW)
        st = run_snow(t, i, s, err);
    else if (st == DAPPLE_OK && grown)
        st = run_crystals(t, i, avoid, s, err);
    else if (st == DAPPLE_OK && t->layers[i].breath)
        st = run_breath(t, i, s, err);
    else if (st == DAPPLE_OK && t->layers[i].rain && t->layers[i].style == DP_STYLE_DROPLETS)
        st = dp_rain_layer(t, i, s, err);
    else if (st == DAPPLE_OK && trains_only)
        st = dp_bubble_trains_sample(t, i, avoid, s, err);
    else if (st == DAPPLE_OK)
        st = run_sampler(t, i, avoid, s, err);
    if (st == DAPPLE_OK && t->view_w == 0)
        st = dp_bubble_cluster(t, s, i, err);
    if (st == DAPPLE_OK && t->view_w == 0)
        st = dp_trails_make(t, s, i, avoid, err);
    if (st == DAPPLE_OK && t->view_w == 0)
        st = dp_merge_pairs(t, s, i, err);
    dapple_circles_free(avoid);
    return st;
}

dapple_status dp_scene_sample(const dp_texture_spec *t, dp_scene *out, dapple_error *err)
{
    memset(out, 0, sizeof *out);
    if (t->n_layers < 0 || t->n_layers > DP_MAX_LAYERS)
        return dp_fail(err, DAPPLE_E_INVALID, "%d layers: at most %d", t->n_layers, DP_MAX_LAYERS);
    for (int i = 0; i < t->n_layers; i++) {
        dapple_status st = sample_layer(t, i, out, err);
        if (st != DAPPLE_OK) {
            dp_scene_fini(out);
            return dp_fail_prefix(err, st, "layer '%s'", t->layers[i].name);
        }
    }
    return DAPPLE_OK;
}

dapple_status dp_scene_layer_field(const dp_texture_spec *t, int i, dapple_field **out,
                                   dapple_error *err)
{
    int sizes[1 + DAPPLE_MAX_EXCLUDE][2];
    *out = NULL;
    if (i < 0 || i >= t->n_layers)
        return dp_fail(err, DAPPLE_E_INVALID, "no layer %d: the preset has %d", i, t->n_layers);
    if (t->layers[i].given_field != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "layer '%s' has a given field", t->layers[i].name);
    dapple_status st = make_field(t, &t->layers[i], out, sizes, err);
    return st == DAPPLE_OK ? st : dp_fail_prefix(err, st, "layer '%s'", t->layers[i].name);
}

bool dp_scene_keep_cell_heights(const dp_texture_spec *t, dp_scene *s)
{
    size_t n = (size_t)t->width * (size_t)t->height;
    bool ok = true;
    for (int i = 0; i < s->n_layers && i < DP_MAX_LAYERS && ok; i++) {
        dp_cell_heights *k = &s->cell_heights[i];
        if (t->layers[i].style != DP_STYLE_CELLS || k->q != NULL)
            continue;
        k->q = dp_calloc_n(n + 1, sizeof *k->q);
        k->done = dp_calloc_n((size_t)t->height + 1, 1);
        ok = k->q != NULL && k->done != NULL;
        if (!ok) {
            free(k->q), free(k->done);
            *k = (dp_cell_heights){ NULL, NULL };
        }
    }
    return ok;
}

void dp_scene_fini(dp_scene *s)
{
    for (int i = 0; i < s->n_layers && i < DP_MAX_LAYERS; i++) {
        if (s->given[i]) /* the caller's */
            s->fields[i] = NULL;
        free(s->layers[i].points);
        free(s->layers[i].beads);
        free(s->layers[i].track);
        free(s->layers[i].pairs);
        free(s->layers[i].segs);
        free(s->layers[i].snow);
        dapple_field_free(s->fields[i]);
        free(s->cell_heights[i].q);
        free(s->cell_heights[i].done);
    }
    memset(s, 0, sizeof *s);
}
