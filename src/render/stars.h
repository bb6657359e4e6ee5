/* SPDX-License-Identifier: MIT
 * Stars of a 'stars' layer: what each point is as a star. Magnitudes follow the star counts
 * of a uniform population of stars in space, log10 N(m) = slope * m + c (slope 0.6 for
 * Euclidean space; the real sky near 0.5 as the galaxy thins out), over the layer's range;
 * a star's flux is 10^(-0.4 m) of a magnitude-0 star; its colour is that of a black body
 * at its temperature, 3000 K (red dwarfs, most of them) to 30000 K (rare blue giants). */
#ifndef DP_STARS_H
#define DP_STARS_H

#include <stdint.h>

#include "render/texture.h"

#define DP_STAR_KELVIN_MIN 3000.0
#define DP_STAR_KELVIN_MAX 30000.0

typedef struct dp_star {
    double mag;    /* magnitude, 0 (brightest) .. the layer's star_magnitudes */
    double flux;   /* 10^(-0.4 mag) */
    double kelvin; /* temperature */
    dp_rgba colour;
} dp_star;

/** The star a point with these free random bits ('variety' of its dp_shape) is. */
dp_star dp_star_of(const dp_layer_spec *l, uint64_t variety);

/** A uniform number in [0, 1) from a star's bits, the k-th (k > 0) after its own draws. */
double dp_star_unit(uint64_t variety, int k);

/** The sRGB colour (alpha 1) of a black body at 'kelvin' (1000 .. 40000), normalised so its
 * brightest channel is 1: red below 6600 K, white near it, blue above. */
dp_rgba dp_blackbody(double kelvin);

#endif
