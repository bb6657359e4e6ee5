/* SPDX-License-Identifier: MIT
 * Pre-checks for files handed to Debian's precompiled stb_image (2.27), refusing inputs that
 * reach its known memory-safety bugs before stb parses a byte. Each check mirrors how stb
 * reads the structure it guards, found by fuzzing stb compiled with sanitizers. */
#ifndef DP_STB_GUARD_H
#define DP_STB_GUARD_H

#include <stddef.h>

#include "dapple.h"
#include "io/byte_reader.h"

/** Walks a JPEG's marker segments from its first byte and refuses (DAPPLE_E_FORMAT) any
 * Huffman table stb 2.27 would overflow or a scan would use undefined ("NAME: corrupt JPEG:
 * ..."), and a file that ends inside a segment, or after its frame header but before its
 * end-of-image marker ("NAME: truncated JPEG: ...").
 * Other damage is left for stb to report. */
DAPPLE_USERESULT dapple_status dp_stb_guard_jpeg(dp_read_fn read, void *ctx, const char *name,
                                                 dapple_error *err);

/** Refuses (DAPPLE_E_FORMAT) a PSD with more than three channels: stb 2.27 then "removes
 * the white matte" of every pixel with 0 < alpha < 1 by a float-to-uchar conversion that is
 * undefined when a colour is darker than the matte allows (any hostile or non-premultiplied
 * file), and no check of ours can see the pixels before it decodes them ("NAME: PSD with N
 * channels (an alpha channel) is not read: ..."). Anything else is left for stb. */
DAPPLE_USERESULT dapple_status dp_stb_guard_psd(dp_read_fn read, void *ctx, const char *name,
                                                dapple_error *err);

#endif
