/* SPDX-License-Identifier: MIT
 * The strict pre-scan of a preset's raw text, run before inih sees it. Debian's inih (r55,
 * INI_MAX_LINE 200, multiline on) silently truncates long lines, cuts section names at 50
 * bytes, glues indented lines onto the previous value and merges duplicate sections; the
 * scan refuses each of these, and anything that is not text, with "FILE:LINE: message".
 * It also lists the sections, which inih does not report for sections without keys. */
#ifndef DP_SCAN_H
#define DP_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "dapple.h"
#include "render/texture.h"

#define DP_PRESET_MAX_LINE  199 /* bytes before the line break: inih holds 200 with the NUL */
#define DP_PRESET_MAX_KEY   48  /* inih keeps 49 */
#define DP_PRESET_MAX_BYTES (1024 * 1024)

typedef struct dp_scan_section {
    char name[DP_NAME_MAX]; /* the layer name; "" for [texture] */
    int line;
    int layer; /* index among the layers, -1 for [texture] */
} dp_scan_section;

typedef struct dp_scan {
    dp_scan_section sections[DP_MAX_LAYERS + 1];
    int n_sections;
    int n_layers;
    int texture; /* index of [texture] in sections, -1 if none */
} dp_scan;

/** Checks text[0 .. len) line by line and fills *out. 'file' is only used in messages.
 * Fails with DAPPLE_E_FORMAT (or DAPPLE_E_LIMIT for size) on the first problem. Whether
 * the sections needed are there is left to the caller (after the keys, whose errors are
 * more precise). */
DAPPLE_USERESULT dapple_status dp_scan_text(const char *text, size_t len, const char *file,
                                            dp_scan *out, dapple_error *err);

/** The next line of text[0 .. len) from *pos: *s and *n get it without its line break
 * ("\n" or "\r\n") and, on line 1, without a UTF-8 byte order mark. False at the end.
 * The scan and the reader that feeds inih both walk the text with this. */
bool dp_scan_next_line(const char *text, size_t len, size_t *pos, int line_no, const char **s,
                       size_t *n);

/** True for 1 to 63 bytes of A-Z a-z 0-9 _ -, and not "texture". */
bool dp_layer_name_ok(const char *name);

#endif
