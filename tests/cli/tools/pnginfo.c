/* SPDX-License-Identifier: MIT
 * Test helper: prints "WIDTH HEIGHT BITDEPTH COLOURTYPE SRGB" of a PNG, or with a pixel
 * "pnginfo FILE X Y" also the samples of that pixel; exits 1 if libpng cannot read it all. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const COLOUR[] = {
    [0] = "grey", [2] = "rgb", [3] = "palette", [4] = "grey+alpha", [6] = "rgba"
};

int main(int argc, char **argv)
{
    png_image img = { .version = PNG_IMAGE_VERSION };
    FILE *fp = argc > 1 ? fopen(argv[1], "rb") : NULL;
    if (fp == NULL)
        return 2;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "pnginfo: %s: unreadable\n", argv[1]);
        return 1;
    }
    png_init_io(png, fp);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info), ct = png_get_color_type(png, info);
    int channels = png_get_channels(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    png_bytep *rows = calloc(h, sizeof *rows);
    for (png_uint_32 y = 0; y < h; y++)
        rows[y] = malloc(rowbytes);
    png_read_image(png, rows);
    png_read_end(png, NULL);
    printf("%u %u %d %s %s", (unsigned)w, (unsigned)h, depth, ct <= 6 ? COLOUR[ct] : "?",
           png_get_valid(png, info, PNG_INFO_sRGB) ? "srgb" : "linear");
    if (argc == 4) {
        unsigned x = (unsigned)atoi(argv[2]), y = (unsigned)atoi(argv[3]);
        for (int c = 0; x < w && y < h && c < channels; c++) {
            png_bytep p = rows[y];
            unsigned v = depth == 16 ? (unsigned)(p[(x * channels + c) * 2] << 8 |
                                                  p[(x * channels + c) * 2 + 1])
                                     : p[x * channels + c];
            printf(" %u", v);
        }
    }
    printf("\n");
    (void)img;
    return 0;
}
