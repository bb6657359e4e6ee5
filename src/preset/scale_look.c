/* SPDX-License-Identifier: MIT
 * A preset scaled as a whole (render --scale and --scale-to, pack --size-cap). Lengths keep a floor
 * (a radius of 0.25, a feature of 1 pixel) so a large shrink stays a valid preset. */
#include "preset/scale_look.h"

#include <math.h>
#include <stdio.h>

#include "core/dp.h"
#include "preset/preset.h"

static double scaled(double v, double f, double lo)
{
    return DP_MAX(v * f, lo);
}

/* The counts a preset gives per pane, times fx * fy (the new pane's share of the old one's
 * area): the same points per area. Multiplied in this order, as they always were. */
static void scale_counts(dp_layer_spec *l, double fx, double fy)
{
    if (l->count > 0)
        l->count = (size_t)DP_MAX(1.0, floor((double)l->count * fx * fy + 0.5));
    if (l->crystal_seeds > 0)
        l->crystal_seeds = (int)DP_MAX(1.0, floor(l->crystal_seeds * fx * fy + 0.5));
}

dapple_status dp_texture_scale_look(dp_texture_spec *t, double f, dapple_error *err)
{
    t->width = DP_MAX(1, (int)lround(t->width * f));
    t->height = DP_MAX(1, (int)lround(t->height * f));
    t->bg_scale = scaled(t->bg_scale, f, 1);
    t->backdrop_square = scaled(t->backdrop_square, f, 1);
    t->backdrop_distance = scaled(t->backdrop_distance, f, 1);
    t->backdrop_blur *= f;
    for (int i = 0; i < t->n_layers; i++) {
        dp_layer_spec *l = &t->layers[i];
        l->field.rmin = scaled(l->field.rmin, f, 0.25);
        if (l->field.rmax > 0) /* 0: the density map's own cap, which follows rmin */
            l->field.rmax = scaled(l->field.rmax, f, 0.25);
        if (l->dot_radius > 0)
            l->dot_radius = scaled(l->dot_radius, f, 0.25);
        if (l->dot_radius_dense > 0)
            l->dot_radius_dense = scaled(l->dot_radius_dense, f, 0.25);
        scale_counts(l, f, f); /* the same look: as many points per area */
        l->field.dilate *= f;
        l->field.perlin.scale = scaled(l->field.perlin.scale, f, 1);
        l->stroke_width = scaled(l->stroke_width, f, 0.01);
        /* grown layers: the frost's stems (its nuclei went with the counts), the snow's depth */
        l->crystal_length = scaled(l->crystal_length, f, 2);
        l->snow_depth = scaled(l->snow_depth, f, 1);
    }
    return dp_preset_validate(t, err);
}

dapple_status dp_texture_pane(dp_texture_spec *t, double f, dapple_error *err)
{
    int w = DP_MAX(1, (int)ceil(t->width * f)), h = DP_MAX(1, (int)ceil(t->height * f));
    double fx = (double)w / t->width, fy = (double)h / t->height;
    t->width = w, t->height = h;
    for (int i = 0; i < t->n_layers; i++)
        scale_counts(&t->layers[i], fx, fy);
    return dp_preset_validate(t, err);
}

/* A side that f scales to a whole number (up to float noise: 768 x 2.5 is 1920). */
static bool whole(double v)
{
    return fabs(v - nearbyint(v)) <= 1e-9 * DP_MAX(1.0, v);
}

bool dp_texture_scale_rounds(const dp_texture_spec *t, double f, double *w, double *h)
{
    *w = t->width * f, *h = t->height * f;
    return !whole(*w) || !whole(*h);
}

/* The factor --scale-to WxH scales by: the longer side sets it, the other is then off by
 * less than a pixel. */
static double factor_to(const dp_texture_spec *t, long w, long h)
{
    return (double)w * t->height >= (double)h * t->width ? (double)w / t->width
                                                         : (double)h / t->height;
}

/* Whether WxH keeps the preset's aspect ratio, to the pixel. */
static bool keeps_aspect(const dp_texture_spec *t, long w, long h)
{
    double f = factor_to(t, w, h);
    return w >= 1 && h >= 1 && lround(t->width * f) == w && lround(t->height * f) == h;
}

static long gcd(long a, long b)
{
    while (b != 0) {
        long r = a % b;
        a = b, b = r;
    }
    return a;
}

/* The sizes of the preset's aspect at the asked width and at the asked height, those that
 * are one (at 1x1 from 768x512, neither is: the smallest size of that aspect is named). */
static dapple_status wrong_aspect(const dp_texture_spec *t, int w, int h, dapple_error *err)
{
    long at_w = lround((double)t->height * w / t->width);
    long at_h = lround((double)t->width * h / t->height);
    bool by_w = keeps_aspect(t, w, at_w), by_h = keeps_aspect(t, at_h, h);
    char hint[96];
    long g = gcd(t->width, t->height);
    if (by_w && by_h)
        snprintf(hint, sizeof hint, "at that width is %dx%ld, at that height %ldx%d", w, at_w, at_h,
                 h);
    else if (by_w || by_h)
        snprintf(hint, sizeof hint, "at that %s is %ldx%ld", by_w ? "width" : "height",
                 by_w ? (long)w : at_h, by_w ? at_w : (long)h);
    else
        snprintf(hint, sizeof hint, "is %ldx%ld at the smallest", t->width / g, t->height / g);
    return dp_fail(err, DAPPLE_E_INVALID,
                   "%dx%d is not the preset's aspect ratio (%dx%d): the same look %s (--size "
                   "changes the aspect, not the look)",
                   w, h, t->width, t->height, hint);
}

dapple_status dp_texture_scale_to(dp_texture_spec *t, int w, int h, double *factor,
                                  dapple_error *err)
{
    double f = factor_to(t, w, h);
    if (!keeps_aspect(t, w, h))
        return wrong_aspect(t, w, h, err);
    dapple_status st = dp_texture_scale_look(t, f, err);
    if (st != DAPPLE_OK)
        return st;
    t->width = w, t->height = h;
    if (factor != NULL)
        *factor = f;
    return DAPPLE_OK;
}

dapple_status dp_texture_cap_size(dp_texture_spec *t, int cap, dapple_error *err)
{
    int side = DP_MAX(t->width, t->height);
    if (cap <= 0 || side <= cap)
        return DAPPLE_OK;
    return dp_texture_scale_look(t, (double)cap / side, err);
}
