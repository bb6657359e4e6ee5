/* SPDX-License-Identifier: MIT
 * Maximal mode (placeholder until the exact gap search lands): more tries per cell. */
#include "core/sampler.h"

void dp_sampler_fill_gaps(dapple_sampler *s)
{
    (void)s;
}
