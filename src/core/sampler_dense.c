/* SPDX-License-Identifier: MIT
 * Dense and maximal modes: candidates on the circle just outside a parent's radius, swept
 * in angle (as fast-2d-poisson-disk-sampling does). A blocked candidate jumps to the end
 * of its blocker's arc (law of cosines, no trig), an accepted one by the chord its own
 * radius needs, plus, in dense mode, a random share of the blind step 2 pi / k so that no
 * hexagonal crystals grow (rho 0.90). A variable radius finds the circle max(r_p, r_c) by
 * fixed-point steps. Maximal: a spot that can still take a point is bounded by arcs of
 * points' circles, and its lowest point by an arc that starts in the upper half of its
 * circle, so one exact sweep over the upper half of every circle fills every gap (the end
 * Ebeida et al. 2011 reach by subdividing cells); with a variable radius every jump is
 * checked on the circle where it lands. See docs/algorithm.md, 7 and 8. */
#include "core/sampler.h"

#include <stdlib.h>

/* How far outside a circle the sweeps place candidates, beyond rounding. */
static double sweep_pad(const dapple_sampler *s)
{
    return ldexp(1.0, ilogb(DP_MAX(s->o.width, s->o.height)) - 21) + 1e-7 * s->reach;
}

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
 * see lane_start): the parent in raster units, and the bilinear read without bounds
 * checks or clamp stepped from there (d only places the candidate; its radius comes from
 * the grid test's own lookup); else NULL. */
DP_HOT double ring_radius(const dapple_sampler *s, dapple_point p, const turn *t, double pad,
                          bool constant, bool known, const double *raster, float *rc)
{
    const dapple_field *f = s->field;
    double d = (double)p.r + pad;
    *rc = -1;
    if (constant)
        return d;
    double du = t->ux * f->inv_sx, dw = t->uy * f->inv_sy;
    for (int step = 0; step < 6; step++) {
        double r;
        if (raster) {
            r = f->rmin +
                dp_field_bilinear(f, raster[0] + d * du, raster[1] + d * dw) * (f->rmax - f->rmin);
        } else {
            double x = (double)p.x + d * t->ux, y = (double)p.y + d * t->uy;
            if (known)
                x = (double)dp_snap(s, x), y = (double)dp_snap(s, y);
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

/* A blocker q's arc on a circle round p: (vx, vy) = q - p (across the seam where it wraps),
 * (ca, sa) = (cos alpha, sin alpha) / |v|, alpha the arc's half angle. */
typedef struct arc {
    double vx, vy, ca, sa;
} arc;

/* q's arc *a on the circle of radius d round p, q blocking within m (law of cosines; one
 * sqrt, not two, on the sweep's dependent chain). False when q's disc swallows the
 * circle, or q is p (v = 0, the caller's to tell apart); when q's disc only touches the
 * circle, alpha = 0. */
DP_HOT bool arc_half(const dapple_sampler *s, dapple_point p, const dapple_point *b, double d,
                     double m, arc *a)
{
    a->vx = dp_wrap_delta((double)b->x - (double)p.x, s->o.width, s->wrap.x);
    a->vy = dp_wrap_delta((double)b->y - (double)p.y, s->o.height, s->wrap.y);
    double dd2 = a->vx * a->vx + a->vy * a->vy;
    if (dd2 == 0)
        return false;
    double nm = d * d + dd2 - m * m, inv2 = 1 / dd2;
    a->ca = nm * inv2 * (0.5 / d);
    double s2 = inv2 - a->ca * a->ca;
    if (s2 > 0) {
        a->sa = sqrt(s2);
        return true;
    }
    a->ca = sqrt(inv2), a->sa = 0; /* |cos alpha| >= 1 */
    return nm > 0;
}

/* Squared distance from (x, y) to b, across the seam on a torus. */
DP_HOT double dist2_to(const dapple_sampler *s, double x, double y, const dapple_point *b)
{
    double dx = dp_wrap_delta(x - (double)b->x, s->o.width, s->wrap.x);
    double dy = dp_wrap_delta(y - (double)b->y, s->o.height, s->wrap.y);
    return dx * dx + dy * dy;
}

/* The rotation (c, sn) from t's direction to unit direction (ex, ey) turned on by the
 * margin (cm, sm); a creep by the margin when that is not ahead (rounding). */
DP_HOT void turn_to(const turn *t, double ex, double ey, double cm, double sm, double *c,
                    double *sn)
{
    double fx = ex * cm - ey * sm, fy = ex * sm + ey * cm;
    *c = t->ux * fx + t->uy * fy;
    *sn = t->ux * fy - t->uy * fx;
    if (*sn <= 0 && *c > 0)
        *c = cm, *sn = sm;
}

/* The rotation that carries the sweep past the arc of circle (p, d) blocked by q. False
 * when q's disc swallows the whole circle. On a sweep's first try ('first'), the turn's
 * start moves back to where q's arc begins (plus the margin): that stretch is covered,
 * and without it the sweep would end by meeting q a second time (about one try in 7).
 * Constant radius only: with a variable one the circle's radius changes along that
 * stretch, and the start found at the first candidate's radius left a sliver 8e-4 r
 * wide uncovered in a test. */
DP_HOT bool past_blocker(const dapple_sampler *s, dapple_point p, uint32_t q, double d, float rc,
                         double shell, turn *t, bool first, double cm, double sm, double *c,
                         double *sn)
{
    const dapple_point *b = &s->store[q];
    arc a;
    if (!arc_half(s, p, b, d, DP_MAX((double)rc, (double)b->r) * shell, &a)) {
        if (a.vx != 0 || a.vy != 0)
            return false;
        *c = cm, *sn = sm; /* the parent itself: r(candidate) outgrew the circle; creep on */
        return true;
    }
    /* arc end = direction to q turned by alpha (+ margin) */
    double ex = a.vx * a.ca - a.vy * a.sa, ey = a.vx * a.sa + a.vy * a.ca;
    if (first && a.sa > 0) {
        const double *m0 = s->jitter[0]; /* the margin alone */
        double bx = a.vx * a.ca + a.vy * a.sa, by = a.vy * a.ca - a.vx * a.sa;
        double ux = bx * m0[0] - by * m0[1], uy = bx * m0[1] + by * m0[0];
        if (t->ux * uy - t->uy * ux < 0) /* behind the first candidate, as it must be */
            t->u0x = ux, t->u0y = uy;
    }
    turn_to(t, ex, ey, cm, sm, c, sn);
    return true;
}

/* The rotation that carries a candidate beyond a bounded domain's edge, at (x, y) on the
 * circle (p, d) in direction t, to where that circle comes back over the edge (plus the
 * margin). The stretch beyond an edge at distance D from p is the arc round the edge's
 * outward normal n of half angle acos(D / d): its end is n cos + (n turned left) sin,
 * no trig. A pane that wraps one axis has edges on the other only; a torus comes here
 * only for an avoided candidate, and one beyond its seam turns as at an edge, as it
 * always did. */
static void past_edge(const dapple_sampler *s, dapple_point p, double d, double x, double y,
                      const turn *t, double cm, double sm, double *c, double *sn)
{
    bool one = s->wrap.x != s->wrap.y, ex = !(one && s->wrap.x), ey = !(one && s->wrap.y);
    double nx = 0, ny = 0, dist;
    if (ex && x >= s->o.width)
        nx = 1, dist = s->o.width - (double)p.x;
    else if (ex && x < 0)
        nx = -1, dist = (double)p.x;
    else if (ey && y >= s->o.height)
        ny = 1, dist = s->o.height - (double)p.y;
    else if (ey && y < 0)
        ny = -1, dist = (double)p.y;
    else { /* inside the domain ('avoid' or a refused area): a blind step of 10 degrees */
        *c = 0.98480775301220806, *sn = 0.17364817766693033;
        return;
    }
    double k = DP_MIN(DP_MAX(dist / d, 0.0), 1.0), h = sqrt(1 - k * k);
    turn_to(t, k * nx - h * ny, k * ny + h * nx, cm, sm, c, sn);
}

/* One parent's sweep in progress. */
typedef struct lane {
    dapple_point p;
    turn t;
    bool inner;
    bool raster;  /* maximal, variable radius: ring_radius may read the raster directly */
    double uw[2]; /* p in raster units, for those reads */
    bool half;    /* maximal: only the upper half turn (see dp_sampler_fill_gaps) */
    int level;    /* variable radius: the parent's level, where most blockers are */
    bool closing; /* the turn ended on a jump that no next try checked (see end_overshot) */
    /* maximal, variable radius: the blocker the last try jumped past (or 0), the radius
     * it blocked within, and the direction of that try */
    uint32_t jumped;
    float jumped_rc;
    double px, py, pd; /* and the circle radius there */
    int k;             /* tries so far */
} lane;

/* 'half': the half turn every parent away from the domain's edges may take, or NULL. */
DP_HOT void lane_start(dapple_sampler *s, lane *l, size_t i, bool constant, const turn *half)
{
    l->p = s->store[i];
    /* away from the edges, candidates need no domain checks (nor, for a constant radius,
     * edge checks); a variable radius reaches at most rmax (1 + 1e-4) + pad < 2 reach */
    dapple_point far = { l->p.x, l->p.y, (float)s->reach };
    /* (dp_try_inner stores a constant radius without asking the field or 'avoid') */
    l->inner =
            (constant ? s->open : s->o.avoid == NULL) && dp_inner_parent(s, constant ? l->p : far);
    /* the circle stays within 2 reach of p: inside the raster's interior? */
    const dapple_field *f = s->field;
    double m = 2 * s->reach;
    double px = (double)l->p.x + f->ox, py = (double)l->p.y + f->oy;
    l->uw[0] = px * f->inv_sx - 0.5, l->uw[1] = py * f->inv_sy - 0.5;
    l->raster = l->inner && !constant && (px - m) * f->inv_sx - 0.5 >= 0 &&
                (py - m) * f->inv_sy - 0.5 >= 0 && (px + m) * f->inv_sx - 0.5 < f->ulim &&
                (py + m) * f->inv_sy - 0.5 < f->wlim;
    /* a spot touching the bottom edge may have its lowest point on it, not on a circle:
     * parents near any edge that does not wrap take full turns */
    double e = 2 * s->reach, x = l->p.x, y = l->p.y;
    l->half = half != NULL && (s->wrap.x || (x >= s->wx0 + e && x <= s->wx1 - e)) &&
              (s->wrap.y || (y >= s->wy0 + e && y <= s->wy1 - e));
    if (l->half) {
        l->t = *half;
    } else {
        const double *d0 = s->dirs[dp_rng_u32(&s->rng) >> 22];
        l->t = (turn){ d0[0], d0[1], d0[0], d0[1] };
    }
    l->k = 0;
    l->jumped = 0;
    l->closing = false;
    l->level = constant ? -1 : dp_levels_of(&s->lv, l->p.r);
}

/* True when every cell of the fine cover map's row j within sqrt(w2) of x is marked. */
DP_HOT bool row_covered(const dapple_sampler *s, int j, double x, double w2)
{
    if (w2 <= 0)
        return true;
    double w = sqrt(w2);
    return dp_vcover_run(s, j, (int)((x - w) * s->vinv), (int)((x + w) * s->vinv));
}

/* Maximal mode, variable radius, a half turn: true when every cell of the fine cover map
 * where one of its candidates can fall is marked, i.e. wholly inside some point's disc.
 * Then every candidate would be blocked and the sweep could add nothing, so it is left
 * out (55% of W3's parents). The candidates lie in directions no lower than the turn's
 * ends, within rout of p: the ring radius never exceeds max(r_p, rhi) (1 + 1e-4) + pad,
 * rhi bounding the field within one top cell of p's, as long as that stays within one
 * top cell. Each row of the map is tested across the whole width of the circle there:
 * the cells inside the circle, well within p's own disc, were marked with it (the gap
 * fill's own points mark the map too). */
static bool half_covered(const dapple_sampler *s, const lane *l, double pad)
{
    const dp_grid *g = &s->grid;
    double px = l->p.x, py = l->p.y, e = 1e-3;
    size_t t = (size_t)dp_grid_cell_of(py, g->inv_ch, g->gh) * g->gw +
               (size_t)dp_grid_cell_of(px, g->inv_cw, g->gw);
    double rout = DP_MAX((double)l->p.r, (double)s->lv.rhi[t]) * (1 + 2e-4) + pad + e;
    double c = s->vcell, ylo = py + rout * l->t.u0y - e;
    if (rout > DP_MIN(g->cw, g->ch) || px - rout < 0 || ylo < 0 ||
        (px + rout) * s->vinv >= s->vw - 1 || (py + rout) * s->vinv >= s->vh - 1)
        return false;
    /* p's row first (the widest: a gap shows there soonest), then those above and below;
     * a row's nearest point to p is on its edge nearer p */
    double r2 = rout * rout;
    int jp = (int)(py * s->vinv), j0 = (int)(ylo * s->vinv), j1 = (int)((py + rout) * s->vinv);
    for (int j = jp; j <= j1; j++) {
        double near = j == jp ? 0 : j * c - py;
        if (!row_covered(s, j, px, r2 - near * near))
            return false;
    }
    for (int j = jp - 1; j >= j0; j--) {
        double near = py - (j + 1) * c;
        if (!row_covered(s, j, px, r2 - near * near))
            return false;
    }
    return true;
}

/* Maximal mode, variable radius: past_blocker put the end of the last blocker q's arc
 * where it ends on a circle of the radius at that try, for a candidate of that try's
 * radius. Both change along the jump, and with the circle here (radius d) and the
 * candidate's radius here (rc) q's arc may end sooner: a spot between that end and here
 * would be jumped over. True when it does, with that end (plus the margin) in (*fx, *fy),
 * behind the direction and ahead of where the jump began. */
DP_HOT bool ends_sooner(const dapple_sampler *s, const lane *l, double d, float rc, double *fx,
                        double *fy)
{
    const dapple_point *b = &s->store[l->jumped];
    double m = DP_MAX((double)DP_MIN(l->jumped_rc, rc), (double)b->r);
    arc a;
    if (!arc_half(s, l->p, b, d, m, &a))
        return false;
    const double *m0 = s->jitter[0]; /* the margin alone */
    double ex = a.vx * a.ca - a.vy * a.sa, ey = a.vx * a.sa + a.vy * a.ca;
    *fx = ex * m0[0] - ey * m0[1], *fy = ex * m0[1] + ey * m0[0];
    return (*fx * l->t.uy - *fy * l->t.ux > 0) & (l->px * *fy - l->py * *fx > 0);
}

/* After a jump (see ends_sooner), at the next try: true, and the direction moved back,
 * when the last blocker's arc ends sooner here at a point that neither the candidate's
 * blocker 'by' (res DP_TRY_BLOCKED) nor the point just added (DP_TRY_OK, radius rc)
 * covers. The jump stays on the dependent chain as it was; this test is off it, and
 * fails only at real spots. */
DP_HOT bool overshot(const dapple_sampler *s, lane *l, double d, int res, uint32_t by, float rc)
{
    /* the candidate still inside the last blocker, on the radius ends_sooner takes: its
     * arc ends ahead */
    const dapple_point *b = &s->store[l->jumped];
    double px = l->p.x, py = l->p.y, mb = DP_MAX((double)DP_MIN(l->jumped_rc, rc), (double)b->r);
    if (dist2_to(s, px + d * l->t.ux, py + d * l->t.uy, b) < mb * mb)
        return false;
    /* the same circle radius and blocking radius as at the jump: the arc end is the one
     * the jump took, and ends_sooner would only find that again (37% of checks at W3) */
    if ((d == l->pd) & (rc >= l->jumped_rc))
        return false;
    /* without branches until the verdict, which is almost always no */
    double fx = 0, fy = 0;
    bool sooner = ends_sooner(s, l, d, rc, &fx, &fy);
    const dapple_point *w = &s->store[res == DP_TRY_OK ? s->n : by];
    double m = res == DP_TRY_OK ? (double)w->r : DP_MAX((double)rc, (double)w->r);
    bool open = dist2_to(s, px + d * fx, py + d * fy, w) >= m * m;
    if (!(sooner & open & ((res == DP_TRY_BLOCKED) | (res == DP_TRY_OK))))
        return false;
    l->t.ux = fx, l->t.uy = fy;
    return true;
}

/* Relaxed mode's shell: 1 + RELAX_SHELL u^RELAX_POWER. Dense mode puts new points at
 * exactly the rule's distance from their parent, their blockers and each other, so nearly
 * every nearest neighbour is at r (a crystal). Relaxed mode moves the candidate's circle,
 * the clearance past a blocker and the chord after an accepted point each out by its own
 * such factor. The power leans the factors to the shell's far side: a point's nearest
 * neighbour is the smallest of several distances, which piles up at the near side for a
 * uniform shell. On r = 2 over 300 x 300 (k 100, see DP_RELAX_K): shell 0.05 -> rho 0.878 and 68 %
 * of nearest-neighbour distances within 1 % of the commonest; 0.13 -> rho 0.860, 28.6 %; 0.15 ->
 * 0.853, 24.9 %. Dense mode: rho 0.894, 100 %. */
#define RELAX_SHELL 0.13
#define RELAX_POWER 0.7

static double shell(dapple_sampler *s)
{
    return 1 + RELAX_SHELL * pow((dp_rng_u32(&s->rng) >> 8) * (1.0 / 16777216.0), RELAX_POWER);
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
    double d =
            ring_radius(s, p, &l->t, pad, constant, !exact, exact && l->raster ? l->uw : NULL, &rc);
    double grow = 1, chord = 1;
    if (s->relax && !exact) {
        /* the candidate moves off the field's fixed point: its radius is looked up again */
        d *= shell(s), grow = shell(s), chord = shell(s);
        rc = -1;
    }
    double c, sn;
    uint32_t by = 0;
    double x = (double)p.x + d * l->t.ux, y = (double)p.y + d * l->t.uy;
    int res = !l->inner  ? dp_try(s, x, y, constant, &by, &rc)
              : constant ? dp_try_inner(s, x, y, &by, &rc)
              : rc >= 0  ? dp_try_in_r(s, dp_snap(s, x), dp_snap(s, y), &by, rc)
                         : dp_try_var(s, dp_snap(s, x), dp_snap(s, y), &by, &rc, l->level);
    if (exact && !constant) {
        bool back = l->jumped != 0 && overshot(s, l, d, res, by, rc);
        l->jumped = 0;
        if (back)
            return ++l->k < tries;
    }
    if (res == DP_TRY_OK) {
        /* the next candidate must clear the new point: chord rc on radius d */
        double cr = (double)rc * chord;
        double cb = DP_MAX(1 - cr * cr / (2 * d * d), -1.0);
        double sb = sqrt(1 - cb * cb);
        c = cb * cm - sb * sm, sn = sb * cm + cb * sm;
        if (exact && !constant) /* the next try checks this jump too (see overshot) */
            l->jumped = (uint32_t)s->n, l->jumped_rc = rc, l->px = l->t.ux, l->py = l->t.uy,
            l->pd = d;
    } else if (res == DP_TRY_BLOCKED) {
        if (!past_blocker(s, p, by, d, rc, grow, &l->t, constant && l->k == 0 && !l->half, cm, sm,
                          &c, &sn))
            return false;
        if (exact && !constant)
            l->jumped = by, l->jumped_rc = rc, l->px = l->t.ux, l->py = l->t.uy, l->pd = d;
    } else if (res == DP_TRY_HALT) {
        return false;
    } else {
        past_edge(s, p, d, x, y, &l->t, cm, sm, &c, &sn);
    }
    if (sn < 0) /* keep steps within (0, pi]: a longer jump is walked in two */
        c = -1, sn = 0;
    bool turned = advance(&l->t, c, sn);
    l->closing = turned & (l->jumped != 0);
    return !turned & (++l->k < tries);
}

/* Half turns: true when q's disc holds the turn's end u0 on every circle radius the
 * parent can have there, so that end_overshot needs no lookup (most turns). Along a turn
 * the radius changes by a factor of at most exp(k a) over an angle a, k = tan(lean) of
 * the half turn (see half_turn), from pd at the last try. */
DP_HOT bool end_held(const dapple_sampler *s, const lane *l, const dapple_point *b, double pad)
{
    double k = l->t.u0y / l->t.u0x, cx = l->t.u0x - l->px, cy = l->t.u0y - l->py;
    double x = k * 1.5708 * sqrt(cx * cx + cy * cy); /* k times the angle, or more */
    double lo = DP_MAX((double)l->p.r + pad, l->pd * (1 - x)) * (1 - 2e-4);
    double hi = l->pd * (1 + x + x * x) * (1 + 2e-4), m2 = (double)b->r * (double)b->r;
    double px = l->p.x, py = l->p.y;
    return x < 1 && dist2_to(s, px + lo * l->t.u0x, py + lo * l->t.u0y, b) < m2 &&
           dist2_to(s, px + hi * l->t.u0x, py + hi * l->t.u0y, b) < m2;
}

/* The last jump of a turn has no next try to check it (see overshot): when the lane is
 * next free, this checks it on the circle at the turn's end u0, off the dependent chain
 * of the lane's next parent, and resumes the turn from the blocker's arc end when that
 * comes before u0 and the end is not inside the blocker. False (the usual case) when the
 * turn stands. */
DP_HOT bool end_overshot(const dapple_sampler *s, lane *l, double pad)
{
    l->closing = false;
    const dapple_point *b = &s->store[l->jumped];
    if (l->half && end_held(s, l, b, pad))
        return false;
    turn end = l->t;
    end.ux = end.u0x, end.uy = end.u0y;
    float unused;
    double d = ring_radius(s, l->p, &end, pad, false, false, l->raster ? l->uw : NULL, &unused), fx,
           fy;
    /* q blocks within its own radius at least, whatever the candidate's */
    double x = (double)l->p.x + d * end.ux, y = (double)l->p.y + d * end.uy;
    if (dist2_to(s, x, y, b) < (double)b->r * (double)b->r || !ends_sooner(s, l, d, 0, &fx, &fy) ||
        fx * l->t.u0y - fy * l->t.u0x <= 0)
        return false;
    l->t.ux = fx, l->t.uy = fy, l->jumped = 0;
    return true;
}

/* Maximal mode, variable radius: true when l's sweep can be left out (half_covered). */
static bool left_out(const dapple_sampler *s, const lane *l, double pad)
{
    return l->half && s->vcover != NULL && half_covered(s, l, pad);
}

/* Starts l on the next parent that needs a sweep; false when none is left. */
DP_HOT bool next_parent(dapple_sampler *s, lane *l, size_t *next, bool exact, bool constant,
                        const turn *half, double pad)
{
    while (*next <= s->n && s->halt == DP_HALT_NONE) {
        lane_start(s, l, (*next)++, constant, half);
        if (!(exact && !constant && left_out(s, l, pad)))
            return true;
    }
    return false;
}

#define LANES 2

/* Sweeps every parent from 'first' on, including those the sweeps add. LANES parents
 * are swept in turns, one try each, so that their dependent chains (candidate, grid
 * test, blocker, turn) overlap. A sweep sees the points the others added so far. */
DP_HOT void sweep_all(dapple_sampler *s, size_t first, int tries, bool exact, bool constant,
                      const turn *half)
{
    double pad = sweep_pad(s);
    lane l[LANES];
    bool on[LANES] = { false };
    for (int j = 0; j < LANES; j++)
        l[j].closing = false;
    size_t next = first;
    for (;;) {
        int live = 0;
        for (int j = 0; j < LANES; j++) {
            /* an idle lane takes the next parent as soon as there is one: in dense mode
             * the front starts with a single point */
            if (!on[j] && !(l[j].closing && end_overshot(s, &l[j], pad)) &&
                !next_parent(s, &l[j], &next, exact, constant, half, pad))
                continue;
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

/* The half turn of the gap sweep: directions from -slack to pi + slack, where slack
 * covers how far the normal of a circle whose radius follows the field, max(r_p, r(x)),
 * can lean away from the radial direction (tan = |grad r| / (1 - |grad r|)). False when
 * full turns are needed: with 'avoid' or refused areas (they bound spots but are never
 * swept), on
 * a torus too short for every spot to have a lowest point, or a field too steep. */
static bool half_turn(const dapple_sampler *s, turn *half)
{
    if (!s->open || (s->wrap.y && s->o.height < 8 * s->reach))
        return false;
    double g = s->field->slope;
    if (g >= 0.5)
        return false;
    double slack = atan(g / (1 - g)) + 1e-3 + 4 * s->margin;
    *half = (turn){ cos(slack), -sin(slack), -cos(slack), -sin(slack) };
    return true;
}

/* Maximal mode. Every spot where a point still fits has a lowest point, on some circle
 * whose outward normal there leans upwards, and that circle's boundary of the spot
 * starts within the upper half of its turn: so sweeping the upper half of every circle
 * finds every spot, for half the tries of full turns (docs/algorithm.md, 8). */
void dp_sampler_fill_gaps(dapple_sampler *s)
{
    turn half;
    const turn *h = half_turn(s, &half) ? &half : NULL;
    if (s->field->v == NULL)
        sweep_all(s, 1, GAP_TRIES, true, true, h);
    else
        sweep_all(s, 1, GAP_TRIES, true, false, h);
}

bool dp_sweep_left_out(dapple_sampler *s, size_t i, double *slack)
{
    turn half;
    lane l;
    *slack = 0;
    if (s->field->v == NULL || !half_turn(s, &half))
        return false;
    *slack = asin(-half.u0y);
    lane_start(s, &l, i, false, &half);
    return left_out(s, &l, sweep_pad(s));
}
