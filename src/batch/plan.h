/* SPDX-License-Identifier: MIT
 * What a batch run decides before any work: which jobs are its shard's, and which outputs
 * an earlier run left up to date (resume). */
#ifndef DP_BATCH_PLAN_H
#define DP_BATCH_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "batch/manifest.h"
#include "core/dp.h"
#include "io/sha256.h"

/** Whether job 'index' (0-based, in the run's fixed order) belongs to shard I of N
 * (index % N == I - 1); every job when count is 0. */
bool dp_batch_shard_mine(size_t index, int shard_index, int shard_count);

/** Whether 'file' in dir is up to date: 'old' was written by this very version and build
 * ('build'), lists the file with this job_sha256, and the file still has the recorded
 * sha256. *entry (may be NULL) gets the entry then. */
bool dp_batch_fresh(const dp_batch_manifest *old, const char *build, const char *dir,
                    const char *file, const char *job_sha256, const dp_batch_entry **entry);

/** Adds one line to a hash of a job's inputs: the formatted text (at most 2 KiB) and a
 * newline, so that no two lists of lines hash alike. */
void dp_batch_hash_line(dp_sha256 *h, const char *fmt, ...) DP_PRINTF(2, 3);

/** The engine's one way to print: formats a line (any length) and hands it to
 * say(user, line); the engine's caller prints it. Nothing happens when out of memory. */
void dp_batch_say(void (*say)(void *user, const char *line), void *user, const char *fmt, ...)
        DP_PRINTF(3, 4);

/** Adds an input file to such a hash, as the line "LABEL PATH SHA256-OF-ITS-BYTES". */
DAPPLE_USERESULT dapple_status dp_batch_hash_file(dp_sha256 *h, const char *label, const char *path,
                                                  dapple_error *err);

/** The jobs i < n with pending(ctx, i), biggest cost(ctx, i) first, equal costs in index
 * order (longest-processing-time scheduling: the run ends when its last big job does; the
 * schedule itself is reproducible). *order (the caller's to free) gets them; *n_order
 * how many. */
DAPPLE_USERESULT dapple_status dp_batch_schedule(size_t n, double (*cost)(void *ctx, size_t i),
                                                 bool (*pending)(void *ctx, size_t i), void *ctx,
                                                 size_t **order, size_t *n_order,
                                                 dapple_error *err);

/* When to rewrite the manifest during a run: after every job, unless the last write is so
 * recent that rewriting a big manifest (thousands of jobs done in milliseconds) would take
 * more than 1 / (ratio + 1) of the time. A kill then loses at most the jobs of the last
 * moment, which the rerun makes again. */
typedef struct dp_batch_saver {
    double ratio;      /* 2: at most a third of the main thread's time */
    double last, cost; /* when the last write ended, and its seconds */
} dp_batch_saver;

/** Seconds on a monotonic clock. */
double dp_batch_now(void);

/** Whether a write is due now. */
bool dp_batch_saver_due(const dp_batch_saver *s);

/** Records a write that began at t0 (dp_batch_now) and just ended. */
void dp_batch_saver_wrote(dp_batch_saver *s, double t0);

/** Calls clash(ctx, file, first, later) for each file that two jobs claim (later > first,
 * the job numbers given in job[]), and for each file named in reserved[] (first = n, a
 * job number no job has; a reserved name is claimed first). clash returns false
 * to stop. Returns false when it stopped, or on running out of memory (*err set). */
bool dp_batch_claims(const char *const *file, const size_t *job, size_t n,
                     const char *const *reserved, size_t n_reserved,
                     bool (*clash)(void *ctx, const char *file, size_t first, size_t later),
                     void *ctx, dapple_error *err);

#endif
