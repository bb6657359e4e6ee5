/* SPDX-License-Identifier: MIT
 * A texture is a stack of layers. dp_texture_spec is the validated description that a
 * preset (preset/preset.c) or the command line fills in; the render room samples the
 * layers (dp_scene_sample) and draws them (dp_render_*). All sizes are in pixels:
 * 1 domain unit = 1 output pixel. */
#ifndef DP_TEXTURE_H
#define DP_TEXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "dapple.h"
#include "core/size_spread.h"
#include "core/wrap.h"
#include "render/drop_shape.h"

#define DP_MAX_LAYERS  16
#define DP_MAX_PALETTE 8
#define DP_NAME_MAX    64
#define DP_PATH_MAX    1024
#define DP_MAX_SIDE    DAPPLE_LIMIT_IMAGE_SIDE /* cairo's limit for one image side */
#define DP_MAX_EXCLUDE DAPPLE_MAX_EXCLUDE      /* exclusion images per layer */
#define DP_MAX_STAMPS  8                       /* stamp variants per layer */
#define DP_STAMPS_MAX  4096 /* bytes of a layer's resolved stamp paths, NULs included */

typedef struct dp_rgba {
    double r, g, b, a; /* 0..1, straight alpha, sRGB-encoded values */
} dp_rgba;

typedef enum dp_style {
    DP_STYLE_CIRCLES,  /* filled discs of scale * r */
    DP_STYLE_OUTLINES, /* stroked circles */
    DP_STYLE_DROPLETS, /* water on glass: body, refracting rim, highlight, contact shadow */
    DP_STYLE_BUBBLES,  /* same family: thin rim, two highlights */
    DP_STYLE_STAMPS,   /* built-in vector daisy or a PNG stamp, rotated and scaled */
    DP_STYLE_ELLIPSES, /* rotated ellipses (pebbles), filled or outlined, optional bevel */
    DP_STYLE_CHIPS,    /* seeded irregular polygons (broken stone), filled or outlined */
    DP_STYLE_BLADES,   /* tufts of short tapered strokes (grass) */
    DP_STYLE_CELLS,    /* the power diagram of the points: cobbles, flagstones, cracked mud */
    DP_STYLE_CRYSTALS, /* frost ferns grown on glass (core/frost_growth.h), not sampled */
    DP_STYLE_STARS,    /* a night sky: power-law magnitudes, black-body colours, halos */
    DP_STYLE_SPLATTER, /* thrown liquid: a blob, its crown and spray (core/splatter.h) */
    DP_STYLE_SNOW,     /* snow on a sill along the bottom edge (core/snow_drift.h), not sampled */
} dp_style;

/** How a cell's piece rises from its outline (cells). */
typedef enum dp_cell_profile {
    DP_PROFILE_FLAT,  /* a slab: polished chips, flagstones */
    DP_PROFILE_BEVEL, /* a flat top with a sloped rim profile_width wide */
    DP_PROFILE_DOME,  /* a rounded top: cobbles, pebbles */
    DP_PROFILE_CURL,  /* a plate whose edges curl up toward the cracks: drying mud */
} dp_cell_profile;

/** The outline of a cell's piece before the cell cuts it (cells). */
typedef enum dp_cell_shape {
    DP_CELL_SHAPE_CELL,    /* the cell itself, less the gap */
    DP_CELL_SHAPE_ROUND,   /* a stone (as ellipses draw it), cut flat where its cell ends */
    DP_CELL_SHAPE_POLYGON, /* a chip (as chips draw it), cut flat where its cell ends */
} dp_cell_shape;

/** How a PNG stamp takes its point's colour. */
typedef enum dp_stamp_tint {
    DP_TINT_MULTIPLY, /* pixel * colour: white leaves the stamp as drawn */
    DP_TINT_COLOURISE /* pixel luminance on a ramp black -> colour -> white */
} dp_stamp_tint;

