/* SPDX-License-Identifier: MIT
 * Untrusted image input, round two (issue #14): every cut of a whole image file is refused
 * with a message that starts with its name, from a file and from memory alike, and never
 * hangs (the timeout); the only cuts accepted are those that keep every pixel (a BMP's
 * last-row padding, a GIF's trailer, a plain PGM's last newline). PGM stamps are read as
 * 16-bit PNG stamps are. The fixtures come from tests/data/make_images.py. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "io/image_load.h"

#define IMAGES "tests/data/images/"

typedef struct whole_file {
    const char *path;
    size_t keep; /* bytes at the end whose loss costs no pixel */
} whole_file;

static unsigned char *read_all(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp, "%s", path);
    fseek(fp, 0, SEEK_END);
    *n = (size_t)ftell(fp);
    rewind(fp);
    unsigned char *data = malloc(*n);
    cr_assert_eq(fread(data, 1, *n, fp), *n);
    fclose(fp);
    return data;
}

/* Both loaders refuse the first n bytes, from 'path' and from memory, naming the input.
 * Checked quietly: criterion reports every assertion, and there are thousands of cuts. */
static void assert_refused(const unsigned char *data, size_t n, const char *path, const char *from)
{
    dapple_error err = { 0 }, merr = { 0 };
    uint16_t *grey = NULL;
    uint8_t *rgba = NULL;
    int w, h;
    FILE *fp = fopen(path, "wb");
    if (fp == NULL || fwrite(data, 1, n, fp) != n || fclose(fp) != 0)
        cr_assert_fail("cannot write %s", path);
    dapple_status st = dp_image_load_grey16(path, 0, &grey, &w, &h, &err);
    dapple_status mst = dp_image_load_rgba8_mem(data, n, "cut", 0, &rgba, &w, &h, &merr);
    if (st == DAPPLE_OK || strncmp(err.message, path, strlen(path)) != 0)
        cr_assert_fail("%s cut to %zu bytes, from a file: status %d, '%s'", from, n, st,
                       err.message);
    if (mst == DAPPLE_OK || strncmp(merr.message, "cut: ", 5) != 0)
        cr_assert_fail("%s cut to %zu bytes, from memory: status %d, '%s'", from, n, mst,
                       merr.message);
}

static const whole_file files[] = {
    { IMAGES "bmp1.bmp", 3 },     { IMAGES "bmp8.bmp", 1 },
    { IMAGES "bmp24.bmp", 3 },    { IMAGES "bmp32_topdown.bmp", 0 },
    { IMAGES "tga_raw.tga", 0 },  { IMAGES "tga_indexed.tga", 0 },
    { IMAGES "tga_rle.tga", 0 },  { IMAGES "psd_raw.psd", 0 },
    { IMAGES "psd_rle.psd", 0 },  { IMAGES "psd16_raw.psd", 0 },
    { IMAGES "gif.gif", 1 },      { IMAGES "gif_ext.gif", 1 },
    { "tests/data/rgb.jpg", 0 },  { "tests/data/grey16.png", 0 },
    { "tests/data/rgba.tga", 0 }, { "tests/data/rgb.bmp", 0 },
    { IMAGES "pgm8.pgm", 0 },     { IMAGES "pgm16.pgm", 0 },
    { IMAGES "pgm10.pgm", 0 },    { IMAGES "pgm_plain.pgm", 1 },
};

/* The whole file loads; each of its cuts is refused. */
static void sweep(const whole_file *f, const char *tmp)
{
    size_t n;
    unsigned char *data = read_all(f->path, &n);
    dapple_error err = { 0 };
    uint16_t *grey = NULL;
    int w, h;
    cr_assert_eq(dp_image_load_grey16(f->path, 0, &grey, &w, &h, &err), DAPPLE_OK, "%s",
                 err.message);
    free(grey);
    for (size_t k = 1; k + f->keep < n; k++)
        assert_refused(data, k, tmp, f->path);
    free(data);
}

Test(image_input, every_cut_refused, .timeout = 120)
{
    char tmp[] = "/tmp/dapple-cut-XXXXXX";
    int fd = mkstemp(tmp);
    cr_assert(fd >= 0);
    close(fd);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        sweep(&files[i], tmp);
    unlink(tmp);
}

/* A 16-bit PGM stamp gets the 8-bit values a 16-bit PNG would: (v * 255 + 32895) >> 16. */
Test(image_input, pgm16_as_rgba)
{
    dapple_error err = { 0 };
    uint8_t *rgba = NULL;
    int w, h;
    cr_assert_eq(dp_image_load_rgba8(IMAGES "pgm16.pgm", 0, &rgba, &w, &h, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert(w == 7 && h == 5);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            unsigned v = (unsigned)((x * 4099 + y * 8191) & 65535), want = (v * 255 + 32895) >> 16;
            const uint8_t *p = rgba + 4 * (y * w + x);
            cr_assert(p[0] == want && p[1] == want && p[2] == want && p[3] == 255,
                      "(%d, %d): %u %u %u %u, want %u", x, y, p[0], p[1], p[2], p[3], want);
        }
    }
    free(rgba);
}

/* A FIFO with no writer: both loaders (fields, and stamps and backgrounds, which a preset
 * checks when it is read but the loader opens again when it is drawn) refuse it at once. */
