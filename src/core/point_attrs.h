/* SPDX-License-Identifier: MIT
 * Per-point attributes for engines (rotation, scale, variant) as a pure function of the
 * seed and the point's stored position, so a point keeps its attributes whatever else is
 * in the set, in whatever order: what tiled worlds need. */
#ifndef DP_POINT_ATTRS_H
#define DP_POINT_ATTRS_H

#include <stdint.h>

/** The attributes of the point stored as (x, y), from three independent streams keyed by
 * 'seed' and the bit patterns of x and y (-0 counts as +0). *rotation_deg is in [0, 360);
 * *unit_scale and *unit_variant are uniform in [0, 1), with 53 bits each. The caller maps
 * the units (scale = 1 - j + 2 j u; variant = floor(u n)). Same inputs, same outputs on
 * every machine. */
void dp_point_attrs(uint64_t seed, float x, float y, double *rotation_deg, double *unit_scale,
                    double *unit_variant);

/** The key of the point stored as (x, y) under 'seed': a bijection of the float bit patterns
 * for one seed, so two places never share a key. */
uint64_t dp_point_key(uint64_t seed, float x, float y);

/** Stream 'stream' (>= 1) of a point key as a uniform number in [0, 1) with 53 bits;
 * streams 1 to 3 are the attributes above, later ones are free for styles. */
double dp_point_unit(uint64_t key, unsigned stream);

#endif
