/* SPDX-License-Identifier: MIT
 * Perlin fBm for the radius fields: stb_perlin's gradient noise, one sample at a time or
 * a whole row at once. The row gives the same floats, bit for bit, as the single sample;
 * it only computes once what depends on the row (y, z) or on the lattice cell (hashes,
 * gradients), not once per sample. */
#ifndef DP_PERLIN_H
#define DP_PERLIN_H

#include <stdbool.h>

/* One octave of the sum. */
typedef struct dp_octave {
    float fx, fy; /* lattice units per domain unit */
    int wx, wy;   /* lattice periods (<= 256) when the field wraps (256 along an axis that
                     does not, when the other does), else 0: stb's plain noise */
    float amp;
} dp_octave;

/* The recipe: octaves, noise offsets (off[2] is the z plane) and the 8-bit stb seed. */
typedef struct dp_fbm {
    dp_octave oc[12];
    int octaves, seed8;
    float off[3];
} dp_fbm;

/** The sum at (x, y): octave i adds oc[i].amp * noise((float)x * fx + off[0],
 * (float)y * fy + off[1], off[2]), with stb seed seed8 + i (wrapped by wx, wy if set). */
float dp_fbm_at(const dp_fbm *p, double x, double y);

/** out[i] = dp_fbm_at(p, xs[i], y) for i in [0, n), faster along a row. */
void dp_fbm_row(const dp_fbm *p, const double *xs, int n, double y, float *out);

#endif
