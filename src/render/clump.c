/* SPDX-License-Identifier: MIT
 * The clump mask (clump.h): parents from the sampler at a constant radius, then every
 * pixel within a parent's reach is cleared, the rest stays refused. */
#include "render/clump.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/field.h"

/* A uniform number in [0, 1) of a pixel and a seed (splitmix64's finaliser). */
static double pixel_unit(uint64_t seed, int i, int j)
{
    uint64_t z = seed ^ ((uint64_t)(uint32_t)i << 32 | (uint32_t)j);
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

/* Clears the pixels of the clump around parent (px, py). */
static void clear_clump(const dp_texture_spec *t, const dp_layer_spec *l, uint64_t seed, double px,
                        double py, uint16_t *no)
{
    double R = l->clump_radius, soft = DP_MIN(DP_MAX(l->clump_softness, 0.0), 1.0);
    int w = t->width, h = t->height;
    for (int j = (int)floor(py - R); j <= (int)ceil(py + R); j++)
        for (int i = (int)floor(px - R); i <= (int)ceil(px + R); i++) {
            int a = t->wrap.x ? dp_field_wrap(i, w) : i, b = t->wrap.y ? dp_field_wrap(j, h) : j;
            if (a < 0 || b < 0 || a >= w || b >= h)
                continue;
            double d = hypot(i + 0.5 - px, j + 0.5 - py) / R;
            /* allowed with chance 1 up to 1 - soft, falling linearly to 0 at 1 */
            double reach = 1 - soft * pixel_unit(seed, a, b);
            if (d < reach)
                no[(size_t)b * w + a] = 0;
        }
}

/* The sampler options of the parents: the texture's seed, not the layer's, so that layers
 * with the same clump keys share clumps (buds among their flowers), as layers with the
 * same field spec share one noise. */
static dapple_sampler_opts parent_opts(const dp_texture_spec *t)
{
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = t->width, so.height = t->height;
    dp_texture_sampler_wrap(t, &so);
    so.seed = t->seed ^ 0x636c756d70ULL; /* "clump" */
    return so;
}

dapple_status dp_clump_parents(const dp_texture_spec *t, const dp_layer_spec *l, dapple_point **out,
                               size_t *n, dapple_error *err)
{
    *out = NULL, *n = 0;
    double S = l->clump_spacing > 0 ? l->clump_spacing : 3 * l->clump_radius;
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.width = t->width, fo.height = t->height;
    dp_texture_field_wrap(t, &fo);
    fo.rmin = fo.rmax = S;
    dapple_sampler_opts so = parent_opts(t);
    dapple_field *f = NULL;
    dapple_sampler *s = NULL;
    dapple_stop stop;
    dapple_status st = dapple_field_new(&f, &fo, err);
    if (st == DAPPLE_OK)
        st = dapple_sampler_new(&s, f, &so, err);
    if (st == DAPPLE_OK)
        st = dapple_sampler_run(s, &stop, err);
    if (st == DAPPLE_E_LIMIT) /* the sampler's own words say "raise the radius" */
        dp_fail(err, st,
                "clumps %g px apart (clump_spacing, or 3 clump_radius when 0) are too many "
                "for a %dx%d texture: raise clump_spacing or clump_radius",
                S, t->width, t->height);
    else if (st != DAPPLE_OK)
        dp_fail_prefix(err, st, "clumps");
    if (st == DAPPLE_OK) {
        size_t count = 0;
        const dapple_point *p = dapple_sampler_points(s, &count);
        *out = dp_calloc_n(count ? count : 1, sizeof **out);
        if (*out == NULL)
            st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for layer %s's clumps", l->name);
        else
            memcpy(*out, p, count * sizeof **out), *n = count;
    }
    dapple_sampler_free(s);
    dapple_field_free(f);
    return st;
}

dapple_status dp_clump_mask(const dp_texture_spec *t, const dp_layer_spec *l, dapple_grey *g,
                            uint16_t **owned, dapple_error *err)
{
    *owned = NULL;
    size_t n = (size_t)t->width * (size_t)t->height;
    if (n > (size_t)1 << 26)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "layer %s: clumps need a texture of at most 2^26 pixels, got %dx%d", l->name,
                       t->width, t->height);
    dapple_point *p = NULL;
    size_t count = 0;
    dapple_status st = dp_clump_parents(t, l, &p, &count, err);
    uint16_t *no = st == DAPPLE_OK ? dp_calloc_n(n, sizeof *no) : NULL;
    if (st == DAPPLE_OK && no == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for layer %s's clumps", l->name);
    if (st == DAPPLE_OK) {
        for (size_t k = 0; k < n; k++)
            no[k] = 65535;
        uint64_t seed = parent_opts(t).seed ^ 0x65646765ULL; /* "edge" */
        for (size_t k = 0; k < count; k++)
            clear_clump(t, l, seed, p[k].x, p[k].y, no);
        *g = (dapple_grey){ .pixels = no, .width = t->width, .height = t->height };
        *owned = no;
    }
    free(p);
    return st;
}
