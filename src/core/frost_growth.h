/* SPDX-License-Identifier: MIT
 * Frost ferns grown on a window pane. Ice nucleates at the pane's cold edges, along
 * scratches and on the coldest glass, and grows as dendrites: stems along the axes of a
 * hexagonal crystal (six directions 60 degrees apart, one lattice orientation per seed),
 * side branches at +-60 degrees to their stem, and their own side branches again: the
 * feathery ferns of window frost. A tip stops where it would touch other ice (the vapour
 * there is taken) or when its length is spent; it grows farther where the glass is colder,
 * and more seeds take there, so the frost gathers where the field is high. */
#ifndef DP_FROST_GROWTH_H
#define DP_FROST_GROWTH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dapple.h"
#include "core/wrap.h"

#define DP_FROST_MAX_DEPTH 3 /* stem, side branch, its side branch, one more */

/* One straight piece of a branch: from (x0, y0), inside the pane, to (x1, y1), which may
 * lie across the pane's edge where it wraps (draw it again at +-width, +-height). */
typedef struct dp_frost_seg {
    float x0, y0, x1, y1;
    float w;       /* width, pixels */
    uint8_t depth; /* 0 = stem, 1 = its side branch, ... */
    uint32_t prev; /* the segment it grew on from: its branch's last, or for a branch's
                      first segment its parent's at the fork; UINT32_MAX at a stem's root */
} dp_frost_seg;

typedef struct dp_frost_opts {
    double width, height; /* the pane, pixels */
    dp_wrap wrap;         /* the axes that wrap: growth and collisions wrap there (tileable) */
    uint64_t seed;
    double length;            /* a stem's length on the coldest glass, pixels (> 0) */
    double stem;              /* a stem's width at its root, pixels (> 0); branches are thinner */
    int seeds;                /* nucleation sites over the pane (taken where it is cold), >= 0 */
    int scratches;            /* straight scratches, each seeding ice along it, >= 0 */
    size_t max_segs;          /* refused (DAPPLE_E_LIMIT) beyond this many segments */
    const dapple_field *cold; /* optional, borrowed: the glass is coldest where its level
                                 (dp_field_level_at) is 1 and too warm for ice at 0 */
    const dapple_circles *avoid; /* optional, borrowed: warm spots (drops and their dry halos)
                                    where no ice nucleates and no tip grows */
} dp_frost_opts;

/** Grows the frost. On success *out (caller frees) holds *n segments in growth order; a tip
 * looks ahead and stops short of other ice, so branches seldom cross (two tips meeting in
 * the same round can). Same options, same segments on every machine. */
DAPPLE_USERESULT dapple_status dp_frost_grow(const dp_frost_opts *o, dp_frost_seg **out, size_t *n,
                                             dapple_error *err);

#endif
