/* SPDX-License-Identifier: MIT
 * Drawn sizes for drops: a power law of small ones with a bell of large ones, as
 * condensation on glass shows (Beysens, "Dew nucleation and growth", 2006: a bimodal
 * spread once big drops coalesce and new small ones nucleate in the dry halos). Each
 * draw is a stream of the point's hash (core/point_attrs), never a shared generator. */
#include "core/size_spread.h"

#include <math.h>

#include "core/point_attrs.h"

#define STREAM_JITTER 8 /* streams 1-3 belong to the engine attributes */
#define STREAM_PICK   9
#define STREAM_DRAW   10 /* and up: one per try of the bell */
#define BELL_TRIES    24

int dp_size_spread_off(const dp_size_spread *s)
{
    return !(s->jitter > 0) && !(s->power > 0);
}

/* Inverse CDF of p(g) ~ g^-a on [lo, 1]. */
static double power_law(double a, double lo, double u)
{
    if (fabs(a - 1) < 1e-9)
        return lo * pow(1 / lo, u);
    double e = 1 - a, l = pow(lo, e);
    return pow(l + u * (1 - l), 1 / e);
}

/* A normal draw (Box-Muller) around mode, retried until it falls in [lo, 1]: a truncated
 * bell without spikes at its ends. */
static double bell(const dp_size_spread *s, uint64_t key)
{
    double g = s->mode;
    for (unsigned i = 0; i < BELL_TRIES; i++) {
        double u1 = dp_point_unit(key, STREAM_DRAW + 2 * i);
        double u2 = dp_point_unit(key, STREAM_DRAW + 2 * i + 1);
        double z = sqrt(-2 * log(1 - u1)) * cos(6.283185307179586 * u2);
        g = s->mode + DP_SIZE_BELL_WIDTH * z;
        if (g >= s->min && g <= 1)
            return g;
    }
    return fmin(1, fmax(s->min, g));
}

double dp_size_factor(const dp_size_spread *s, uint64_t seed, float x, float y)
{
    if (dp_size_spread_off(s))
        return 1;
    uint64_t key = dp_point_key(seed, x, y);
    double g = 1;
    if (s->power > 0)
        g = dp_point_unit(key, STREAM_PICK) < s->bell
                    ? bell(s, key)
                    : power_law(s->power, s->min, dp_point_unit(key, STREAM_DRAW));
    return g * (1 - s->jitter * dp_point_unit(key, STREAM_JITTER));
}
