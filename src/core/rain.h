/* SPDX-License-Identifier: MIT
 * Rain on a window pane, grown rather than sampled: drops land one after another at random
 * places, many small and few large; drops that touch merge into one holding both volumes
 * (V ~ r^3) at the volumes' centre; a drop heavier than the glass under it can hold slides
 * down, wandering sideways where the glass's flaws push it, swallowing the drops in its
 * path, and leaves a wiped track whose film breaks up into beads of varied size and
 * spacing; it stops once it has shed enough water. Pure computation, seeded, sequential:
 * the same options give the same drops on every machine, for any number of threads. */
#ifndef DP_RAIN_H
#define DP_RAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dapple.h"
#include "core/wrap.h"

/* A drop slides off the glass at the latest at r_max: no drop ends larger. */
#define DP_RAIN_SLIDE_SPREAD 0.6 /* at slide = 1, slick glass lets drops of 0.4 r_max go */

typedef enum dp_rain_kind {
    DP_RAIN_DROP, /* landed (and maybe merged), never moved */
    DP_RAIN_SLID, /* slid down the pane and stopped: a track ends at it */
    DP_RAIN_BEAD, /* left behind on a track when its film broke up */
} dp_rain_kind;

typedef struct dp_rain_drop {
    float x, y, r; /* centre in [0, width) x [0, height); half-height r, half-width squash r */
    dp_rain_kind kind;
} dp_rain_drop;

/* One disc of a wiped track: the tracks' discs in the order they were laid, those of one
 * run together and top to bottom. */
typedef struct dp_rain_disc {
    float x, y, r; /* r: the track's half-width there */
    uint32_t run;  /* which slide laid it: 0, 1, ... in the order they happened */
} dp_rain_disc;

typedef struct dp_rain_opts {
    double width, height; /* the pane, pixels */
    dp_wrap wrap;         /* the axes that wrap: merges wrap there; with y, a slider leaving the
                             bottom enters the top, else it runs off the pane */
    uint64_t seed;
    double r_min;  /* the smallest drop that lands, > 0 */
    double r_max;  /* the largest drop the glass holds anywhere (> r_min): heavier ones slide */
    double time;   /* how long it rained: a unit at rate 1 lands drops covering 1/10 pane */
    double rate;   /* how hard, > 0: drops land rate times as often, and larger (rate^0.21) */
    double squash; /* drops are ellipses this share as wide as tall (0 = 1: circles): two
                      touch, and merge, as the drops they stand for would */
    double track;  /* a track's half-width, in slider half-widths, (0, 1] */
    double slide;  /* 0..1, how readily drops slide: drops go at r_max (0) down to
                      (1 - DP_RAIN_SLIDE_SPREAD) r_max on the slickest glass (1) */
    const dapple_field *flaws;   /* optional, borrowed: the glass's flaws, sticky where its
                                    radius is high; sliders drift toward slick glass. NULL:
                                    uniform glass of middling stickiness */
    const dapple_point *initial; /* optional: drops (r = half-height) on the pane before */
    size_t n_initial;
    size_t max_drops; /* refused (DAPPLE_E_LIMIT) if the rain would land more */
} dp_rain_opts;

typedef struct dp_rain {
    dp_rain_drop *drops; /* owned; no two overlap: (dx / squash)^2 + dy^2 >= (r_p + r_q)^2,
                            wrapped */
    size_t n_drops;
    dp_rain_disc *track; /* owned: the tracks still clear, those that rain has not yet
                            re-covered (laid in the last stretch of the rain) */
    size_t n_track;
    size_t runs, landed, swallowed; /* slides, drops landed, drops sliders took along */
    /* Water, as the sum of r^3: what landed (and the initial drops) = what stands on the
     * pane + the film sliders left on their tracks + what left a bounded pane's edge. */
    double water_in, water_drops, water_film, water_off;
} dp_rain;

/** Lets it rain. On success *out holds the drops and tracks (free with dp_rain_fini); on
 * failure *out is empty and err says why. Same options, same result on every machine. */
DAPPLE_USERESULT dapple_status dp_rain_run(const dp_rain_opts *o, dp_rain *out, dapple_error *err);

/** Frees what dp_rain_run gave; safe on an empty or zeroed result. */
void dp_rain_fini(dp_rain *r);

#endif
