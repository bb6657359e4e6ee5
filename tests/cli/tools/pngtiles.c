/* SPDX-License-Identifier: MIT
 * Test helper: "pngtiles WHOLE TILE X Y" exits 0 when grey PNG TILE is, pixel for pixel,
 * the window of WHOLE at (X, Y) of TILE's size (both 8-bit or both 16-bit); else it says
 * how many pixels differ (or why it cannot compare) and exits 1. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *load(const char *path, png_image *img)
{
    memset(img, 0, sizeof *img);
    img->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(img, path))
        return NULL;
    img->format = img->format & PNG_FORMAT_FLAG_LINEAR ? PNG_FORMAT_LINEAR_Y : PNG_FORMAT_GRAY;
    unsigned char *buf = malloc(PNG_IMAGE_SIZE(*img));
    if (buf == NULL || !png_image_finish_read(img, NULL, buf, 0, NULL)) {
        free(buf);
        return NULL;
    }
    return buf;
}

int main(int argc, char **argv)
{
    png_image a, b;
    if (argc != 5)
        return fprintf(stderr, "usage: pngtiles WHOLE TILE X Y\n"), 2;
    unsigned char *whole = load(argv[1], &a), *tile = load(argv[2], &b);
    long x0 = atol(argv[3]), y0 = atol(argv[4]);
    if (whole == NULL || tile == NULL || a.format != b.format || x0 < 0 || y0 < 0 ||
        x0 + (long)b.width > (long)a.width || y0 + (long)b.height > (long)a.height)
        return fprintf(stderr, "pngtiles: cannot compare %s and %s\n", argv[1], argv[2]), 1;
    size_t px = PNG_IMAGE_SAMPLE_COMPONENT_SIZE(a.format), bad = 0;
    for (png_uint_32 y = 0; y < b.height; y++)
        for (png_uint_32 x = 0; x < b.width; x++)
            bad += memcmp(whole + ((y + y0) * a.width + x + x0) * px, tile + (y * b.width + x) * px,
                          px) != 0;
    free(whole);
    free(tile);
    if (bad > 0)
        return fprintf(stderr, "pngtiles: %zu pixels of %s differ\n", bad, argv[2]), 1;
    return 0;
}
