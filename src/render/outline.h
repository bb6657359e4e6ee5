/* SPDX-License-Identifier: MIT
 * An irregular outline, seeded per shape, shared by every style that draws stones, chips
 * and other solid shapes (ellipses, chips), and by their colour, shadow and height: the
 * one description they all read, as drop_shape.h is for water. An outline is a radius
 * per angle in a unit frame (polar table, star-shaped around the centre), every radius in
 * (0, 1]: placed by a frame (centre, drawn radius, angle, aspect, mirror) it never leaves
 * the drawn circle, so whatever the sampler promises of the circles (the pair rule, a
 * layer's 'avoid') holds for the outline too. */
#ifndef DP_OUTLINE_H
#define DP_OUTLINE_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#define DP_OUTLINE_N 256 /* radius samples around the turn */

/** r[i] is the radius at angle 2 pi i / DP_OUTLINE_N, in (0, 1]; the largest is 1. */
typedef struct dp_outline {
    float r[DP_OUTLINE_N];
} dp_outline;

/** Where an outline is drawn: the unit frame scaled by 'radius' (and by 'aspect' across),
 * rotated by angle_rad, mirrored across its length when 'mirror', centred at (x, y). */
typedef struct dp_outline_frame {
    double x, y, radius, angle_rad, aspect;
    bool mirror;
} dp_outline_frame;

/** A rounded outline: a circle bent by low harmonics (orders 2-5, 'wobble' in [0, 1]:
 * eggs, beans, flattened and dented stones) and rippled by finer ones (orders 6-24,
 * 'roughness' in [0, 1]), phases and amplitudes from 'seed'. */
void dp_outline_round(dp_outline *o, double wobble, double roughness, uint64_t seed);

/** An angular outline: 'corners' corners whose angles move by up to +-0.4 irregularity of
 * their share of the turn and whose radii shrink by up to 0.5 irregularity, straight
 * edges between them, then rippled by 'roughness' (broken, not sawn, edges). */
void dp_outline_polygon(dp_outline *o, int corners, double irregularity, double roughness,
                        uint64_t seed);

/** The radius at 'theta' (radians, unit frame), linear between samples. */
double dp_outline_at(const dp_outline *o, double theta);

/** The frame coordinates (u, v) of screen point (px, py): the outline's inside is
 * hypot(u, v) < dp_outline_at(o, atan2(v, u)). */
void dp_outline_local(const dp_outline_frame *f, double px, double py, double *u, double *v);

/** Appends the outline, placed by f, to cr's path as a closed polygon in screen space. */
void dp_outline_path(cairo_t *cr, const dp_outline *o, const dp_outline_frame *f);

#endif
