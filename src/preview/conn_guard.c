/* SPDX-License-Identifier: MIT
 * See conn_guard.h. Every change to the table is made under its lock, and a slot is freed
 * (by the close notification) before libmicrohttpd closes its socket, so a descriptor in
 * the table is always still the connection's own when it is shut down. */
#define _DEFAULT_SOURCE
#include "preview/conn_guard.h"

#include <sys/socket.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void dp_guard_init(dp_conn_guard *g, int max_waiting, double header_seconds)
{
    pthread_mutex_init(&g->lock, NULL);
    g->max_waiting = max_waiting;
    g->header_seconds = header_seconds;
    for (int i = 0; i < DP_GUARD_SLOTS; i++)
        g->c[i].fd = -1;
}

void dp_guard_fini(dp_conn_guard *g)
{
    pthread_mutex_destroy(&g->lock);
}

/* Cut: its thread wakes with end-of-file and libmicrohttpd closes it. It no longer counts
 * as waiting, so it is cut once. */
static void cut(struct dp_guard_conn *c)
{
    shutdown(c->fd, SHUT_RDWR);
    c->waiting = false;
}

/* Cuts the connections over their header time; returns how many still wait, and the
 * oldest of them in *oldest (-1: none). */
static int sweep(dp_conn_guard *g, double t, int *oldest)
{
    int n = 0;
    *oldest = -1;
    for (int i = 0; i < DP_GUARD_SLOTS; i++) {
        struct dp_guard_conn *c = &g->c[i];
        if (c->fd < 0 || !c->waiting)
            continue;
        if (t - c->since > g->header_seconds) {
            cut(c);
            continue;
        }
        n++;
        if (*oldest < 0 || c->since < g->c[*oldest].since)
            *oldest = i;
    }
    return n;
}

int dp_guard_open(dp_conn_guard *g, int fd)
{
    double t = now();
    int slot = 0, oldest;
    pthread_mutex_lock(&g->lock);
    while (sweep(g, t, &oldest) >= g->max_waiting && oldest >= 0)
        cut(&g->c[oldest]);
    for (int i = 0; i < DP_GUARD_SLOTS && slot == 0; i++)
        if (g->c[i].fd < 0) {
            g->c[i] = (struct dp_guard_conn){ .fd = fd, .waiting = true, .since = t };
            slot = i + 1;
        }
    pthread_mutex_unlock(&g->lock);
    return slot;
}

void dp_guard_waiting(dp_conn_guard *g, int slot, bool waiting)
{
    if (slot <= 0 || slot > DP_GUARD_SLOTS)
        return;
    pthread_mutex_lock(&g->lock);
    g->c[slot - 1].waiting = waiting && g->c[slot - 1].fd >= 0;
    g->c[slot - 1].since = now();
    pthread_mutex_unlock(&g->lock);
}

void dp_guard_close(dp_conn_guard *g, int slot)
{
    if (slot <= 0 || slot > DP_GUARD_SLOTS)
        return;
    pthread_mutex_lock(&g->lock);
    g->c[slot - 1].fd = -1;
    g->c[slot - 1].waiting = false;
    pthread_mutex_unlock(&g->lock);
}
