/* SPDX-License-Identifier: MIT
 * Splatter: paint, mud or ink thrown at a surface. A blob lands and splashes: liquid is
 * thrown ballistically from its rim - a crown of round droplets all around, a spray of
 * droplets ahead along the direction of flight that hit the surface at a shallow angle and
 * smear into tailed teardrops elongated along their flight (1 / sin of the impact angle, as
 * bloodstain analysis reads them), and a few streaks ripped out of the front of the blob.
 * Pure computation, one impact at a time, seeded per impact. */
#ifndef DP_SPLATTER_H
#define DP_SPLATTER_H

#include <stddef.h>
#include <stdint.h>

#define DP_SPLAT_MAX   64  /* drops one impact throws, blob included */
#define DP_SPLAT_REACH 6.0 /* no drop lands farther than this many blob radii */

typedef enum dp_splat_kind {
    DP_SPLAT_BLOB,   /* the main blot: an irregular disc (dp_splat_blob_radius) */
    DP_SPLAT_ROUND,  /* a crown droplet: a disc */
    DP_SPLAT_TAILED, /* a teardrop: round head at (x, y), tail 'len' long towards 'angle' */
    DP_SPLAT_STREAK, /* a tapered streak from (x, y), 'len' long towards 'angle' */
} dp_splat_kind;

typedef struct dp_splat_drop {
    double x, y;      /* where it landed (the blob's centre; a teardrop's head) */
    double len, wid;  /* half length along 'angle', half width (radius for discs) */
    double angle_rad; /* the direction it flew, screen coordinates (y down) */
    dp_splat_kind kind;
} dp_splat_drop;

typedef struct dp_splat_opts {
    double direction_rad; /* where the liquid flies, 0 = +x, clockwise on screen */
    double force;         /* 0 (dropped) .. 1 (flung hard): more, farther, longer drops */
} dp_splat_opts;

/** Throws the splash of one impact of radius R at (x, y), seeded by 'seed', into out
 * (room for DP_SPLAT_MAX); returns the count, the blob first. Every drop lies within
 * DP_SPLAT_REACH * R of (x, y). */
size_t dp_splat_throw(const dp_splat_opts *o, double x, double y, double R, uint64_t seed,
                      dp_splat_drop *out);

/** The blob's outline at angle psi as a factor of R: lobed, bulging along the flight. */
double dp_splat_blob_radius(const dp_splat_opts *o, uint64_t seed, double psi);

#endif
