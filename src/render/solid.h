/* SPDX-License-Identifier: MIT
 * Ellipses and chips drawn through the shared outline and material descriptions. */
#ifndef DP_SOLID_H
#define DP_SOLID_H

#include "render/layer.h"
#include "render/material.h"
#include "render/outline.h"

/** The outline, its placement and the material of shape s of the layer in ctx: a round
 * outline and a dome for ellipses, a polygon and a flat top for chips. */
void dp_solid_describe(const dp_layer_ctx *ctx, const dp_shape *s, dp_outline *o,
                       dp_outline_frame *f, dp_material *m);

/** Draws s: its material (filled), its outline stroked (filled = false), or its plain
 * silhouette (DP_PASS_SILHOUETTE, for shadows). */
void dp_solid_draw(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass);

#endif
