/* SPDX-License-Identifier: MIT
 * Image output, always into a dp_atomic_file. PNG goes through libpng with zlib settings
 * picked per kind of image by measurement on 2048x2048 images (table in docs/formats.md,
 * issue #6): a colour texture is written 4x faster than by cairo's own writer, at the
 * same size. A write error aborts the temp file, so no half PNG remains.
 * Rows are produced one at a time from the caller's pixels: no full-size copy for PNG.
 * TGA/BMP/JPEG go through stb_image_write's *_to_func calls, which take all settings per
 * call (the JPEG quality included), so the library never writes stb's globals. */
#include "io/image_save.h"

#include <errno.h>
#include <limits.h>
#include <png.h>
#include <stb/stb_image_write.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#include "core/dp.h"
#include "io/atomic_file.h"

/* Set once by the command line before any worker starts; read-only afterwards. */
static int jpeg_quality = 90;

/* zlib level, strategy and PNG filters; docs/formats.md has the measurements. */
typedef struct deflate_opts {
    int level, strategy, filters;
} deflate_opts;

/* Textures and normal maps: smooth colour; PAETH wins and level 2 is as small as cairo's 6. */
static const deflate_opts colour_png = { 2, Z_DEFAULT_STRATEGY, PNG_FILTER_PAETH };
/* 8-bit masks: flat areas with antialiased edges, where run-length matches shine. */
static const deflate_opts mask8_png = { 3, Z_RLE, PNG_ALL_FILTERS };
/* 16-bit fields and height maps: smooth ramps; SUB leaves small, repetitive differences. */
static const deflate_opts mask16_png = { 3, Z_DEFAULT_STRATEGY, PNG_FILTER_SUB };

/* The caller's pixels and how to turn them into output rows. */
typedef struct raster {
    int width, height;
    int channels; /* of the output: 1 grey, 3 RGB, 4 RGBA */
    int depth;    /* 8 or 16 (grey only) */
    bool srgb;    /* colour texture: tag the PNG as sRGB; masks and maps are linear */
    const deflate_opts *deflate;
    const uint8_t *data;
    size_t stride;                                             /* bytes per input row */
    void (*row)(const struct raster *px, int y, uint8_t *dst); /* NULL: rows are as-is */
} raster;

/* ---------------------------------------------------------------- row producers */

static void row_grey8(const raster *px, int y, uint8_t *dst)
{
    const uint16_t *src = (const uint16_t *)(const void *)(px->data + (size_t)y * px->stride);
    for (int x = 0; x < px->width; x++)
        dst[x] = (uint8_t)((src[x] + 128u) / 257u); /* rounded v / 257: 65535 -> 255 */
}

static void row_grey16(const raster *px, int y, uint8_t *dst)
{
    const uint16_t *src = (const uint16_t *)(const void *)(px->data + (size_t)y * px->stride);
    for (int x = 0; x < px->width; x++) { /* PNG is big-endian whatever the host */
        dst[2 * x] = (uint8_t)(src[x] >> 8);
        dst[2 * x + 1] = (uint8_t)src[x];
    }
}

/* cairo ARGB32 is premultiplied, native-endian: straight alpha needs c * 255 / a, rounded
 * as cairo's own PNG writer does. Opaque and empty pixels, most of any texture, skip the
 * divisions. */
static void row_straight_rgba(const raster *px, int y, uint8_t *dst)
{
    const uint8_t *src = px->data + (size_t)y * px->stride;
    for (int x = 0; x < px->width; x++, dst += 4) {
        uint32_t p;
        memcpy(&p, src + 4 * (size_t)x, 4);
        uint32_t a = p >> 24, r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
        if (a != 0 && a != 255) {
            r = (r * 255 + a / 2) / a;
            g = (g * 255 + a / 2) / a;
            b = (b * 255 + a / 2) / a;
        }
        dst[0] = (uint8_t)r;
        dst[1] = (uint8_t)g;
        dst[2] = (uint8_t)b;
        dst[3] = (uint8_t)a;
    }
}

/* For JPEG, which has no alpha: the premultiplied colour, i.e. the texture over black,
 * which equals the straight colour wherever alpha is 255. */
static void row_premul_rgb(const raster *px, int y, uint8_t *dst)
{
    const uint8_t *src = px->data + (size_t)y * px->stride;
    for (int x = 0; x < px->width; x++, dst += 3) {
        uint32_t p;
        memcpy(&p, src + 4 * (size_t)x, 4);
        dst[0] = (uint8_t)(p >> 16);
        dst[1] = (uint8_t)(p >> 8);
        dst[2] = (uint8_t)p;
    }
}

static size_t out_row_bytes(const raster *px)
{
    return (size_t)px->width * (size_t)px->channels * (size_t)(px->depth / 8);
}

