/* SPDX-License-Identifier: MIT
 * One preview render: a texture spec drawn by the code `render` and `pack` use
 * (dp_render_outputs, cli/outputs.c) into a PNG in memory. Each render runs in a child
 * process, so a newer edit can stop a render that is still running (the child is killed),
 * and a render that crashes takes only its child down, never the server. */
#ifndef DP_PREVIEW_RENDER_JOB_H
#define DP_PREVIEW_RENDER_JOB_H

#include <stddef.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

typedef enum dp_preview_view {
    DP_VIEW_TEXTURE,
    DP_VIEW_HEIGHT,
    DP_VIEW_NORMAL,
    DP_VIEW_MASK, /* of t->mask's kind */
} dp_preview_view;

/* How many renders may run at once; a request beyond it is answered "busy" (503). */
#define DP_PREVIEW_MAX_JOBS 4

/** Makes the scratch folder the children write into (a registered temp folder under
 * TMPDIR). Call once before any render. */
DAPPLE_USERESULT dapple_status dp_jobs_init(dapple_error *err);

/** Kills every running child, waits for them and removes the scratch folder. */
void dp_jobs_shutdown(void);

typedef enum dp_job_result {
    DP_JOB_OK,
    DP_JOB_FAILED,
    DP_JOB_CANCELLED,
    DP_JOB_BUSY
} dp_job_result;

/** Renders 'view' of t in a child process: *png (malloc'ed) and *len on DP_JOB_OK; err holds
 * the render's message on DP_JOB_FAILED. A render of generation 'gen' kills the running
 * renders of older generations (they end DP_JOB_CANCELLED) and is refused as cancelled
 * itself when a newer one has begun. *seconds gets the wall time, *cpu_seconds (unless
 * NULL) the child's processor time, all its threads. */
dp_job_result dp_job_render(const dp_texture_spec *t, dp_preview_view view, uint64_t gen,
                            unsigned char **png, size_t *len, double *seconds, double *cpu_seconds,
                            dapple_error *err);

#endif