Test(image_input, fifo_refused_without_waiting)
{
    /* A hang ends the test (SIGALRM: a crash); not .timeout, since two criterion timeouts
     * running at once (--jobs 2) leak 48 bytes inside libcriterion under LeakSanitizer. */
    alarm(10);
    char dir[] = "/tmp/dapple-fifo-XXXXXX", path[64];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/f.png", dir);
    cr_assert_eq(mkfifo(path, 0600), 0);
    dapple_error err = { 0 };
    uint16_t *grey = NULL;
    uint8_t *rgba = NULL;
    int w, h;
    char want[96];
    snprintf(want, sizeof want, "%s: not a regular file", path);
    cr_assert_eq(dp_image_load_grey16(path, 0, &grey, &w, &h, &err), DAPPLE_E_IO);
    cr_assert_str_eq(err.message, want);
    cr_assert_eq(dp_image_load_rgba8(path, 0, &rgba, &w, &h, &err), DAPPLE_E_IO);
    cr_assert_str_eq(err.message, want);
    unlink(path);
    rmdir(dir);
}

/* Appends a PNG chunk of n bytes of data (type included in the CRC) at p; returns its end. */
static unsigned char *put_chunk(unsigned char *p, const char *type, const void *data, size_t n)
{
    unsigned char be[4] = { (unsigned char)(n >> 24), (unsigned char)(n >> 16),
                            (unsigned char)(n >> 8), (unsigned char)n };
    memcpy(p, be, 4);
    memcpy(p + 4, type, 4);
    if (n > 0)
        memcpy(p + 8, data, n);
    uLong crc = crc32(0, p + 4, 4);
    if (n > 0) /* crc32 with a NULL buffer returns the initial value, not crc */
        crc = crc32(crc, data, (uInt)n);
    unsigned char c[4] = { (unsigned char)(crc >> 24), (unsigned char)(crc >> 16),
                           (unsigned char)(crc >> 8), (unsigned char)crc };
    memcpy(p + 8 + n, c, 4);
    return p + 12 + n;
}

/* Ancillary chunks are skipped, not refused: a real 3 MB tEXt chunk (over the 1 MiB that
 * libpng may allocate for one chunk) does not stop a 1x1 PNG from loading. */
Test(image_input, png_with_a_large_text_chunk_loads)
{
    size_t text = 3000000;
    unsigned char *png = malloc(text + 200), *p = png, *words = malloc(text);
    unsigned char ihdr[13] = { 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0 }, row[2] = { 0, 0x80 };
    unsigned char idat[64];
    uLongf idat_n = sizeof idat;
    cr_assert_eq(compress(idat, &idat_n, row, sizeof row), Z_OK);
    memset(words, 't', text);
    memcpy(words, "Comment", 8); /* keyword, its NUL, then the text */
    memcpy(p, "\x89PNG\r\n\x1a\n", 8);
    p = put_chunk(p + 8, "IHDR", ihdr, sizeof ihdr);
    p = put_chunk(p, "tEXt", words, text);
    p = put_chunk(p, "IDAT", idat, idat_n);
    p = put_chunk(p, "IEND", NULL, 0);
    dapple_error err = { 0 };
    uint16_t *grey = NULL;
    int w, h;
    cr_assert_eq(dp_image_load_grey16_mem(png, (size_t)(p - png), "text", 0, &grey, &w, &h, &err),
                 DAPPLE_OK, "%s", err.message);
    cr_assert(w == 1 && h == 1 && grey[0] == 0x80 * 257);
    free(grey);
    free(words);
    free(png);
}

/* A 16-bit PNG stamp is rounded to 8 bits by libpng (png_set_scale_16) exactly as the PGM
 * reader rounds: (v * 255 + 32895) >> 16, for every one of the 65536 values. */
Test(image_input, png16_rounds_like_pgm16)
{
    size_t raw_n = 256 * (1 + 512);
    unsigned char *raw = malloc(raw_n), *png = malloc(raw_n + 1024), *p = png;
    for (unsigned y = 0; y < 256; y++) {
        raw[y * 513] = 0; /* filter: none */
        for (unsigned x = 0; x < 256; x++) {
            raw[y * 513 + 1 + 2 * x] = (unsigned char)y; /* v = 256 y + x, big-endian */
            raw[y * 513 + 2 + 2 * x] = (unsigned char)x;
        }
    }
    unsigned char ihdr[13] = { 0, 0, 1, 0, 0, 0, 1, 0, 16, 0, 0, 0, 0 };
    uLongf idat_n = (uLongf)(raw_n + 1024 - 64);
    unsigned char *idat = malloc(idat_n);
    cr_assert_eq(compress(idat, &idat_n, raw, (uLong)raw_n), Z_OK);
    memcpy(p, "\x89PNG\r\n\x1a\n", 8);
    p = put_chunk(p + 8, "IHDR", ihdr, sizeof ihdr);
    p = put_chunk(p, "IDAT", idat, idat_n);
    p = put_chunk(p, "IEND", NULL, 0);
    dapple_error err = { 0 };
    uint8_t *rgba = NULL;
    int w, h, bad = 0;
    cr_assert_eq(dp_image_load_rgba8_mem(png, (size_t)(p - png), "all16", 0, &rgba, &w, &h, &err),
                 DAPPLE_OK, "%s", err.message);
    for (unsigned v = 0; v < 65536; v++)
        bad += rgba[4 * v] != (v * 255 + 32895) >> 16;
    cr_assert_eq(bad, 0, "%d of 65536 values rounded otherwise", bad);
    free(rgba);
    free(idat);
    free(png);
    free(raw);
}
