/* SPDX-License-Identifier: MIT
 * The scene behind the glass (texture key 'backdrop'): a picture, or a built-in procedural
 * scene with an up and a down (a night street, an overcast day), or a checker to measure
 * the refraction with. Drops refract it sharp, upside down (render/drop_shade.h); clear
 * glass shows it out of focus, blurred by backdrop_blur. It tiles when the texture does. */
#ifndef DP_BACKDROP_H
#define DP_BACKDROP_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

/** True when t names a backdrop: it then replaces the background. */
bool dp_backdrop_wanted(const dp_texture_spec *t);

/** Paints t's backdrop, sharp, over the whole of cr's target (t's size). */
DAPPLE_USERESULT dapple_status dp_backdrop_paint(cairo_t *cr, const dp_texture_spec *t,
                                                 dapple_error *err);

/** Blurs the premultiplied ARGB32 pixels (w x h, stride bytes a row) in place: three box
 * passes each way, close to a Gaussian of standard deviation 'sigma' pixels; wraps at the
 * edges of the axes in 'wrap', else clamps. sigma < 0.5 leaves them as they are. */
DAPPLE_USERESULT dapple_status dp_backdrop_blur_into(uint8_t *data, int stride, int w, int h,
                                                     dp_wrap wrap, double sigma, dapple_error *err);

#endif
