/* SPDX-License-Identifier: MIT
 * make bench's dilation workload (issue #14, item 7); prints its own table. */
#ifndef DP_BENCH_MORPH_H
#define DP_BENCH_MORPH_H

void bench_morph(void);

#endif
