/* SPDX-License-Identifier: MIT
 * Pack progress (see progress.h). The ETA divides the time so far by the share of the
 * estimated work done, not of the jobs done: packs start with their biggest presets, so a
 * count-based ETA would be far too pessimistic at first. */
#include "cli/progress.h"

#include <stdio.h>
#include <string.h>

#include "cli/common.h"

#define BAR_WIDTH 24

void dp_progress_init(dp_progress *p, int total, double cost_total, bool tty)
{
    memset(p, 0, sizeof *p);
    p->tty = tty;
    p->total = total;
    p->cost_total = cost_total > 0 ? cost_total : 1;
    p->t0 = dp_cli_now();
}

/* Seconds left, or < 0 while too little is done to say. */
static double eta(const dp_progress *p)
{
    double elapsed = dp_cli_now() - p->t0;
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
