/* SPDX-License-Identifier: MIT
 * A material inside an outline (outline.h), shared by every solid style: a height from
 * the shape's own outline (a dome for stones, flat for polished chips), a soft directional
 * shading and sheen from that height, grain and speckle (noise in colour and height) and
 * veins, all in the shape's own frame so they turn with it. The colour renderer and the
 * height map read the same functions, so the two cannot disagree. */
#ifndef DP_MATERIAL_H
#define DP_MATERIAL_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "render/outline.h"
#include "render/texture.h"

typedef struct dp_material {
    double grain;            /* [0, 1]: noise in colour and height, fine grain plus speckle */
    double veins;            /* [0, 1]: chance and strength of pale veins across the shape */
    double shading;          /* [0, 1]: strength of the shading from the height (bevel) */
    bool domed;              /* true: a stone's dome; false: flat (a polished chip) */
    double light_x, light_y; /* unit vector toward the light, screen coordinates */
    uint64_t seed;           /* the shape's own bits */
} dp_material;

/** Height (pixels above the ground) of the shape at screen point (px, py); 0 outside. */
double dp_material_height(const dp_material *m, const dp_outline *o, const dp_outline_frame *f,
                          double px, double py);

/** Fills the outline placed by f with the material over 'colour' (alpha included).
 * Draws a plain fill if memory for the shape's pixels cannot be had. */
void dp_material_fill(cairo_t *cr, const dp_material *m, const dp_outline *o,
                      const dp_outline_frame *f, dp_rgba colour);

/** The material's colour at frame point (u, v) of a shape 'radius' pixels across (aspect 1)
 * whose height rises by (dx, dy) pixels per pixel there: 'colour' with grain, veins and
 * the shading of that slope, into rgb (0..1, straight). For styles that paint their own
 * pixels (cells): the same recipe dp_material_fill uses. */
void dp_material_shade(const dp_material *m, double radius, double u, double v, double dx,
                       double dy, dp_rgba colour, double out[3]);

/** True when the layer asks for any outline or material key (wobble, roughness, grain,
 * veins): it is then drawn through outline.h and material.h. */
bool dp_material_wanted(const dp_layer_spec *l);

#endif
