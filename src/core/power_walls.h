/* SPDX-License-Identifier: MIT
 * Walls between overlapping discs: the power diagram (Laguerre diagram) of their centres
 * weighted by their squared radii. The wall between discs i and j is the line of equal
 * power |p - c_i|^2 - r_i^2 = |p - c_j|^2 - r_j^2, which passes through the two points where
 * their circles cross; three walls meet at the radical centre of three discs. Self-contained
 * (libc, libm, core/wrap.h) so that a cells style built on the same diagram can share it. */
#ifndef DP_POWER_WALLS_H
#define DP_POWER_WALLS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/disc.h"
#include "core/wrap.h"

/** A wall seen from one disc, as a line in pixels from that disc's centre: the signed
 * distance nx dx + ny dy - c is < 0 on the disc's own side. */
typedef struct dp_wall {
    double nx, ny, c;
} dp_wall;

typedef struct dp_walls dp_walls;

/** An index of n discs over a width x height plane (wrapping along the axes in 'wrap': a
 * torus with both) for wall queries; copies the discs. NULL on allocation failure. */
dp_walls *dp_walls_new(const dp_disc *d, size_t n, double width, double height, dp_wrap wrap);

void dp_walls_free(dp_walls *w);

/** The walls of the disc (x, y, a) (any copy on a torus) against the indexed discs it
 * overlaps, at most 'max' of them, the deepest first; a disc of the index at the same
 * centre is the disc itself and gives none. Returns how many. */
int dp_walls_of(const dp_walls *w, double x, double y, double a, dp_wall *out, int max);

/** The length of the wall that a disc at the origin of radius a shares with the disc at
 * (ox, oy) of radius b, where the others (at offsets nx, ny, radii nr; n of them, which may
 * include these two) leave any: the chord where the two circles cross, less the parts in
 * other cells. 0 when they do not overlap or others part them. */
double dp_wall_length(double a, double ox, double oy, double b, const double *nx, const double *ny,
                      const double *nr, int n);

/** The indexed discs whose centres lie within 'reach' of (x, y) (any copy on a torus):
 * their indices and offsets (ox, oy) from (x, y), at most 'max'. Returns how many. */
int dp_walls_near(const dp_walls *w, double x, double y, double reach, size_t *idx, double *ox,
                  double *oy, int max);

/** Where the walls of three mutually overlapping discs meet (their radical centre) and the
 * angle of each disc's cell there, in degrees (they sum to 360). False when the centres
 * are collinear. */
bool dp_walls_junction(const dp_disc d[3], double *jx, double *jy, double angle_deg[3]);

#endif
