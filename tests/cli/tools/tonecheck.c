/* SPDX-License-Identifier: MIT
 * Test helper: does a rendering reproduce the tone of the picture it was made from?
 * "tonecheck [-b BLOCK] [-t TOL] SOURCE RENDER" averages both PNGs over blocks in linear
 * light (each pixel decoded from sRGB first; the source is stretched over the render, so a
 * BLOCK px block of the render covers the matching, smaller or larger, block of the
 * source), groups the blocks by the source block's mean encoded value in bands of 0.1
 * from 0.25 to 0.95, and prints one line per band: the block count, the mean linear tone
 * of the source and of the render, their difference and "ok" or "MISS". With -a the bands
 * cover the whole range, 0.0 to 1.0 (issue #25: the darks too). With -e each band's two
 * means are compared as seen: averaged in linear light, then encoded to sRGB, as an eye or
 * a downscale sees them (issue #39: within 0.03 in linear light, the darks still came out
 * crushed, the source's 0.254 and 0.166 as 0.164 and 0.037). Exits 1 if any
 * band misses by more than TOL (default 0.08) or no block falls in a band; 2 on bad input.
 * BLOCK defaults to 16 and must map to a whole number of source pixels. */
#include <math.h>
#include <png.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BAND_LO   0.25
#define BAND_STEP 0.1
#define N_BANDS   7
#define MAX_BANDS 10

typedef struct picture {
    unsigned w, h;
    double *lin; /* linear luminance per pixel */
    double *enc; /* encoded (sRGB) luminance per pixel */
} picture;

static double srgb_to_linear(double c)
{
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static double linear_to_srgb(double v)
{
    return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055;
}

/* Reads any PNG as 8-bit sRGB RGBA; alpha is composited over white in linear light. */
static int read_picture(const char *path, picture *p)
{
    png_image img = { .version = PNG_IMAGE_VERSION };
    if (!png_image_begin_read_from_file(&img, path)) {
        fprintf(stderr, "tonecheck: %s: %s\n", path, img.message);
        return -1;
    }
    img.format = PNG_FORMAT_RGBA;
    size_t n = (size_t)img.width * img.height;
    unsigned char *px = malloc(n * 4);
    p->w = img.width, p->h = img.height;
    p->lin = malloc(n * sizeof *p->lin);
    p->enc = malloc(n * sizeof *p->enc);
    if (px == NULL || p->lin == NULL || p->enc == NULL ||
        !png_image_finish_read(&img, NULL, px, 0, NULL)) {
        fprintf(stderr, "tonecheck: %s: %s\n", path, px ? img.message : "out of memory");
        png_image_free(&img);
        free(px), free(p->lin), free(p->enc);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        const unsigned char *q = px + 4 * i;
        double a = q[3] / 255.0;
        double r = srgb_to_linear(q[0] / 255.0), g = srgb_to_linear(q[1] / 255.0),
               b = srgb_to_linear(q[2] / 255.0);
        p->lin[i] = a * (0.2126 * r + 0.7152 * g + 0.0722 * b) + (1 - a);
        p->enc[i] = a * (0.2126 * q[0] + 0.7152 * q[1] + 0.0722 * q[2]) / 255.0 + (1 - a);
    }
    free(px);
    return 0;
}

/* Mean of v over the w x h block at (x0, y0) of a picture pw pixels wide. */
static double block_mean(const double *v, unsigned pw, unsigned x0, unsigned y0, unsigned w,
                         unsigned h)
{
    double sum = 0;
    for (unsigned y = y0; y < y0 + h; y++)
        for (unsigned x = x0; x < x0 + w; x++)
            sum += v[(size_t)y * pw + x];
    return sum / ((double)w * h);
}

int main(int argc, char **argv)
{
    unsigned block = 16;
    double tol = 0.08, band_lo = BAND_LO;
    int i = 1, n_bands = N_BANDS;
    bool seen = false;
    for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
        if (!strcmp(argv[i], "-a")) {
            band_lo = 0, n_bands = MAX_BANDS, i--;
            continue;
        }
        if (!strcmp(argv[i], "-e")) {
            seen = true, i--;
            continue;
        }
        if (!strcmp(argv[i], "-b"))
            block = (unsigned)atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "-t"))
            tol = atof(argv[i + 1]);
        else
            break;
    }
    if (argc - i != 2 || block < 1 || !(tol > 0)) {
        fprintf(stderr, "usage: tonecheck [-a] [-e] [-b BLOCK] [-t TOL] SOURCE RENDER\n");
        return 2;
    }
    picture src = { 0 }, out = { 0 };
    if (read_picture(argv[i], &src) || read_picture(argv[i + 1], &out)) {
        free(src.lin), free(src.enc);
        return 2;
    }
    /* the source block under one render block: BLOCK * src / out pixels, a whole number */
    if ((size_t)block * src.w % out.w || (size_t)block * src.h % out.h ||
        (size_t)block * src.w < out.w || (size_t)block * src.h < out.h) {
        fprintf(stderr,
                "tonecheck: a %u px block of the %ux%u render is not a whole number of pixels "
                "of the %ux%u source\n",
                block, out.w, out.h, src.w, src.h);
        free(src.lin), free(src.enc), free(out.lin), free(out.enc);
        return 2;
    }
    unsigned sbw = block * src.w / out.w, sbh = block * src.h / out.h;
    double sum_src[MAX_BANDS] = { 0 }, sum_out[MAX_BANDS] = { 0 };
    int count[MAX_BANDS] = { 0 };
    for (unsigned by = 0; by < out.h / block; by++)
        for (unsigned bx = 0; bx < out.w / block; bx++) {
            double e = block_mean(src.enc, src.w, bx * sbw, by * sbh, sbw, sbh);
            int band = (int)floor((e - band_lo) / BAND_STEP);
            band = e >= 1 && n_bands == MAX_BANDS ? MAX_BANDS - 1 : band; /* white: the top band */
            if (band < 0 || band >= n_bands)
                continue;
            sum_src[band] += block_mean(src.lin, src.w, bx * sbw, by * sbh, sbw, sbh);
            sum_out[band] += block_mean(out.lin, out.w, bx * block, by * block, block, block);
            count[band]++;
        }
    int misses = 0;
    for (int b = 0; b < n_bands; b++) {
        double lo = band_lo + b * BAND_STEP;
        if (count[b] == 0) {
            printf("band %.2f-%.2f: no blocks MISS\n", lo, lo + BAND_STEP);
            misses++;
            continue;
        }
        double s = sum_src[b] / count[b], o = sum_out[b] / count[b];
        if (seen)
            s = linear_to_srgb(s), o = linear_to_srgb(o);
        bool ok = fabs(o - s) <= tol;
        printf("band %.2f-%.2f: %4d blocks, source %.3f, render %.3f, diff %+.3f %s\n", lo,
               lo + BAND_STEP, count[b], s, o, o - s, ok ? "ok" : "MISS");
        misses += !ok;
    }
    free(src.lin), free(src.enc), free(out.lin), free(out.enc);
    return misses ? 1 : 0;
}
