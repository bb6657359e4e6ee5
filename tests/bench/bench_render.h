/* SPDX-License-Identifier: MIT
 * make bench's rendering and pack workloads (W5 to W9); each prints its table row. */
#ifndef DP_BENCH_RENDER_H
#define DP_BENCH_RENDER_H

void bench_w5(void);
void bench_w7(void);
void bench_w6(void);
void bench_w8(void);
void bench_w9(void);

#endif
