/* SPDX-License-Identifier: MIT
 * Clumps for any layer (issue #25): the layer's points gather around parents, a seeded
 * Poisson-disk set of spacing clump_spacing over the texture (on a torus when the texture
 * tiles), each allowing points within clump_radius of it. The clumps are an exclusion
 * mask the field refuses outside of, seeded by the texture (layers with the same clump keys
 * share their clumps), so the layer's points stay a subset of what its
 * sampler would place anyway: the pair rule holds and they are the same for any -j. */
#ifndef DP_CLUMP_H
#define DP_CLUMP_H

#include "render/texture.h"

/** True when the layer is clumped (clump_radius > 0). */
static inline bool dp_clump_on(const dp_layer_spec *l)
{
    return l->clump_radius > 0;
}

/** The parents of layer l's clumps: *n points (the caller frees *out) of a Poisson-disk set
 * of spacing clump_spacing (3 clump_radius when 0) over the texture, on a torus when it
 * tiles. */
DAPPLE_USERESULT dapple_status dp_clump_parents(const dp_texture_spec *t, const dp_layer_spec *l,
                                                dapple_point **out, size_t *n, dapple_error *err);

/** The clump mask of layer l as an exclusion image over the texture (white: no point),
 * one pixel a texture pixel; *owned gets the pixels for the caller to free. The edge of
 * each clump is soft: from (1 - clump_softness) clump_radius out to clump_radius a pixel
 * is allowed with a chance falling linearly to 0, hashed per pixel. */
DAPPLE_USERESULT dapple_status dp_clump_mask(const dp_texture_spec *t, const dp_layer_spec *l,
                                             dapple_grey *g, uint16_t **owned, dapple_error *err);

#endif
