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

/** The gap (pixels) across which drops of layer l merge: its 'merge', but never more than
 * the drawn radius of the layer's largest drop (at rmax): a longer bridge is no drop, and
 * the pairs it would join, each costing its area, grow as merge^2 per drop. */
double dp_merge_gap(const dp_layer_spec *l);

/** Where a bridge can rise between drops a and b (b at (abx, aby) from a) merging across k:
 * a disc at (*ox, *oy) from a's centre, of radius *reach. A bridge pixel lies within
 * extent + 1.25 k of both centres, so the disc holds the lens of those two discs. */
void dp_merge_bridge_disc(const struct dp_drop *a, const struct dp_drop *b, double abx, double aby,
                          double k, double *ox, double *oy, double *reach);

/** Where a bridge can rise between drops a and b (b at (abx, aby) from a) merging across k,
 * as offsets from a's centre: x in (rect[0], rect[1]), y in (rect[2], rect[3]), the overlap
 * of the drops' boxes (dp_drop_box). False when they do not overlap: the pair has no
 * bridge. */
bool dp_merge_bridge_rect(const struct dp_drop *a, const struct dp_drop *b, double abx, double aby,
                          double k, double rect[4]);

/** Fills s->layers[li].pairs for a droplets layer with merge > 0 and a drop shape: the pairs
 * whose bridge rect is not empty. */
dapple_status dp_merge_pairs(const dp_texture_spec *t, dp_scene *s, int li, dapple_error *err);

/** The drop of point i of layer l as the maps and the colour see it. */
void dp_merge_drop(const dp_layer_spec *l, uint64_t size_seed, const dapple_point *p,
                   struct dp_drop *d);

#endif
