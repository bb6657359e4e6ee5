/* SPDX-License-Identifier: MIT
 * Drop outlines and heights (see drop_shape.h). The wobble's angle terms come from the
 * unit offset by the Chebyshev recurrence (cos 2a = c^2 - s^2, ...): no trigonometry per
 * pixel. Slopes are central differences of the analytic height over a fixed small step,
 * so the shaded colour sees exactly the surface the height map stores. */
#include "render/drop_shape.h"

#include <math.h>

#include "core/dp.h"
#include "core/point_attrs.h"

#define SLOPE_STEP 0.25 /* pixels */
#define TAIL       1.5  /* a slid drop's top reaches this much farther up */
#define SLID_TAPER 0.75 /* and narrows by this fraction toward its tip: a blunt tail */

bool dp_drop_style_round(const dp_drop_style *st)
{
    return st->stretch == 1 && st->sag == 0 && st->wobble == 0 && st->glint == 0 &&
           st->contact_deg == DP_DROP_CONTACT_DEG;
}

static double contact_rad(const dp_drop_style *st)
{
    return st->contact_deg * DP_PI / 180;
}

/* Gravity pulls big drops longer: each drop's stretch varies around the layer's. */
static void outline(dp_drop *d, const dp_drop_style *st, double room, uint64_t key)
{
    double e = 1 + (st->stretch - 1) * (0.7 + 0.6 * dp_point_unit(key, 20));
    double w = 1 / sqrt(e), h = sqrt(e), wob = st->wobble;
    /* Water gathers in the lower front: the widest row lies below the middle of the drop's
     * height, the part above it is longer, narrower and thinner. */
    double longest = h * (1 + st->sag) * (1 + 1.7 * wob); /* the farthest the outline goes */
    double fit = room / DP_MAX(longest, DP_MAX(w * (1 + 1.7 * wob), 1.0));
    d->wide = w * fit;
    d->up = h * (1 + st->sag) * fit;
    d->down = h * (1 - st->sag) * fit;
    /* At rest surface tension keeps the top round (its own width at 15 % of the height
     * from the top is about 0.7 of the widest row, as a circle's); only a drop that slid
     * drags a narrowed top (dp_drop_add_tail). */
    d->taper = 0;
    d->shoulder = DP_MIN(0.4, 0.8 * st->sag);
    d->blunt = st->sag > 0;
    d->thin = 0.4 * st->sag;
    for (int k = 0; k < 3; k++) {
        double amp = wob / (k + 2), ph = 2 * DP_PI * dp_point_unit(key, 21 + (unsigned)k);
        double a = amp * (0.5 + dp_point_unit(key, 24 + (unsigned)k));
        d->harm[k][0] = a * cos(ph);
        d->harm[k][1] = a * sin(ph);
    }
    d->reach = room + 1;
}

void dp_drop_add_tail(dp_drop *d)
{
    d->up *= TAIL;
    d->taper = SLID_TAPER;
    d->thin = DP_MIN(0.7, d->thin + 0.2);
    d->reach = DP_MAX(d->reach, dp_drop_extent(d) + 1);
}

void dp_drop_init(dp_drop *d, const dp_drop_style *st, double room, uint64_t key)
{
    outline(d, st, room, key);
    double th = contact_rad(st);
    /* Profile of a cap of base radius 1: a sphere of radius 1/sin th, its centre cos th
     * of that below the glass. Scaled by the mean half-size. */
    d->sphere = 1 / sin(th);
    d->base = d->sphere * cos(th);
    d->scale = 0.5 * (d->wide + 0.5 * (d->up + d->down));
}

double dp_drop_t(const dp_drop *d, double dx, double dy)
{
    double ny = dy < 0 ? dy / d->up : dy / d->down;
    /* Above the widest row the drop is narrower (its shoulders drawn in over the first half
     * of the way up), with a blunt, round top (a superellipse of exponent 3: rounder than
     * an ellipse); a slid drop's top also narrows toward its tip. */
    double u = DP_MIN(1.0, -ny), t;
    if (dy < 0) {
        double sm = DP_MIN(1.0, 2 * u);
        double narrow = (1 - d->shoulder * sm * sm * (3 - 2 * sm)) * (1 - d->taper * u * u);
        double nx = fabs(dx) / (d->wide * narrow), ay = -ny;
        t = d->blunt ? cbrt(nx * nx * nx + ay * ay * ay) : sqrt(nx * nx + ay * ay);
    } else {
        double nx = dx / d->wide;
        t = sqrt(nx * nx + ny * ny);
    }
    double len = sqrt(dx * dx + dy * dy);
    if (len > 0) {
        double c = dx / len, s = dy / len;
        double c2 = c * c - s * s, s2 = 2 * c * s;
        double c3 = c2 * c - s2 * s, s3 = s2 * c + c2 * s;
        double c4 = c2 * c2 - s2 * s2, s4 = 2 * c2 * s2;
        double w = d->harm[0][0] * c2 + d->harm[0][1] * s2 + d->harm[1][0] * c3 +
                   d->harm[1][1] * s3 + d->harm[2][0] * c4 + d->harm[2][1] * s4;
        t /= 1 + w;
    }
    return t;
}

/* The cap profile at outline coordinate t, in pixels, scaled by the mean half-size in the
 * middle and by the outline's own distance along this ray ('edge') toward the rim, so the
 * rim meets the glass at the contact angle all round: a drop stretched long is not
 * flatter at its top and bottom than at its sides (the contact angle is a property of the
 * contact line, not of the drop's mean size). */
