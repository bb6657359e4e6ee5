/* SPDX-License-Identifier: MIT
 * One table of layer styles. Each layer_*.c exports exactly one dp_layer_kind; canvas.c
 * walks the points, computes the per-point attributes once (so periodic copies agree)
 * and calls 'draw' for every copy that touches the canvas. */
#ifndef DP_LAYER_H
#define DP_LAYER_H

#include <cairo.h>
#include <stdbool.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

/** Everything a style needs about its layer while drawing. */
typedef struct dp_layer_ctx {
    const dp_texture_spec *t;
    const dp_layer_spec *spec;
    uint64_t seed;           /* dp_layer_seed of the layer: per-point streams derive from it */
    uint64_t size_seed;      /* dp_layer_size_seed: the size spread, as the maps see it */
    double light_x, light_y; /* unit vector toward the light, screen coordinates (y down) */
    void *state;             /* the kind's own, between prepare and finish */
    int clip_y0, clip_y1;    /* rows of the band being drawn: cairo clips to them, and
                                styles writing pixels directly must too */
    const uint8_t *ground;   /* the background alone, canvas-sized ARGB32, for styles that
                                refract it (droplets); read-only, shared by all bands */
    int ground_stride;
    double scene_mean[3]; /* the ground's mean colour: the room a lens reflects is lit by it */
    const uint8_t *glass; /* what clear glass shows (the backdrop out of focus, or the
                             ground itself), for fog to blur; same size and stride */
    const struct dp_scene *scene; /* every layer's points (frost reads the avoided ones) */
    int layer_index;
} dp_layer_ctx;

/** One point as drawn: attributes are decided once per point, before any copy. */
typedef struct dp_shape {
    double x, y;    /* centre of this copy */
    double radius;  /* drawn radius: scale * r, times the stamp size jitter */
    dp_rgba colour; /* palette pick with the layer's jitter */
    int pick;       /* palette index */
    double angle_rad;
    uint64_t variety;             /* free random bits for the style (petal count, ...) */
    dp_rgba base;                 /* the palette pick before jitter: PNG stamps tint their pixels */
    double dl, dh;                /* the lightness and hue jitter of this point (stamps apply it) */
    int variant;                  /* stamps: which of the layer's stamp images */
    bool mirror;                  /* stamps, chips: drawn mirrored */
    double tilt_axis_rad, squash; /* stamps: foreshortened by 'squash' across this axis */
    double aspect;                /* ellipses: minor / major axis */
    uint64_t key;                 /* dp_point_key(size_seed, stored x, y): what the maps see too */
    bool bead; /* a trail bead (render/trails.h), not one of the layer's points */
} dp_shape;

/* The pass a style is asked to draw only its silhouette in (alpha matters, colour not), for
 * the layer's shadows (shadow.c). */
#define DP_PASS_SILHOUETTE (-1)

typedef struct dp_layer_kind {
    const char *name;
    dp_style style;
    double extent; /* ink reaches at most extent * radius from the centre */
    int passes;    /* draw is called for every point once per pass (shadows first, ...) */
    bool shadows;  /* draw copes with DP_PASS_SILHOUETTE, so the 'shadow' keys apply */
    /** Optional: loads resources into ctx->state. */
    dapple_status (*prepare)(dp_layer_ctx *ctx, dapple_error *err);
    /** Optional: paints the band's rows before any point is drawn (frost). */
    dapple_status (*underlay)(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err);
    void (*draw)(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass);
    /** Optional: paints the band's rows after every point is drawn (merged drops). */
    dapple_status (*overlay)(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err);
    /** Optional: frees ctx->state. */
    void (*finish)(dp_layer_ctx *ctx);
} dp_layer_kind;

extern const dp_layer_kind dp_layer_circles;
extern const dp_layer_kind dp_layer_outlines;
extern const dp_layer_kind dp_layer_droplets;
extern const dp_layer_kind dp_layer_bubbles;
extern const dp_layer_kind dp_layer_stamps;
extern const dp_layer_kind dp_layer_ellipses;
extern const dp_layer_kind dp_layer_chips;
extern const dp_layer_kind dp_layer_blades;

/** The drawing context of layer l of texture t (seeds, light), as draw.c makes it; the
 * band, ground and scene fields are left empty (draw.c fills them). */
dp_layer_ctx dp_layer_ctx_for(const dp_texture_spec *t, const dp_layer_spec *l);

/** Point 'index' of the layer as drawn (colour, angle, size, the shape's own bits): the
 * same for the colour texture and the maps. */
dp_shape dp_layer_shape(const dp_layer_ctx *ctx, const dapple_point *p, size_t index);

/** The kind that draws 'style', or NULL. */
const dp_layer_kind *dp_layer_kind_for(dp_style style);

/** The built-in daisy (daisy.c), centred at the origin with petal tips at 'radius';
 * petal colour from 'petal', shape details from 'variety'; 'open' 1 = a full flower,
 * (0, 1) = half open, 0 = a closed bud. */
void dp_daisy_draw(cairo_t *cr, double radius, dp_rgba petal, uint64_t variety, double open);

/** The soft shadow of s (k->draw in DP_PASS_SILHOUETTE, blurred by shadow_softness * radius,
 * moved shadow_offset * radius away from the light) in black at spec->shadow times the
 * shape's alpha (shadow.c). 'reach' bounds the silhouette's ink from its centre. */
void dp_shadow_draw(cairo_t *cr, const dp_layer_kind *k, const dp_layer_ctx *ctx, const dp_shape *s,
                    double reach);

#endif
