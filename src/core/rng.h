/* SPDX-License-Identifier: MIT
 * PCG32 (O'Neill 2014, pcg-random.org): one small explicit stream per sampler, so the
 * same seed gives the same points on every machine. The step is inline because the
 * sampler draws one number per candidate. */
#ifndef DP_RNG_H
#define DP_RNG_H

#include <stdint.h>

typedef struct dp_rng {
    uint64_t state;
    uint64_t inc; /* odd: selects the stream */
} dp_rng;

/** Seeds r from all 64 bits of 'seed'; 'stream' picks one of 2^63 independent sequences. */
void dp_rng_seed(dp_rng *r, uint64_t seed, uint64_t stream);

/** The next 32 uniform bits. */
static inline uint32_t dp_rng_u32(dp_rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t xs = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xs >> rot) | (xs << ((32u - rot) & 31u));
}

/** Uniform in [0, 1), 32 bits of resolution. */
static inline double dp_rng_unit(dp_rng *r)
{
    return dp_rng_u32(r) * (1.0 / 4294967296.0);
}

/** Uniform integer in [0, n), n >= 1 (Lemire's multiply-shift, bias below 2^-32 * n). */
static inline uint32_t dp_rng_below(dp_rng *r, uint32_t n)
{
    return (uint32_t)(((uint64_t)dp_rng_u32(r) * n) >> 32);
}

#endif
