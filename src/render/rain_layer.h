/* SPDX-License-Identifier: MIT
 * The hook between a droplets layer with 'rain' and the simulation (core/rain.h): the
 * rain's drops become the layer's points, its beads the layer's beads and its tracks the
 * layer's track discs, which every map (colour, height, normal, footprint, wiped) reads as
 * it reads a sampled layer with trails. Nothing here draws. */
#ifndef DP_RAIN_LAYER_H
#define DP_RAIN_LAYER_H

#include "render/render.h"

/** Lets it rain on layer li of t (a droplets layer with rain) and fills s->layers[li]:
 * points (r = drawn radius / scale), beads and track (r = drawn radius), the field of
 * s->fields[li] read as the glass's flaws. */
DAPPLE_USERESULT dapple_status dp_rain_layer(const dp_texture_spec *t, int li, dp_scene *s,
                                             dapple_error *err);

/** How wide a drop of layer l is at most, over its drawn radius (its height): the rain
 * takes its drops for ellipses that wide (core/rain.h, squash), so no two drawn drops of
 * the layer overlap; its beads are drawn at that share of their radius. */
double dp_rain_layer_squash(const dp_layer_spec *l);

#endif
