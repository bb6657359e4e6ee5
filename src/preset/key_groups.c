/* SPDX-License-Identifier: MIT
 * The group of every key (key_groups.h): one row per key, by section, beside the
 * parameter table so that a new key gets its group where it gets its range and help.
 * tests/unit/test_key_groups.c checks that every key of the table has a row. */
#include "preset/key_groups.h"

#include <string.h>

#define D DP_GROUP_DISTRIBUTION
#define P DP_GROUP_SHAPE
#define L DP_GROUP_SHADING
#define O DP_GROUP_OUTPUT

typedef struct key_group {
    const char *key;
    dp_key_group group;
} key_group;

static const key_group texture_groups[] = {
    { "size", O },
    { "seed", D },
    { "periodic", D },
    { "background", L },
    { "background_colour", L },
    { "background_colour2", L },
    { "background_image", L },
    { "background_scale", L },
    { "backdrop", L },
    { "backdrop_distance", L },
    { "backdrop_blur", L },
    { "ground", L },
    { "texture", O },
    { "height", O },
    { "normal", O },
    { "normal_convention", O },
    { "albedo", O },
    { "roughness", O },
    { "ao", O },
    { "points", O },
    { "points_rotation", O },
    { "points_scale_jitter", O },
    { "points_variants", O },
    { "points_y_up", O },
    { "mask", O },
    { "mask_depth", O },
    { "mask_scale", O },
};

static const key_group layer_groups[] = {
    /* where the points go: the field, the sampler, the grown processes */
    { "radius", D },
    { "rmin", D },
    { "rmax", D },
    { "field", D },
    { "map", D },
    { "cutoff", D },
    { "levels", D },
    { "gamma", D },
    { "invert", D },
    { "dilate", D },
    { "exclude", D },
    { "count", D },
    { "k", D },
    { "max_points", D },
    { "dense", D },
    { "maximal", D },
    { "relax", D },
    { "clump_radius", D },
    { "clump_spacing", D },
    { "clump_softness", D },
    { "avoid", D },
    { "trains", D },
    { "cluster", D },
    { "breath", D },
    { "breath_cover", D },
    { "rain", D },
    { "rain_time", D },
    { "rain_rate", D },
    { "rain_slide", D },
    { "crystal_seeds", D },
    { "crystal_scratches", D },
    { "star_magnitudes", D },
    { "star_slope", D },
    /* what each point draws */
    { "style", P },
    { "scale", P },
    { "dot_radius", P },
    { "dot_radius_dense", P },
    { "dot_grow_from", P },
    { "stroke_width", P },
    { "stamp", P },
    { "stamp_scale_jitter", P },
    { "mirror", P },
    { "tilt", P },
    { "buds", P },
    { "stems", P },
    { "aspect", P },
    { "aspect_jitter", P },
    { "corners", P },
    { "irregularity", P },
    { "filled", P },
    { "wobble", P },
    { "roughness", P },
    { "blades", P },
    { "gap", P },
    { "gap_jitter", P },
    { "rounding", P },
    { "cell_shape", P },
    { "size_jitter", P },
    { "size_power", P },
    { "size_min", P },
    { "size_bell", P },
    { "size_mode", P },
    { "drop_stretch", P },
    { "drop_sag", P },
    { "drop_contact", P },
    { "drop_wobble", P },
    { "trail", P },
    { "trail_length", P },
    { "train_growth", P },
    { "merge", P },
    { "drop_micro", P },
    { "crystal_length", P },
    { "splat_direction", P },
    { "splat_force", P },
    { "snow_depth", P },
    /* colour, light and relief */
    { "colours", L },
    { "alpha", L },
    { "jitter_lightness", L },
    { "jitter_hue", L },
    { "jitter_alpha", L },
    { "light_angle", L },
    { "stamp_tint", L },
    { "shadow", L },
    { "shadow_offset", L },
    { "shadow_softness", L },
    { "bevel", L },
    { "grain", L },
    { "veins", L },
    { "profile", L },
    { "profile_width", L },
    { "relief", L },
    { "drop_glint", L },
    { "bubble_gas", L },
    { "frost", L },
    { "frost_follow", L },
    { "frost_blur", L },
    { "star_glow", L },
    { "star_spikes", L },
    { "sparkle", L },
};

const char *dp_key_group_name(dp_key_group g)
{
    static const char *const names[DP_GROUP_COUNT] = { "Distribution", "Shape", "Shading",
                                                       "Output" };
    return (unsigned)g < DP_GROUP_COUNT ? names[g] : "Output";
}

static const key_group *row_of(const dp_param *p)
{
    bool texture = p->section == DP_SEC_TEXTURE;
    const key_group *rows = texture ? texture_groups : layer_groups;
    size_t n = texture ? sizeof texture_groups / sizeof *rows : sizeof layer_groups / sizeof *rows;
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i].key, p->key) == 0)
            return &rows[i];
    return NULL;
}

dp_key_group dp_key_group_of(const dp_param *p)
{
    const key_group *r = row_of(p);
    if (r != NULL)
        return r->group;
    return p->section == DP_SEC_TEXTURE ? DP_GROUP_OUTPUT : DP_GROUP_SHAPE;
}

bool dp_key_group_listed(const dp_param *p)
{
    return row_of(p) != NULL;
}
