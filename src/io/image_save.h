/* SPDX-License-Identifier: MIT
 * Image output, always through dp_atomic_file. PNG is written by libpng with a tuned zlib
 * level and filter (cairo's own PNG writer is slow and writes in place). The extension of
 * 'path' picks the format: .png (default), .tga, .bmp, .jpg/.jpeg (stb_image_write, 8-bit). */
#ifndef DP_IMAGE_SAVE_H
#define DP_IMAGE_SAVE_H

#include <stdint.h>

#include "dapple.h"

typedef enum dp_image_format {
    DP_FORMAT_PNG,
    DP_FORMAT_TGA,
    DP_FORMAT_BMP,
    DP_FORMAT_JPEG,
} dp_image_format;

/** The format implied by the extension (case-insensitive); unknown or missing = PNG. */
dp_image_format dp_image_format_from_path(const char *path);

/** Sets the JPEG quality (1..100, default 90). Call once from the main thread only:
 * stb_image_write keeps this in a global. */
void dp_image_set_jpeg_quality(int quality);

/** Writes a single-channel grey image (linear: no sRGB/gAMA chunk). depth is 8 or 16;
 * values are 0..65535 and are reduced to 8 bits with rounding when depth is 8. Non-PNG
 * formats accept depth 8 only. */
DAPPLE_USERESULT dapple_status dp_image_write_grey(const char *path, const uint16_t *pixels,
                                                   int width, int height, int depth,
                                                   dapple_error *err);

/** Writes RGB8 (3 bytes per pixel, tightly packed), e.g. a normal map. No sRGB chunk. */
DAPPLE_USERESULT dapple_status dp_image_write_rgb8(const char *path, const uint8_t *rgb, int width,
                                                   int height, dapple_error *err);

/** Writes cairo ARGB32 data (premultiplied, native-endian uint32 per pixel, 'stride' bytes
 * per row) as straight-alpha RGBA8 PNG with an sRGB chunk, also when every pixel is opaque
 * (one layout for every texture). TGA/BMP get RGBA; JPEG gets RGB, the image over black. */
DAPPLE_USERESULT dapple_status dp_image_write_argb32(const char *path, const uint8_t *data,
                                                     int width, int height, int stride,
                                                     dapple_error *err);

#endif