typedef enum dp_background_kind {
    DP_BG_COLOUR,
    DP_BG_IMAGE, /* scaled to fill */
    DP_BG_TRANSPARENT,
    DP_BG_PERLIN, /* Perlin-tinted ground between colour and colour2 */
    DP_BG_BOKEH,  /* the Perlin ground with out-of-focus lights (render/bokeh.h) */
} dp_background_kind;

/** The scene behind the glass that transparent styles refract (render/backdrop.h). */
typedef enum dp_backdrop_kind {
    DP_BACKDROP_NONE,         /* drops refract the background itself */
    DP_BACKDROP_IMAGE,        /* a picture, scaled to fill */
    DP_BACKDROP_NIGHT_STREET, /* dark sky, lamps and their reflections on a wet street */
    DP_BACKDROP_OVERCAST,     /* bright sky over a dark tree line and a field */
    DP_BACKDROP_CHECKER,      /* black and white squares: for measuring the refraction */
} dp_backdrop_kind;

typedef enum dp_mask_kind {
    DP_MASK_NONE,
    DP_MASK_FOOTPRINT, /* antialiased discs of scale * r */
    DP_MASK_SPLAT,     /* one soft dot per point */
    DP_MASK_CLEARANCE, /* distance to the nearest point, normalised */
    DP_MASK_DENSITY,   /* the prepared field itself */
    DP_MASK_WIPED,     /* glass wiped clean of frost by the layers a frost layer avoids */
    DP_MASK_FROST,     /* roughness: frost, with the micro-drops that shade too little */
    DP_MASK_CELLS,     /* one seeded value per cell of the first cells layer, not smoothed */
    DP_MASK_EDGES,     /* distance to the nearest wall of the first cells layer's cells */
} dp_mask_kind;

