/* SPDX-License-Identifier: MIT
 * Defaults of a texture and of a layer, and the per-layer seed. The defaults here are the
 * ones docs/presets.md lists (preset/params.c states them as text; a unit test checks that
 * both agree). The layer seed mixes the texture seed with a hash of the layer name, so that
 * renaming or editing one layer never reshuffles another (splitmix64 of seed ^ FNV-1a 64). */
#include "render/texture.h"

#include <string.h>

void dp_texture_spec_init(dp_texture_spec *t)
{
    memset(t, 0, sizeof *t);
    t->width = 512;
    t->height = 512;
    t->seed = 1;
    t->background = DP_BG_COLOUR;
    t->bg_colour = (dp_rgba){ 128 / 255.0, 128 / 255.0, 128 / 255.0, 1 };
    t->bg_colour2 = (dp_rgba){ 64 / 255.0, 64 / 255.0, 64 / 255.0, 1 };
    t->bg_scale = 128;
    t->backdrop_square = 16;
    t->backdrop_distance = 400;
    t->backdrop_blur = 6;
    t->want_texture = true;
    t->points_format = -1;
    t->mask = DP_MASK_NONE;
    t->mask_depth = 8;
    t->mask_scale = 0.5;
    t->max_pixels = (uint64_t)64 * 1024 * 1024; /* DP_DEFAULT_MAX_PIXELS of io/image_load.h */
}

void dp_layer_spec_init(dp_layer_spec *l)
{
    memset(l, 0, sizeof *l);
    l->style = DP_STYLE_CIRCLES;
    dapple_field_opts_init(&l->field);
    l->field.kind = DAPPLE_FIELD_CONSTANT;
    l->field.rmin = 8;
    l->field.rmax = 8;
    l->k = 30;
    l->max_points = DAPPLE_DEFAULT_MAX_POINTS;
    l->scale = 0.5;
    l->clump_softness = 0.5;
    l->palette[0] = (dp_rgba){ 1, 1, 1, 1 };
    l->palette_n = 1;
    l->alpha = 1;
    l->stroke_width = 1;
    l->dot_grow_from = 0.5;
    l->light_angle_deg = 225;
    strcpy(l->stamp, "daisy");
    l->stamp_scale_jitter = 0.2;
    l->n_stamps = 1;
    l->shadow_offset = 0.15;
    l->shadow_softness = 0.3;
    l->aspect = 0.65;
    l->aspect_jitter = 0.2;
    l->corners = 6;
    l->irregularity = 0.35;
    l->filled = true;
    l->blades = 4;
    l->size = (dp_size_spread){ .min = 0.15, .bell = 0.25, .mode = 0.8 };
    l->drop = (dp_drop_style){ .stretch = 1, .contact_deg = DP_DROP_CONTACT_DEG };
    l->frost_blur = 6;
    l->trail_length = 4;
    l->rain_time = 20;
    l->rain_rate = 1;
    l->rain_slide = 0.5;
    l->train_growth = 1.5;
}

static uint64_t splitmix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15u;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9u;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebu;
    return x ^ (x >> 31);
}

static uint64_t fnv1a64(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

uint64_t dp_layer_seed(uint64_t texture_seed, const char *layer_name)
{
    return splitmix64(texture_seed ^ fnv1a64(layer_name));
}

uint64_t dp_layer_size_seed(uint64_t texture_seed, const char *layer_name)
{
    return dp_layer_seed(texture_seed, layer_name) ^ 0x73697a65u; /* "size" */
}
