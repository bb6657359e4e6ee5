/* SPDX-License-Identifier: MIT
 * The preview's guard against connections stuck in their headers (conn_guard.h), on
 * socket pairs: a connection cut by the guard reads end-of-file at the client's end. */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "preview/conn_guard.h"

typedef struct pair {
    int server, client;
} pair;

static pair connect_pair(void)
{
    int fd[2];
    cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, fd), 0);
    fcntl(fd[1], F_SETFL, O_NONBLOCK);
    return (pair){ fd[0], fd[1] };
}

/* Whether the server side was shut down: the client reads end-of-file, not "no data". */
static bool cut(pair p)
{
    char c;
    return read(p.client, &c, 1) == 0;
}

static void done(pair p)
{
    close(p.server);
    close(p.client);
}

Test(conn_guard, the_oldest_waiting_connection_is_cut_past_the_limit)
{
    dp_conn_guard g;
    dp_guard_init(&g, 2, 60);
    pair p[4];
    int slot[4];
    for (int i = 0; i < 3; i++) {
        p[i] = connect_pair();
        slot[i] = dp_guard_open(&g, p[i].server);
        cr_assert_gt(slot[i], 0);
    }
    cr_assert(cut(p[0]), "the oldest of 3 waiting (limit 2) was not cut");
    cr_assert_not(cut(p[1]));
    cr_assert_not(cut(p[2]));
    dp_guard_close(&g, slot[0]);
    /* headers in: no longer waiting, so never cut for being old */
    dp_guard_waiting(&g, slot[1], false);
    p[3] = connect_pair();
    slot[3] = dp_guard_open(&g, p[3].server);
    cr_assert_not(cut(p[1]), "a connection past its headers was cut");
    cr_assert_not(cut(p[2]));
    cr_assert_not(cut(p[3]));
    for (int i = 0; i < 4; i++)
        done(p[i]);
    dp_guard_fini(&g);
}

Test(conn_guard, a_connection_over_its_header_time_is_cut_when_another_opens)
{
    dp_conn_guard g;
    dp_guard_init(&g, 32, 0.05);
    pair slow = connect_pair(), fast = connect_pair(), next = connect_pair();
    int s = dp_guard_open(&g, slow.server), f = dp_guard_open(&g, fast.server);
    dp_guard_waiting(&g, f, false);
    struct timespec t = { 0, 80 * 1000 * 1000 };
    nanosleep(&t, NULL);
    (void)dp_guard_open(&g, next.server);
    cr_assert(cut(slow), "a connection 80 ms in its headers (limit 50 ms) was not cut");
    cr_assert_not(cut(fast));
    cr_assert_not(cut(next));
    dp_guard_close(&g, s);
    done(slow), done(fast), done(next);
    dp_guard_fini(&g);
}
