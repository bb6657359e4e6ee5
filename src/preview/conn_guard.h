/* SPDX-License-Identifier: MIT
 * Connections that never finish their headers. libmicrohttpd's connection timeout counts
 * from the last byte, so a client that trickles a header byte every few seconds keeps its
 * connection, and its thread, for ever; 300 of them filled every connection slot, and no
 * other request got even the "busy" 503. The guard keeps the connections that are still
 * waiting for their headers few and short: a new connection first cuts those waiting for
 * longer than the header time, then the oldest while too many wait. A connection is cut
 * with shutdown(), which wakes its thread with end-of-file; libmicrohttpd then closes it
 * as a client that went away (it reports the close before it closes the socket). */
#ifndef DP_PREVIEW_CONN_GUARD_H
#define DP_PREVIEW_CONN_GUARD_H

#include <pthread.h>
#include <stdbool.h>

#define DP_GUARD_SLOTS 256 /* the server's connection limit */

typedef struct dp_conn_guard {
    pthread_mutex_t lock;
    int max_waiting;       /* connections that may wait for their headers at once */
    double header_seconds; /* time a connection has for its headers */

    struct dp_guard_conn {
        int fd; /* -1: free */
        bool waiting;
        double since;
    } c[DP_GUARD_SLOTS];
} dp_conn_guard;

void dp_guard_init(dp_conn_guard *g, int max_waiting, double header_seconds);
void dp_guard_fini(dp_conn_guard *g);

/** A connection opened on socket fd: cuts the stale ones, then returns its slot (1-based,
 * for libmicrohttpd's socket context), 0 when the table is full (not watched). */
int dp_guard_open(dp_conn_guard *g, int fd);

/** Its headers are in (waiting = false), or it waits for the next request's (true). */
void dp_guard_waiting(dp_conn_guard *g, int slot, bool waiting);

/** It closed: the slot is free again. */
void dp_guard_close(dp_conn_guard *g, int slot);

#endif
