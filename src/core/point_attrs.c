/* SPDX-License-Identifier: MIT
 * Hashing a point to its attributes. The key folds the seed and the two float bit patterns
 * through the splitmix64 finaliser (Stafford's "mix13", as in Java's SplittableRandom),
 * which is a bijection, so for one seed two different positions never share a key. Each
 * attribute is then the finaliser of the key plus its own odd multiple of the golden
 * ratio: consecutive splitmix64 outputs, statistically independent streams. */
#include "core/point_attrs.h"

#include <string.h>

#define GOLDEN 0x9e3779b97f4a7c15ull

static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t float_bits(float f)
{
    f += 0.0f; /* -0 becomes +0: the same place */
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

/* The top 53 bits as a double in [0, 1). */
static double unit(uint64_t h)
{
    return (double)(h >> 11) * (1.0 / 9007199254740992.0);
}

uint64_t dp_point_key(uint64_t seed, float x, float y)
{
    uint64_t xy = ((uint64_t)float_bits(x) << 32) | float_bits(y);
    return mix64(mix64(seed + GOLDEN) ^ xy);
}

double dp_point_unit(uint64_t key, unsigned stream)
{
    return unit(mix64(key + stream * GOLDEN));
}

void dp_point_attrs(uint64_t seed, float x, float y, double *rotation_deg, double *unit_scale,
                    double *unit_variant)
{
    uint64_t key = dp_point_key(seed, x, y);
    double turn = dp_point_unit(key, 1);
    *rotation_deg = turn * 360.0;
    if (*rotation_deg >= 360.0) /* cannot happen with 53 bits, but the range is promised */
        *rotation_deg = 0.0;
    *unit_scale = dp_point_unit(key, 2);
    *unit_variant = dp_point_unit(key, 3);
}
