/* SPDX-License-Identifier: MIT
 * A gas bubble in a liquid, pixel by pixel: a diverging lens. */
#ifndef DP_GAS_LENS_H
#define DP_GAS_LENS_H

#include <stdbool.h>

#include "render/bubble_px.h"

typedef struct dp_gas_look {
    double a;       /* radius, pixels */
    double depth;   /* 0 at the glass .. 1 deep in the drink: softer and fainter */
    double lx, ly;  /* toward the light, screen (y down) */
    double tint[3]; /* encoded sRGB: the light the core lets through */
    double glint;   /* 0..1: how strongly this bubble catches the light */
} dp_gas_look;

/** The ink of a gas bubble reaches this many radii from its centre. */
#define DP_GAS_REACH 1.0

/** The dp_bubble_px_fn of a gas bubble ('look' is a dp_gas_look). */
bool dp_gas_px(const void *look, double dx, double dy, dp_px *out);

#endif
