/* SPDX-License-Identifier: MIT
 * The workers of a batch: jobs handed out in the caller's order to a pool of threads;
 * workers only compute, the calling (main) thread alone reports each job as it starts and
 * finishes, so progress, manifests and messages are written by one thread. Workers never
 * take SIGINT, SIGTERM or SIGHUP: the handler runs on the main thread. */
#ifndef DP_BATCH_POOL_H
#define DP_BATCH_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "dapple.h"

typedef struct dp_batch_pool_ops {
    void *ctx;
    /** On a worker: job's work. Jobs share nothing the pool knows of. false hands out no
     * more jobs (a failure that stops the run: no later job starts after it). */
    bool (*run)(void *ctx, size_t job);
    /** On the main thread, as a worker takes the job (may be NULL). */
    void (*started)(void *ctx, size_t job);
    /** On the main thread, once the job's run returned; false hands out no more jobs (those
     * running finish and are reported). */
    bool (*finished)(void *ctx, size_t job);
    /** On the main thread about every quarter second while waiting, when ticks (may be NULL). */
    void (*tick)(void *ctx);
} dp_batch_pool_ops;

/** Runs jobs order[0 .. n) on up to 'workers' threads (at least one; with no thread to be
 * had, on the calling thread). Returns when every job handed out was reported. */
DAPPLE_USERESULT dapple_status dp_batch_pool_run(const size_t *order, size_t n, int workers,
                                                 bool ticks, const dp_batch_pool_ops *ops,
                                                 dapple_error *err);

#endif
