/* SPDX-License-Identifier: MIT
 * The one analytic description of a drop on glass, shared by the colour, height and normal
 * renderers so the three maps cannot disagree. A drop is a spherical-cap profile
 * h(t) over a deformed disc: t = 0 at the centre, 1 on the outline, scaled toward the rim
 * by the outline's distance along each ray, so the contact angle holds all round. The outline is an
 * ellipse stretched by gravity (taller than wide) whose widest row lies below the middle of
 * its height: a full, round lower front where the water gathers, and above it a longer,
 * rounded top, thinner (less water), with a seeded low-frequency wobble (harmonics 2 to 4).
 * A drop that slid down the pane also has a short tail above, narrowed toward its tip. Each
 * drop is scaled so that its outline, its tail aside, stays inside its room (the drawn
 * radius): the pair rule still holds; a tail lies on the drop's own wiped track. */
#ifndef DP_DROP_SHAPE_H
#define DP_DROP_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#define DP_DROP_CONTACT_DEG 60.0 /* water on clean glass sits around 40-70 degrees */

/** A layer's drop style (preset keys drop_*). */
typedef struct dp_drop_style {
    double stretch;     /* height / width of the outline; 1 = round */
    double sag;         /* 0..0.6: how much longer (and narrower) the drop is above its widest
                           row than below it */
    double contact_deg; /* contact angle: lower is flatter */
    double wobble;      /* 0..0.3: outline irregularity, as a fraction of the radius */
    double glint;       /* 0..1: per-drop variation of the highlight */
} dp_drop_style;

/** One drop, ready to evaluate. Offsets are from its centre, in pixels, y down. */
typedef struct dp_drop {
    double wide, up, down; /* half-width, and extents above and below the centre, at t = 1 */
    double taper;          /* the top narrows by this fraction at its tip (a slid drop) */
    double shoulder;       /* the part above the widest row is this much narrower */
    bool blunt;            /* the top is a superellipse (exponent 3), not an ellipse */
    double thin;           /* the top is thinner (lower) by this fraction at its tip */
    double harm[3][2];     /* wobble: cos and sin amplitudes of harmonics 2, 3, 4 */
    double sphere, base;   /* profile: h(t) = scale * (sqrt(sphere^2 - t^2) - base) */
    double scale;          /* pixels per profile unit */
    double reach;          /* no ink beyond this distance from the centre */
} dp_drop;

/** True when the style draws round drops of the default contact angle. */
bool dp_drop_style_round(const dp_drop_style *st);

/** The drop at a point whose room (drawn radius) is 'room'; 'key' seeds its own
 * variations (stretch, wobble). */
void dp_drop_init(dp_drop *d, const dp_drop_style *st, double room, uint64_t key);

/** Gives a drop that slid down the pane a short tail above (longer, narrower top). */
void dp_drop_add_tail(dp_drop *d);

/** The outline coordinate at offset (dx, dy): < 1 inside, 1 on the outline. */
double dp_drop_t(const dp_drop *d, double dx, double dy);

/** Height in pixels at (dx, dy); 0 outside the outline. */
double dp_drop_height(const dp_drop *d, double dx, double dy);

/** The slope (dh/dx, dh/dy) at (dx, dy), from the same profile, continued past the
 * outline so the rim has a slope. */
void dp_drop_slope(const dp_drop *d, double dx, double dy, double *gx, double *gy);

/** The smooth union (polynomial smooth max over k pixels) of drops a and b at offsets
 * (ax, ay) from a's centre and (bx, by) from b's: its height in pixels where the union
 * rises above both drops (the bridge that merges them), else 0. The drops' own heights
 * cover the rest, so max(a, b, pair) is the merged surface. */
double dp_drop_pair_height(const dp_drop *a, double ax, double ay, const dp_drop *b, double bx,
                           double by, double k);

/** A box around the drop's centre holding every offset whose distance-like field (the
 * one dp_drop_pair_height merges) is above -grow: dx in [-box[0], box[0]], dy in
 * [-box[1], box[2]]. A bridge of a merge across k lies in both drops' boxes for
 * grow = 1.25 k, so the boxes bound where it can rise (tall stretched drops side by side
 * meet in a narrow strip, where their bounding discs overlap widely). */
void dp_drop_box(const dp_drop *d, double grow, double box[3]);

/** The merged surface of drops a and b at those offsets: max(a, b, pair) with the values of
 * dp_drop_height and dp_drop_pair_height, each drop's outline coordinate computed once;
 * *drops is the higher of the two drops alone. */
double dp_drop_union_height(const dp_drop *a, double ax, double ay, const dp_drop *b, double bx,
                            double by, double k, double *drops);

/** How far the drop reaches from its centre (its outline's farthest point). */
double dp_drop_extent(const dp_drop *d);

#endif
