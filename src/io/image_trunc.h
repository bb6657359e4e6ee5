/* SPDX-License-Identifier: MIT
 * Is the whole image in the file? stb_image reads past the end of a file as zeros, so a
 * cut BMP, GIF, TGA or PSD would decode to black pixels without a word. These checks
 * compare what the header promises with what the file holds, reading the file as stb
 * will (its fields, its packets), before stb decodes it. */
#ifndef DP_IMAGE_TRUNC_H
#define DP_IMAGE_TRUNC_H

#include <stdint.h>

#include "dapple.h"
#include "io/byte_reader.h"

/** Reads the file of 'size' bytes from its first byte (read, ctx) as 'format' ("BMP",
 * "GIF", "TGA" or "PSD"; any other format passes) and refuses it with DAPPLE_E_FORMAT,
 * "NAME: truncated FORMAT: ...", when it ends before the pixels its header promises (the
 * first frame of a GIF). Damage other than a short file is left to the decoder. */
DAPPLE_USERESULT dapple_status dp_image_check_complete(const char *format, dp_read_fn read,
                                                       void *ctx, uint64_t size, const char *name,
                                                       dapple_error *err);

#endif
