/* SPDX-License-Identifier: MIT
 * Finding the drops that merge (see merge.h). A grid of cells at least as wide as the
 * widest reach (two extents plus k) holds each drop once; a pair can only be in the same
 * or a neighbouring cell. Pairs come out in index order, so the bytes never depend on
 * anything but the points. */
#include "render/merge.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/point_attrs.h"
#include "render/trails.h"

#define MERGE_SPAN 1.0 /* drawn radii of the layer's largest drop */
/* The pixels the bridges of a layer may shade (their rects' areas): the colour and the maps
 * evaluate both drops at each, so this bounds a merge's cost (issue #30: merge = 64 between
 * stretched drops, whose pairs grow with the square of the gap, at 8192x8192). */
#define MERGE_WORK 6e8

double dp_merge_gap(const dp_layer_spec *l)
{
    double largest = dp_layer_draw_radius(l, dapple_field_opts_rmax(&l->field));
    return DP_MIN(l->merge, MERGE_SPAN * largest);
}

void dp_merge_bridge_disc(const dp_drop *a, const dp_drop *b, double abx, double aby, double k,
                          double *ox, double *oy, double *reach)
{
    double ra = dp_drop_extent(a) + 1.25 * k + 1, rb = dp_drop_extent(b) + 1.25 * k + 1;
    double d = hypot(abx, aby);
    /* the smaller disc holds the lens; so does the disc on the lens's chord when it is smaller */
    double along = 0;
    *reach = ra;
    if (rb < ra)
        along = d, *reach = rb;
    if (d > 1e-9 && d < ra + rb) {
        double xa = (d * d + ra * ra - rb * rb) / (2 * d);
        if (xa > 0 && xa < d && xa < ra) {
            double half = sqrt(ra * ra - xa * xa);
            double r = DP_MAX(half, DP_MAX(ra - xa, xa - (d - rb)));
            if (r < *reach)
                along = xa, *reach = r;
        }
    }
    *ox = d > 1e-9 ? abx * along / d : 0;
    *oy = d > 1e-9 ? aby * along / d : 0;
}

/* The overlap of a's box and b's box moved to b's centre; grown by 1.25 k, as a bridge
 * pixel lies within 1.25 k outside both outlines (see dp_merge_bridge_disc). */
static bool rect_of(const double ba[3], const double bb[3], double abx, double aby, double r[4])
{
    r[0] = DP_MAX(-ba[0], abx - bb[0]), r[1] = DP_MIN(ba[0], abx + bb[0]);
    r[2] = DP_MAX(-ba[1], aby - bb[1]), r[3] = DP_MIN(ba[2], aby + bb[2]);
    return r[0] < r[1] && r[2] < r[3];
}

bool dp_merge_bridge_rect(const dp_drop *a, const dp_drop *b, double abx, double aby, double k,
                          double rect[4])
{
    double ba[3], bb[3];
    dp_drop_box(a, 1.25 * k, ba);
    dp_drop_box(b, 1.25 * k, bb);
    return rect_of(ba, bb, abx, aby, rect);
}

void dp_merge_drop(const dp_layer_spec *l, uint64_t size_seed, const dapple_point *p, dp_drop *d)
{
    dp_layer_drop(l, dp_layer_point_radius(l, size_seed, p), dp_point_key(size_seed, p->x, p->y),
                  false, d);
}

typedef struct finder {
    const dp_texture_spec *t;
    const dapple_point *pts;
    double *ext, (*box)[3], k;
    size_t *head, *next; /* cell lists; SIZE_MAX ends a list */
    int nx, ny;
    dp_drop_pair *out;
    size_t n, cap;
    double work; /* the pixels of the pairs' bridge rects so far */
} finder;

/* The vector from p to q, through the nearest copy when the axis wraps. */
static double near(double d, double n, bool wraps)
{
    return wraps ? d - n * round(d / n) : d;
}

static bool add_pair(finder *f, size_t a, size_t b, double dx, double dy)
{
    dp_drop_pair *p = dp_grow(f->out, &f->cap, f->n, sizeof *p);
    if (p == NULL)
        return false;
    f->out = p;
    p[f->n++] = (dp_drop_pair){ a, b, dx, dy };
    return true;
}

