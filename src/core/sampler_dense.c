/* SPDX-License-Identifier: MIT
 * Dense and maximal modes: candidates on the circle just outside a parent's radius, swept
 * in angle (as fast-2d-poisson-disk-sampling does). A blocked candidate jumps to the end
 * of its blocker's arc (law of cosines, no trig), an accepted one by the chord its own
 * radius needs, plus, in dense mode, a random share of the blind step 2 pi / k so that no
 * hexagonal crystals grow (rho 0.90). A variable radius finds the circle max(r_p, r_c) by
 * fixed-point steps. Maximal: a spot that can still take a point is bounded by an arc of
 * some point's circle, so one exact sweep round every point fills every gap (the end
 * Ebeida et al. 2011 reach by subdividing cells). See docs/algorithm.md, 7 and 8. */
#include "core/sampler.h"

#include <stdlib.h>

#define OUT_STEP_COS 0.98480775301220806 /* cos 10 deg: step past the domain edge */
#define OUT_STEP_SIN 0.17364817766693033

typedef struct turn {
    double ux, uy;   /* current direction */
    double u0x, u0y; /* where the sweep started */
} turn;

/* Rotates the direction by (c, s) = (cos b, sin b); true when the step passed the start,
 * i.e. the turn is complete. Steps are kept in (0, pi]. */
static inline bool advance(turn *t, double c, double s)
{
    double vx = t->ux, vy = t->uy;
    t->ux = vx * c - vy * s;
    t->uy = vx * s + vy * c;
    /* & rather than &&: the first test is a coin toss the branch predictor would lose */
    return (vx * t->u0y - vy * t->u0x > 0) & (t->u0x * t->uy - t->u0y * t->ux >= 0);
}

/* The circle radius for direction u: max(r_p, r(candidate)) a little outside. In dense
 * mode ('known') the field is read where the candidate will be stored (coordinates
 * rounded to float), so when the fixed point is found, *rc is the candidate's own radius
 * and dp_try_in_r tests it in one pass with no second lookup; else *rc < 0. Maximal mode
 * keeps dp_try_in's two passes (the first, at the cell's smallest radius, is cheaper for
 * its mostly blocked candidates: 9082 -> 9422 instructions per point the other way).
 * 'raster' (maximal mode, a parent whose whole circle lies inside the raster's interior,
 * see lane_start): the bilinear read without bounds checks or clamp, in raster units
 * stepped from the parent's (d only places the candidate; its radius comes from the grid
 * test's own lookup). */
DP_HOT double ring_radius(const dapple_sampler *s, dapple_point p, const turn *t, double pad,
                          bool constant, bool known, bool raster, float *rc)
{
    const dapple_field *f = s->field;
    double d = (double)p.r + pad;
    *rc = -1;
    if (constant)
        return d;
    double u0 = (double)p.x * f->inv_sx - 0.5, w0 = (double)p.y * f->inv_sy - 0.5;
    double du = t->ux * f->inv_sx, dw = t->uy * f->inv_sy;
    for (int step = 0; step < 6; step++) {
        double r;
        if (raster) {
            r = f->rmin + dp_field_bilinear(f, u0 + d * du, w0 + d * dw) * (f->rmax - f->rmin);
        } else {
            double x = (double)p.x + d * t->ux, y = (double)p.y + d * t->uy;
            if (known)
                x = (double)(float)x, y = (double)(float)y;
            r = dp_field_r_at(f, x, y);
        }
        if (r + pad <= d) {
            if (known)
                *rc = (float)r;
            break;
        }
        /* overshoot by 1e-4 r: where the field keeps rising outwards, the exact fixed
         * point is only approached, and every step would cost a lookup */
        d = r * (1 + 1e-4) + pad;
    }
    return d;
}

/* The rotation that carries the sweep past the arc of circle (p, d) blocked by q. False
 * when q's disc swallows the whole circle. On a sweep's first try ('first'), the turn's
 * start moves back to where q's arc begins (plus the margin): that stretch is covered,
 * and without it the sweep would end by meeting q a second time (about one try in 7).
 * Constant radius only: with a variable one the circle's radius changes along that
 * stretch, and the start found at the first candidate's radius left a sliver 8e-4 r
 * wide uncovered in a test. */
