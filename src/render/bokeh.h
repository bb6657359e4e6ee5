/* SPDX-License-Identifier: MIT
 * A ground with something to refract: out-of-focus lights (bokeh) over the Perlin ground,
 * as a night street seen through a wet window. Drops show it flipped and shrunk, which is
 * what makes water read as water. */
#ifndef DP_BOKEH_H
#define DP_BOKEH_H

#include <cairo.h>

#include "dapple.h"
#include "render/texture.h"

/** Adds the lights of t (seeded by t->seed, sized by t->bg_scale, tinted toward
 * t->bg_colour2) onto cr's target, which already holds the ground; wraps as t->wrap says.
 * The caller checks cr's status. */
void dp_bokeh_paint(cairo_t *cr, const dp_texture_spec *t);

#endif
