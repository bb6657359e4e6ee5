/* SPDX-License-Identifier: MIT
 * Trails: some drops of a droplets layer have run down the pane and left, above them, a
 * wiped track with a string of tiny beads along a slightly meandering path. Beads are
 * placed at sampling time, once per scene, and kept only where they overlap no room of
 * their layer, of the layers it avoids, nor another bead: the pair rule still holds, and
 * later layers avoid them like any drop. (Bubble trains: render/bubble_trains.h.) */
#ifndef DP_TRAILS_H
#define DP_TRAILS_H

#include "render/drop_shape.h"
#include "render/render.h"

/** Fills s->layers[li].beads and .track (their x, y and drawn radius r) for a droplets layer
 * with trail > 0; 'avoid' (may be NULL) holds the circles of the layers it avoids. */
dapple_status dp_trails_make(const dp_texture_spec *t, dp_scene *s, int li,
                             const dapple_circles *avoid, dapple_error *err);

/** The height (pixels) of the water film a trail leaves on its track (the height map). */
#define DP_TRAIL_FILM 0.04

/** The share of places whose hash tells "slid" in a rain layer (render/rain_layer.c). */
#define DP_RAIN_TAILS 0.5

/** True when the drop of drawn radius a with place hash 'key' slid down the pane: it leaves
 * a trail and has a tail. */
bool dp_trail_slid(const dp_layer_spec *l, uint64_t key, double a);

/** The shaped drop of a droplets layer at drawn radius a, as every map sees it: a point's
 * drop has a tail when it slid; a bead (is_bead) never does. */
void dp_layer_drop(const dp_layer_spec *l, double a, uint64_t key, bool is_bead, struct dp_drop *d);

#endif
