/* SPDX-License-Identifier: MIT
 * `make bench`, issue #16's table: worlds (chunked sampling) against a plain run, on 1
 * and 2 threads. */
#ifndef BENCH_WORLD_H
#define BENCH_WORLD_H

void bench_world(void);

#endif