typedef struct dp_layer_spec {
    char name[DP_NAME_MAX];
    int line; /* preset line of the section header, for messages; 0 when not from a file */
    dp_style style;

    dapple_field_opts field;       /* kind, rmin/rmax, invert, dilate, perlin (width, height,
                                      seed, periodic and wrap are filled from the texture) */
    char field_image[DP_PATH_MAX]; /* absolute or relative to the cwd, already resolved */
    char exclude[DP_MAX_EXCLUDE][DP_PATH_MAX]; /* exclusion images, resolved */
    int n_exclude;
    dapple_field *given_field; /* NULL: the scene builds the field from the above; else one
                                  the caller built from them (mask: once, for its budget
                                  check too), borrowed by the scene */
    int k;
    size_t max_points;
    size_t count; /* > 0: scale the spacing so the layer has this many points (within 1 %) */
    bool dense, maximal, relax;
    double clump_radius;   /* > 0: points only within this many pixels of a clump's parent */
    double clump_spacing;  /* the parents' spacing, pixels; 0: 3 clump_radius */
    double clump_softness; /* the clump edge's soft fraction of clump_radius, 0..1 */
    bool seed_raw;         /* the sampler seed is the texture seed itself, not dp_layer_seed: the
                              command line's one layer, so `mask` and `points` give the same points */

    double scale; /* drawn radius = scale * r; default 0.5 */
    dp_rgba palette[DP_MAX_PALETTE];
    int palette_n;                                     /* >= 1 */
    double alpha;                                      /* multiplies the palette alpha */
    double jitter_lightness, jitter_hue, jitter_alpha; /* per-point, 0..1 (hue in turns) */
    double stroke_width;                               /* outlines, pixels */
    double dot_radius;       /* > 0: every shape (and mask dot) has this radius in pixels instead
                                of scale * r, so tone comes from spacing alone (stipples) */
    double dot_radius_dense; /* > 0 (with dot_radius): the dot radius at the densest spacing
                                (r = rmin); dots grow towards it from relative density
                                dot_grow_from, so the darks reach full ink */
    double dot_grow_from;    /* relative density (rmin / r)^2 where dots start to grow */
    double light_angle_deg;  /* droplets/bubbles: direction the light comes from, 0 = +x,
                                measured clockwise on screen (y down); default 225 = top-left */
    /* "" or "daisy" = built-in daisy; otherwise n_stamps resolved PNG paths one after the
       other, each ending in a NUL (dp_layer_stamp reads them); n_stamps 0 reads as 1 */
    char stamp[DP_STAMPS_MAX];
    int n_stamps;
    double stamp_scale_jitter; /* stamp size varies by +- this fraction, uniformly */
    dp_stamp_tint stamp_tint;
    double mirror;   /* stamps, chips: probability that a shape is mirrored */
    double tilt_deg; /* stamps: up to this tilt, drawn as a foreshortened (squashed) stamp */
    double buds;     /* daisy: share of closed buds (and as many half open) */
    bool stems;      /* daisy: draw the stalk of a tilted flower */
    double shadow;   /* opacity of a soft drop shadow under each shape; 0 = none */
    double shadow_offset, shadow_softness; /* fractions of the drawn radius */
    double aspect, aspect_jitter;          /* ellipses: minor / major axis, +- this fraction */
    int corners;                           /* chips: corner count */
    double irregularity;                   /* chips: 0 = regular polygon, 1 = ragged */
    bool filled;                /* ellipses, chips: fill (true) or stroke_width outline */
    double bevel;               /* ellipses, chips: strength of the light/dark shading */
    double wobble, roughness;   /* ellipses, chips: outline irregularity, coarse and fine */
    double grain, veins;        /* ellipses, chips: material noise and veins (material.h) */
    int blades;                 /* blades: strokes per tuft */
    double gap;                 /* cells: mortar (or crack) width between pieces, pixels */
    double gap_jitter;          /* cells: the gap varies by +- this fraction along walls */
    double rounding;            /* cells: corner radius, pixels */
    dp_cell_profile profile;    /* cells: how a piece rises */
    double profile_width;       /* cells: the bevel's or curl's width, pixels */
    double relief;              /* cells: a piece's height, as a fraction of its r */
    dp_cell_shape cell_shape;   /* cells: the piece's own outline, cut by the cell */
    uint32_t avoid_mask;        /* bit i set: avoid earlier layer i */
    dp_size_spread size;        /* droplets, bubbles: how much of its room each point fills */
    dp_drop_style drop;         /* droplets: outline, contact angle, highlight variation */
    double frost, frost_blur;   /* droplets: fog under the layer (0..1) and its blur, pixels */
    double frost_follow;        /* droplets: how far the fog follows the field v: frost times
                                   1 - frost_follow (1 - v) (thicker where v is high) */
    double trail, trail_length; /* droplets: share of drops with a trail; its length in rooms */
    bool bubble_gas;            /* bubbles: gas in a liquid instead of soap film */
    int trains;                 /* bubbles: nucleation sites, each a rising train */
    double train_growth;        /* bubbles: a train's bubbles grow by this factor to the top */
    double cluster;             /* bubbles: share gathered into clusters (1 = a foam) */
    double merge;               /* droplets: drops whose outlines come this close merge, px */
    double drop_micro;          /* droplets: drawn radius below which a drop stays out of the
                                   height and normal maps (it goes to the frost mask) */
    bool breath;                /* droplets: grown as a breath figure (core/breath.h) from
                                   nuclei of radius rmin until the largest drop reaches rmax */
    double breath_cover;        /* droplets, breath: or until drops cover this fraction */
    bool rain;                  /* droplets: grown by rain (core/rain.h): drops of rmin and up
                                   land, merge, and slide once heavier than the glass holds */
    double rain_time;           /* droplets, rain: how long it rained */
    double rain_rate;           /* droplets, rain: how hard */
    double rain_slide;          /* droplets, rain: how readily drops slide, 0..1 */
    double crystal_length;      /* crystals: a stem's length on the coldest glass, pixels */
    int crystal_seeds;          /* crystals: nuclei on the glass (taken where it is cold) */
    int crystal_scratches;      /* crystals: scratches seeding ice along them */
    double star_magnitudes;     /* stars: magnitudes span 0 .. this */
    double star_slope;          /* stars: log10 N(m) = star_slope * m + c */
    double star_glow;           /* stars: the field drawn as the band's own faint light */
    bool star_spikes;           /* stars: diffraction spikes on the brightest */
    double splat_direction_deg; /* splatter: where the liquid flies, degrees clockwise from +x */
    double splat_force;         /* splatter: 0 (dropped) .. 1 (flung hard) */
    double snow_depth;          /* snow: mean depth on the sill, pixels */
    double sparkle;             /* snow: how many crystals glint, 0..1 */
} dp_layer_spec;

