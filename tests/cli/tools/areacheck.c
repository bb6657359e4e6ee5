/* SPDX-License-Identifier: MIT
 * Test helper: do a foliage layer's patches and clearings read as such?
 *
 * "areacheck blocks PNG BLOCK" averages a grey PNG (8 or 16 bit, read as 16) over
 * BLOCK x BLOCK blocks and prints "min A max B ratio B/A": patches that thin to nothing
 * between them give a large ratio, a coverage that is the same everywhere a ratio near 1.
 *
 * "areacheck above PNG LEVEL" prints the share of pixels at or above LEVEL (0..1 of full
 * scale), e.g. the area of a density mask where the spacing is the densest.
 *
 * "areacheck clear POINTS.csv W H DIST [periodic]" prints the share of a W x H domain
 * (pixel centres) with no point within DIST: the clearings. */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The stored sample values of a grey PNG, scaled to 16 bits, with no gamma applied: a
 * mask's values are what an engine reads. */
static unsigned short *read_grey(const char *path, unsigned *w, unsigned *h)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return perror(path), NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    unsigned short *px = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "areacheck: %s: not a readable PNG\n", path);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        free(px);
        return NULL;
    }
    png_init_io(png, f);
    png_read_png(png, info, PNG_TRANSFORM_STRIP_ALPHA | PNG_TRANSFORM_PACKING, NULL);
    *w = png_get_image_width(png, info), *h = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info), ch = png_get_channels(png, info);
    png_bytepp rows = png_get_rows(png, info);
    px = malloc((size_t)*w * *h * sizeof *px);
    for (unsigned y = 0; px != NULL && y < *h; y++)
        for (unsigned x = 0; x < *w; x++) {
            const png_byte *q = rows[y] + (size_t)x * ch * (depth == 16 ? 2 : 1);
            px[(size_t)y * *w + x] =
                    depth == 16 ? (unsigned short)(q[0] << 8 | q[1]) : (unsigned short)(q[0] * 257);
        }
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    return px;
}

static int blocks(const char *path, unsigned b)
{
    unsigned w, h;
    unsigned short *px = read_grey(path, &w, &h);
    if (px == NULL || b == 0 || w < b || h < b)
        return free(px), 2;
    double lo = INFINITY, hi = 0;
    for (unsigned by = 0; by + b <= h; by += b)
        for (unsigned bx = 0; bx + b <= w; bx += b) {
            double sum = 0;
            for (unsigned y = by; y < by + b; y++)
                for (unsigned x = bx; x < bx + b; x++)
                    sum += px[(size_t)y * w + x];
            double m = sum / ((double)b * b) / 65535;
            lo = fmin(lo, m), hi = fmax(hi, m);
        }
    printf("min %.4f max %.4f ratio %.2f\n", lo, hi, lo > 0 ? hi / lo : INFINITY);
    free(px);
    return 0;
}

static int above(const char *path, double level)
{
    unsigned w, h;
    unsigned short *px = read_grey(path, &w, &h);
    if (px == NULL)
        return 2;
    size_t n = 0;
    for (size_t i = 0; i < (size_t)w * h; i++)
        n += px[i] >= level * 65535;
    printf("above %.3f: %.4f\n", level, (double)n / ((double)w * h));
    free(px);
    return 0;
}

static int clear(const char *path, int w, int h, double dist, int periodic)
{
    FILE *f = fopen(path, "r");
    if (f == NULL || w < 1 || h < 1 || !(dist > 0))
        return f ? fclose(f) : 0, 2;
    /* each point marks the pixel centres within dist of it */
    unsigned char *near = calloc((size_t)w * h, 1);
    char line[512];
    int reach = (int)ceil(dist);
    while (near != NULL && fgets(line, sizeof line, f)) {
        double x, y;
        if (sscanf(line, "%lf,%lf", &x, &y) != 2)
            continue;
        for (int j = (int)floor(y) - reach; j <= (int)floor(y) + reach; j++)
            for (int i = (int)floor(x) - reach; i <= (int)floor(x) + reach; i++) {
                int a = i, b = j;
                if (periodic)
                    a = ((a % w) + w) % w, b = ((b % h) + h) % h;
                else if (a < 0 || b < 0 || a >= w || b >= h)
                    continue;
                double dx = i + 0.5 - x, dy = j + 0.5 - y;
                if (dx * dx + dy * dy <= dist * dist)
                    near[(size_t)b * w + a] = 1;
            }
    }
    fclose(f);
    if (near == NULL)
        return 2;
    size_t n = 0;
    for (size_t i = 0; i < (size_t)w * h; i++)
        n += !near[i];
    printf("clear %.4f\n", (double)n / ((double)w * h));
    free(near);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "blocks") == 0)
        return blocks(argv[2], (unsigned)atoi(argv[3]));
    if (argc == 4 && strcmp(argv[1], "above") == 0)
        return above(argv[2], atof(argv[3]));
    if ((argc == 6 || argc == 7) && strcmp(argv[1], "clear") == 0)
        return clear(argv[2], atoi(argv[3]), atoi(argv[4]), atof(argv[5]),
                     argc == 7 && strcmp(argv[6], "periodic") == 0);
    fprintf(stderr, "usage: areacheck blocks PNG BLOCK\n"
                    "       areacheck above PNG LEVEL\n"
                    "       areacheck clear POINTS.csv W H DIST [periodic]\n");
    return 2;
}