DP_HOT bool past_blocker(const dapple_sampler *s, dapple_point p, uint32_t q, double d, float rc,
                         turn *t, bool first, double cm, double sm, double *c, double *sn)
{
    const dapple_point *b = &s->store[q];
    double vx = dp_wrap_delta((double)b->x - (double)p.x, s->o.width, s->o.periodic);
    double vy = dp_wrap_delta((double)b->y - (double)p.y, s->o.height, s->o.periodic);
    double dd2 = vx * vx + vy * vy, m = DP_MAX((double)rc, (double)b->r);
    if (dd2 == 0) { /* the parent itself: r(candidate) outgrew the circle; creep on */
        *c = cm, *sn = sm;
        return true;
    }
    /* arc end = direction to q turned by alpha (+ margin), cos alpha = (d^2 + dd^2 -
     * m^2) / (2 d dd). Only ca = cos(alpha) / dd and sa = sin(alpha) / dd are needed,
     * which takes one sqrt instead of two on the sweep's dependent chain */
    double nm = d * d + dd2 - m * m, inv2 = 1 / dd2, ca = nm * inv2 * (0.5 / d);
    double s2 = inv2 - ca * ca, ex, ey;
    if (s2 > 0) {
        double sa = sqrt(s2);
        ex = vx * ca - vy * sa, ey = vx * sa + vy * ca;
        if (first) {
            const double *m0 = s->jitter[0]; /* the margin alone */
            double bx = vx * ca + vy * sa, by = vy * ca - vx * sa;
            double ux = bx * m0[0] - by * m0[1], uy = bx * m0[1] + by * m0[0];
            if (t->ux * uy - t->uy * ux < 0) /* behind the first candidate, as it must be */
                t->u0x = ux, t->u0y = uy;
        }
    } else { /* |cos alpha| >= 1: q's disc swallows the circle, or only touches it */
        if (nm <= 0)
            return false;
        double inv = sqrt(inv2);
        ex = vx * inv, ey = vy * inv;
    }
    double fx = ex * cm - ey * sm, fy = ex * sm + ey * cm;
    *c = t->ux * fx + t->uy * fy;
    *sn = t->ux * fy - t->uy * fx;
    if (*sn <= 0 && *c > 0) /* not ahead (rounding): creep forward */
        *c = cm, *sn = sm;
    return true;
}

/* One parent's sweep in progress. */
typedef struct lane {
    dapple_point p;
    turn t;
    bool inner;
    bool raster; /* maximal, variable radius: ring_radius may read the raster directly */
    int k; /* tries so far */
} lane;

DP_HOT void lane_start(dapple_sampler *s, lane *l, size_t i, bool constant)
{
    l->p = s->store[i];
    /* away from the edges, candidates need no domain checks (nor, for a constant radius,
     * edge checks); a variable radius reaches at most rmax (1 + 1e-4) + pad < 2 reach */
    dapple_point far = { l->p.x, l->p.y, (float)s->reach };
    l->inner = s->o.avoid == NULL && dp_inner_parent(s, constant ? l->p : far);
    /* the circle stays within 2 reach of p: inside the raster's interior? */
    const dapple_field *f = s->field;
    double m = 2 * s->reach;
    l->raster = l->inner && !constant && ((double)l->p.x - m) * f->inv_sx - 0.5 >= 0 &&
                ((double)l->p.y - m) * f->inv_sy - 0.5 >= 0 &&
                ((double)l->p.x + m) * f->inv_sx - 0.5 < f->ulim &&
                ((double)l->p.y + m) * f->inv_sy - 0.5 < f->wlim;
    const double *d0 = s->dirs[dp_rng_u32(&s->rng) >> 22];
    l->t = (turn){ d0[0], d0[1], d0[0], d0[1] };
    l->k = 0;
}

/* One try of a parent's sweep; false when the sweep is over: a full turn, 'tries' tries
 * or the end of the run. */
