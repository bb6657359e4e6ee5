/* SPDX-License-Identifier: MIT
 * The sampler's store and rule, shared by every candidate strategy (sampler_annulus.c,
 * sampler_dense.c) and the seeding (sampler.c): points appended to the store and filed in
 * the grid or their level, and the conflict tests of the symmetric rule (every pair p, q at
 * least max(r_p, r_q) apart) over any span of cells. Nothing here calls a strategy. */
#include "core/sampler.h"

#include <stdlib.h>

#define REPORT_EVERY 4096 /* points between two calls of o.progress */

/* ---------------------------------------------------------------- storage */

size_t dp_sampler_bytes(const dapple_sampler *s)
{
    return sizeof *s + (s->cap + 1) * sizeof *s->store + dp_grid_bytes(&s->grid) +
           dp_levels_bytes(&s->lv) + dp_cover_bytes(s);
}

bool dp_sampler_reserve(dapple_sampler *s, size_t cap)
{
    if (cap <= s->cap)
        return true;
    dapple_point *p = dp_realloc_n(s->store, cap + 1, sizeof *p);
    if (p == NULL)
        return false;
    /* never within reach of anything: lets a cell's first entry be tested unconditionally */
    p[0] = (dapple_point){ -1e30f, -1e30f, 0 };
    s->store = p;
    if (!dp_grid_reserve(&s->grid, cap))
        return false;
    s->cap = cap;
    s->peak_bytes = DP_MAX(s->peak_bytes, dp_sampler_bytes(s));
    return true;
}

/* Asks o.progress whether to go on; false (and the run halts) when it says stop. */
static bool report(dapple_sampler *s)
{
    double done = s->expect > 0 ? DP_MIN((double)s->n / s->expect, 0.99) : 0;
    if (s->o.progress(s->o.progress_user, done) == 0)
        return true;
    s->halt = DP_HALT_CANCEL;
    return false;
}

bool dp_sampler_append(dapple_sampler *s, float x, float y, float r)
{
    if (s->n == s->limit) {
        s->halt = DP_HALT_LIMIT;
        return false;
    }
    if (s->o.progress != NULL && s->n % REPORT_EVERY == 0 && !report(s))
        return false;
    /* grow by 1/8: large blocks are remapped, not copied, so small steps are cheap and
     * keep the unused tail (peak memory) small */
    if (s->n == s->cap && !dp_sampler_reserve(s, DP_MIN(s->limit, s->cap + s->cap / 8 + 1024))) {
        s->halt = DP_HALT_NOMEM;
        return false;
    }
    s->n++;
    s->store[s->n] = (dapple_point){ x, y, r };
    if (s->mark_on) {
        if (s->vcover != NULL)
            dp_vcover_mark(s, x, y, r);
        else
            dp_cover_mark(s, x, y, r);
    }
    int l = dp_levels_of(&s->lv, r);
    if (l < s->lv.n) {
        const dp_level *L = &s->lv.lv[l];
        int i = DP_MIN((int)((double)x * L->inv_cw), L->gw - 1);
        int j = DP_MIN((int)((double)y * L->inv_ch), L->gh - 1);
        uint32_t *h = L->head + (size_t)j * L->gw + i;
        s->grid.next[s->n] = *h;
        *h = (uint32_t)s->n;
        return true;
    }
    dp_grid_insert(&s->grid, (uint32_t)s->n, x, y);
    return true;
}

/* ---------------------------------------------------------------- the rule */

/* The lists of one grid, the top grid or a level: heads over gw x gh cells of 1 / icw by
 * 1 / ich. */
typedef struct cells {
    const uint32_t *head;
    int gw, gh;
    double icw, ich;
} cells;

/* A point of grid g within 'reach' of (x, y) and closer than max(r, r_q), or 0: any span,
 * wrapped where the pane wraps. The slow path, near the grid's edges or for a wide reach. */
static uint32_t span_hit(const dapple_sampler *s, cells g, double x, double y, double r,
                         double reach)
{
    dp_wrap w = s->wrap;
    const uint32_t *head = g.head;
    int gw = g.gw, gh = g.gh, fx, nx, fy, ny;
    dp_grid_span(x - reach, x + reach, g.icw, gw, w.x, &fx, &nx);
    dp_grid_span(y - reach, y + reach, g.ich, gh, w.y, &fy, &ny);
    for (int j = 0; j < ny; j++) {
        int cy = fy + j < gh ? fy + j : fy + j - gh;
        for (int i = 0; i < nx; i++) {
            int cx = fx + i < gw ? fx + i : fx + i - gw;
            for (uint32_t q = head[(size_t)cy * gw + cx]; q != DP_GRID_NONE; q = s->grid.next[q]) {
                const dapple_point *p = &s->store[q];
                double dx = dp_wrap_delta((double)p->x - x, s->o.width, w.x);
                double dy = dp_wrap_delta((double)p->y - y, s->o.height, w.y);
                double m = DP_MAX(r, (double)p->r);
                if (dx * dx + dy * dy < m * m)
                    return q;
            }
        }
    }
    return 0;
}

uint32_t dp_sampler_conflict_any(const dapple_sampler *s, double x, double y, double r,
                                 double reach)
{
    const dp_grid *g = &s->grid;
    return span_hit(s, (cells){ g->head, g->gw, g->gh, g->inv_cw, g->inv_ch }, x, y, r, reach);
}

/* Level l's cells within max(r, thr_l) of (x, y). */
static uint32_t level_hit_any(const dapple_sampler *s, const dp_level *L, double x, double y,
                              double r)
{
    return span_hit(s, (cells){ L->head, L->gw, L->gh, L->inv_cw, L->inv_ch }, x, y, r,
                    DP_MAX(r, L->thr));
}

/* Level l: the 3 x 3 block when the reach fits in a cell (as on the top grid), else any
 * span (a candidate larger than the level's points). */
DP_HOT uint32_t level_hit(const dapple_sampler *s, int l, double x, double y, double r)
{
    const dp_level *L = &s->lv.lv[l];
    int cx = (int)(x * L->inv_cw), cy = (int)(y * L->inv_ch);
    if (r > L->thr || (unsigned)(cx - 1) >= (unsigned)(L->gw - 2) ||
        (unsigned)(cy - 1) >= (unsigned)(L->gh - 2))
        return level_hit_any(s, L, x, y, r);
    return dp_block_hit(s, L->head + (size_t)cy * L->gw + cx, L->around, x, y, r, false);
}

/* The candidate's own level first (a neighbour of similar radius is the likeliest
 * conflict), then the other levels the field allows near here, then the top grid. */
uint32_t dp_sampler_conflict_levels(const dapple_sampler *s, double x, double y, double r, size_t t,
                                    int own)
{
    const dp_levels *lv = &s->lv;
    int lo = lv->qlo[t], hi = lv->qhi[t];
    bool top = hi >= lv->n; /* a point of the top grid may lie within reach */
    uint32_t q = own < lv->n ? level_hit(s, own, x, y, r) : dp_top_conflict(s, x, y, r, false);
    for (int l = lo; l <= DP_MIN(hi, lv->n - 1) && q == 0; l++)
        if (l != own)
            q = level_hit(s, l, x, y, r);
    if (q == 0 && top && own < lv->n)
        q = dp_top_conflict(s, x, y, r, false);
    return q;
}
