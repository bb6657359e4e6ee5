/* SPDX-License-Identifier: MIT
 * The `dapple stats` row of `make bench` (bench_stats.c). */
#ifndef DP_BENCH_STATS_H
#define DP_BENCH_STATS_H

/** Prints one row of the second table: stats of a 1 M point set, step by step. */
void bench_stats(void);

#endif
