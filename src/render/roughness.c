/* SPDX-License-Identifier: MIT
 * The roughness map (pbr.h): every pixel the roughness of the material on top, as the
 * colour texture lays the layers: the ground's first, then each layer in drawing order over
 * it by its coverage. A layer's coverage is the alpha of the layer drawn alone, unlit, on a
 * transparent ground (its own outline, holes and antialiasing, nothing else), so any style
 * that can be drawn can be measured. The glass under drops is the exception: water and fog
 * come from the maps the droplets already make (the height map's water, the frost mask),
 * at the place of the first droplets layer; bubbles cover their discs. Values are PBR
 * roughness, 0 a mirror and 1 fully matte (docs/styles.md lists each style's); a drawn
 * layer's vary a little with the tone of its unlit colour, as grain and veins vary. */
#include "render/pbr.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "render/frost.h"
#include "render/layer.h"
#include "render/raster.h"
#include "render/trails.h"

#define WATER     0.05 /* water, soap film and clean glass: a near mirror */
#define FOG       0.9  /* glass under a full fog of micro-droplets */
#define GROUND    0.9  /* soil, cement, paper */
#define STONE     0.7  /* water-worn or rough-cut stone, gravel */
#define POLISHED  0.3  /* stone ground flat and polished (terrazzo) */
#define DRESSED   0.75 /* flagstones with a bevelled, tooled rim */
#define DRY_MUD   0.9  /* cracked mud */
#define LEAF      0.65 /* dry leaves */
#define PETAL     0.5  /* petals, grass: a faint waxy sheen */
#define PAINT     0.55 /* flat paint or ink on a print */
#define WET_PAINT 0.35 /* splattered paint, still glossy */
#define CHIP      0.4  /* broken stone or glass chips */
#define ICE       0.4  /* frost ferns */
#define SNOW      0.8  /* snow */
#define PNG_STAMP 0.6  /* an image stamp: nothing known of its material */
#define TONE      0.25 /* roughness per unit of tone below the layer's mean */
#define VARY      0.08 /* at most this far from the style's roughness */

static bool is_lens(const dp_layer_spec *l)
{
    return l->style == DP_STYLE_DROPLETS || l->style == DP_STYLE_BUBBLES;
}

static double cells_roughness(dp_cell_profile p)
{
    return p == DP_PROFILE_FLAT    ? POLISHED
           : p == DP_PROFILE_BEVEL ? DRESSED
           : p == DP_PROFILE_CURL  ? DRY_MUD
                                   : STONE;
}

static double stamp_roughness(const dp_layer_spec *l)
{
    if (strcmp(l->stamp, "leaves") == 0)
        return LEAF;
    return l->stamp[0] == '\0' || strcmp(l->stamp, "daisy") == 0 ? PETAL : PNG_STAMP;
}

/* Each style's material. */
static double style_roughness(const dp_layer_spec *l)
{
    switch (l->style) {
    case DP_STYLE_CIRCLES:
    case DP_STYLE_OUTLINES:
        return PAINT;
    case DP_STYLE_STAMPS:
        return stamp_roughness(l);
    case DP_STYLE_ELLIPSES:
        return STONE;
    case DP_STYLE_CHIPS:
        return CHIP;
    case DP_STYLE_BLADES:
        return PETAL;
    case DP_STYLE_CELLS:
        return cells_roughness(l->profile);
    case DP_STYLE_CRYSTALS:
        return ICE;
    case DP_STYLE_SPLATTER:
        return WET_PAINT;
    case DP_STYLE_SNOW:
        return SNOW;
    case DP_STYLE_DROPLETS:
    case DP_STYLE_BUBBLES:
    case DP_STYLE_STARS:
        break;
    }
    return WATER;
}

/* The ground: glass behind drops, frost or a backdrop; the drink around gas bubbles;
 * cement ground to one level with flat cells of no relief, polished with them (terrazzo);
 * otherwise soil, cement or paper. */
static double ground_roughness(const dp_texture_spec *t)
{
    bool glass = t->backdrop != DP_BACKDROP_NONE, liquid = false, polished = false;
    for (int i = 0; i < t->n_layers; i++) {
        const dp_layer_spec *l = &t->layers[i];
        glass = glass || l->style == DP_STYLE_DROPLETS || l->style == DP_STYLE_CRYSTALS;
        liquid = liquid || (l->style == DP_STYLE_BUBBLES && l->bubble_gas);
        polished = polished || (l->style == DP_STYLE_CELLS && l->profile == DP_PROFILE_FLAT &&
                                !(l->relief > 0));
    }
    return glass || liquid ? WATER : polished ? POLISHED : GROUND;
}

dapple_status dp_roughness_check(const dp_texture_spec *t, dapple_error *err)
{
    for (int i = 0; i < t->n_layers; i++)
        if (t->layers[i].style == DP_STYLE_STARS)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "layer '%s' (stars) has no roughness (a star is light, not a "
                           "surface): --roughness cannot be written",
                           t->layers[i].name);
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- coverage */

static void lay(float *r, size_t i, double cover, double value)
{
    r[i] = (float)((double)r[i] + cover * (value - (double)r[i]));
}

/* A premultiplied ARGB32 pixel's alpha and its colour's luminance (Rec. 709 weights on
 * the encoded values: a tone, not a light measure). */
static double alpha_of(uint32_t px)
{
    return (double)(px >> 24) / 255;
}

