/* SPDX-License-Identifier: MIT
 * Splatter as drawn: the drops one impact throws (core/splatter.h) as one cairo path, for
 * the colour texture and the ink mask alike. */
#ifndef DP_SPLATTER_DRAW_H
#define DP_SPLATTER_DRAW_H

#include <cairo.h>
#include <stdint.h>

#include "core/splatter.h"
#include "render/layer.h"
#include "render/render.h"

/** Appends to cr's path the blob and every drop of the impact of shape s (its centre,
 * drawn radius and 'variety' bits as seed): closed, non-overlapping subpaths are not
 * promised, so fill with the nonzero rule. */
void dp_splat_path(cairo_t *cr, const dp_layer_spec *l, const dp_shape *s);

/** Max-combines into mask (width x height, 65535 = ink) the ink of every splatter layer,
 * antialiased, wrapped when periodic. */
void dp_splatter_cover_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *mask);

#endif
