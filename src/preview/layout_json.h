/* SPDX-License-Identifier: MIT
 * GET /api/layout: how the page lays out what /api/spec describes. The group of every key
 * (preset/key_groups.h) and the views the preview can render (views.h), so the page names
 * neither a key nor an output. */
#ifndef DP_PREVIEW_LAYOUT_JSON_H
#define DP_PREVIEW_LAYOUT_JSON_H

#include <stddef.h>

/** The layout as JSON text (malloc'ed, *len bytes), or NULL when out of memory:
 * {"groups": [NAME...], "keys": {"texture": {KEY: GROUP...}, "layer": {...}},
 *  "views": [{"name": N, "label": L, "kinds": [KIND...] (the mask only)}...]}. */
char *dp_layout_json(size_t *len);

#endif
