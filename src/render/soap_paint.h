/* SPDX-License-Identifier: MIT
 * A soap bubble's pixels: what its film reflects (soap_film.h) of an environment, and the
 * walls it shares with the bubbles it touches. */
#ifndef DP_SOAP_PAINT_H
#define DP_SOAP_PAINT_H

#include <stdbool.h>

#include "render/bubble_px.h"
#include "render/soap_film.h"

#define DP_SOAP_MAX_WALLS 12

/** A shared wall, as a line in pixels from the bubble's centre: the signed distance
 * nx dx + ny dy - c is < 0 on this bubble's side. */
typedef struct dp_soap_wall {
    double nx, ny, c;
} dp_soap_wall;

/** Everything one bubble's shader reads. */
typedef struct dp_soap_look {
    const dp_film_table *table;
    dp_film_look film;
    double a;       /* radius, pixels */
    double lx, ly;  /* toward the light, screen (y down) */
    double wx, wy;  /* the window's middle in reflected directions (x, y of the ray) */
    double ww, wh;  /* its half-width and half-height there */
    double tint[3]; /* linear: the room's light colour */
    dp_soap_wall walls[DP_SOAP_MAX_WALLS];
    int n_walls;
} dp_soap_look;

/** Fills the per-bubble parts of l (film, window) from 'bits' (any random bits) and the
 * light direction; table, a, tint and walls are the caller's. */
void dp_soap_look_vary(dp_soap_look *l, unsigned long long bits, double lx, double ly);

/** The dp_bubble_px_fn of a soap bubble ('look' is a dp_soap_look). Facing the viewer the
 * film reflects 2-8 % (Fresnel): the cap shows mostly what is behind, with the window
 * across it; toward the rim the reflection, and so the interference colour, grows. */
bool dp_soap_px(const void *look, double dx, double dy, dp_px *out);

#endif
