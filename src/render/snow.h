/* SPDX-License-Identifier: MIT
 * Snow on a sill as drawn: the profile a snow layer grew (core/snow_drift.h), filled from
 * the bottom edge up to it, shaded by its slope and by depth, with sparkle. The colour
 * texture and the mask read the same coverage. */
#ifndef DP_SNOW_H
#define DP_SNOW_H

#include <stdint.h>

#include "render/render.h"

/** How much of pixel (x, y) (row y counted from the top) lies under the snow of layer
 * points lp, 0..1: the profile is depth over columns from the bottom edge. */
double dp_snow_cover_at(const dp_texture_spec *t, const dp_layer_points *lp, int x, int y);

/** Max-combines every snow layer's coverage into mask (width x height, 65535 = snow). */
void dp_snow_cover_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *mask);

#endif
