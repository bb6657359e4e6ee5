/* SPDX-License-Identifier: MIT
 * The batch worker pool (see pool.h): a mutex-guarded queue. Workers signal the main thread
 * when they take a job and when they finish one; the main thread reports with the lock
 * released, so workers never wait for the terminal or a manifest write. */
#include "batch/pool.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#include "core/dp.h"

typedef struct pool {
    const dp_batch_pool_ops *ops;
    const size_t *order;
    size_t n;
    bool ticks;
    pthread_mutex_t lock; /* guards everything below */
    pthread_cond_t cond;
    size_t next, started, n_finished;
    size_t *finished; /* job numbers in completion order */
    bool stop;
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    pthread_mutex_lock(&p->lock);
    while (p->next < p->n && !p->stop) {
        size_t job = p->order[p->next++];
        p->started++;
        pthread_cond_signal(&p->cond);
        pthread_mutex_unlock(&p->lock);
        bool go = p->ops->run(p->ops->ctx, job);
        pthread_mutex_lock(&p->lock);
        p->stop |= !go;
        p->finished[p->n_finished++] = job;
        pthread_cond_signal(&p->cond);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* With the lock held: until a worker signals, or a quarter second when ticking. */
static void wait_event(pool *p)
{
    struct timespec ts;
    if (!p->ticks) {
        pthread_cond_wait(&p->cond, &p->lock);
        return;
    }
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 250000000L;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&p->cond, &p->lock, &ts);
}

/* Main thread: reports jobs as they start and finish until every job handed out is done. */
static void collect(pool *p)
{
    size_t handled = 0, seen = 0;
    pthread_mutex_lock(&p->lock);
    while (handled < p->started || (p->next < p->n && !p->stop)) {
        size_t job = 0;
        int what = 0; /* 1 started, 2 finished, 0 a tick */
        if (handled < p->n_finished) {
            job = p->finished[handled++], what = 2;
        } else if (seen < p->started) {
            job = p->order[seen++], what = 1;
        } else {
            wait_event(p);
        }
        pthread_mutex_unlock(&p->lock);
        bool go = true;
        if (what == 2)
            go = p->ops->finished(p->ops->ctx, job);
        else if (what == 1 && p->ops->started != NULL)
            p->ops->started(p->ops->ctx, job);
        else if (what == 0 && p->ops->tick != NULL)
            p->ops->tick(p->ops->ctx);
        pthread_mutex_lock(&p->lock);
        p->stop |= !go;
    }
    pthread_mutex_unlock(&p->lock);
}

/* Workers inherit the calling thread's mask: the three stop signals blocked while they are
 * created, so only the main thread takes them. */
static size_t start_workers(pool *p, pthread_t *threads, size_t n)
{
    sigset_t block, old;
    size_t running = 0;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    for (size_t i = 0; i < n; i++)
        if (pthread_create(&threads[running], NULL, worker, p) == 0)
            running++;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return running;
}

dapple_status dp_batch_pool_run(const size_t *order, size_t n, int workers, bool ticks,
                                const dp_batch_pool_ops *ops, dapple_error *err)
{
    pool p = { .ops = ops, .order = order, .n = n, .ticks = ticks };
    size_t want = DP_MIN((size_t)DP_MAX(workers, 1), n);
    pthread_t *threads = dp_calloc_n(want + 1, sizeof *threads);
    p.finished = dp_calloc_n(n + 1, sizeof *p.finished);
    if (threads == NULL || p.finished == NULL) {
        free(threads);
        free(p.finished);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu jobs", n);
    }
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.cond, NULL);
    size_t running = start_workers(&p, threads, want);
    if (running == 0 && want > 0)
        worker(&p); /* no thread to be had: work here, report at the end */
    collect(&p);
    for (size_t i = 0; i < running; i++)
        pthread_join(threads[i], NULL);
    pthread_cond_destroy(&p.cond);
    pthread_mutex_destroy(&p.lock);
    free(threads);
    free(p.finished);
    return DAPPLE_OK;
}
