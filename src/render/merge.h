/* SPDX-License-Identifier: MIT
 * Merging drops (droplets 'merge' = k pixels): the pairs of a layer's shaped drops whose
 * outlines come within k of each other are found once per scene; the height map and the
 * colour then add, between each pair, the smooth union of the two surfaces
 * (dp_drop_pair_height), so close drops join in one smooth shape. Merged drops are the one
 * exception to the pair rule's "never touching". */
#ifndef DP_MERGE_H
#define DP_MERGE_H

#include "render/render.h"

/** Two drops of a layer that merge: their indices and the vector from a to b (the nearest
 * copy on a torus). */
typedef struct dp_drop_pair {
    size_t a, b;
    double abx, aby;
} dp_drop_pair;

/** Fills s->layers[li].pairs for a droplets layer with merge > 0 and a drop shape. */
dapple_status dp_merge_pairs(const dp_texture_spec *t, dp_scene *s, int li, dapple_error *err);

/** The drop of point i of layer l as the maps and the colour see it. */
void dp_merge_drop(const dp_layer_spec *l, uint64_t size_seed, const dapple_point *p,
                   struct dp_drop *d);

#endif
