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
Test(image_input, fifo_refused_without_waiting, .timeout = 10)
{
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
