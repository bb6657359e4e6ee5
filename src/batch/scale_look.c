/* SPDX-License-Identifier: MIT
 * A preset scaled as a whole (render --scale and --scale-to, pack --size-cap). Lengths keep a floor
 * (a radius of 0.25, a feature of 1 pixel) so a large shrink stays a valid preset. */
#include "batch/scale_look.h"

#include <math.h>

#include "core/dp.h"
#include "preset/preset.h"

static double scaled(double v, double f, double lo)
{
    return DP_MAX(v * f, lo);
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
        if (l->count > 0) /* the same look: as many points per area */
            l->count = (size_t)DP_MAX(1.0, floor((double)l->count * f * f + 0.5));
        l->field.dilate *= f;
        l->field.perlin.scale = scaled(l->field.perlin.scale, f, 1);
        l->stroke_width = scaled(l->stroke_width, f, 0.01);
        /* grown layers: the frost's stems and nuclei per area, the snow's depth */
        l->crystal_length = scaled(l->crystal_length, f, 2);
        if (l->crystal_seeds > 0)
            l->crystal_seeds = (int)DP_MAX(1.0, floor(l->crystal_seeds * f * f + 0.5));
        l->snow_depth = scaled(l->snow_depth, f, 1);
    }
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

dapple_status dp_texture_scale_to(dp_texture_spec *t, int w, int h, double *factor,
                                  dapple_error *err)
{
    /* the longer side sets the factor: the other is then off by less than a pixel */
    double f = (double)w * t->height >= (double)h * t->width ? (double)w / t->width
                                                             : (double)h / t->height;
    long want_w = lround(t->width * f), want_h = lround(t->height * f);
    if (want_w != w || want_h != h)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%dx%d is not the preset's aspect ratio (%dx%d): the same look at that "
                       "width is %ldx%ld, at that height %ldx%ld (--size changes the aspect, "
                       "not the look)",
                       w, h, t->width, t->height, (long)w, lround((double)t->height * w / t->width),
                       lround((double)t->width * h / t->height), (long)h);
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
