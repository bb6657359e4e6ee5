/* SPDX-License-Identifier: MIT
 * Strings for the JSON the preview sends, which jansson builds. jansson takes only valid
 * UTF-8, and a preset's bytes need not be: a byte that does not start a well-formed
 * sequence (a Latin-1 value, say) goes out as U+FFFD, the replacement character, so the
 * page still gets the rest of the answer. Building goes on after a failed allocation and is
 * told by one flag at the end, as cairo's status is. */
#ifndef DP_PREVIEW_JSON_TEXT_H
#define DP_PREVIEW_JSON_TEXT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/** A new JSON string of s[0 .. n) (NUL bytes kept), invalid UTF-8 replaced by U+FFFD;
 * NULL when out of memory. */
json_t *dp_json_text(const char *s, size_t n);

/** The same for a NUL-terminated string; NULL gives JSON null. */
json_t *dp_json_str(const char *s);

/** o[key] = v, taking v; a NULL v (out of memory) or a failed set clears *ok. */
void dp_json_set(json_t *o, const char *key, json_t *v, bool *ok);

/** Appends v to the array a, taking v; a NULL v or a failed append clears *ok. */
void dp_json_push(json_t *a, json_t *v, bool *ok);

#endif
