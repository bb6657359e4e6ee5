/* SPDX-License-Identifier: MIT
 * The outputs the preview can show, one row each (views.c): a name the page and the HTTP
 * interface use, a label for the page, and the file of dp_output_paths (render/outputs.h)
 * a render job writes for it. An output that render/outputs.c learns to write becomes a
 * view of the page with one row here. */
#ifndef DP_PREVIEW_VIEWS_H
#define DP_PREVIEW_VIEWS_H

#include <stdbool.h>

#include "render/outputs.h"

#define DP_VIEW_TEXTURE 0 /* the first row: the colour texture */

/** The number of views. */
int dp_view_count(void);

/** The view called 'name', or -1. */
int dp_view_find(const char *name);

/** The name of view i ("texture", "height", ...) and its label on the page ("colour"). */
const char *dp_view_name(int i);
const char *dp_view_label(int i);

/** Whether view i is the mask, which takes a kind (dp_mask_kind) besides. */
bool dp_view_is_mask(int i);

/** Points the path of view i in *paths at 'path' (the others are left alone). */
void dp_view_set_path(int i, dp_output_paths *paths, const char *path);

#endif