static double profile(const dp_drop *d, double t, double edge)
{
    double s = d->scale + (edge - d->scale) * t * t;
    return s * (sqrt(DP_MAX(0.0, d->sphere * d->sphere - t * t)) - d->base);
}

/* The profile at outline coordinate t (dp_drop_t at (dx, dy)), thinned toward the top
 * (less water there), continued past the outline. */
static double surface_at(const dp_drop *d, double t, double dx, double dy)
{
    double len = sqrt(dx * dx + dy * dy), edge = t > 1e-9 ? len / t : d->scale;
    double h = profile(d, t, edge);
    if (dy < 0) {
        double u = DP_MIN(1.0, -dy / d->up);
        h *= 1 - d->thin * u * u;
    }
    return h;
}

static double surface(const dp_drop *d, double dx, double dy)
{
    return surface_at(d, dp_drop_t(d, dx, dy), dx, dy);
}

double dp_drop_height(const dp_drop *d, double dx, double dy)
{
    double t = dp_drop_t(d, dx, dy);
    return t >= 1 ? 0 : surface_at(d, t, dx, dy);
}

double dp_drop_extent(const dp_drop *d)
{
    double wob = 0;
    for (int k = 0; k < 3; k++)
        wob += hypot(d->harm[k][0], d->harm[k][1]);
    return DP_MAX(d->wide, DP_MAX(d->up, d->down)) * (1 + wob);
}

/* Why the box holds: with W = wide (1 + wob), t >= |dx| / W (narrow <= 1, 1 + w <= 1 + wob),
 * and likewise |dy| / (up (1 + wob)) above, |dy| / (down (1 + wob)) below. The field is
 * len / t - len; outside (t >= 1) it is at most |dx| (1 / t - 1) <= W - |dx|, so a field
 * above -grow puts |dx| below W + grow; inside, |dx| < W. One pixel more for rounding. */
void dp_drop_box(const dp_drop *d, double grow, double box[3])
{
    double wob = 0;
    for (int k = 0; k < 3; k++)
        wob += hypot(d->harm[k][0], d->harm[k][1]);
    box[0] = d->wide * (1 + wob) + grow + 1;
    box[1] = d->up * (1 + wob) + grow + 1;
    box[2] = d->down * (1 + wob) + grow + 1;
}

/* Signed distance-like field at outline coordinate t: positive inside, about the pixels to
 * the outline. */
static double inside_by(double t, double dx, double dy, double *edge)
{
    double len = sqrt(dx * dx + dy * dy);
    *edge = t > 1e-9 ? len / t : 1e9;
    return (1 - t) * *edge;
}

/* The bridge from the fields ga, gb (and their edges) of a and b. */
static double bridge(const dp_drop *a, const dp_drop *b, double ga, double ea, double gb, double eb,
                     double k)
{
    double gap = fabs(ga - gb);
    if (gap >= k)
        return 0;
    double m = (k - gap) / k, g = DP_MAX(ga, gb) + m * m * k / 4;
    double w = DP_MIN(1.0, DP_MAX(0.0, 0.5 + (ga - gb) / (2 * k)));
    double edge = w * ea + (1 - w) * eb, scale = w * a->scale + (1 - w) * b->scale;
    double t = 1 - g / edge;
    if (!(g > 0) || t >= 1)
        return 0;
    return scale * (sqrt(DP_MAX(0.0, a->sphere * a->sphere - t * t)) - a->base);
}

/* A bridge needs both fields above -1.25 k (g > 0 needs the larger above -k / 4, and the
 * gap below k the smaller within k of it): a field below -1.5 k answers 0 before the other
 * drop's is computed. The farther drop's field goes first: it is the likelier to. */
#define FAR_OFF 1.5

double dp_drop_pair_height(const dp_drop *a, double ax, double ay, const dp_drop *b, double bx,
                           double by, double k)
{
    double ea, eb, ga, gb;
    if (ax * ax + ay * ay >= bx * bx + by * by) {
        if ((ga = inside_by(dp_drop_t(a, ax, ay), ax, ay, &ea)) < -FAR_OFF * k)
            return 0;
        gb = inside_by(dp_drop_t(b, bx, by), bx, by, &eb);
    } else {
        if ((gb = inside_by(dp_drop_t(b, bx, by), bx, by, &eb)) < -FAR_OFF * k)
            return 0;
        ga = inside_by(dp_drop_t(a, ax, ay), ax, ay, &ea);
    }
    return ga < -FAR_OFF * k ? 0 : bridge(a, b, ga, ea, gb, eb, k);
}

double dp_drop_union_height(const dp_drop *a, double ax, double ay, const dp_drop *b, double bx,
                            double by, double k, double *drops)
{
    double ta = dp_drop_t(a, ax, ay), tb = dp_drop_t(b, bx, by), ea, eb;
    double ha = ta >= 1 ? 0 : surface_at(a, ta, ax, ay);
    double hb = tb >= 1 ? 0 : surface_at(b, tb, bx, by);
    double ga = inside_by(ta, ax, ay, &ea), gb = inside_by(tb, bx, by, &eb);
    double pair = ga < -FAR_OFF * k ? 0 : bridge(a, b, ga, ea, gb, eb, k);
    *drops = DP_MAX(ha, hb);
    return DP_MAX(*drops, pair);
}

void dp_drop_slope(const dp_drop *d, double dx, double dy, double *gx, double *gy)
{
    double e = SLOPE_STEP;
    *gx = (surface(d, dx + e, dy) - surface(d, dx - e, dy)) / (2 * e);
    *gy = (surface(d, dx, dy + e) - surface(d, dx, dy - e)) / (2 * e);
}
