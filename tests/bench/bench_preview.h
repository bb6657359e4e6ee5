/* SPDX-License-Identifier: MIT
 * make bench's preview rows: every shipped preset rendered at 512 px the way `dapple
 * preview` renders it, which should take under a second (issue #28), and the first picture
 * after an edit as the page gets it, a quick pass where the server advises one, which must
 * take at most 0.3 s (issue #41). */
#ifndef DP_BENCH_PREVIEW_H
#define DP_BENCH_PREVIEW_H

void bench_preview(void);

#endif
