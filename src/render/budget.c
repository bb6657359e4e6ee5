/* SPDX-License-Identifier: MIT
 * The work budget of a layer's points (budget.h). Every point costs its sampling and
 * whatever its style draws: at the smallest radii the count, not the pixels, sets the time,
 * so the estimate is points x microseconds per shape. The costs are wall time with one
 * thread at radius 1 on 256x256 (and 1024 or 2048 square for circles, chips and cells) on a
 * 2-core machine that other jobs kept busy (load 2 to 9): leaves 510 us, splatter 600 to
 * 870 us, daisies 290 us, blades 57 us (4) to 263 us (16), cells 70 us, stars 22 us, chips
 * 8 us (6 corners) to 20 us (64), circles 8.5 us. Their CPU time was 0.35 to 0.65 of that
 * (leaves 345 us, splatter 300 us, cells 35 us, circles 3.4 us), so the budget errs long. */
#include "render/budget.h"

#include <stdio.h>
#include <string.h>

#include "core/dp.h"
#include "render/layer.h"

#define SAMPLE_US 8.0  /* sampling one point, and the per-point work every style does */
#define PX_US     0.01 /* painting one pixel of a wide stroke */

static bool is_leaves(const dp_layer_spec *l)
{
    return strcmp(l->stamp, "leaves") == 0;
}

static bool is_daisy(const dp_layer_spec *l)
{
    return l->stamp[0] == '\0' || strcmp(l->stamp, "daisy") == 0;
}

/* Drawing one shape, microseconds, shadows aside. */
static double draw_us(const dp_layer_spec *l)
{
    switch (l->style) {
    case DP_STYLE_CHIPS:
        return 2 + 0.15 * l->corners;
    case DP_STYLE_BLADES:
        return DP_MAX(2.0, 17.2 * l->blades - 20); /* 4: 49 us, 16: 255 us */
    case DP_STYLE_CELLS:
        return 70;
    case DP_STYLE_STARS: /* 22 us, 32 us with glow and spikes */
        return l->star_glow > 0 || l->star_spikes ? 25 : 15;
    case DP_STYLE_SPLATTER: /* 600 us, 870 us on a loaded machine; force barely matters */
        return 800;
    case DP_STYLE_STAMPS:
        return is_leaves(l) ? 520 : is_daisy(l) ? 450 : 30;
    case DP_STYLE_CRYSTALS:
    case DP_STYLE_SNOW:
        return 0;
    default: /* circles, outlines, droplets, bubbles, ellipses */
        return 2;
    }
}

/* A shadow is a second pass of every shape (its silhouette, blurred). */
static bool casts_shadows(const dp_layer_spec *l)
{
    const dp_layer_kind *k = dp_layer_kind_for(l->style);
    return l->shadow > 0 && k != NULL && k->shadows;
}

/* The strokes of a shape and their widest width: a wide stroke_width paints far more than
 * the shape's own room (outlines of radius 1 and stroke_width 256: 20000 of them on
 * 1024x1024 in 12.8 s, about 10 ns a pixel swept). Filled shapes stay within their rooms. */
static int strokes(const dp_layer_spec *l, double *width)
{
    *width = l->stroke_width;
    if (l->style == DP_STYLE_BLADES) {
        *width = 1.25 * l->stroke_width; /* a blade's root: 0.75 to 1.25 of it */
        return l->blades;
    }
    bool outlined = (l->style == DP_STYLE_ELLIPSES || l->style == DP_STYLE_CHIPS) && !l->filled;
    return l->style == DP_STYLE_OUTLINES || outlined ? 1 : 0;
}

/* The pixels a shape's strokes sweep at the smallest radius (where the points are), at most
 * the image's: each stroke's width by the shape's size across plus that width (a ring of
 * width 256 round a point is a disc 258 px across). */
static double stroke_px(const dp_layer_spec *l, double image_px)
{
    double w;
    int k = strokes(l, &w);
    const dp_layer_kind *kind = dp_layer_kind_for(l->style);
    if (k == 0 || kind == NULL)
        return 0;
    double across = 2 * kind->extent * l->scale * l->field.rmin + w + 2; /* its length or ring */
    return k * DP_MIN((w + 2) * across, image_px);
}