typedef struct dp_texture_spec {
    char name[DP_NAME_MAX]; /* preset name (file name without .ini) */
    char path[DP_PATH_MAX]; /* preset file, "" when built from the command line */
    int width, height;
    uint64_t seed;
    dp_wrap wrap; /* the edges that meet (the key 'periodic'): both, across only, down only,
                     none; shapes crossing an edge that wraps are drawn again opposite */

    dp_background_kind background;
    dp_rgba bg_colour, bg_colour2;
    char bg_image[DP_PATH_MAX]; /* resolved path */
    double bg_scale;            /* Perlin feature size for DP_BG_PERLIN */

    /* The scene behind the glass; when set it replaces the background (render/backdrop.h) */
    dp_backdrop_kind backdrop;
    char backdrop_image[DP_PATH_MAX]; /* resolved path, DP_BACKDROP_IMAGE */
    double backdrop_square;           /* checker square side, pixels */
    double backdrop_distance;         /* the scene's distance behind the drops, pixels */
    double backdrop_blur;             /* its blur seen through clear glass (out of focus), px */

    /* Outputs a preset asks for (used by `dapple pack`; `render` flags may add more). */
    bool want_texture; /* default true */
    bool want_height, want_normal;
    bool want_albedo, want_roughness, want_ao; /* the material maps (render/pbr.h) */
    bool normal_dx;                            /* DirectX convention (green = -Y) */
    int points_format;                         /* -1 none, else dp_points_format */
    /* extra point-list columns for engines (see io/points_write.h, dp_points_columns) */
    bool points_rotation, points_y_up;
    double points_scale_jitter;
    int points_variants;
    dp_mask_kind mask;
    int mask_depth;              /* 8 or 16 */
    double mask_scale;           /* footprint/splat radius = mask_scale * r; default 0.5 */
    uint64_t max_pixels;         /* input images (fields, stamps, backgrounds) larger are refused */
    int render_threads;          /* drawing threads: 0 = one per band (2 bands from 256x256); a pack
                                    running several jobs at once asks for 1. Never changes bytes. */
    int sample_threads;          /* sampling threads (core/world); 0 = 1. Never changes bytes. */
    dapple_progress_fn progress; /* optional: each layer's sampling progress (its fraction) */
    bool masks_only;             /* no shape drawn (`dapple mask`, `tiles`): the point budget holds,
                                    the shapes' work budget (render/budget.h) does not */
    /* A window of the world (width x height) to draw: masks only, and one layer without
     * 'avoid' (mask --region). view_w 0 means the whole world. Each layer then holds the
     * world's points near the window, in world units, with copies across a torus's wrap
     * at +-width, +-height. */
    int view_x, view_y, view_w, view_h;

    /* A detail version (ground = detail): the ground (background or backdrop) is painted
     * as its mean colour, so large-scale variation can come from an engine's macro layer. */
    bool ground_detail;
    /* How the colour pass draws (render/pbr.h sets them on a copy; presets never do):
     * unlit is the albedo, with no shading, highlights or drop shadows; a layer whose bit
     * is set in hide_layers is not drawn (0: every layer is). */
    bool unlit;
    uint32_t hide_layers;

    dp_layer_spec layers[DP_MAX_LAYERS];
    int n_layers;
} dp_texture_spec;

