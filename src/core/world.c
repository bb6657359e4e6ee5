/* SPDX-License-Identifier: MIT
 * Worlds: chunks sampled in four phases (see world.h for the rule and why it holds).
 *
 * Layout. The chunk side is the smallest power of two >= max(256, 32 R), R the largest
 * radius, so a chunk holds thousands of points and the halo a region needs (3 chunks) is
 * small beside it. Chunk boundaries are floor(i W / n); on a torus n is even, so that the
 * phases alternate across the wrap too. A chunk's sampler sees its window plus a margin
 * M = ceil(R) + 1, in local units; its neighbours' points are moved into that frame exactly
 * because every coordinate is a multiple of the world's quantum (the float spacing at
 * twice the world's extent), as are all chunk origins and the world's size.
 *
 * Work. A region needs its own chunks, their neighbours of earlier phases, theirs, and so
 * on: phase p chunks within 3 - p of it. Those are kept in a box of chunk slots around the
 * region (3 more on each side). Phases run in order; the chunks of one phase share no
 * points and run on any number of threads; each writes only its own slot. */
#include "core/world.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core/abi.h"
#include "core/dp.h"
#include "core/field.h"
#include "core/sampler.h"

#define MIN_SIDE   256.0
#define SIDE_PER_R 32.0
#define HALO       3  /* chunks: the dependency depth of four phases */
#define BATCH      64 /* chunks run between two bail-out checks */

typedef struct axis {
    double extent; /* W or H */
    bool wraps;    /* the world wraps along this axis */
    int n;         /* chunks along it */
    int u0, bw;    /* the box: unwrapped chunk indices u0 .. u0 + bw - 1 */
    int c0, c1;    /* the region's chunks (canonical indices, inclusive) */
} axis;

typedef struct chunk {
    dapple_point *pts; /* world units, in the order made */
    size_t n;
    bool needed, done, limit;
    dapple_status st;
    dapple_error err;
} chunk;

typedef struct world {
    const dp_world_opts *o;
    dp_wrap wrap;
    double R, M, quantum;
    axis ax, ay;
    chunk *slots; /* ax.bw x ay.bw */
} world;

/* ---------------------------------------------------------------- layout */

static double reach_of(const dp_world_opts *o)
{
    double r = dapple_field_rmax(o->field) * o->so.spacing_scale;
    return DP_MAX(r, (double)(float)r);
}

/* The chunk side a world of these options uses (for the tests and docs). */
static double world_chunk_side(const dp_world_opts *o)
{
    return exp2(ceil(log2(DP_MAX(MIN_SIDE, SIDE_PER_R * reach_of(o)))));
}

static int chunks_along(double extent, double side, bool wraps)
{
    return wraps ? 2 * (int)ceil(extent / (2 * side)) : (int)ceil(extent / side);
}

/* Chunk i's first coordinate; the end of the last is the extent itself. */
static double bound(const axis *a, int i)
{
    return i >= a->n ? a->extent : floor(i * a->extent / a->n);
}

static int chunk_of(const axis *a, double x)
{
    int i = (int)DP_MIN(DP_MAX(floor(x * a->n / a->extent), 0.0), a->n - 1.0);
    while (i > 0 && x < bound(a, i))
        i--;
    while (i + 1 < a->n && x >= bound(a, i + 1))
        i++;
    return i;
}

static int wrap(int u, int n)
{
    u %= n;
    return u < 0 ? u + n : u;
}

/* The box of slots: the region's chunks and HALO more each side, clamped to the world
 * (bounded), or the whole ring of chunks when that is no larger (an axis that wraps). */
static void plan_axis(axis *a, double extent, double side, bool wraps, double r0, double r1)
{
    a->extent = extent;
    a->wraps = wraps;
    a->n = chunks_along(extent, side, wraps);
    a->c0 = chunk_of(a, r0), a->c1 = chunk_of(a, r1);
    a->u0 = a->c0 - HALO;
    int u1 = a->c1 + HALO;
    if (!wraps)
        a->u0 = DP_MAX(a->u0, 0), u1 = DP_MIN(u1, a->n - 1);
    else if (u1 - a->u0 + 1 >= a->n)
        a->u0 = 0, u1 = a->n - 1;
    a->bw = u1 - a->u0 + 1;
}

/* The slot of canonical chunk i (always inside the box for the chunks visited). */
static int slot_of(const axis *a, int i)
{
    return wrap(i - a->u0, a->n);
}

static chunk *slot(world *w, int i, int j)
{
    return &w->slots[(size_t)slot_of(&w->ay, j) * w->ax.bw + slot_of(&w->ax, i)];
}

