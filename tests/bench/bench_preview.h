/* SPDX-License-Identifier: MIT
 * make bench's preview rows (issue #28): every shipped preset rendered at 512 px the way
 * `dapple preview` renders it; each must take under a second. */
#ifndef DP_BENCH_PREVIEW_H
#define DP_BENCH_PREVIEW_H

void bench_preview(void);

#endif
