/* SPDX-License-Identifier: MIT
 * Bubbles of a layer gathered into clusters or a foam (core/foam.h), as the layer's points. */
#ifndef DP_BUBBLE_CLUSTER_H
#define DP_BUBBLE_CLUSTER_H

#include "render/render.h"

/** For a bubbles layer li with cluster > 0: picks that share of its points (by their place
 * hash) and relaxes them into clusters (dp_foam_relax, radii as drawn), moving the points
 * in the scene; each keeps its drawn radius. Every other layer is left alone. */
dapple_status dp_bubble_cluster(const dp_texture_spec *t, dp_scene *s, int li, dapple_error *err);

#endif
