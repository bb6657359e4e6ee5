/* SPDX-License-Identifier: MIT
 * The material maps beside the colour texture, for a PBR pipeline (docs/formats.md):
 * - the albedo: the colour with no light baked in (no shading, highlights or drop
 *   shadows), the same base colours, sRGB;
 * - the roughness: 8-bit linear, 0 a mirror and 255 fully matte, by material: each style's
 *   own (docs/styles.md) over its ground's, water and fog from the droplets' own maps;
 * - the ambient occlusion: 8-bit linear, 255 open sky, found from the height map.
 * Each tiles when the texture does and has the same bytes for any number of threads. A
 * texture whose layers cannot give a map is refused, naming the layer. */
#ifndef DP_PBR_H
#define DP_PBR_H

#include <cairo.h>
#include <stdint.h>

#include "dapple.h"
#include "render/render.h"

/** DAPPLE_OK when every layer of t has an albedo; else DAPPLE_E_INVALID naming the first
 * layer whose colour is light, not a surface's (droplets and bubbles refract the scene,
 * stars shine). */
DAPPLE_USERESULT dapple_status dp_albedo_check(const dp_texture_spec *t, dapple_error *err);

/** Draws the albedo of the sampled scene s into a new t->width x t->height ARGB32 surface
 * (*out, the caller destroys it): t drawn unlit, with the same points and colours. */
DAPPLE_USERESULT dapple_status dp_render_albedo(const dp_texture_spec *t, const dp_scene *s,
                                                cairo_surface_t **out, dapple_error *err);

/** DAPPLE_OK when t has a roughness map; else DAPPLE_E_INVALID naming the first layer that
 * is light rather than a surface (stars). */
DAPPLE_USERESULT dapple_status dp_roughness_check(const dp_texture_spec *t, dapple_error *err);

/** The roughness of the sampled scene s into the caller's t->width * t->height values
 * (65535 = 1, linear). Draws each layer alone once, for its coverage. */
DAPPLE_USERESULT dapple_status dp_render_roughness_into(const dp_texture_spec *t, const dp_scene *s,
                                                        uint16_t *rough, dapple_error *err);

/** DAPPLE_OK when t has an ambient occlusion map: some layer has relief (the occlusion is
 * found from the height map); else DAPPLE_E_INVALID naming the layers. */
DAPPLE_USERESULT dapple_status dp_ao_check(const dp_texture_spec *t, dapple_error *err);

/** The ambient occlusion (65535 = unoccluded, linear) of t's height map (as
 * dp_render_height_into makes it) into the caller's t->width * t->height values; wraps
 * across the edges that t->wrap joins. DAPPLE_E_NOMEM when its scratch cannot be had. */
DAPPLE_USERESULT dapple_status dp_render_ao_into(const dp_texture_spec *t, const uint16_t *height,
                                                 uint16_t *ao, dapple_error *err);

#endif
