/* SPDX-License-Identifier: MIT
 * Shards, resume, the schedule, the manifest's rhythm and the claims on file names (see
 * plan.h): the same rules for every batch command. */
#include "batch/plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/dp.h"

bool dp_batch_shard_mine(size_t index, int shard_index, int shard_count)
{
    return shard_count <= 0 || (int)(index % (size_t)shard_count) == shard_index - 1;
}

bool dp_batch_fresh(const dp_batch_manifest *old, const char *build, const char *dir,
                    const char *file, const char *job_sha256, const dp_batch_entry **entry)
{
    if (strcmp(old->version, DAPPLE_VERSION) != 0 || strcmp(old->build, build) != 0)
        return false;
    const dp_batch_entry *e = dp_batch_manifest_find(old, file);
    if (e == NULL || strcmp(e->job_sha256, job_sha256) != 0 || !dp_batch_entry_intact(e, dir))
        return false;
    if (entry != NULL)
        *entry = e;
    return true;
}

/* ------------------------------------------------------------------------- hashes */

void dp_batch_hash_line(dp_sha256 *h, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    dp_sha256_update(h, line, n < 0 ? 0 : DP_MIN((size_t)n, sizeof line - 1));
    dp_sha256_update(h, "\n", 1);
}

void dp_batch_say(void (*say)(void *user, const char *line), void *user, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *line = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (line == NULL)
        return;
    va_start(ap, fmt);
    vsnprintf(line, (size_t)n + 1, fmt, ap);
    va_end(ap);
    say(user, line);
    free(line);
}

dapple_status dp_batch_hash_file(dp_sha256 *h, const char *label, const char *path,
                                 dapple_error *err)
{
    char hex[DP_SHA256_HEX];
    if (dp_sha256_file(path, hex, err) != DAPPLE_OK)
        return err->status;
    dp_batch_hash_line(h, "%s %s %s", label, path, hex);
    return DAPPLE_OK;
}

/* ------------------------------------------------------------------------- schedule */

typedef struct ranked {
    double cost;
    size_t index;
} ranked;

static int by_cost(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost < y->cost ? 1 : -1;
    return x->index < y->index ? -1 : x->index > y->index;
}

dapple_status dp_batch_schedule(size_t n, double (*cost)(void *ctx, size_t i),
                                bool (*pending)(void *ctx, size_t i), void *ctx, size_t **order,
                                size_t *n_order, dapple_error *err)
{
    ranked *r = dp_calloc_n(n + 1, sizeof *r);
    *order = dp_calloc_n(n + 1, sizeof **order);
    *n_order = 0;
    if (r == NULL || *order == NULL) {
        free(r);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu jobs", n);
    }
    for (size_t i = 0; i < n; i++)
        if (pending(ctx, i))
            r[(*n_order)++] = (ranked){ cost(ctx, i), i };
    qsort(r, *n_order, sizeof *r, by_cost);
    for (size_t i = 0; i < *n_order; i++)
        (*order)[i] = r[i].index;
    free(r);
    return DAPPLE_OK;
}

/* ------------------------------------------------------------------------- saver */

double dp_batch_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

bool dp_batch_saver_due(const dp_batch_saver *s)
{
    return dp_batch_now() - s->last >= s->ratio * s->cost;
}

void dp_batch_saver_wrote(dp_batch_saver *s, double t0)
{
    s->last = dp_batch_now();
    s->cost = s->last - t0;
}

/* ------------------------------------------------------------------------- claims */

typedef struct claim {
    const char *file;
    size_t job; /* n for a reserved name, which sorts before the jobs' claims on it */
    bool reserved;
} claim;

static int by_claim(const void *a, const void *b)
{
    const claim *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    if (c != 0 || x->reserved != y->reserved)
        return c != 0 ? c : (int)y->reserved - (int)x->reserved;
    return (x->job > y->job) - (x->job < y->job);
}

bool dp_batch_claims(const char *const *file, const size_t *job, size_t n,
                     const char *const *reserved, size_t n_reserved,
                     bool (*clash)(void *ctx, const char *file, size_t first, size_t later),
                     void *ctx, dapple_error *err)
{
    claim *c = dp_calloc_n(n + n_reserved + 1, sizeof *c);
    if (c == NULL) {
        dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu file names", n);
        return false;
    }
    for (size_t i = 0; i < n; i++)
        c[i] = (claim){ file[i], job[i], false };
    for (size_t i = 0; i < n_reserved; i++)
        c[n + i] = (claim){ reserved[i], n, true };
    qsort(c, n + n_reserved, sizeof *c, by_claim);
    bool go = true;
    for (size_t i = 1; i < n + n_reserved && go; i++)
        if (strcmp(c[i].file, c[i - 1].file) == 0 && !c[i].reserved)
            go = clash(ctx, c[i].file, c[i - 1].job, c[i].job);
    free(c);
    return go;
}
