/* SPDX-License-Identifier: MIT
 * Per-point colour for every layer style: a palette pick plus jitter of lightness, hue and
 * alpha, driven by a tiny counter-based random stream (splitmix64) so that a point's colour
 * depends only on (layer seed, point index): periodic copies and band threads agree. */
#ifndef DP_COLOUR_H
#define DP_COLOUR_H

#include <stdint.h>

#include "render/texture.h"

/** A splitmix64 stream: the state is a plain counter, so seeding is free. */
typedef struct dp_jitter_rng {
    uint64_t state;
} dp_jitter_rng;

/** Seeds a stream for point 'index' of a layer whose seed is 'layer_seed'. */
dp_jitter_rng dp_jitter_rng_for(uint64_t layer_seed, uint64_t index);

uint64_t dp_jitter_next(dp_jitter_rng *g);

/** Uniform in [0, 1). */
double dp_jitter_unit(dp_jitter_rng *g);

/** Uniform in [-1, 1). */
double dp_jitter_signed(dp_jitter_rng *g);

/** Picks a palette entry (its index into *pick) and applies the layer's jitter: lightness
 * +- jitter_lightness (HSL), hue +- jitter_hue turns, alpha scaled by l->alpha then +-
 * jitter_alpha; the result stays inside [0, 1]. Also hands back the unjittered palette
 * colour (alpha scaled and jittered as in the result) and the lightness and hue jitter
 * drawn, for styles that apply them to pixels of their own (PNG stamps). */
dp_rgba dp_colour_pick_parts(const dp_layer_spec *l, dp_jitter_rng *g, int *pick, dp_rgba *base,
                             double *dl, double *dh);

/** c with its lightness (HSL) moved by 'dl' in [-1, 1]: negative darkens. */
dp_rgba dp_colour_shade(dp_rgba c, double dl);

#endif
