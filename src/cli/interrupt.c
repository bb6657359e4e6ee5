/* SPDX-License-Identifier: MIT
 * The interrupt handler (see interrupt.h). It runs at any point, so it calls only
 * async-signal-safe functions: dp_temps_cleanup, write and _exit; the pack's counts are
 * atomics and the line is formatted by hand. A second signal arriving on another thread
 * while the first is handled waits for the first to end the process. */
#define _XOPEN_SOURCE 700 /* sigaction */
#include "cli/interrupt.h"

#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "io/temps.h"

static const int SIGNALS[] = { SIGINT, SIGTERM, SIGHUP };

static atomic_flag handling = ATOMIC_FLAG_INIT;
static atomic_int pack_done, pack_total = -1;
static atomic_bool pack_seeds, pack_tiles;
static bool tty; /* stderr is a terminal: a progress line may need clearing */

/* Appends s to buf[*n .. cap). */
static void put(char *buf, size_t *n, size_t cap, const char *s)
{
    while (*s != '\0' && *n + 1 < cap)
        buf[(*n)++] = *s++;
}

static void put_int(char *buf, size_t *n, size_t cap, int v)
{
    char digits[16];
    int k = (int)sizeof digits - 1;
    digits[k] = '\0';
    do
        digits[--k] = (char)('0' + v % 10);
    while ((v /= 10) > 0 && k > 0);
    put(buf, n, cap, digits + k);
}

static void on_signal(int sig)
{
    char line[160];
    size_t n = 0;
    if (atomic_flag_test_and_set(&handling))
        for (;;)
            pause();
    dp_temps_cleanup();
    int total = atomic_load(&pack_total);
    put(line, &n, sizeof line, tty ? "\r\033[Kdapple: interrupted" : "dapple: interrupted");
    if (total >= 0) {
        put(line, &n, sizeof line, ": ");
        put_int(line, &n, sizeof line, atomic_load(&pack_done));
        put(line, &n, sizeof line, " of ");
        put_int(line, &n, sizeof line, total);
        put(line, &n, sizeof line,
            atomic_load(&pack_tiles)   ? " tiles"
            : atomic_load(&pack_seeds) ? " renders"
                                       : " presets");
        put(line, &n, sizeof line, " done; rerun to finish");
    }
    put(line, &n, sizeof line, "\n");
    ssize_t ignored = write(STDERR_FILENO, line, n);
    (void)ignored;
    _exit(128 + sig);
}

void dp_interrupt_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++)
        sigaddset(&sa.sa_mask, SIGNALS[i]);
    tty = isatty(STDERR_FILENO);
    for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) {
        struct sigaction old;
        /* a signal ignored on entry (nohup, a background job of a script) stays ignored */
        if (sigaction(SIGNALS[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(SIGNALS[i], &sa, NULL);
    }
}

void dp_interrupt_pack_begin(int done, int total, bool seeds)
{
    atomic_store(&pack_done, done);
    atomic_store(&pack_seeds, seeds);
    atomic_store(&pack_total, total);
}

void dp_interrupt_tiles_begin(int done, int total)
{
    atomic_store(&pack_tiles, true);
    dp_interrupt_pack_begin(done, total, false);
}

void dp_interrupt_pack_done(void)
{
    atomic_fetch_add(&pack_done, 1);
}

void dp_interrupt_block(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++)
        sigaddset(&set, SIGNALS[i]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

void dp_interrupt_restore(const sigset_t *old)
{
    pthread_sigmask(SIG_SETMASK, old, NULL);
}
