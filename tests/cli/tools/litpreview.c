/* SPDX-License-Identifier: MIT
 * Looking at water maps as a shader would: "litpreview lit NORMAL.png OUT.png [X Y W H [Z]]"
 * lights an OpenGL normal map with a light from the top left (a grey albedo, diffuse plus a
 * sharp specular, so flat glass is a uniform grey and every tilted pixel shows);
 * "litpreview crop IN.png OUT.png X Y W H [Z]" cuts a window of any PNG. Z enlarges by
 * whole pixels (nearest), to judge 1:1 detail. Exit 2 on usage, 1 on a bad file. */
#include <math.h>
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
    img->format = PNG_FORMAT_RGBA;
    unsigned char *buf = malloc(PNG_IMAGE_SIZE(*img));
    if (buf == NULL || !png_image_finish_read(img, NULL, buf, 0, NULL)) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void light(unsigned char *px)
{
    double n[3], l[3] = { -0.5, 0.5, 0.7071 }, h[3] = { -0.5, 0.5, 1.7071 }, hl = 0;
    for (int i = 0; i < 3; i++)
        n[i] = (px[i] - 128) / 127.0, hl += h[i] * h[i];
    double len = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) + 1e-9, d = 0, s = 0;
    for (int i = 0; i < 3; i++)
        d += n[i] / len * l[i], s += n[i] / len * h[i] / sqrt(hl);
    double v = 0.45 * (0.35 + 0.65 * fmax(0, d)) + 0.6 * pow(fmax(0, s), 60);
    unsigned char g = (unsigned char)lround(255 * fmin(1, v));
    px[0] = px[1] = px[2] = g;
    px[3] = 255;
}

int main(int argc, char **argv)
{
    png_image in, out;
    if ((argc != 4 && argc != 8 && argc != 9) ||
        (strcmp(argv[1], "lit") && strcmp(argv[1], "crop")))
        return fprintf(stderr, "usage: litpreview lit|crop IN.png OUT.png [X Y W H [ZOOM]]\n"), 2;
    unsigned char *src = load(argv[2], &in);
    if (src == NULL)
        return fprintf(stderr, "litpreview: cannot read %s\n", argv[2]), 1;
    long x0 = argc > 4 ? atol(argv[4]) : 0, y0 = argc > 4 ? atol(argv[5]) : 0;
    long w = argc > 4 ? atol(argv[6]) : (long)in.width,
         h = argc > 4 ? atol(argv[7]) : (long)in.height;
    long z = argc > 8 ? atol(argv[8]) : 1;
    if (x0 < 0 || y0 < 0 || w < 1 || h < 1 || z < 1 || z > 16 || x0 + w > (long)in.width ||
        y0 + h > (long)in.height)
        return fprintf(stderr, "litpreview: window outside %s\n", argv[2]), 1;
    unsigned char *dst = malloc((size_t)(w * z) * (size_t)(h * z) * 4);
    for (long y = 0; y < h * z; y++)
        for (long x = 0; x < w * z; x++) {
            unsigned char *o = dst + ((size_t)y * (size_t)(w * z) + (size_t)x) * 4;
            memcpy(o, src + ((size_t)(y / z + y0) * in.width + (size_t)(x / z + x0)) * 4, 4);
            if (argv[1][0] == 'l')
                light(o);
        }
    memset(&out, 0, sizeof out);
    out.version = PNG_IMAGE_VERSION;
    out.width = (png_uint_32)(w * z);
    out.height = (png_uint_32)(h * z);
    out.format = PNG_FORMAT_RGBA;
    int ok = png_image_write_to_file(&out, argv[3], 0, dst, 0, NULL);
    free(src);
    free(dst);
    return ok ? 0 : (fprintf(stderr, "litpreview: cannot write %s\n", argv[3]), 1);
}
