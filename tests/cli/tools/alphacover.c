/* SPDX-License-Identifier: MIT
 * Test helper: "alphacover IMAGE.png" prints the share of pixels whose alpha is at least
 * half (0.000 .. 1.000) and the mean alpha, e.g. "0.973 0.968". Exits 2 on an unreadable
 * PNG. Used to measure how much of a texture rendered on a transparent ground is inked. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    png_image img;
    if (argc != 2)
        return fprintf(stderr, "usage: alphacover IMAGE.png\n"), 2;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&img, argv[1]))
        return fprintf(stderr, "alphacover: %s: %s\n", argv[1], img.message), 2;
    img.format = PNG_FORMAT_RGBA;
    unsigned char *buf = malloc(PNG_IMAGE_SIZE(img));
    if (buf == NULL || !png_image_finish_read(&img, NULL, buf, 0, NULL))
        return fprintf(stderr, "alphacover: %s: cannot decode\n", argv[1]), free(buf), 2;
    size_t n = (size_t)img.width * img.height, covered = 0;
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        covered += buf[4 * i + 3] >= 128;
        sum += buf[4 * i + 3] / 255.0;
    }
    printf("%.3f %.3f\n", (double)covered / (double)n, sum / (double)n);
    free(buf);
    return 0;
}
