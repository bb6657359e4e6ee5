/* SPDX-License-Identifier: MIT
 * Untrusted image input. PNG goes through libpng (user limits, checksums checked, only the
 * pixels and tRNS read, error handler confined to one function); grey PGM (P2, P5) through
 * our own reader; JPEG, BMP, TGA, PSD, GIF through stb_image after a stbi_info() size check
 * and a check that the file holds every pixel its header promises. Dimensions are checked
 * against max_pixels before any decode; a file that is not a regular file is refused
 * without waiting on it. */
#ifndef DP_IMAGE_LOAD_H
#define DP_IMAGE_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "dapple.h"

/** Default pixel limit for decoded images (64 Mpixel); settable per call. */
#define DP_DEFAULT_MAX_PIXELS DAPPLE_DEFAULT_MAX_PIXELS

/** Loads any supported image as grey 0..65535 (luminance of colour, alpha ignored; 8-bit
 * scaled by 257, 16-bit PNG kept at full precision). *pixels is malloc'ed: caller frees.
 * Errors name the path: "PATH: not a PNG, JPEG, PGM, ... image (...)", "PATH: 40000x40000
 * pixels exceeds the limit of 67108864 pixels", "PATH: truncated PNG: ...", "PATH: corrupt
 * JPEG: ...". */
DAPPLE_USERESULT dapple_status dp_image_load_grey16(const char *path, uint64_t max_pixels,
                                                    uint16_t **pixels, int *width, int *height,
                                                    dapple_error *err);

/** Loads any supported image as straight-alpha RGBA8 (for stamps and backgrounds).
 * *rgba is malloc'ed (width * height * 4 bytes): caller frees. Same checks as above. */
DAPPLE_USERESULT dapple_status dp_image_load_rgba8(const char *path, uint64_t max_pixels,
                                                   uint8_t **rgba, int *width, int *height,
                                                   dapple_error *err);

/** The two loaders above, reading a buffer already in memory instead of a file (the fuzz
 * harness, embedded images). 'name' stands for the path in messages; 'data' is borrowed. */
DAPPLE_USERESULT dapple_status dp_image_load_grey16_mem(const void *data, size_t size,
                                                        const char *name, uint64_t max_pixels,
                                                        uint16_t **pixels, int *width, int *height,
                                                        dapple_error *err);
DAPPLE_USERESULT dapple_status dp_image_load_rgba8_mem(const void *data, size_t size,
                                                       const char *name, uint64_t max_pixels,
                                                       uint8_t **rgba, int *width, int *height,
                                                       dapple_error *err);

/** Builds a field from opts and the images it names by path: the field image (used when
 * opts->kind is DAPPLE_FIELD_IMAGE; opts->image is filled internally) and n_exclude
 * exclusion images (opts->exclude is filled internally). Each is held to max_pixels;
 * errors name the file. */
DAPPLE_USERESULT dapple_status dp_field_load(dapple_field **out, const dapple_field_opts *opts,
                                             const char *image_path,
                                             const char *const *exclude_paths, int n_exclude,
                                             uint64_t max_pixels, dapple_error *err);

/** The sizes of the images dp_field_load_sized read: [0] the field image (0 x 0 when the
 * field has none), [1 + i] exclusion image i. For a caller that checks them against the
 * domain (an image of another aspect ratio is stretched). */
typedef struct dp_field_images {
    int size[1 + DAPPLE_MAX_EXCLUDE][2];
} dp_field_images;

/** dp_field_load, also filling *sizes (when not NULL; on success). */
DAPPLE_USERESULT dapple_status dp_field_load_sized(dapple_field **out,
                                                   const dapple_field_opts *opts,
                                                   const char *image_path,
                                                   const char *const *exclude_paths, int n_exclude,
                                                   uint64_t max_pixels, dp_field_images *sizes,
                                                   dapple_error *err);

#endif
