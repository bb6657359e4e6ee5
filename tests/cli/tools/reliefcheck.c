/* SPDX-License-Identifier: MIT
 * Test helper: "reliefcheck COLOUR.png HEIGHT.png NORMAL.png" compares a texture rendered
 * on a transparent ground with its height and normal maps and prints four numbers:
 *   raised  the share of the opaque ink (alpha >= 0.9) whose height is above 0;
 *   ground  how many bare pixels (alpha 0) have a height above 0;
 *   tilted  the share of the normal map's pixels that are not flat (128, 128, 255);
 *   seam    the mean height step across the wrap (last column to first, last row to first)
 *           over the mean step between neighbours inside: about 1 when the map tiles.
 * e.g. "raised 0.912 ground 0 tilted 0.431 seam 0.98". Exits 2 on an unreadable PNG. */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *load(const char *path, png_uint_32 format, png_image *img)
{
    memset(img, 0, sizeof *img);
    img->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(img, path))
        return fprintf(stderr, "reliefcheck: %s: %s\n", path, img->message), NULL;
    img->format = format;
    void *buf = malloc(PNG_IMAGE_SIZE(*img));
    if (buf == NULL || !png_image_finish_read(img, NULL, buf, 0, NULL)) {
        fprintf(stderr, "reliefcheck: %s: cannot decode\n", path);
        free(buf);
        return NULL;
    }
    return buf;
}

int main(int argc, char **argv)
{
    png_image ci, hi, ni;
    if (argc != 4)
        return fprintf(stderr, "usage: reliefcheck COLOUR.png HEIGHT.png NORMAL.png\n"), 2;
    unsigned char *c = load(argv[1], PNG_FORMAT_RGBA, &ci);
    png_uint_16 *h = load(argv[2], PNG_FORMAT_LINEAR_Y, &hi);
    unsigned char *nm = load(argv[3], PNG_FORMAT_RGB, &ni);
    if (c == NULL || h == NULL || nm == NULL || ci.width != hi.width || ci.height != hi.height ||
        ni.width != hi.width || ni.height != hi.height)
        return fprintf(stderr, "reliefcheck: the three images must load and match\n"), 2;
    size_t w = hi.width, ht = hi.height, n = w * ht, ink = 0, raised = 0, ground = 0, tilted = 0;
    for (size_t i = 0; i < n; i++) {
        int a = c[4 * i + 3];
        ink += a >= 230;
        raised += a >= 230 && h[i] > 0;
        ground += a == 0 && h[i] > 0;
        tilted += !(nm[3 * i] == 128 && nm[3 * i + 1] == 128 && nm[3 * i + 2] == 255);
    }
    double inside = 0, across = 0;
    for (size_t y = 0; y < ht; y++)
        for (size_t x = 0; x + 1 < w; x++)
            inside += fabs((double)h[y * w + x + 1] - h[y * w + x]);
    for (size_t x = 0; x < w; x++)
        for (size_t y = 0; y + 1 < ht; y++)
            inside += fabs((double)h[(y + 1) * w + x] - h[y * w + x]);
    for (size_t y = 0; y < ht; y++)
        across += fabs((double)h[y * w] - h[y * w + w - 1]);
    for (size_t x = 0; x < w; x++)
        across += fabs((double)h[x] - h[(ht - 1) * w + x]);
    inside /= (double)((w - 1) * ht + (ht - 1) * w);
    across /= (double)(w + ht);
    printf("raised %.3f ground %zu tilted %.3f seam %.2f\n",
           ink > 0 ? (double)raised / (double)ink : 0, ground, (double)tilted / (double)n,
           inside > 0 ? across / inside : 0);
    free(c), free(h), free(nm);
    return 0;
}