/* Pairs (i, j > i) with j in cell (cx, cy). */
static bool pairs_in_cell(finder *f, size_t i, int cx, int cy)
{
    const dp_texture_spec *t = f->t;
    if (t->wrap.x)
        cx = (cx + f->nx) % f->nx;
    if (t->wrap.y)
        cy = (cy + f->ny) % f->ny;
    if (cx < 0 || cy < 0 || cx >= f->nx || cy >= f->ny)
        return true;
    for (size_t j = f->head[(size_t)cy * f->nx + cx]; j != SIZE_MAX; j = f->next[j]) {
        if (j <= i)
            continue;
        double dx = near((double)f->pts[j].x - (double)f->pts[i].x, t->width, t->wrap.x);
        double dy = near((double)f->pts[j].y - (double)f->pts[i].y, t->height, t->wrap.y);
        double reach = f->ext[i] + f->ext[j] + f->k, rect[4];
        if (!(dx * dx + dy * dy < reach * reach) || !rect_of(f->box[i], f->box[j], dx, dy, rect))
            continue;
        f->work += (rect[1] - rect[0]) * (rect[3] - rect[2]);
        if (f->work > MERGE_WORK || !add_pair(f, i, j, dx, dy))
            return false;
    }
    return true;
}

static int cell_of(double v, double n, int cells)
{
    int c = (int)(v / n * cells);
    return c < 0 ? 0 : (c >= cells ? cells - 1 : c);
}

static bool find_pairs(finder *f, size_t count)
{
    const dp_texture_spec *t = f->t;
    for (size_t c = 0; c < (size_t)f->nx * f->ny; c++)
        f->head[c] = SIZE_MAX;
    for (size_t i = count; i-- > 0;) {
        size_t c = (size_t)cell_of(f->pts[i].y, t->height, f->ny) * f->nx +
                   (size_t)cell_of(f->pts[i].x, t->width, f->nx);
        f->next[i] = f->head[c], f->head[c] = i;
    }
    /* With fewer than 3 cells on an axis, neighbours would repeat: one cell holds all. */
    int span = f->nx >= 3 && f->ny >= 3 ? 1 : 0;
    for (size_t i = 0; i < count; i++) {
        int cx = cell_of(f->pts[i].x, t->width, f->nx), cy = cell_of(f->pts[i].y, t->height, f->ny);
        for (int dy = -span; dy <= span; dy++)
            for (int dx = -span; dx <= span; dx++)
                if (!pairs_in_cell(f, i, cx + dx, cy + dy))
                    return false;
    }
    return true;
}

dapple_status dp_merge_pairs(const dp_texture_spec *t, dp_scene *s, int li, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_points *lp = &s->layers[li];
    if (!(l->merge > 0) || l->style != DP_STYLE_DROPLETS || dp_drop_style_round(&l->drop) ||
        lp->count < 2)
        return DAPPLE_OK;
    finder f = { .t = t, .pts = lp->points, .k = dp_merge_gap(l) };
    f.ext = dp_calloc_n(lp->count, sizeof *f.ext);
    f.box = dp_calloc_n(lp->count, sizeof *f.box);
    f.next = dp_calloc_n(lp->count, sizeof *f.next);
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    double widest = 0;
    for (size_t i = 0; f.ext != NULL && f.box != NULL && i < lp->count; i++) {
        dp_drop d;
        dp_merge_drop(l, seed, &lp->points[i], &d);
        f.ext[i] = dp_drop_extent(&d);
        dp_drop_box(&d, 1.25 * f.k, f.box[i]);
        widest = DP_MAX(widest, f.ext[i]);
    }
    double cell = 2 * widest + f.k + 1;
    f.nx = (int)DP_MAX(1.0, DP_MIN(4096.0, floor(t->width / cell)));
    f.ny = (int)DP_MAX(1.0, DP_MIN(4096.0, floor(t->height / cell)));
    if (f.nx < 3 || f.ny < 3)
        f.nx = f.ny = 1;
    f.head = dp_calloc_n((size_t)f.nx * f.ny, sizeof *f.head);
    bool ok = f.ext != NULL && f.box != NULL && f.next != NULL && f.head != NULL &&
              find_pairs(&f, lp->count);
    free(f.ext), free(f.box), free(f.next), free(f.head);
    if (!ok) {
        free(f.out);
        if (f.work > MERGE_WORK)
            return dp_fail(err, DAPPLE_E_LIMIT,
                           "merge = %g: the bridges between its drops would shade over "
                           "%.3g pixels, the limit (a minute's work): lower merge (here capped at "
                           "%.3g px), scale or the drops' size, or render smaller",
                           l->merge, MERGE_WORK, f.k);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for merging %zu drops", lp->count);
    }
    lp->pairs = f.out, lp->n_pairs = f.n;
    lp->pair_reach = widest + 1.25 * f.k + 1; /* dp_merge_bridge_disc's reach at most */
    return DAPPLE_OK;
}