static int phase(int i, int j)
{
    return (i & 1) | (j & 1) << 1;
}

/* ---------------------------------------------------------------- one chunk */

static uint64_t chunk_seed(uint64_t seed, int i, int j)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL * ((uint64_t)(uint32_t)i + 1) +
                 0xd1b54a32d192ed03ULL * ((uint64_t)(uint32_t)j + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The chunk's local domain along one axis: window [b0, b1) plus the margin, clamped to a
 * bounded axis. */
static void local_span(const world *w, const axis *a, int i, double *lo, double *hi)
{
    *lo = bound(a, i) - w->M, *hi = bound(a, i + 1) + w->M;
    if (!a->wraps)
        *lo = DP_MAX(*lo, 0.0), *hi = DP_MIN(*hi, a->extent);
}

/* Neighbour offset d of chunk i along an axis: its canonical index, and the shift that
 * carries its world coordinates into chunk i's frame; false past a bounded axis's edge. */
static bool neighbour(const axis *a, int i, int d, int *id, double *shift)
{
    int u = i + d;
    if (!a->wraps && (u < 0 || u >= a->n))
        return false;
    *id = wrap(u, a->n);
    *shift = u < 0 ? -a->extent : u >= a->n ? a->extent : 0.0;
    return true;
}

/* The points of chunk (i, j)'s earlier neighbours inside its local domain (a window of the
 * world), in local units: from the window's corner. */
static dapple_status gather_fixed(world *w, int i, int j, const dapple_region *local,
                                  dapple_point **out, size_t *n, dapple_error *err)
{
    size_t cap = 0;
    *out = NULL, *n = 0;
    for (int dj = -1; dj <= 1; dj++)
        for (int di = -1; di <= 1; di++) {
            int ni, nj;
            double sx, sy;
            if ((di == 0 && dj == 0) || !neighbour(&w->ax, i, di, &ni, &sx) ||
                !neighbour(&w->ay, j, dj, &nj, &sy) || phase(ni, nj) >= phase(i, j))
                continue;
            const chunk *c = slot(w, ni, nj);
            for (size_t k = 0; k < c->n; k++) {
                double x = (double)c->pts[k].x + sx - local->x,
                       y = (double)c->pts[k].y + sy - local->y;
                if (!(x >= 0 && x < local->width && y >= 0 && y < local->height))
                    continue;
                if (*n == cap) {
                    cap = cap ? 2 * cap : 1024;
                    dapple_point *p = dp_realloc_n(*out, cap, sizeof *p);
                    if (p == NULL) {
                        free(*out);
                        *out = NULL;
                        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a chunk's border");
                    }
                    *out = p;
                }
                (*out)[(*n)++] = (dapple_point){ (float)x, (float)y, c->pts[k].r };
            }
        }
    return DAPPLE_OK;
}

/* Samples chunk (i, j) into its slot. */
static void run_chunk(world *w, int i, int j)
{
    chunk *c = slot(w, i, j);
    double x0, x1, y0, y1;
    local_span(w, &w->ax, i, &x0, &x1);
    local_span(w, &w->ay, j, &y0, &y1);
    dp_chunk_opts co = { .ox = x0,
                         .oy = y0,
                         .quantum = w->quantum,
                         .wx0 = bound(&w->ax, i) - x0,
                         .wx1 = bound(&w->ax, i + 1) - x0,
                         .wy0 = bound(&w->ay, j) - y0,
                         .wy1 = bound(&w->ay, j + 1) - y0 };
    dapple_point *fixed = NULL;
    dapple_region local = { x0, y0, x1 - x0, y1 - y0 };
    c->st = gather_fixed(w, i, j, &local, &fixed, &co.n_fixed, &c->err);
    co.fixed = fixed;
    dapple_sampler_opts so = w->o->so;
    so.width = x1 - x0, so.height = y1 - y0;
    so.periodic = false, so.wrap = DAPPLE_WRAP_NONE;
    so.seed = chunk_seed(w->o->so.seed, i, j);
    /* a lazy field gets a raster of its own for the chunk; any other is viewed */
    dapple_field view, *own = NULL;
    const dapple_field *f = &view;
    if (w->o->field->lazy != NULL) {
        if (c->st == DAPPLE_OK)
            c->st = dp_field_chunk_new(w->o->field, x0, y0, x1 - x0, y1 - y0, &own, &c->err);
        f = own;
    } else {
        dp_field_chunk_view(w->o->field, x0, y0, &view);
    }
    dapple_sampler *s = NULL;
    dapple_stop stop = DAPPLE_STOP_COMPLETE;
    if (c->st == DAPPLE_OK)
        c->st = dp_sampler_new_chunk(&s, f, &so, &co, &c->err);
    if (c->st == DAPPLE_OK)
        c->st = dapple_sampler_run(s, &stop, &c->err);
    if (c->st == DAPPLE_OK) {
        size_t n;
        const dapple_point *p = dapple_sampler_points(s, &n);
        c->pts = dp_calloc_n(DP_MAX(n, (size_t)1), sizeof *c->pts);
        if (c->pts == NULL)
            c->st = dp_fail(&c->err, DAPPLE_E_NOMEM, "out of memory for %zu points", n);
        for (size_t k = 0; c->pts != NULL && k < n; k++) /* exact: multiples of the quantum */
            c->pts[k] = (dapple_point){ (float)((double)p[k].x + x0), (float)((double)p[k].y + y0),
                                        p[k].r };
        c->n = c->pts != NULL ? n : 0;
        c->limit = stop == DAPPLE_STOP_MAX_POINTS;
    }
    dapple_sampler_free(s);
    dapple_field_free(own);
    free(fixed);
    c->done = true;
}

/* ---------------------------------------------------------------- phases and threads */

typedef struct job {
    world *w;
    const int (*list)[2];
    int n;
    atomic_int next;
} job;

static void *worker(void *arg)
{
    job *q = arg;
    for (int k; (k = atomic_fetch_add(&q->next, 1)) < q->n;)
        run_chunk(q->w, q->list[k][0], q->list[k][1]);
    return NULL;
}

/* Runs the listed chunks on up to 'threads' threads (the caller's one among them). */
static void run_phase(world *w, const int (*list)[2], int n, int threads)
{
    job q = { .w = w, .list = list, .n = n };
    atomic_init(&q.next, 0);
    pthread_t tid[64];
    int started = 0;
    for (int t = 1; t < DP_MIN(threads, DP_MIN(n, 64)); t++)
        if (pthread_create(&tid[started], NULL, worker, &q) == 0)
            started++;
    worker(&q);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
}

/* Marks the needed chunks: the region's, then for each phase from the last down, the
 * earlier neighbours of those needed. */
static void mark_needed(world *w)
{
    for (int j = w->ay.c0; j <= w->ay.c1; j++)
        for (int i = w->ax.c0; i <= w->ax.c1; i++)
            slot(w, i, j)->needed = true;
    for (int p = 3; p > 0; p--)
        for (int b = 0; b < w->ay.bw; b++)
            for (int a = 0; a < w->ax.bw; a++) {
                int i = wrap(w->ax.u0 + a, w->ax.n), j = wrap(w->ay.u0 + b, w->ay.n);
                if (phase(i, j) != p || !slot(w, i, j)->needed)
                    continue;
                for (int dj = -1; dj <= 1; dj++)
                    for (int di = -1; di <= 1; di++) {
                        int ni, nj;
                        double sx, sy;
                        if (neighbour(&w->ax, i, di, &ni, &sx) &&
                            neighbour(&w->ay, j, dj, &nj, &sy) && phase(ni, nj) < p)
                            slot(w, ni, nj)->needed = true;
                    }
            }
}

/* The first failure among the chunks run (in slot order), or DAPPLE_OK; *limit is set
 * once they hold more than max_points, or one stopped at it. */
static dapple_status tally(world *w, bool *limit, dapple_error *err)
{
    size_t cells = (size_t)w->ax.bw * (size_t)w->ay.bw, total = 0;
    for (size_t k = 0; k < cells; k++) {
        const chunk *c = &w->slots[k];
        if (c->done && c->st != DAPPLE_OK) {
            *err = c->err;
            return c->st;
        }
        total += c->n, *limit = *limit || c->limit;
    }
    *limit = *limit || total > w->o->so.max_points;
    return DAPPLE_OK;
}

/* Asks the caller's progress callback (on this, the calling thread) whether to go on,
 * after 'done' of the n chunks of phase p: the four phases count alike. */
static bool go_on(const world *w, int p, int done, int n)
{
    const dapple_sampler_opts *so = &w->o->so;
    double f = (p + (double)DP_MIN(done, n) / n) / 4;
    return so->progress == NULL || so->progress(so->progress_user, f) == 0 || f >= 1;
}

/* Every needed chunk, phase by phase, BATCH chunks at a time: the bail-out is checked
 * after each batch, so max_points bounds the work and memory however large the world, and
 * where it cuts does not depend on the number of threads. */
static dapple_status run_all(world *w, bool *limit, dapple_error *err)
{
    size_t cells = (size_t)w->ax.bw * (size_t)w->ay.bw;
    int(*list)[2] = dp_calloc_n(cells, sizeof *list);
    if (list == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu chunks", cells);
    *limit = false;
    dapple_status st = DAPPLE_OK;
    for (int p = 0; p < 4 && !*limit && st == DAPPLE_OK; p++) {
        int n = 0;
        for (int b = 0; b < w->ay.bw; b++)
            for (int a = 0; a < w->ax.bw; a++) {
                int i = wrap(w->ax.u0 + a, w->ax.n), j = wrap(w->ay.u0 + b, w->ay.n);
                if (phase(i, j) == p && slot(w, i, j)->needed)
                    list[n][0] = i, list[n][1] = j, n++;
            }
        for (int k = 0; k < n && !*limit && st == DAPPLE_OK; k += BATCH) {
            run_phase(w, (const int(*)[2])(list + k), DP_MIN(BATCH, n - k), w->o->threads);
            st = tally(w, limit, err);
            if (st == DAPPLE_OK && !go_on(w, p, k + BATCH, n))
                st = dp_fail(err, DAPPLE_E_CANCELLED, "cancelled by the progress callback");
        }
    }
    free(list);
    return st;
}

static bool in_region(const dp_world_opts *o, dapple_point p)
{
    double x = p.x, y = p.y;
    return x >= o->rx && x < o->rx + o->rw && y >= o->ry && y < o->ry + o->rh;
}

/* The region's points, chunk rows top to bottom, each left to right, cut at max_points. */
static dapple_status collect(world *w, dapple_point **points, size_t *count, dapple_error *err)
{
    const dp_world_opts *o = w->o;
    size_t n = 0, cap = 0;
    for (int j = w->ay.c0; j <= w->ay.c1; j++)
        for (int i = w->ax.c0; i <= w->ax.c1; i++)
            cap += slot(w, i, j)->n;
    cap = DP_MIN(cap, o->so.max_points);
    dapple_point *out = dp_calloc_n(DP_MAX(cap, (size_t)1), sizeof *out);
    if (out == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu points", cap);
    for (int j = w->ay.c0; j <= w->ay.c1; j++)
        for (int i = w->ax.c0; i <= w->ax.c1; i++) {
            const chunk *c = slot(w, i, j);
            for (size_t k = 0; k < c->n && n < cap; k++) {
                dapple_point p = c->pts[k];
                if (in_region(o, p))
                    out[n++] = p;
            }
        }
    *points = out, *count = n;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- small tori, whole */

static dapple_status sample_whole(const dp_world_opts *o, dapple_point **points, size_t *count,
                                  dapple_stop *stop, dapple_error *err)
{
    dapple_sampler *s = NULL;
    dapple_status st = dapple_sampler_new(&s, o->field, &o->so, err);
    if (st == DAPPLE_OK)
        st = dapple_sampler_run(s, stop, err);
    size_t n = 0;
    const dapple_point *p = st == DAPPLE_OK ? dapple_sampler_points(s, &n) : NULL;
    dapple_point *out = st == DAPPLE_OK ? dp_calloc_n(DP_MAX(n, (size_t)1), sizeof *out) : NULL;
    if (st == DAPPLE_OK && out == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu points", n);
    size_t m = 0;
    for (size_t k = 0; out != NULL && k < n; k++)
        if (in_region(o, p[k]))
            out[m++] = p[k];
    dapple_sampler_free(s);
    *points = out, *count = m;
    return st;
}

/* ---------------------------------------------------------------- public */

void dp_world_opts_init(dp_world_opts *o, const dapple_field *field, const dapple_sampler_opts *so)
{
    memset(o, 0, sizeof *o);
    o->field = field;
    o->so = *so;
    o->rw = so->width, o->rh = so->height;
    o->threads = 1;
}

static dapple_status check(const dp_world_opts *o, dapple_error *err)
{
    const dapple_sampler_opts *so = &o->so;
    if (o->field == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "field must not be NULL");
    if (!(so->width > 0 && so->width <= DAPPLE_LIMIT_SIDE))
        return dp_fail_range(err, "width", "(", 0, DAPPLE_LIMIT_SIDE, so->width);
    if (!(so->height > 0 && so->height <= DAPPLE_LIMIT_SIDE))
        return dp_fail_range(err, "height", "(", 0, DAPPLE_LIMIT_SIDE, so->height);
    dapple_status st = dp_sampler_check_domain(o->field, so, err);
    if (st != DAPPLE_OK)
        return st;
    if (!(o->rw > 0 && o->rh > 0 && o->rx >= 0 && o->ry >= 0 && o->rx + o->rw <= so->width &&
          o->ry + o->rh <= so->height))
        return dp_fail(err, DAPPLE_E_INVALID, "region %g,%g,%gx%g is not inside the %gx%g world",
                       o->rx, o->ry, o->rw, o->rh, so->width, so->height);
    if (o->threads < 1 || o->threads > DAPPLE_LIMIT_THREADS)
        return dp_fail_range_int(err, "threads", 1, DAPPLE_LIMIT_THREADS, o->threads);
    if (!dp_wrap_known(so->wrap))
        return dp_fail(err, DAPPLE_E_INVALID, "wrap must be a dapple_wrap value, got %d",
                       (int)so->wrap);
    return DAPPLE_OK;
}

dapple_status dp_world_sample(const dp_world_opts *o, dapple_point **points, size_t *count,
                              dapple_stop *stop, dapple_error *err)
{
    *points = NULL, *count = 0, *stop = DAPPLE_STOP_COMPLETE;
    dapple_status st = check(o, err);
    if (st != DAPPLE_OK)
        return st;
    world w = { .o = o, .wrap = dp_wrap_of(o->so.periodic, o->so.wrap), .R = reach_of(o) };
    double W = o->so.width, H = o->so.height, side = world_chunk_side(o);
    w.M = ceil(w.R) + 1;
    w.quantum = ldexp(1.0, ilogb(2 * DP_MAX(W, H)) - 23);
    plan_axis(&w.ax, W, side, w.wrap.x, o->rx, o->rx + o->rw - w.quantum);
    plan_axis(&w.ay, H, side, w.wrap.y, o->ry, o->ry + o->rh - w.quantum);
    /* an axis that wraps needs chunks wider than the reach, and a size the quantum divides */
    if ((w.wrap.x && (floor(W / w.ax.n) < w.R + 1 || fmod(W, w.quantum) != 0)) ||
        (w.wrap.y && (floor(H / w.ay.n) < w.R + 1 || fmod(H, w.quantum) != 0)))
        return sample_whole(o, points, count, stop, err);
    w.slots = dp_calloc_n((size_t)w.ax.bw * (size_t)w.ay.bw, sizeof *w.slots);
    if (w.slots == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %dx%d chunks", w.ax.bw, w.ay.bw);
    mark_needed(&w);
    bool limit = false;
    st = run_all(&w, &limit, err);
    if (st == DAPPLE_OK)
        st = collect(&w, points, count, err);
    if (limit)
        *stop = DAPPLE_STOP_MAX_POINTS;
    for (size_t k = 0; k < (size_t)w.ax.bw * (size_t)w.ay.bw; k++)
        free(w.slots[k].pts);
    free(w.slots);
    return st;
}

dapple_status dp_world_opts_from_public(dp_world_opts *o, const dapple_field *field,
                                        const dapple_sampler_opts *so, int threads,
                                        dapple_error *err)
{
    dapple_sampler_opts local; /* read through the caller's struct_size (core/abi.h) */
    dapple_status st = dp_sampler_opts_adopt(&local, so, err);
    if (st != DAPPLE_OK)
        return st;
    dp_world_opts_init(o, field, &local);
    o->threads = threads;
    return DAPPLE_OK;
}

dapple_status dapple_world_sample(const dapple_field *field, const dapple_sampler_opts *o,
                                  const dapple_region *region, int threads, dapple_point **points,
                                  size_t *count, dapple_stop *stop, dapple_error *err)
{
    dp_world_opts w;
    dapple_status st = dp_world_opts_from_public(&w, field, o, threads, err);
    if (st != DAPPLE_OK)
        return st;
    if (region != NULL)
        w.rx = region->x, w.ry = region->y, w.rw = region->width, w.rh = region->height;
    return dp_world_sample(&w, points, count, stop, err);
}

void dapple_points_free(dapple_point *points)
{
    free(points);
}

int dp_world_row_count(const dp_world_opts *o)
{
    return chunks_along(o->so.height, world_chunk_side(o),
                        dp_wrap_of(o->so.periodic, o->so.wrap).y);
}

double dp_world_row_top(const dp_world_opts *o, int j)
{
    axis a = { .extent = o->so.height, .n = dp_world_row_count(o) };
    return bound(&a, j);
}
