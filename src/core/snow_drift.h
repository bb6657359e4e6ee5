/* SPDX-License-Identifier: MIT
 * Snow on a sill: the profile of snow that fell onto a ledge. Clumps of flakes fall at
 * random places and stick where they first touch the snow already there (ballistic
 * deposition of discs, which leaves the lumpy, porous top of fresh snow); the pile then
 * settles where it is steeper than snow's angle of repose, and the surface is softened a
 * little, as a night's wind and sun round it. Pure computation, seeded; it wraps across when the
 * texture does (only x matters: the sill is a row of columns). */
#ifndef DP_SNOW_DRIFT_H
#define DP_SNOW_DRIFT_H

#include <stdbool.h>
#include <stdint.h>

#include "dapple.h"

typedef struct dp_snow_opts {
    int width;   /* columns, pixels */
    bool wrap_x; /* the sill wraps across (tileable) */
    uint64_t seed;
    double depth; /* the mean depth of the snow, pixels (> 0) */
    double lump;  /* the largest clump's radius, pixels (> 0): the scale of the lumps */
} dp_snow_opts;

/** The snow's depth over each column into height (width floats, caller's): mean about
 * o->depth, no slope steeper than the angle of repose, wrapping when wrap_x. */
DAPPLE_USERESULT dapple_status dp_snow_drift(const dp_snow_opts *o, float *height,
                                             dapple_error *err);

#endif
