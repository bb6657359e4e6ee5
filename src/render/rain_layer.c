/* SPDX-License-Identifier: MIT
 * Rain on a droplets layer (see rain_layer.h). Which drops slid, and so have a tail, the
 * renderers read from the hash of a drop's place (dp_trail_slid), as they do for sampled
 * trails: each drop that slid is stored at the nearest float x (a few ulps, 1e-4 px at
 * most) whose hash says so, and each that did not at one whose hash says not. So the rain
 * reaches every map through the points alone, without a flag the drawing code must carry. */
#include "render/rain_layer.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "core/dp.h"
#include "core/point_attrs.h"
#include "core/rain.h"
#include "render/trails.h"

#define NUDGES 256 /* half the places say "slid": 256 tries fail with odds 2^-256 */

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The float x nearest p->x (toward the pane's middle) whose place hash tells 'slid'. */
static float x_telling(const dp_layer_spec *l, uint64_t size_seed, const dapple_point *p, bool slid,
                       double width)
{
    float x = p->x, toward = (double)p->x < width / 2 ? (float)width : 0.0f;
    for (int k = 0; k < NUDGES; k++) {
        /* the size does not matter here: a slid drop too small for a tail shows none */
        if (dp_trail_slid(l, dp_point_key(size_seed, x, p->y), 1e9) == slid)
            return x;
        x = nextafterf(x, toward);
    }
    return p->x;
}

/* The widest a drop of the layer is, over its height: gravity pulls them long, so they
 * touch (and merge) side by side later than their rooms would. Each drop's stretch varies
 * with its hash: the widest of many. */
double dp_rain_layer_squash(const dp_layer_spec *l)
{
    double wide = 0;
    for (uint64_t key = 1; key <= 64; key++) {
        dp_drop d;
        dp_drop_init(&d, &l->drop, 100, key * 0x9e3779b97f4a7c15u);
        wide = DP_MAX(wide, d.wide * (1 + l->drop.wobble) / 100);
    }
    return DP_MAX(0.2, DP_MIN(1.0, wide));
}

static dapple_status store(const dp_texture_spec *t, const dp_layer_spec *l, const dp_rain *r,
                           dp_layer_points *lp, dapple_error *err)
{
    uint64_t size_seed = dp_layer_size_seed(t->seed, l->name);
    double rmax = dapple_field_opts_rmax(&l->field), squash = dp_rain_layer_squash(l);
    lp->points = dp_calloc_n(r->n_drops + 1, sizeof *lp->points);
    lp->beads = dp_calloc_n(r->n_drops + 1, sizeof *lp->beads);
    lp->track = dp_calloc_n(r->n_track + 1, sizeof *lp->track);
    if (lp->points == NULL || lp->beads == NULL || lp->track == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "rain: out of memory for %zu drops", r->n_drops);
    for (size_t k = 0; k < r->n_drops; k++) {
        const dp_rain_drop *d = &r->drops[k];
        /* a run cut short by the pane's height may stop over rmax: drawn at rmax */
        double a = DP_MIN((double)d->r, rmax);
        dapple_point p = { d->x, d->y, (float)a };
        if (d->kind == DP_RAIN_BEAD) { /* drawn nearly round: as wide as the rain saw it */
            p.r = (float)(a * squash);
            lp->beads[lp->n_beads++] = p;
            continue;
        }
        p.x = x_telling(l, size_seed, &p, d->kind == DP_RAIN_SLID, t->width);
        p.r = (float)(a / l->scale);
        lp->points[lp->count++] = p;
    }
    for (size_t k = 0; k < r->n_track; k++)
        lp->track[lp->n_track++] = (dapple_point){ r->track[k].x, r->track[k].y, r->track[k].r };
    return DAPPLE_OK;
}

dapple_status dp_rain_layer(const dp_texture_spec *t, int li, dp_scene *s, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_points *lp = &s->layers[li];
    double t0 = seconds_now();
    dp_rain_opts o = { .width = t->width,
                       .height = t->height,
                       .wrap = t->wrap,
                       .seed = l->seed_raw ? t->seed : dp_layer_seed(t->seed, l->name),
                       .r_min = l->field.rmin,
                       .r_max = dapple_field_opts_rmax(&l->field),
                       .time = l->rain_time,
                       .rate = l->rain_rate,
                       .slide = l->rain_slide,
                       .squash = dp_rain_layer_squash(l),
                       .track = 0.8, /* as a sampled trail's (render/trails.c) */
                       .flaws = s->fields[li],
                       .max_drops = l->max_points };
    dp_rain r;
    dapple_status st = dp_rain_run(&o, &r, err);
    if (st == DAPPLE_OK)
        st = store(t, l, &r, lp, err);
    dp_rain_fini(&r);
    lp->scale = 1;
    lp->stop = DAPPLE_STOP_COMPLETE;
    lp->seconds = seconds_now() - t0;
    return st;
}
