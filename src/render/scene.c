/* SPDX-License-Identifier: MIT
 * Sampling a texture's layers in order. Layer i gets its own field (width, height, seed
 * and periodicity from the texture), its own sampler seed (dp_layer_seed of its name, so editing
 * one layer never reshuffles another) and, when it avoids earlier layers, a dapple_circles
 * holding their drawn circles (layer j's points at radius scale_j * r). The sampler tests
 * a candidate's own drawn circle, avoid_scale = this layer's scale, against them. */
#include "render/render.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/dp.h"
#include "core/world.h"
#include "io/image_load.h"

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static dapple_status make_field(const dp_texture_spec *t, const dp_layer_spec *l,
                                dapple_field **out, dapple_error *err)
{
    dapple_field_opts fo = l->field;
    fo.width = t->width;
    fo.height = t->height;
    fo.periodic = t->periodic;
    fo.seed = t->seed; /* layers with the same field spec share one noise: they line up */
    const char *excl[DP_MAX_EXCLUDE];
    for (int i = 0; i < l->n_exclude; i++)
        excl[i] = l->exclude[i];
    return dp_field_load(out, &fo, l->field_image, excl, l->n_exclude, t->max_pixels, err);
}

/* A layer left at the default max_points that its field promises to exceed is refused before
 * sampling, as `dapple points` refuses it: the default is a guard, not a plan. Any other
 * max_points means "stop there". Avoided layers only lower the count, so this errs safe. */
static dapple_status check_budget(const dp_layer_spec *l, const dapple_field *f, dapple_error *err)
{
    double expected = l->count > 0 ? (double)l->count : dapple_field_estimate_points(f);
    if (l->max_points != DAPPLE_DEFAULT_MAX_POINTS || !(expected > (double)l->max_points))
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_LIMIT,
                   "about %.3g points expected, over the default limit of %zu: use a larger "
                   "radius, or set max_points (sampling then stops at that limit)",
                   expected, l->max_points);
}

/* The circles of the earlier layers that layer i avoids; *out stays NULL if none. */
static dapple_status make_avoid(const dp_texture_spec *t, const dp_scene *s, int i,
                                dapple_circles **out, dapple_error *err)
{
    *out = NULL;
    uint32_t mask = t->layers[i].avoid_mask & ((1u << i) - 1);
    if (mask == 0)
        return DAPPLE_OK;
    dapple_status st = dapple_circles_new(out, t->width, t->height, t->periodic, err);
    for (int j = 0; j < i && st == DAPPLE_OK; j++)
        if (mask & (1u << j))
            st = dapple_circles_add(*out, s->layers[j].points, s->layers[j].count,
                                    t->layers[j].scale, err);
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
    so->periodic = t->periodic;
    so->dense = l->dense;
    so->maximal = l->maximal;
    so->avoid = avoid;
    so->avoid_scale = l->scale;
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
    dapple_status st = make_field(t, &t->layers[i], &s->fields[i], err);
    if (st == DAPPLE_OK)
        st = check_budget(&t->layers[i], s->fields[i], err);
    if (st == DAPPLE_OK)
        st = make_avoid(t, s, i, &avoid, err);
    if (st == DAPPLE_OK)
        st = run_sampler(t, i, avoid, s, err);
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

void dp_scene_fini(dp_scene *s)
{
    for (int i = 0; i < s->n_layers && i < DP_MAX_LAYERS; i++) {
        free(s->layers[i].points);
        dapple_field_free(s->fields[i]);
    }
    memset(s, 0, sizeof *s);
}