/* ---------------------------------------------------------------- PNG via libpng */

/* All state png_write_run changes is reached through this pointer (see image_load.c). */
typedef struct png_wjob {
    const raster *px;
    FILE *fp;
    const char *path;
    dapple_error *err;
    png_structp png;
    png_infop info;
    uint8_t *row;
    dapple_status status;
} png_wjob;

static void on_png_error(png_structp png, png_const_charp msg)
{
    png_wjob *job = png_get_error_ptr(png);
    if (job->status == DAPPLE_OK)
        job->status = dp_fail(job->err, DAPPLE_E_IO, "%s: cannot write PNG: %s", job->path, msg);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp msg)
{
    (void)png; /* libpng would print to stderr; nothing a writer warns about is fatal */
    (void)msg;
}

/* Our own write function, so a full disk is reported with its errno, not "Write Error". */
static void on_png_write(png_structp png, png_bytep data, size_t n)
{
    png_wjob *job = png_get_io_ptr(png);
    if (fwrite(data, 1, n, job->fp) == n)
        return;
    job->status = dp_fail(job->err, DAPPLE_E_IO, "%s: %s", job->path, strerror(errno));
    png_error(png, "write failed");
}

static void on_png_flush(png_structp png)
{
    (void)png; /* dp_atomic_commit flushes and syncs once at the end */
}

