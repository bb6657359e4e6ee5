/* SPDX-License-Identifier: MIT
 * PCG32 seeding, as in the reference pcg32_srandom_r: two steps mix the seed into the
 * state so that nearby seeds (1, 2, 3...) still start far apart. */
#include "core/rng.h"

void dp_rng_seed(dp_rng *r, uint64_t seed, uint64_t stream)
{
    r->state = 0;
    r->inc = (stream << 1u) | 1u;
    (void)dp_rng_u32(r);
    r->state += seed;
    (void)dp_rng_u32(r);
}