double dp_budget_shape_us(const dp_layer_spec *l, double image_px)
{
    if (l->style == DP_STYLE_CRYSTALS || l->style == DP_STYLE_SNOW)
        return 0; /* grown, no points: their segments are checked once grown */
    double draw = draw_us(l) + PX_US * stroke_px(l, image_px);
    return SAMPLE_US + draw * (casts_shadows(l) ? 2 : 1);
}

double dp_budget_points(const dp_layer_spec *l, double expected)
{
    double n = l->count > 0 ? (double)l->count : expected;
    return DP_MIN(n, (double)l->max_points);
}

/* Whether the strokes cost more than the shape itself. */
static bool strokes_wide(const dp_layer_spec *l)
{
    return PX_US * stroke_px(l, 1e300) > draw_us(l);
}

/* "corners = 64", "stamp = leaves", ...: the key that makes each of this layer's shapes dear. */
static void cost_key(const dp_layer_spec *l, char *buf, size_t n)
{
    if (l->style == DP_STYLE_CHIPS)
        snprintf(buf, n, "corners = %d", l->corners);
    else if (l->style == DP_STYLE_BLADES)
        snprintf(buf, n, "blades = %d", l->blades);
    else if (l->style == DP_STYLE_STAMPS)
        snprintf(buf, n, "stamp = %s", is_leaves(l) ? "leaves" : is_daisy(l) ? "daisy" : "PNG");
    else if (strokes_wide(l))
        snprintf(buf, n, "stroke_width = %g", l->stroke_width);
    else
        snprintf(buf, n, "style = %s", dp_layer_kind_for(l->style)->name);
}

/* What to change: the count the layer asked for, or the radius that sets it. */
static const char *fewer(const dp_layer_spec *l)
{
    if (l->count > 0)
        return "lower count";
    if (l->max_points != DAPPLE_DEFAULT_MAX_POINTS)
        return "raise rmin (or radius), lower max_points";
    return "raise rmin (or radius), set max_points";
}

static const char *cheaper(const dp_layer_spec *l)
{
    if (l->style == DP_STYLE_CHIPS)
        return ", lower corners";
    if (l->style == DP_STYLE_BLADES)
        return strokes_wide(l) ? ", lower blades or stroke_width" : ", lower blades";
    if (strokes_wide(l))
        return ", lower stroke_width";
    return l->shadow > 0 && casts_shadows(l) ? ", shadow = 0" : "";
}

dapple_status dp_budget_check(const dp_texture_spec *t, const dp_layer_spec *l, double expected,
                              dapple_error *err)
{
    double us = dp_budget_shape_us(l, (double)t->width * t->height),
           n = dp_budget_points(l, expected);
    if (!(n * us > DP_BUDGET_LIMIT_US))
        return DAPPLE_OK;
    char key[64];
    cost_key(l, key, sizeof key);
    return dp_fail(err, DAPPLE_E_LIMIT,
                   "%s at rmin %g: about %.3g points at %.0f us each, %.0f s of one core, over "
                   "the budget of %.0f s: %s%s, or render smaller",
                   key, l->field.rmin, n, us, n * us * 1e-6, DP_BUDGET_LIMIT_US * 1e-6, fewer(l),
                   cheaper(l));
}

dapple_status dp_budget_check_segs(const dp_layer_spec *l, const dp_frost_seg *segs, size_t n,
                                   dapple_error *err)
{
    double us = 0;
    for (size_t i = 0; i < n; i++) {
        double side = (double)segs[i].w + 2;
        us += DP_BUDGET_SEG_US + DP_BUDGET_SEG_PX_US * side * side;
    }
    if (!(us > DP_BUDGET_LIMIT_US))
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_LIMIT,
                   "crystal_seeds %d, crystal_scratches %d, crystal_length %g, stroke_width %g: "
                   "%zu segments, about %.0f s of one core to draw, over the budget of %.0f s: "
                   "lower them, or render smaller",
                   l->crystal_seeds, l->crystal_scratches, l->crystal_length, l->stroke_width, n,
                   us * 1e-6, DP_BUDGET_LIMIT_US * 1e-6);
}
