/* SPDX-License-Identifier: MIT
 * A contact sheet: images as thumbnails with their names under them, on a dark sheet,
 * written as a PNG (the pack's face). Thumbnails can be made by worker threads right after
 * each image is written, so drawing the sheet costs one thread only the drawing and one
 * small PNG. */
#ifndef DP_RENDER_CONTACT_SHEET_H
#define DP_RENDER_CONTACT_SHEET_H

#include <stdbool.h>

#include "dapple.h"

#define DP_SHEET_MAX 240 /* thumbnails on one sheet: 40 rows of 6 */

/* An image shrunk (or enlarged) to fit a 192-pixel square; owns its pixels. */
typedef struct dp_thumb {
    void *surface; /* cairo_surface_t *, kept opaque here; NULL: the file was unreadable */
    bool see_through;
} dp_thumb;

/** Reads the image at 'path' into a thumbnail. Safe to call from worker threads. When the
 * file cannot be read, t->surface is NULL and the sheet shows a crossed-out cell. */
void dp_thumb_load(dp_thumb *t, const char *path);

void dp_thumb_fini(dp_thumb *t);

/* One cell: the file it shows (a plain name inside the sheet's folder), whether it is a
 * mask (a badge says so, and "-mask" leaves the label) and, when already made, its
 * thumbnail (borrowed). */
typedef struct dp_sheet_item {
    const char *file;
    bool mask;
    const dp_thumb *thumb; /* NULL: loaded from the folder when drawing */
} dp_sheet_item;

/** Draws the items (their files inside dir) into 'path' through an atomic file. 'total' is
 * shown in the header when more images wanted a cell than fit. With no items nothing is
 * written. */
DAPPLE_USERESULT dapple_status dp_contact_sheet_write(const dp_sheet_item *items, int n, int total,
                                                      const char *dir, const char *path,
                                                      dapple_error *err);

#endif
