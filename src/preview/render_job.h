/* SPDX-License-Identifier: MIT
 * One preview render: a texture spec drawn by the code `render` and `pack` use
 * (dp_render_outputs, render/outputs.c) into a PNG in memory. Each render runs in a child
 * process, so a newer edit can stop a render that is still running (the child is killed),
 * and a render that crashes takes only its child down, never the server. */
#ifndef DP_PREVIEW_RENDER_JOB_H
#define DP_PREVIEW_RENDER_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

/* How many renders may run at once; a request beyond it is answered "busy" (503). */
#define DP_PREVIEW_MAX_JOBS 4

/** Makes the scratch folder the jobs write into (a registered temp folder under TMPDIR).
 * 'program' is the dapple binary the jobs run (NULL: this program, /proc/self/exe). Call
 * once before any render. */
DAPPLE_USERESULT dapple_status dp_jobs_init(const char *program, dapple_error *err);

/** Kills every running child, waits for them and removes the scratch folder. */
void dp_jobs_shutdown(void);

/** The newest generation a render has asked for: a page loaded afresh counts on from it,
 * so its first render is not taken for an older edit of the page before. */
uint64_t dp_jobs_newest_gen(void);

/* The largest generation a request may name: JavaScript counts exactly up to 2^53 - 1. */
#define DP_PREVIEW_MAX_GEN 9007199254740991ull

typedef enum dp_job_result {
    DP_JOB_OK,
    DP_JOB_FAILED,
    DP_JOB_CANCELLED,
    DP_JOB_BUSY
} dp_job_result;

/* What a render job draws: a preset's text (the file with the page's changes) as the file
 * at 'preset' would give it, capped at size_cap pixels per side as pack --size-cap caps
 * (0: at its own size, as `render` draws it). */
typedef struct dp_job_spec {
    const char *preset; /* the file's path: for messages and relative paths */
    const char *text;
    size_t len;
    int size_cap;
    int threads;
    int view;      /* a row of views.h */
    int mask;      /* the mask view: the dp_mask_kind */
    int tiles;     /* > 1: the quick pass, a pane 1/tiles of each side (dp_job_quick_tiles) */
    int nice;      /* > 0: the job runs at this lower priority (an exact pass behind a quick one) */
    int client_fd; /* the asking client's socket (> 0): its hang-up stops the render */
    int limit_seconds; /* > 0: a render still running after this long is stopped */
} dp_job_spec;

/** Renders j in a new process (this program again, run as a job; see dp_job_main): *png
 * (malloc'ed) and *len on DP_JOB_OK; err holds the render's message on DP_JOB_FAILED. A
 * render of generation 'gen' kills the running renders of older generations (they end
 * DP_JOB_CANCELLED) and is refused as cancelled itself when a newer one has begun. A
 * client that hangs up cancels its render; one over j->limit_seconds fails, saying so.
 * *seconds gets the wall time, *cpu_seconds (unless NULL) the job's processor time, all
 * its threads. The job is a fresh program, not a fork of the server: a fork of a process
 * with threads inherits the locks they held (malloc's under sanitizers, for one). */
dp_job_result dp_job_render(const dp_job_spec *j, uint64_t gen, unsigned char **png, size_t *len,
                            double *seconds, double *cpu_seconds, dapple_error *err);

/* The environment variable that makes `dapple preview` a render job. */
#define DP_PREVIEW_JOB_ENV "DAPPLE_PREVIEW_JOB"

/** The quick pass's tiling after an exact render of w x h that took 'seconds' of processor
 * time: 1 when it took at most DP_QUICK_SECONDS (the exact pass is quick enough), else
 * n >= 2 such that a pane of 1/n of each side (1/n^2 of the points and pixels) takes half
 * that, at most DP_QUICK_MAX_TILES (what quick=N accepts); each pane side stays at least 64
 * pixels. The quick pass is that pane, tileable, at the
 * exact pass's scale, shown n x n times: shapes, colours and shading at their real size, the
 * arrangement and anything tied to the whole picture (an image field) not. */
int dp_job_quick_tiles(double seconds, int w, int h);

#define DP_QUICK_SECONDS   0.1
#define DP_QUICK_MAX_TILES 8

/* The nice value of an exact pass sent beside a quick one (priority=low). */
#define DP_LOW_PRIORITY 10

/** The job's side, in the new process: 'params' is the variable's
 * "VIEW MASK CAP THREADS TILES NICE";
 * standard input holds "PRESET\0OUT.png\0TEXT". Renders through dp_render_outputs, the
 * path `render` and `pack` use, into OUT.png; on failure writes the message to standard
 * error. Returns the exit code. */
int dp_job_main(const char *params);

#endif
