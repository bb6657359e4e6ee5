/* SPDX-License-Identifier: MIT
 * The bench's clocks: CPU seconds of the calling thread (what one sampler costs, whatever
 * else the machine runs) and wall seconds (for work spread over threads). */
#ifndef DP_BENCH_CLOCK_H
#define DP_BENCH_CLOCK_H

#include <time.h>

static inline double bench_seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline double bench_cpu_now(void)
{
    return bench_seconds(CLOCK_THREAD_CPUTIME_ID);
}

static inline double bench_wall_now(void)
{
    return bench_seconds(CLOCK_MONOTONIC);
}

#endif
