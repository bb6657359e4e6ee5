/* SPDX-License-Identifier: MIT
 * From a texture spec to pixels: sample every layer (honouring 'avoid'), then draw the
 * colour texture with cairo, and the matching height map, normal map and masks.
 * Each call owns nothing global: separate scenes may be rendered from separate threads. */
#ifndef DP_RENDER_H
#define DP_RENDER_H

#include <cairo.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

typedef struct dp_layer_points {
    dapple_point *points; /* owned by the scene */
    size_t count;
    dapple_stop stop;
    double seconds;              /* sampling time */
    double scale;                /* the spacing factor a target count chose (1 without one) */
    dapple_point *beads, *track; /* trails (render/trails.h): r = drawn radius; owned */
    size_t n_beads, n_track;
    struct dp_drop_pair *pairs; /* drops that merge (render/merge.h); owned */
    size_t n_pairs;
    double pair_reach;         /* no bridge reaches farther than this from its pair's first drop */
    struct dp_frost_seg *segs; /* crystals: the grown branches (core/frost_growth.h); owned */
    size_t n_segs;
    float *snow; /* snow: the depth over each column (width floats, core/snow_drift.h); owned */
} dp_layer_points;

/** A cells layer's heights as the colour pass found them, kept for the height pass so it
 * need not search the diagram again: per pixel the height map's value (0 where nothing
 * rises), trusted only in rows marked done. Both NULL when not kept. */
typedef struct dp_cell_heights {
    uint16_t *q;         /* width * height; owned by the scene */
    unsigned char *done; /* one flag per row; owned */
} dp_cell_heights;

typedef struct dp_scene {
    dp_layer_points layers[DP_MAX_LAYERS];
    dapple_field *fields[DP_MAX_LAYERS]; /* owned (unless the layer's given_field); kept for
                                            density masks */
    bool given[DP_MAX_LAYERS];           /* fields[i] is the layer's given_field: not freed */
    /* each layer's field image [0] and exclusion images [1 + e] as read, width and height
     * (0 x 0: none), for the caller to compare with the texture's aspect */
    int image_size[DP_MAX_LAYERS][1 + DAPPLE_MAX_EXCLUDE][2];
    int n_layers;
    dp_cell_heights cell_heights[DP_MAX_LAYERS]; /* see dp_scene_keep_cell_heights */
} dp_scene;

/** Samples every layer of t in order: its field (images loaded with the default pixel
 * limit), a sampler seeded by dp_layer_seed(t->seed, name), and 'avoid' against the
 * circles (radius scale * r) of earlier layers. On failure the scene is left empty and
 * err names the layer ("layer 'big': ..."). Free with dp_scene_fini. */
DAPPLE_USERESULT dapple_status dp_scene_sample(const dp_texture_spec *t, dp_scene *out,
                                               dapple_error *err);

void dp_scene_fini(dp_scene *s);

/** The field layer i samples from, built as dp_scene_sample builds it (texture size, seed
 * and periodicity; images, exclusions, clumps), for measuring a rendering's points against
 * it (`dapple stats --preset`). *out is the caller's to free; NULL on failure. */
DAPPLE_USERESULT dapple_status dp_scene_layer_field(const dp_texture_spec *t, int i,
                                                    dapple_field **out, dapple_error *err);

/** Makes the colour pass of s keep each cells layer's heights for the height pass (the
 * same values, found once): for callers that write the texture and then its maps. false
 * when out of memory (nothing is kept then; the maps are computed as without). */
bool dp_scene_keep_cell_heights(const dp_texture_spec *t, dp_scene *s);

/** Draws background and layers into a new t->width x t->height ARGB32 surface (*out,
 * caller destroys). Periodic textures draw edge-crossing shapes again at +-W, +-H. */
DAPPLE_USERESULT dapple_status dp_render_texture(const dp_texture_spec *t, const dp_scene *s,
                                                 cairo_surface_t **out, dapple_error *err);

/** Height map of droplet/bubble layers (spherical caps, 0..65535) into the caller's
 * width*height buffer. Other styles contribute nothing. */
/** The height in pixels that the height map's 65535 stands for (0 without a lens layer):
 * the tallest cap any droplet or bubble layer can make. */
double dp_height_unit(const dp_texture_spec *t);

void dp_render_height_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *height);

/** dp_render_height_into for the droplets layers alone (their drops, beads, merged bridges
 * and trail film, in the same unit): where water stands. */
void dp_render_water_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *height);

/** Normal map from a height map (tangent space, RGB8, 128 = 0; Y+ unless dx). Wraps at the
 * edges that t->wrap wraps. rgb has width*height*3 bytes. */
void dp_render_normal_into(const dp_texture_spec *t, const uint16_t *height, bool dx, uint8_t *rgb);

/** A linear grey mask (white = "here") of all layers' points into the caller's
 * width*height buffer. DP_MASK_DENSITY renders the first layer's field. */
void dp_render_mask_into(const dp_texture_spec *t, const dp_scene *s, dp_mask_kind kind,
                         uint16_t *mask);

#endif
