/* SPDX-License-Identifier: MIT
 * The strict verdict on a preset's whole text, given before any key is applied: its size,
 * then every line as the one reader (ini_lines.h) sees it. The first problem is reported as
 * "FILE:LINE: message", its line also given as data, in the reader's order (not text, then
 * too long, then the first other mistake), so a key's error never hides a broken file. */
#ifndef DP_SCAN_H
#define DP_SCAN_H

#include <stddef.h>

#include "dapple.h"
#include "preset/ini_lines.h"

/** Checks text[0 .. len) and fills *out with its sections. 'file' is only used in messages.
 * Fails with DAPPLE_E_FORMAT (or DAPPLE_E_LIMIT for size) on the first problem, *line
 * getting the line the message names (0 for the size). Whether the sections needed are
 * there is left to the caller (after the keys, whose errors are more precise). */
DAPPLE_USERESULT dapple_status dp_scan_text(const char *text, size_t len, const char *file,
                                            dp_ini_sections *out, int *line, dapple_error *err);

#endif
