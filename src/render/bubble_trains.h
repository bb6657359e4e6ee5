/* SPDX-License-Identifier: MIT
 * Bubble trains in a carbonated drink: from nucleation sites, bubbles rise, growing and
 * speeding up as they go (Liger-Belair, "The physics and chemistry of champagne bubbles",
 * 2005). A layer of trains has these bubbles as its points. */
#ifndef DP_BUBBLE_TRAINS_H
#define DP_BUBBLE_TRAINS_H

#include "render/render.h"

/** One bubble of a train: where it is drawn (wrapped on a torus), its drawn radius, which
 * train it belongs to (0 ..) and how far it has risen from its site, in pixels. */
typedef struct dp_train_bubble {
    double x, y, r, rise;
    int train;
} dp_train_bubble;

/** The trains of layer li of t (its 'trains' sites, 'train_growth', drawn radius at the site
 * from rmin), kept clear of 'avoid' (may be NULL) and of each other: a train that meets an
 * earlier one ends there. Bubbles are listed train by train, from the site up. *out is
 * malloc'ed (free it); on failure it is NULL and err says why. */
dapple_status dp_bubble_trains(const dp_texture_spec *t, int li, const dapple_circles *avoid,
                               dp_train_bubble **out, size_t *n, dapple_error *err);

/** Fills s->layers[li].points with the trains of layer li (dp_bubble_trains), each stored
 * with r = its drawn radius / (scale * size spread), so the layer draws and counts them as
 * its own points, and --points lists them. */
dapple_status dp_bubble_trains_sample(const dp_texture_spec *t, int li, const dapple_circles *avoid,
                                      dp_scene *s, dapple_error *err);

#endif
