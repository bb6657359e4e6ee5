/* SPDX-License-Identifier: MIT
 * The detail version of a texture (texture.h, ground_detail): its ground flattened to its
 * mean colour, so that the large-scale variation a Perlin, bokeh, image or backdrop ground
 * carries can come from an engine's macro layer instead of repeating with every tile. */
#ifndef DP_GROUND_DETAIL_H
#define DP_GROUND_DETAIL_H

#include <cairo.h>

/** Paints every pixel of the ARGB32 surface s with its mean colour: averaged in linear
 * light, weighted by alpha, with the mean alpha. A transparent surface stays so. */
void dp_ground_flatten(cairo_surface_t *s);

#endif
