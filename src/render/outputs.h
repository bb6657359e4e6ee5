/* SPDX-License-Identifier: MIT
 * Rendering one texture spec to every file it asks for: the colour texture, height and
 * normal maps, a mask, the point list and the material maps (albedo, roughness, ambient
 * occlusion). Shared by `render`, `mask`, `pack`, `tiles` and the preview. Prints nothing:
 * a caller that shows progress passes a phase function. */
#ifndef DP_RENDER_OUTPUTS_H
#define DP_RENDER_OUTPUTS_H

#include <stddef.h>

#include "dapple.h"
#include "render/texture.h"

/* Told what is being done now ("sampling", "drawing", ...: string literals); may be called
 * from the thread that renders. */
typedef void (*dp_phase_fn)(const char *phase);

/* Where to write each output; NULL = not wanted. */
typedef struct dp_output_paths {
    const char *texture, *height, *normal, *mask, *points;
    const char *albedo, *roughness, *ao; /* the material maps (render/pbr.h) */
    dp_phase_fn phase;                   /* NULL: nobody listens */
} dp_output_paths;

#define DP_OUTPUT_COUNT 8

/** The outputs' names, in the order of dp_output_paths: "texture", "height", "normal",
 * "mask", "points", "albedo", "roughness", "ao". */
extern const char *const dp_output_names[DP_OUTPUT_COUNT];

/** The member of p that holds the path of the output called 'name' (one of
 * dp_output_names), for a caller that picks outputs by name (the preview's views); NULL for
 * any other name. */
const char **dp_output_slot(dp_output_paths *p, const char *name);

/** DAPPLE_OK when t can give every output p asks for; else DAPPLE_E_INVALID naming the
 * layer that cannot (an albedo of drops, an occlusion map of a texture with no relief).
 * dp_render_outputs checks this first; a caller may check before other work. */
DAPPLE_USERESULT dapple_status dp_output_check(const dp_texture_spec *t, const dp_output_paths *p,
                                               dapple_error *err);

typedef struct dp_render_stats {
    size_t points[DP_MAX_LAYERS];
    dapple_stop stop[DP_MAX_LAYERS];
    int n_layers;
    double seconds;
    int image_size[DP_MAX_LAYERS][1 + DAPPLE_MAX_EXCLUDE][2]; /* dp_scene's image_size */
} dp_render_stats;

/** Writes the mask t asks for (footprint if none) of a sampled scene to path. The scene
 * type is render/render.h's; declared opaquely here. */
struct dp_scene;
DAPPLE_USERESULT dapple_status dp_output_mask(const dp_texture_spec *t, const struct dp_scene *s,
                                              const char *path, dp_phase_fn phase,
                                              dapple_error *err);

/** Samples t's layers once and writes each wanted output atomically. On failure err
 * names the file or layer; files written before the failure are left in place. */
DAPPLE_USERESULT dapple_status dp_render_outputs(const dp_texture_spec *t,
                                                 const dp_output_paths *paths,
                                                 dp_render_stats *stats, dapple_error *err);

#endif
