/* SPDX-License-Identifier: MIT
 * Pack progress on stderr. On a terminal: one live bar redrawn in place
 * ("[########........] 3/12 rain-on-glass  ETA 4s"); otherwise one plain line per finished
 * job ("dapple: [3/12] rain-on-glass: 4 files, 1.23 s"), which suits logs and CI. Called
 * from one thread only (the pack's main thread).
 * A single command (points, field, mask, render) gets a live line instead, on a terminal
 * only and once it has run 2 s: "dapple: sampling... 5 s", redrawn by a thread of its own. */
#ifndef DP_CLI_PROGRESS_H
#define DP_CLI_PROGRESS_H

#include <stdbool.h>

#include "render/texture.h"

typedef struct dp_progress {
    bool tty;
    bool bar_shown; /* a bar is on the current line and must be cleared before a message */
    int total, done;
    double cost_total, cost_done; /* estimated work, for the ETA */
    double t0;
    char current[DP_NAME_MAX + 32];
} dp_progress;

/** Starts counting 'total' jobs of 'cost_total' estimated work; tty picks the style. */
void dp_progress_init(dp_progress *p, int total, double cost_total, bool tty);

/** A job started: the bar shows its label. */
void dp_progress_started(dp_progress *p, const char *label);

/** A job finished with 'files' outputs in 'seconds'. */
void dp_progress_finished(dp_progress *p, const char *label, int files, double seconds,
                          double cost);

/** A job failed: prints "dapple: MESSAGE" (above the bar on a terminal). */
void dp_progress_failed(dp_progress *p, const char *message, double cost);

/** Prints "dapple: MESSAGE" without counting anything (warnings). */
void dp_progress_note(dp_progress *p, const char *message);

/** Redraws the bar (ETA and clock) on a terminal; nothing otherwise. */
void dp_progress_tick(dp_progress *p);

/** Clears the bar, leaving the line for the summary. */
void dp_progress_end(dp_progress *p);

/** Starts the live line of a single command when 'show' (stderr is a terminal and no
 * --quiet); otherwise nothing happens, here or in the two functions below. */
void dp_progress_live_begin(bool show);

/** Names what the command is doing now: a string literal. Any thread; a plain store. */
void dp_progress_live_phase(const char *phase);

/** A dapple_progress_fn for the library: the line shows the phase's percentage. */
int dp_progress_live_fraction(void *user, double fraction);

/** Stops the line's thread and clears the line: call it before printing anything else. */
void dp_progress_live_end(void);

#endif
