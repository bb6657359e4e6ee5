/* SPDX-License-Identifier: MIT
 * Trails: some drops of a droplets layer have run down the pane and left, above them, a
 * wiped track with a string of tiny beads along a slightly meandering path. Beads are
 * placed at sampling time, once per scene, and kept only where they overlap no room of
 * their layer, of the layers it avoids, nor another bead: the pair rule still holds, and
 * later layers avoid them like any drop. Bubble trains are strings too: from seeded
 * nucleation sites, bubbles rise straight up, growing as they go, under the same rule. */
#ifndef DP_TRAILS_H
#define DP_TRAILS_H

#include "render/render.h"

/** Fills s->layers[li].beads and .track (their x, y and drawn radius r) for a droplets layer
 * with trail > 0, or .beads with the bubbles of a bubbles layer's trains; 'avoid' (may be
 * NULL) holds the circles of the layers it avoids. */
dapple_status dp_trails_make(const dp_texture_spec *t, dp_scene *s, int li,
                             const dapple_circles *avoid, dapple_error *err);

#endif