static void png_setup(png_wjob *job)
{
    const raster *px = job->px;
    static const int types[5] = { 0, PNG_COLOR_TYPE_GRAY, 0, PNG_COLOR_TYPE_RGB,
                                  PNG_COLOR_TYPE_RGBA };
    png_set_write_fn(job->png, job, on_png_write, on_png_flush);
    png_set_IHDR(job->png, job->info, (png_uint_32)px->width, (png_uint_32)px->height, px->depth,
                 types[px->channels], PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(job->png, px->deflate->level);
    png_set_compression_strategy(job->png, px->deflate->strategy);
    png_set_filter(job->png, PNG_FILTER_TYPE_BASE, px->deflate->filters);
    if (px->srgb)
        png_set_sRGB(job->png, job->info, PNG_sRGB_INTENT_PERCEPTUAL);
}

/* The one function that calls setjmp for writing. */
static dapple_status png_write_run(png_wjob *job)
{
    if (setjmp(png_jmpbuf(job->png)))
        return job->status != DAPPLE_OK ? job->status : DAPPLE_E_IO;
    png_setup(job);
    png_write_info(job->png, job->info);
    const raster *px = job->px;
    for (int y = 0; y < px->height; y++) {
        if (px->row != NULL) {
            px->row(px, y, job->row);
            png_write_row(job->png, job->row);
        } else {
            png_write_row(job->png, px->data + (size_t)y * px->stride);
        }
    }
    png_write_end(job->png, NULL);
    return DAPPLE_OK;
}

static dapple_status write_png(FILE *fp, const char *path, const raster *px, dapple_error *err)
{
    png_wjob job = { .px = px, .fp = fp, .path = path, .err = err };
    job.row = malloc(out_row_bytes(px));
    job.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &job, on_png_error, on_png_warning);
    job.info = job.png != NULL ? png_create_info_struct(job.png) : NULL;
    dapple_status st;
    if (job.row == NULL || job.info == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    else
        st = png_write_run(&job);
    png_destroy_write_struct(job.png != NULL ? &job.png : NULL, &job.info);
    free(job.row);
    return st;
}

/* ---------------------------------------------------------------- TGA, BMP, JPEG via stb */

typedef struct stb_sink {
    FILE *fp;
    int errno_value; /* first failed fwrite, 0 if none */
} stb_sink;

static void on_stb_write(void *context, void *data, int size)
{
    stb_sink *sink = context;
    if (sink->errno_value == 0 && size > 0 &&
        fwrite(data, 1, (size_t)size, sink->fp) != (size_t)size)
        sink->errno_value = errno != 0 ? errno : EIO;
}

/* stb wants the whole image in one tight buffer; PNG rows are made the same way. */
static uint8_t *tight_copy(const raster *px)
{
    size_t row = out_row_bytes(px);
    uint8_t *buf = dp_calloc_n((size_t)px->height, row);
    for (int y = 0; buf != NULL && y < px->height; y++) {
        if (px->row != NULL)
            px->row(px, y, buf + (size_t)y * row);
        else
            memcpy(buf + (size_t)y * row, px->data + (size_t)y * px->stride, row);
    }
    return buf;
}

static int stb_encode(dp_image_format format, stb_sink *sink, const raster *px, const uint8_t *buf)
{
    int w = px->width, h = px->height, c = px->channels;
    switch (format) {
    case DP_FORMAT_TGA:
        return stbi_write_tga_to_func(on_stb_write, sink, w, h, c, buf);
    case DP_FORMAT_BMP:
        return stbi_write_bmp_to_func(on_stb_write, sink, w, h, c, buf);
    case DP_FORMAT_JPEG:
        return stbi_write_jpg_to_func(on_stb_write, sink, w, h, c, buf, jpeg_quality);
    case DP_FORMAT_PNG:
        break;
    }
    return 0;
}

static dapple_status write_stb(dp_image_format format, FILE *fp, const char *path, const raster *px,
                               dapple_error *err)
{
    /* stb_image_write computes sizes in int */
    if ((uint64_t)px->width * (uint64_t)px->height * 4 > INT_MAX)
        return dp_fail(err, DAPPLE_E_LIMIT, "%s: %dx%d is too large for TGA/BMP/JPEG; use PNG",
                       path, px->width, px->height);
    uint8_t *buf = tight_copy(px);
    if (buf == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    stb_sink sink = { fp, 0 };
    int ok = stb_encode(format, &sink, px, buf);
    free(buf);
    if (sink.errno_value != 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(sink.errno_value));
    if (!ok)
        return dp_fail(err, DAPPLE_E_IO, "%s: the image encoder failed", path);
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- public entry points */

static dapple_status write_image(const char *path, const raster *px, dapple_error *err)
{
    if (px->data == NULL || px->width <= 0 || px->height <= 0)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: no pixels to write (%dx%d)",
                       path != NULL ? path : "(null)", px->width, px->height);
    dp_image_format format = dp_image_format_from_path(path);
    if (format != DP_FORMAT_PNG && px->depth == 16)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: 16-bit masks must be PNG", path);

    dp_atomic_file af;
    dapple_status st = dp_atomic_open(&af, path, err);
    if (st != DAPPLE_OK)
        return st;
    if (format == DP_FORMAT_PNG)
        st = write_png(af.fp, path, px, err);
    else
        st = write_stb(format, af.fp, path, px, err);
    if (st != DAPPLE_OK) {
        dp_atomic_abort(&af);
        return st;
    }
    return dp_atomic_commit(&af, err);
}

dp_image_format dp_image_format_from_path(const char *path)
{
    const char *dot = path != NULL ? strrchr(path, '.') : NULL;
    if (dot == NULL || strchr(dot, '/') != NULL)
        return DP_FORMAT_PNG;
    if (strcasecmp(dot, ".tga") == 0)
        return DP_FORMAT_TGA;
    if (strcasecmp(dot, ".bmp") == 0)
        return DP_FORMAT_BMP;
    if (strcasecmp(dot, ".jpg") == 0 || strcasecmp(dot, ".jpeg") == 0)
        return DP_FORMAT_JPEG;
    return DP_FORMAT_PNG;
}

void dp_image_set_jpeg_quality(int quality)
{
    jpeg_quality = DP_MAX(1, DP_MIN(100, quality));
}

dapple_status dp_image_write_grey(const char *path, const uint16_t *pixels, int width, int height,
                                  int depth, dapple_error *err)
{
    if (depth != 8 && depth != 16)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: bit depth must be 8 or 16, got %d", path, depth);
    raster px = { width,
                  height,
                  1,
                  depth,
                  false,
                  depth == 8 ? &mask8_png : &mask16_png,
                  (const uint8_t *)pixels,
                  (size_t)DP_MAX(width, 0) * 2,
                  depth == 8 ? row_grey8 : row_grey16 };
    return write_image(path, &px, err);
}

dapple_status dp_image_write_rgb8(const char *path, const uint8_t *rgb, int width, int height,
                                  dapple_error *err)
{
    raster px = {
        width, height, 3, 8, false, &colour_png, rgb, (size_t)DP_MAX(width, 0) * 3, NULL
    };
    return write_image(path, &px, err);
}

dapple_status dp_image_write_argb32(const char *path, const uint8_t *data, int width, int height,
                                    int stride, dapple_error *err)
{
    if (data == NULL || width <= 0 || height <= 0 || stride < 4 * width)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: bad image (%dx%d, stride %d)",
                       path != NULL ? path : "(null)", width, height, stride);
    /* Textures are RGBA even when opaque: pipelines import one layout, whatever the
       preset's background (issue #3's contract). JPEG has no alpha. */
    bool rgb = dp_image_format_from_path(path) == DP_FORMAT_JPEG;
    raster px = { width, height,         rgb ? 3 : 4,
                  8,     true,           &colour_png,
                  data,  (size_t)stride, rgb ? row_premul_rgb : row_straight_rgba };
    return write_image(path, &px, err);
}
