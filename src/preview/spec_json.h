/* SPDX-License-Identifier: MIT
 * What the page is built from: the parameter table (each key's type, range, default,
 * choices, help and the layer styles that read it) and the values the preset file holds,
 * as JSON. The page has no list of keys of its own, so a key added to params.c shows up in
 * it with no change here or in the page. */
#ifndef DP_PREVIEW_SPEC_JSON_H
#define DP_PREVIEW_SPEC_JSON_H

#include <jansson.h>
#include <stddef.h>

/** A new {"params": [...], "masks": [...], "sections": [...]} for the preset text (the
 * caller decrefs it); NULL when out of memory. */
json_t *dp_spec_json(const char *text, size_t len);

#endif