static double luma_of(uint32_t px)
{
    double a = (double)(px >> 24);
    return a > 0 ? (0.2126 * (px >> 16 & 255) + 0.7152 * (px >> 8 & 255) + 0.0722 * (px & 255)) / a
                 : 0;
}

/* A layer drawn alone over r by its alpha: the style's roughness, varied with the tone of
 * the surface as grain, specks and veins vary it (darker rougher, paler smoother, by a
 * quarter of the difference from the layer's mean tone, at most VARY either way). */
static void lay_pixels(const dp_texture_spec *t, const uint8_t *data, int stride, double value,
                       float *r)
{
    double sum = 0, weight = 0;
    for (int y = 0; y < t->height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * stride);
        for (int x = 0; x < t->width; x++)
            sum += alpha_of(row[x]) * luma_of(row[x]), weight += alpha_of(row[x]);
    }
    double mean = weight > 0 ? sum / weight : 0;
    for (int y = 0; y < t->height; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(data + (size_t)y * stride);
        for (int x = 0; x < t->width; x++) {
            double vary = DP_MAX(-VARY, DP_MIN(VARY, TONE * (mean - luma_of(row[x]))));
            lay(r, (size_t)y * t->width + x, alpha_of(row[x]), value + vary);
        }
    }
}

/* Layer li drawn alone, unlit, on a transparent ground: its alpha is its coverage. */
static dapple_status lay_drawn(const dp_texture_spec *t, const dp_scene *s, int li, float *r,
                               dapple_error *err)
{
    dp_texture_spec *u = malloc(sizeof *u);
    if (u == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the roughness");
    *u = *t;
    u->unlit = true;
    u->background = DP_BG_TRANSPARENT;
    u->backdrop = DP_BACKDROP_NONE;
    u->ground_detail = false;
    u->hide_layers = ~(1u << li);
    u->layers[li].shadow = 0;
    cairo_surface_t *surf = NULL;
    dapple_status st = dp_render_texture(u, s, &surf, err);
    free(u);
    if (st != DAPPLE_OK)
        return st;
    cairo_surface_flush(surf);
    lay_pixels(t, cairo_image_surface_get_data(surf), cairo_image_surface_get_stride(surf),
               style_roughness(&t->layers[li]), r);
    cairo_surface_destroy(surf);
    return DAPPLE_OK;
}

/* The glass under the drops: fogged by the frost mask (a thin fog already scatters, so
 * the roughness rises with its square root), then the water the drops and trails hold. */
static dapple_status lay_water(const dp_texture_spec *t, const dp_scene *s, float *r,
                               dapple_error *err)
{
    size_t n = (size_t)t->width * (size_t)t->height;
    uint16_t *m = dp_calloc_n(n, sizeof *m);
    if (m == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the roughness");
    dp_frost_mask_into(t, s, true, m);
    for (size_t i = 0; i < n; i++)
        lay(r, i, sqrt(m[i] / 65535.0), FOG);
    dp_render_water_into(t, s, m);
    double unit = dp_height_unit(t), film = DP_TRAIL_FILM * 65535 / (unit > 0 ? unit : 1);
    for (size_t i = 0; i < n; i++)
        lay(r, i, DP_MIN(1.0, m[i] / film), WATER);
    free(m);
    return DAPPLE_OK;
}

typedef struct film {
    float *r;
    double radius;
} film;

static void film_pixel(void *ctx, size_t index, double d2)
{
    const film *f = ctx;
    lay(f->r, index, DP_MAX(0.0, DP_MIN(1.0, f->radius + 0.5 - sqrt(d2))), WATER);
}

/* Bubbles: each a film over its disc, antialiased. */
static void lay_bubbles(const dp_texture_spec *t, const dp_scene *s, int li, float *r)
{
    const dp_layer_spec *l = &t->layers[li];
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    for (size_t j = 0; j < s->layers[li].count; j++) {
        const dapple_point *p = &s->layers[li].points[j];
        film f = { r, dp_layer_point_radius(l, seed, p) };
        dp_raster_disc(t->width, t->height, t->wrap, p->x, p->y, f.radius + 0.5, film_pixel, &f);
    }
}

/* ---------------------------------------------------------------- the map */

static dapple_status lay_layers(const dp_texture_spec *t, const dp_scene *s, float *r,
                                dapple_error *err)
{
    bool water_laid = false;
    dapple_status st = DAPPLE_OK;
    for (int li = 0; li < t->n_layers && li < s->n_layers && st == DAPPLE_OK; li++) {
        const dp_layer_spec *l = &t->layers[li];
        if (l->style == DP_STYLE_BUBBLES)
            lay_bubbles(t, s, li, r);
        else if (l->style == DP_STYLE_DROPLETS && !water_laid)
            st = lay_water(t, s, r, err);
        else if (!is_lens(l))
            st = lay_drawn(t, s, li, r, err);
        water_laid = water_laid || l->style == DP_STYLE_DROPLETS;
    }
    return st;
}

dapple_status dp_render_roughness_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *rough,
                                       dapple_error *err)
{
    size_t n = (size_t)t->width * (size_t)t->height;
    float *r = dp_calloc_n(n, sizeof *r);
    if (r == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d roughness map", t->width,
                       t->height);
    float ground = (float)ground_roughness(t);
    for (size_t i = 0; i < n; i++)
        r[i] = ground;
    dapple_status st = lay_layers(t, s, r, err);
    for (size_t i = 0; i < n && st == DAPPLE_OK; i++)
        rough[i] = (uint16_t)lround(65535 * DP_MAX(0.0, DP_MIN(1.0, (double)r[i])));
    free(r);
    return st;
}
