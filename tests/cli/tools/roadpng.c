/* SPDX-License-Identifier: MIT
 * roadpng FILE: writes the CLI tests' road, a 256x256 8-bit grey PNG that is white where
 * |x - 0.75 y - 64| < 16 (pixel centres) and black elsewhere. */
#include <math.h>
#include <png.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    static unsigned char px[256][256];
    if (argc != 2)
        return fprintf(stderr, "usage: roadpng FILE\n"), 2;
    for (int j = 0; j < 256; j++)
        for (int i = 0; i < 256; i++)
            px[j][i] = fabs(i + 0.5 - 0.75 * (j + 0.5) - 64) < 16 ? 255 : 0;
    png_image img = {
        .version = PNG_IMAGE_VERSION, .width = 256, .height = 256, .format = PNG_FORMAT_GRAY
    };
    return png_image_write_to_file(&img, argv[1], 0, px, 256, NULL) ? 0 : 1;
}
