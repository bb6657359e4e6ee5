/* SPDX-License-Identifier: MIT
 * Which edges of a domain meet, axis by axis: a torus wraps both, a pane that tiles across
 * (a window with snow at its foot) wraps x alone. Every module that once kept one
 * 'periodic' flag keeps one of these and asks w.x of what lies across, w.y of what lies
 * down; with both or neither set it computes exactly what the one flag did. */
#ifndef DP_WRAP_H
#define DP_WRAP_H

#include <stdbool.h>

#include "dapple.h"

typedef struct dp_wrap {
    bool x, y; /* the left and right edges meet; the top and bottom edges meet */
} dp_wrap;

/** Both axes, or none: what the single 'periodic' flag meant. */
static inline dp_wrap dp_wrap_both(bool on)
{
    return (dp_wrap){ on, on };
}

/** True when some edge wraps: the domain is not a plain rectangle. */
static inline bool dp_wrap_any(dp_wrap w)
{
    return w.x || w.y;
}

/** True when w and v wrap the same axes. */
static inline bool dp_wrap_same(dp_wrap w, dp_wrap v)
{
    return w.x == v.x && w.y == v.y;
}

/** True when 'wrap' is one of dapple_wrap's values. */
static inline bool dp_wrap_known(dapple_wrap wrap)
{
    return wrap >= DAPPLE_WRAP_AS_PERIODIC && wrap <= DAPPLE_WRAP_XY;
}

/** The axes a public options struct asks for: its 'wrap', or 'periodic' for
 * DAPPLE_WRAP_AS_PERIODIC (and for an unknown value, which the checks refuse). */
static inline dp_wrap dp_wrap_of(bool periodic, dapple_wrap wrap)
{
    switch (wrap) {
    case DAPPLE_WRAP_NONE:
        return dp_wrap_both(false);
    case DAPPLE_WRAP_X:
        return (dp_wrap){ true, false };
    case DAPPLE_WRAP_Y:
        return (dp_wrap){ false, true };
    case DAPPLE_WRAP_XY:
        return dp_wrap_both(true);
    default:
        return dp_wrap_both(periodic);
    }
}

/** The public value that names w's axes (never DAPPLE_WRAP_AS_PERIODIC). */
static inline dapple_wrap dp_wrap_enum(dp_wrap w)
{
    return w.x ? (w.y ? DAPPLE_WRAP_XY : DAPPLE_WRAP_X) : (w.y ? DAPPLE_WRAP_Y : DAPPLE_WRAP_NONE);
}

#endif
