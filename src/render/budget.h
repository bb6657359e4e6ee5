/* SPDX-License-Identifier: MIT
 * The work budget of a layer's shapes (issue #40): what sampling and drawing its points will
 * cost, estimated from the spec before anything is sampled, and refused past two minutes of
 * one core, naming the layer and the keys that set the cost. */
#ifndef DP_RENDER_BUDGET_H
#define DP_RENDER_BUDGET_H

#include "core/frost_growth.h"
#include "dapple.h"
#include "render/texture.h"

/** The most a layer's points may cost, microseconds of one busy core (budget.c): 120 s,
 * about 40 to 80 s of CPU, so under a minute with the two threads a render uses on two
 * cores (it samples and draws in bands on every core). The shipped presets at 8192x8192
 * use at most 0.89 of it (daisy-meadow's grass). */
#define DP_BUDGET_LIMIT_US 1.2e8

/** What one point of layer l costs to sample and draw on an image of image_px pixels,
 * microseconds of one core (measured at radius 1, where the per-shape cost dominates, and
 * for wide strokes per pixel they sweep; see docs/hardening.md). */
double dp_budget_shape_us(const dp_layer_spec *l, double image_px);

/** The points layer l will draw when its field promises 'expected': its count if set, at
 * most its max_points. */
double dp_budget_points(const dp_layer_spec *l, double expected);

/** Refuses (DAPPLE_E_LIMIT) a layer whose points would cost more than DP_BUDGET_LIMIT_US,
 * naming the keys to change; the caller prefixes the layer's name. Grown layers (crystals,
 * snow) have no points and pass. */
DAPPLE_USERESULT dapple_status dp_budget_check(const dp_texture_spec *t, const dp_layer_spec *l,
                                               double expected, dapple_error *err);

/** What drawing one crystal segment costs, microseconds of one busy core: DP_BUDGET_SEG_US,
 * plus DP_BUDGET_SEG_PX_US per pixel of the square its width w sweeps, (w + 2)^2. Measured:
 * 726 k segments of stroke_width 1.6 (crystal_seeds 100000, crystal_length 4096 on
 * 2048x2048) drew in 16 to 22 s; 8263 segments of stroke_width 256 on 1024x1024 in 57 s
 * (13 s of CPU), 0.06 us a pixel between the two. Growing them took 0.5 s. */
#define DP_BUDGET_SEG_US    30.0
#define DP_BUDGET_SEG_PX_US 0.06

/** Refuses (DAPPLE_E_LIMIT) a crystals layer whose n grown segments would cost more than
 * DP_BUDGET_LIMIT_US to draw, naming the keys that grow them; checked after growth (which
 * costs a few percent of the drawing), before any drawing. */
DAPPLE_USERESULT dapple_status dp_budget_check_segs(const dp_layer_spec *l,
                                                    const dp_frost_seg *segs, size_t n,
                                                    dapple_error *err);

#endif
