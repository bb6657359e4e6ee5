/* SPDX-License-Identifier: MIT
 * Pack progress (see progress.h). The ETA divides the time so far by the share of the
 * estimated work done, not of the jobs done: packs start with their biggest presets, so a
 * count-based ETA would be far too pessimistic at first. */
#include "cli/progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "batch/plan.h"
#include "cli/common.h"
#include "cli/interrupt.h"

#define BAR_WIDTH 24

void dp_progress_init(dp_progress *p, int total, double cost_total, bool tty)
{
    memset(p, 0, sizeof *p);
    p->tty = tty;
    p->total = total;
    p->cost_total = cost_total > 0 ? cost_total : 1;
    p->t0 = dp_batch_now();
}

/* Seconds left, or < 0 while too little is done to say. */
static double eta(const dp_progress *p)
{
    double elapsed = dp_batch_now() - p->t0;
    double share = p->cost_done / p->cost_total;
    if (share <= 0.01 || elapsed < 0.5)
        return -1;
    return elapsed * (1 - share) / share;
}

static void draw_bar(dp_progress *p)
{
    char bar[BAR_WIDTH + 1], when[32] = "";
    int filled = p->total ? (int)((double)BAR_WIDTH * p->done / p->total) : BAR_WIDTH;
    for (int i = 0; i < BAR_WIDTH; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[BAR_WIDTH] = '\0';
    double left = eta(p);
    if (left >= 0)
        snprintf(when, sizeof when, "  ETA %.0fs", left + 0.5);
    /* \033[K clears what a longer previous label left behind. */
    fprintf(stderr, "\r[%s] %d/%d %s%s\033[K", bar, p->done, p->total, p->current, when);
    fflush(stderr);
    p->bar_shown = true;
}

static void clear_bar(dp_progress *p)
{
    if (p->bar_shown)
        fputs("\r\033[K", stderr);
    p->bar_shown = false;
}

void dp_progress_started(dp_progress *p, const char *label)
{
    snprintf(p->current, sizeof p->current, "%s", label);
    if (p->tty)
        draw_bar(p);
}

void dp_progress_finished(dp_progress *p, const char *label, int files, double seconds, double cost)
{
    p->done++;
    p->cost_done += cost;
    if (p->tty) {
        draw_bar(p);
        return;
    }
    fprintf(stderr, "dapple: [%d/%d] %s: %d file%s, %.2f s\n", p->done, p->total, label, files,
            files == 1 ? "" : "s", seconds);
}

void dp_progress_note(dp_progress *p, const char *message)
{
    clear_bar(p);
    fprintf(stderr, "dapple: %s\n", message);
    if (p->tty && p->done < p->total)
        draw_bar(p);
}

void dp_progress_failed(dp_progress *p, const char *message, double cost)
{
    p->done++;
    p->cost_done += cost;
    dp_progress_note(p, message);
}

void dp_progress_tick(dp_progress *p)
{
    if (p->tty && p->done < p->total)
        draw_bar(p);
}

void dp_progress_end(dp_progress *p)
{
    clear_bar(p);
    fflush(stderr);
}

/* ------------------------------------------------------------------ single commands */

#define LIVE_AFTER 2.0 /* seconds: a quick run stays as quiet as it always was */

static struct {
    pthread_mutex_t mu;
    pthread_cond_t cond;
    pthread_t thread;
    bool running, stop;
    double t0;
} live = { .mu = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER };

static _Atomic(const char *) live_phase;
static atomic_int live_permille = -1; /* from the library's progress callback; -1: unknown */

/* With live.mu held: a quarter second, or until told to stop. */
static void live_wait(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 250000000L;
    if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&live.cond, &live.mu, &ts);
}

static void *live_main(void *arg)
{
    bool shown = false;
    (void)arg;
    pthread_mutex_lock(&live.mu);
    while (!live.stop) {
        double t = dp_batch_now() - live.t0;
        const char *phase = atomic_load(&live_phase);
        int done = atomic_load(&live_permille);
        if (t >= LIVE_AFTER && phase != NULL && done >= 0) {
            fprintf(stderr, "\rdapple: %s %d%%... %.0f s\033[K", phase, done / 10, t);
            fflush(stderr);
            shown = true;
        } else if (t >= LIVE_AFTER && phase != NULL) {
            fprintf(stderr, "\rdapple: %s... %.0f s\033[K", phase, t);
            fflush(stderr);
            shown = true;
        }
        live_wait();
    }
    if (shown)
        fputs("\r\033[K", stderr);
    pthread_mutex_unlock(&live.mu);
    return NULL;
}

void dp_progress_live_begin(bool show)
{
    sigset_t mask; /* the thread never takes an interrupt: the handler clears the line */
    if (!show || live.running)
        return;
    live.t0 = dp_batch_now();
    live.stop = false;
    dp_interrupt_block(&mask);
    live.running = pthread_create(&live.thread, NULL, live_main, NULL) == 0;
    dp_interrupt_restore(&mask);
}

void dp_progress_live_phase(const char *phase)
{
    atomic_store(&live_phase, phase);
    atomic_store(&live_permille, -1);
}

int dp_progress_live_fraction(void *user, double fraction)
{
    (void)user;
    atomic_store(&live_permille, (int)(fraction * 1000));
    return 0; /* an interrupt ends the process through cli/interrupt.c, not through here */
}

void dp_progress_live_end(void)
{
    if (!live.running)
        return;
    pthread_mutex_lock(&live.mu);
    live.stop = true;
    pthread_cond_signal(&live.cond);
    pthread_mutex_unlock(&live.mu);
    pthread_join(live.thread, NULL);
    live.running = false;
    fflush(stderr);
}
