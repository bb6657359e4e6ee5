/* SPDX-License-Identifier: MIT
 * The query of POST /api/render (docs/preview.md, "The HTTP interface"): which output
 * (view=NAME, kind=KIND for the mask), at which size (size=preview, the default, capped at
 * --side; size=full, the preset's own size, as `render` draws it), which pass (quick=N,
 * the quick pass tiled N x N; none, the exact picture), at which priority (priority=low:
 * an exact pass sent beside a quick one) and for which edit (gen=N). */
#ifndef DP_PREVIEW_RENDER_QUERY_H
#define DP_PREVIEW_RENDER_QUERY_H

#include <microhttpd.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "preview/render_job.h" /* DP_QUICK_MAX_TILES */

typedef struct dp_render_query {
    int view;     /* a row of views.h */
    int mask;     /* the mask view: its dp_mask_kind */
    bool full;    /* size=full: no cap */
    int tiles;    /* quick=N: N (2 .. DP_QUICK_MAX_TILES); 1: the exact pass */
    int nice;     /* priority=low: DP_LOW_PRIORITY (render_job.h); else 0 */
    uint64_t gen; /* 0 when absent */
} dp_render_query;

/** Reads the query of c into *q; false with a one-line reason in msg[cap] (the answer is
 * 400) when a parameter is unknown in value or out of range. */
bool dp_render_query_parse(struct MHD_Connection *c, dp_render_query *q, char *msg, size_t cap);

#endif
