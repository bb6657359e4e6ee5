/* SPDX-License-Identifier: MIT
 * Pre-checks for files handed to Debian's precompiled stb_image (2.27), refusing inputs that
 * reach its known memory-safety bugs before stb parses a byte. Each check mirrors how stb
 * reads the structure it guards, found by fuzzing stb compiled with sanitizers. */
#ifndef DP_STB_GUARD_H
#define DP_STB_GUARD_H

#include <stddef.h>

#include "dapple.h"

/** Reads up to n bytes into buf; returns how many (0 at the end). */
typedef size_t (*dp_read_fn)(void *ctx, void *buf, size_t n);

/** Walks a JPEG's marker segments from its first byte and refuses (DAPPLE_E_FORMAT, message
 * "NAME: corrupt JPEG: ...") any Huffman table stb 2.27 would overflow. Other damage is left
 * for stb to report. */
DAPPLE_USERESULT dapple_status dp_stb_guard_jpeg(dp_read_fn read, void *ctx, const char *name,
                                                 dapple_error *err);

#endif
