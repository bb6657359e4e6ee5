/* SPDX-License-Identifier: MIT
 * The albedo (pbr.h): the texture drawn again from the same scene with its light left out.
 * Every shape keeps its point's colour, grain, veins and spots (they are the surface's);
 * what goes is what the light does: the bevel's shading and sheen on stones and chips, the
 * darkened joints between cells, the drop shadows, a leaf's curl and a daisy's own shadow,
 * the lit crust and glints of snow. The ground is drawn as it is (it is a pigment). Lenses
 * and stars have no albedo: what they show is light. */
#include "render/pbr.h"

#include <stdlib.h>

#include "core/dp.h"
#include "render/layer.h"

/* A layer whose colour is light, not the surface's own. */
static const char *why_no_albedo(const dp_layer_spec *l)
{
    if (l->style == DP_STYLE_DROPLETS || l->style == DP_STYLE_BUBBLES)
        return "its colour is the scene it refracts";
    if (l->style == DP_STYLE_STARS)
        return "a star is light, not a surface";
    return NULL;
}

dapple_status dp_albedo_check(const dp_texture_spec *t, dapple_error *err)
{
    for (int i = 0; i < t->n_layers; i++) {
        const dp_layer_spec *l = &t->layers[i];
        const dp_layer_kind *k = dp_layer_kind_for(l->style);
        const char *why = why_no_albedo(l);
        if (why != NULL)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "layer '%s' (%s) has no albedo (%s): --albedo "
                           "cannot be written",
                           l->name, k != NULL ? k->name : "?", why);
    }
    return DAPPLE_OK;
}

dapple_status dp_render_albedo(const dp_texture_spec *t, const dp_scene *s, cairo_surface_t **out,
                               dapple_error *err)
{
    *out = NULL;
    dp_texture_spec *u = malloc(sizeof *u);
    if (u == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the albedo");
    *u = *t;
    u->unlit = true;
    for (int i = 0; i < u->n_layers; i++) {
        u->layers[i].bevel = 0;  /* the shading, sheen, facets and joints of solids and cells */
        u->layers[i].shadow = 0; /* the drop shadows */
    }
    dapple_status st = dp_render_texture(u, s, out, err);
    free(u);
    return st;
}
