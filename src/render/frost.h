/* SPDX-License-Identifier: MIT
 * Fog on glass. A droplets layer with 'frost' first frosts what lies under it - the ground
 * blurred and lightened, as a film of micro-drops scatters it - except where the layers it
 * avoids have wiped the glass clean: a dry halo, each drop's outline grown 1.3 times
 * (within the circle dp_layer_halo, which the frost layer's own drops avoid). The same wiped
 * coverage is the 'wiped' mask. */
#ifndef DP_FROST_H
#define DP_FROST_H

#include <cairo.h>
#include <stdint.h>

#include "render/layer.h"
#include "render/render.h"

/** The dry halo of point p of layer l: HALO (1.3) times how far its drop reaches, never
 * beyond its room (scale * r). Later layers avoid it; frost leaves it clear. */
double dp_layer_halo(const dp_layer_spec *l, uint64_t size_seed, const dapple_point *p);

/** The 'wiped' mask (frost = false: max over the frost layers of their wiped coverage) or
 * the 'frost' mask (frost = true: frost * (1 - wiped), max-combined with the footprints of
 * drops below drop_micro) into mask (width x height, caller-zeroed). */
void dp_frost_mask_into(const dp_texture_spec *t, const dp_scene *s, bool frost, uint16_t *mask);

/** Frosts the rows of ctx's band before the layer's drops are drawn (ctx->ground must be
 * set). Does nothing when the layer's frost is 0. */
dapple_status dp_frost_underlay(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err);

#endif
