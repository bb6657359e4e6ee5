/* SPDX-License-Identifier: MIT
 * A growing text buffer for the JSON the preview server sends (it sends JSON, it reads none). */
#ifndef DP_PREVIEW_JSON_OUT_H
#define DP_PREVIEW_JSON_OUT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct dp_json {
    char *s;
    size_t len, cap;
    bool failed; /* out of memory: the text is incomplete */
} dp_json;

/** Appends printf-formatted text. */
void dp_json_printf(dp_json *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** Appends n bytes of s as a JSON string, quotes included. */
void dp_json_string(dp_json *j, const char *s, size_t n);

/** Appends a NUL-terminated string as a JSON string (NULL: null). */
void dp_json_str(dp_json *j, const char *s);

void dp_json_free(dp_json *j);

#endif