/** The radius a point of field radius r is drawn with (the mask's footprint and splat
 * use mask_scale for scale). */
static inline double dp_layer_draw_radius(const dp_layer_spec *l, double r)
{
    if (!(l->dot_radius > 0))
        return l->scale * r;
    if (!(l->dot_radius_dense > 0) || !(r > 0))
        return l->dot_radius;
    /* spacing alone cannot close up the darks: from dot_grow_from up to full density the
     * dots grow too (an amplitude/frequency hybrid, as halftones do) */
    double d = l->field.rmin / r, from = l->dot_grow_from;
    double t = (d * d - from) / (1 - from);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return l->dot_radius + t * (l->dot_radius_dense - l->dot_radius);
}

/** The largest radius dp_layer_draw_radius can give for a fixed dot size (0: none). */
static inline double dp_layer_dot_reach(const dp_layer_spec *l)
{
    if (!(l->dot_radius > 0))
        return 0;
    return l->dot_radius > l->dot_radius_dense ? l->dot_radius : l->dot_radius_dense;
}

/** Stamp i (0 .. n_stamps-1) of a layer: a resolved path, or "" / "daisy". */
static inline const char *dp_layer_stamp(const dp_layer_spec *l, int i)
{
    const char *s = l->stamp;
    for (; i > 0 && s < l->stamp + DP_STAMPS_MAX; i--)
        s += strlen(s) + 1;
    return s < l->stamp + DP_STAMPS_MAX ? s : "";
}

static inline int dp_layer_stamp_count(const dp_layer_spec *l)
{
    return l->n_stamps > 0 ? l->n_stamps : 1;
}

/** The seed of a layer's size spread (dp_size_factor), shared by the colour, height and
 * normal renderers so that all three see the same sizes. */
uint64_t dp_layer_size_seed(uint64_t texture_seed, const char *layer_name);

/** The drawn radius of point p of layer l, its size spread included. */
static inline double dp_layer_point_radius(const dp_layer_spec *l, uint64_t size_seed,
                                           const dapple_point *p)
{
    return dp_layer_draw_radius(l, p->r) * dp_size_factor(&l->size, size_seed, p->x, p->y);
}

/** True when (x, y) lies on the texture, or beyond an edge of it that wraps (anywhere, on
 * a torus): where a shape may stand. */
static inline bool dp_texture_on_pane(const dp_texture_spec *t, double x, double y)
{
    return (t->wrap.x || (x >= 0 && x < t->width)) && (t->wrap.y || (y >= 0 && y < t->height));
}

/** A field's or a sampler's options wrapping as the texture does ('wrap' names the axes;
 * 'periodic' says whether any wraps, for a reader of that one flag). */
static inline void dp_texture_field_wrap(const dp_texture_spec *t, dapple_field_opts *o)
{
    o->periodic = dp_wrap_any(t->wrap), o->wrap = dp_wrap_enum(t->wrap);
}

static inline void dp_texture_sampler_wrap(const dp_texture_spec *t, dapple_sampler_opts *o)
{
    o->periodic = dp_wrap_any(t->wrap), o->wrap = dp_wrap_enum(t->wrap);
}

/** A set of circles over the texture that wraps as the texture does. */
static inline dapple_status dp_texture_circles_new(const dp_texture_spec *t, dapple_circles **out,
                                                   dapple_error *err)
{
    return dapple_circles_new_wrap(out, t->width, t->height, dp_wrap_enum(t->wrap), err);
}

/** Fills defaults: 512x512, seed 1, colour background #808080, one output (texture),
 * no layers. */
void dp_texture_spec_init(dp_texture_spec *t);

/** Fills a layer with defaults: circles, constant r = 8, k 30, scale 0.5, palette white. */
void dp_layer_spec_init(dp_layer_spec *l);

/** The per-layer seed: a hash of the texture seed and the layer's name, so editing one
 * layer never reshuffles another. */
uint64_t dp_layer_seed(uint64_t texture_seed, const char *layer_name);

#endif
