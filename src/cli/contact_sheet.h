/* SPDX-License-Identifier: MIT
 * The pack's face: every texture of a pack (or, for a preset without a texture, its mask)
 * as a thumbnail with its name under it, on a dark sheet, written as a PNG. Thumbnails can
 * be made by the pack's workers right after each render, so the sheet itself costs the
 * main thread only the drawing and one small PNG. */
#ifndef DP_CLI_CONTACT_SHEET_H
#define DP_CLI_CONTACT_SHEET_H

#include <stdbool.h>

#include "cli/manifest.h"
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

/* One cell: the output it shows and, when already made, its thumbnail (borrowed). */
typedef struct dp_sheet_item {
    const dp_manifest_entry *entry;
    const dp_thumb *thumb; /* NULL: loaded from out_dir when drawing */
} dp_sheet_item;

/** Whether a pack output belongs on the sheet: a texture, or a mask whose preset (same
 * base name) makes no texture. m must be sorted. */
bool dp_contact_sheet_wants(const dp_manifest *m, const dp_manifest_entry *e);

/** Fills items (up to DP_SHEET_MAX, thumb NULL) from a sorted manifest, in file order;
 * returns the count and sets *total to how many outputs wanted a cell. */
int dp_contact_sheet_pick(const dp_manifest *m, dp_sheet_item *items, int *total);

/** Draws the items (their files inside out_dir) into 'path' through an atomic file.
 * 'total' is shown in the header when more outputs wanted a cell than fit. With no items
 * nothing is written. */
DAPPLE_USERESULT dapple_status dp_contact_sheet_write(const dp_sheet_item *items, int n, int total,
                                                      const char *out_dir, const char *path,
                                                      dapple_error *err);

#endif
