/* SPDX-License-Identifier: MIT
 * Bubble trains (see bubble_trains.h). A bubble leaves its site at radius b0 and grows
 * linearly in time as CO2 diffuses in, b = b0 (1 + G tau) for tau = age / time to the
 * top (0..1); it rises at its terminal (Stokes) speed, proportional to b^2, so its height
 * is z = L ((1 + G tau)^3 - 1) / ((1 + G)^3 - 1). Sites release bubbles at a steady rate,
 * so the bubbles of one train are evenly spaced in tau: along the train the radius grows as
 * the cube root of the height and the spacing as the square of the radius. The first gap
 * is a little over two radii, so bubbles never touch: the gap grows faster than b does. */
#include "render/bubble_trains.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/point_attrs.h"

#define FIRST_GAP 2.4 /* the spacing at the site, in site radii */

typedef struct list {
    dp_train_bubble *b;
    size_t n, cap;
} list;

static double wrap(double v, double n, bool wraps)
{
    return wraps ? v - n * floor(v / n) : v;
}

static bool fits(const dp_texture_spec *t, const dapple_circles *avoid, const dapple_circles *done,
                 double x, double y, double b)
{
    if (!dp_texture_on_pane(t, x, y))
        return false;
    return (avoid == NULL || !dapple_circles_overlap(avoid, x, y, b)) &&
           !dapple_circles_overlap(done, x, y, b);
}

/* Train i: its site spread along the bottom, one per column of the width so that trains
 * rarely cross; its length 0.5 .. 1 of the height (a short one is a young site). */
static dapple_status one_train(const dp_texture_spec *t, const dp_layer_spec *l, int i,
                               uint64_t key, const dapple_circles *avoid, dapple_circles *done,
                               list *out, dapple_error *err)
{
    double g = l->train_growth, b0 = 0.35 * l->scale * l->field.rmin;
    double x0 = t->width * (i + 0.15 + 0.7 * dp_point_unit(key, 60)) / l->trains;
    double y0 = t->height * (0.6 + 0.4 * dp_point_unit(key, 61));
    double len = (t->wrap.y ? t->height : y0) * (0.5 + 0.5 * dp_point_unit(key, 62));
    double grow3 = pow(1 + g, 3) - 1, phase = 2 * DP_PI * dp_point_unit(key, 63);
    /* the age between two bubbles, from the first gap: dz/dtau at the site is 3 G L / grow3 */
    double dtau = g > 0 ? FIRST_GAP * b0 * grow3 / (3 * g * len) : FIRST_GAP * b0 / len;
    for (double tau = 0; tau <= 1; tau += dtau) {
        double b = b0 * (1 + g * tau);
        double z = g > 0 ? len * (pow(1 + g * tau, 3) - 1) / grow3 : len * tau;
        double x = wrap(x0 + 0.25 * b * sin(phase + z / (8 * b0)), t->width, t->wrap.x);
        double y = wrap(y0 - z, t->height, t->wrap.y);
        if (!fits(t, avoid, done, x, y, b))
            break; /* met an earlier train: this one runs on in it */
        dapple_point q = { (float)x, (float)y, (float)b };
        dp_train_bubble *p = dp_grow(out->b, &out->cap, out->n, sizeof *p);
        if (p == NULL)
            return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for bubble trains");
        out->b = p;
        if (dapple_circles_add(done, &q, 1, 1, err) != DAPPLE_OK)
            return err->status;
        p[out->n++] = (dp_train_bubble){ q.x, q.y, b, z, i };
    }
    return DAPPLE_OK;
}

dapple_status dp_bubble_trains(const dp_texture_spec *t, int li, const dapple_circles *avoid,
                               dp_train_bubble **out, size_t *n, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[li];
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    dapple_circles *done = NULL;
    list bl = { 0 };
    *out = NULL, *n = 0;
    dapple_status st = dp_texture_circles_new(t, &done, err);
    for (int i = 0; i < l->trains && st == DAPPLE_OK; i++)
        st = one_train(t, l, i, dp_point_key(seed, (float)i, -1.0f), avoid, done, &bl, err);
    dapple_circles_free(done);
    if (st != DAPPLE_OK) {
        free(bl.b);
        return st;
    }
    *out = bl.b, *n = bl.n;
    return DAPPLE_OK;
}

/* v in [0, n) as a float: a double just under n rounds up to n itself, outside the plane. */
static float inside_f(double v, int n, bool wraps)
{
    float f = (float)v;
    if (f < (float)n)
        return f;
    return wraps ? 0.0f : nextafterf((float)n, 0.0f);
}

dapple_status dp_bubble_trains_sample(const dp_texture_spec *t, int li, const dapple_circles *avoid,
                                      dp_scene *s, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_points *lp = &s->layers[li];
    dp_train_bubble *b = NULL;
    size_t n = 0;
    dapple_status st = dp_bubble_trains(t, li, avoid, &b, &n, err);
    lp->points = st == DAPPLE_OK ? dp_calloc_n(n + 1, sizeof *lp->points) : NULL;
    if (st == DAPPLE_OK && lp->points == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu train bubbles", n);
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    for (size_t i = 0; st == DAPPLE_OK && i < n; i++) {
        float x = inside_f(b[i].x, t->width, t->wrap.x), y = inside_f(b[i].y, t->height, t->wrap.y);
        double unit = dp_layer_draw_radius(l, 1) * dp_size_factor(&l->size, seed, x, y);
        lp->points[i] = (dapple_point){ x, y, (float)(b[i].r / unit) };
    }
    lp->count = st == DAPPLE_OK ? n : 0;
    lp->scale = 1;
    lp->stop = DAPPLE_STOP_COMPLETE;
    free(b);
    return st;
}
