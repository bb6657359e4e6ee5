/* SPDX-License-Identifier: MIT
 * The built-in parametric leaves (stamp = leaves): an outline from a few species-like
 * parameters (length, width, where it is widest, tip, lobes, teeth, heart-shaped base,
 * palmate or pinnate, petiole), a midrib and branching veins, a colour gradient from the
 * stalk to the tip (autumn), spots and holes, and a curl shading across the blade. Each
 * leaf picks a kind and varies it from its own bits, so no two leaves are copies; drawn
 * as vector paths at the size asked, never scaled up from a small picture. */
#ifndef DP_LEAF_H
#define DP_LEAF_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "render/texture.h"

#define DP_LEAF_KINDS 10

/** Which kind (0 .. DP_LEAF_KINDS - 1) a leaf with these bits is. */
int dp_leaf_kind(uint64_t variety);

/** Appends the outline of a leaf of 'kind' to cr's path: the base at (-radius, 0), the tip
 * toward +x, within 'radius' of the origin; the shape varies with 'variety'. */
void dp_leaf_path(cairo_t *cr, int kind, double radius, uint64_t variety);

/** How a leaf is drawn: whole; without the curl's light and shade (the albedo); or only
 * its shape, opaque (for shadows and relief). */
typedef enum dp_leaf_look { DP_LEAF_LIT, DP_LEAF_UNLIT, DP_LEAF_SILHOUETTE } dp_leaf_look;

/** Draws the leaf (outline, holes, gradient, curl, veins, spots) at the origin as
 * dp_leaf_path places it, in 'colour' (its alpha included), as 'look' asks. */
void dp_leaf_draw(cairo_t *cr, double radius, dp_rgba colour, uint64_t variety, dp_leaf_look look);

#endif
