/* SPDX-License-Identifier: MIT
 * Clusters of bubbles (see bubble_cluster.h). Which bubbles join is a stream of each
 * point's place hash, so it does not depend on threads or point order. The points move
 * where the relaxation puts them, so the texture, the maps, the masks and --points all
 * see the cluster; r is rewritten so that the drawn radius (scale, size spread at the new
 * place) stays what the relaxation used. */
#include "render/bubble_cluster.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/foam.h"
#include "core/point_attrs.h"

/* v in [0, n) as a float: a double just under n rounds up to n itself, outside the plane. */
static float inside_f(double v, int n, bool wraps)
{
    float f = (float)v;
    if (f < (float)n)
        return f;
    return wraps ? 0.0f : nextafterf((float)n, 0.0f);
}

dapple_status dp_bubble_cluster(const dp_texture_spec *t, dp_scene *s, int li, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_points *lp = &s->layers[li];
    if (l->style != DP_STYLE_BUBBLES || !(l->cluster > 0) || l->trains > 0 || lp->count == 0)
        return DAPPLE_OK;
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    dp_disc *d = dp_calloc_n(lp->count, sizeof *d);
    bool *join = dp_calloc_n(lp->count, sizeof *join);
    dapple_status st =
            d && join ? DAPPLE_OK : dp_fail(err, DAPPLE_E_NOMEM, "out of memory for clusters");
    for (size_t i = 0; st == DAPPLE_OK && i < lp->count; i++) {
        const dapple_point *p = &lp->points[i];
        d[i] = (dp_disc){ p->x, p->y, dp_layer_point_radius(l, seed, p) };
        join[i] = dp_point_unit(dp_point_key(seed, p->x, p->y), 70) < l->cluster;
    }
    dp_foam_opts o = { .width = t->width, .height = t->height, .wrap = t->wrap };
    if (st == DAPPLE_OK)
        st = dp_foam_relax(d, join, lp->count, &o, err);
    for (size_t i = 0; st == DAPPLE_OK && i < lp->count; i++) {
        float x = inside_f(d[i].x, t->width, t->wrap.x), y = inside_f(d[i].y, t->height, t->wrap.y);
        double unit = dp_layer_draw_radius(l, 1) * dp_size_factor(&l->size, seed, x, y);
        lp->points[i] = (dapple_point){ x, y, (float)(d[i].r / unit) };
    }
    free(d);
    free(join);
    return st;
}
