/* SPDX-License-Identifier: MIT
 * The relief of the styles drawn as shapes on a ground (circles, outlines, stamps, leaves,
 * grass blades) and of the grown styles (crystals, splatter, snow): each shape's height
 * profile, max-combined into the height map as the stones and chips are (maps.c). Stars
 * have none: a height map of a texture with nothing else is refused (dp_relief_flat). */
#ifndef DP_RELIEF_H
#define DP_RELIEF_H

#include <stdbool.h>
#include <stdint.h>

#include "render/render.h"

/** The tallest height (pixels) layer l's shapes can reach, from its spec alone; 0 when
 * the relief module gives the layer none (its style has another source or no relief). */
double dp_relief_top(const dp_layer_spec *l);

/** True when layer l adds nothing to the height map (stars; ellipses and chips that are
 * not filled stones; a layer whose shapes are all too small to stand up). */
bool dp_relief_none(const dp_layer_spec *l);

/** DAPPLE_OK when t's height map can show something: some layer has relief. Else
 * DAPPLE_E_INVALID with a message naming the layers and their styles. */
dapple_status dp_relief_check(const dp_texture_spec *t, dapple_error *err);

/** dp_relief_check for another output: the message ends with 'consequence' ("--ao would
 * be flat") instead of the height and normal maps'. */
dapple_status dp_relief_check_for(const dp_texture_spec *t, const char *consequence,
                                  dapple_error *err);

/** Max-combines the relief of layer li of the scene into height (t->width x t->height,
 * 65535 = 'unit' pixels), wrapped when periodic. Same bytes for any t->render_threads. */
void dp_relief_into(const dp_texture_spec *t, const dp_scene *s, int li, double unit,
                    uint16_t *height);

#endif