DP_HOT bool lane_step(dapple_sampler *s, lane *l, double pad, int tries, bool exact, bool constant)
{
    dapple_point p = l->p;
    /* the margin, plus a random share of the blind step (see the top of the file) */
    const double *j = s->jitter[exact ? 0 : dp_rng_u32(&s->rng) >> 22];
    double cm = j[0], sm = j[1];
    float rc;
    double d = ring_radius(s, p, &l->t, pad, constant, !exact, exact && l->raster, &rc);
    double c, sn;
    uint32_t by = 0;
    double x = (double)p.x + d * l->t.ux, y = (double)p.y + d * l->t.uy;
    int res = !l->inner  ? dp_try(s, x, y, constant, &by, &rc)
              : constant ? dp_try_inner(s, x, y, &by, &rc)
              : rc >= 0  ? dp_try_in_r(s, (float)x, (float)y, &by, rc)
                         : dp_try_in(s, (float)x, (float)y, false, &by, &rc);
    if (res == DP_TRY_OK) {
        /* the next candidate must clear the new point: chord rc on radius d */
        double cb = DP_MAX(1 - (double)rc * (double)rc / (2 * d * d), -1.0);
        double sb = sqrt(1 - cb * cb);
        c = cb * cm - sb * sm, sn = sb * cm + cb * sm;
    } else if (res == DP_TRY_BLOCKED) {
        if (!past_blocker(s, p, by, d, rc, &l->t, constant && l->k == 0, cm, sm, &c, &sn))
            return false;
    } else if (res == DP_TRY_HALT) {
        return false;
    } else {
        c = OUT_STEP_COS, sn = OUT_STEP_SIN;
    }
    if (sn < 0) /* keep steps within (0, pi]: a longer jump is walked in two */
        c = -1, sn = 0;
    bool turned = advance(&l->t, c, sn);
    return !turned & (++l->k < tries);
}

#define LANES 2

/* Sweeps every parent from 'first' on, including those the sweeps add, except those
 * 'count' lets it leave out (maximal mode, see sampler_skip.c). LANES parents are swept
 * in turns, one try each, so that their dependent chains (candidate, grid test, blocker,
 * turn) overlap. A sweep sees the points the others added so far. */
DP_HOT void sweep_all(dapple_sampler *s, size_t first, int tries, bool exact, bool constant,
                      uint8_t *count)
{
    double pad = ldexp(1.0, ilogb(DP_MAX(s->o.width, s->o.height)) - 21) + 1e-7 * s->reach;
    size_t n0 = s->n;
    lane l[LANES];
    bool on[LANES] = { false };
    size_t next = first;
    for (;;) {
        int live = 0;
        for (int j = 0; j < LANES; j++) {
            /* an idle lane takes the next parent as soon as there is one: in dense mode
             * the front starts with a single point */
            if (!on[j]) {
                while (count != NULL && next <= n0 && dp_skip_parent(s, next, count, n0, pad))
                    next++;
                if (next > s->n || s->halt != DP_HALT_NONE)
                    continue;
                lane_start(s, &l[j], next++, constant);
                on[j] = true;
            }
            live++;
            on[j] = lane_step(s, &l[j], pad, tries, exact, constant);
        }
        if (live == 0)
            return;
    }
}

void dp_sampler_grow_dense(dapple_sampler *s, size_t first)
{
    if (s->field->v == NULL)
        sweep_all(s, first, s->o.k, false, true, NULL);
    else
        sweep_all(s, first, s->o.k, false, false, NULL);
}

/* Enough tries to walk round a circle past every blocker (a handful in practice). */
#define GAP_TRIES 64

void dp_sampler_fill_gaps(dapple_sampler *s)
{
    /* without memory for the counts, every parent is swept: slower, same guarantee */
    uint8_t *count = calloc(s->n + 1, 1);
    if (count != NULL) {
        s->sweep_bytes = s->n + 1;
        dp_sampler_note_bytes(s);
    }
    if (s->field->v == NULL)
        sweep_all(s, 1, GAP_TRIES, true, true, count);
    else
        sweep_all(s, 1, GAP_TRIES, true, false, count);
    free(count);
    s->sweep_bytes = 0;
}
