/* SPDX-License-Identifier: MIT
 * Test helper for cells and packings (issue #37), on a torus (the textures tile).
 *
 * "cellcheck ground HEIGHT.png FRAC" treats pixels of a 16-bit height map at or below FRAC
 * of its peak as ground and prints "ground G median M p90 P": the share of ground and the
 * median and 90th percentile of the distance from a ground pixel to the nearest raised one
 * (an exact Euclidean distance transform, Felzenszwalb and Huttenlocher 2012).
 *
 * "cellcheck regions MASK.png" counts the 4-connected regions of one value of a cell mask
 * (wrapping) and prints "regions R small S": S the share of pixels in regions of fewer
 * than 20 pixels. Two neighbouring cells of one value would read as one region.
 *
 * "cellcheck walls MASK.png" prints "walls B": the number of 4-neighbour pixel pairs
 * (right and down, wrapping) whose values differ. Walls of length L at random angles give
 * about 4 L / pi of them.
 *
 * "cellcheck seams MASK.png" prints the share of edge pixel pairs (right edge against
 * left, bottom against top) whose values differ, beside the same share inside: a tiling
 * mask has no more change across its seam than within it. */
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
        fprintf(stderr, "cellcheck: %s: not a readable PNG\n", path);
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

/* One row of the squared distance transform: f in, d out (n values). */
static void edt_1d(const double *f, double *d, int n, int *v, double *z)
{
    int k = 0;
    v[0] = 0, z[0] = -INFINITY, z[1] = INFINITY;
    for (int q = 1; q < n; q++) {
        double s;
        for (;;) {
            s = ((f[q] + (double)q * q) - (f[v[k]] + (double)v[k] * v[k])) / (2.0 * q - 2.0 * v[k]);
            if (s > z[k] || k == 0)
                break;
            k--;
        }
        if (s <= z[k])
            s = z[k];
        k++;
        v[k] = q, z[k] = s, z[k + 1] = INFINITY;
    }
    k = 0;
    for (int q = 0; q < n; q++) {
        while (z[k + 1] < q)
            k++;
        d[q] = (double)(q - v[k]) * (q - v[k]) + f[v[k]];
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The torus tiled 3 x 3, transformed, the middle tile read: exact across the seams. */
static int ground(const char *path, double frac)
{
    unsigned w, h;
    unsigned short *px = read_grey(path, &w, &h);
    if (px == NULL)
        return 2;
    int W = 3 * (int)w, H = 3 * (int)h, n = W > H ? W : H;
    double peak = 0;
    for (size_t i = 0; i < (size_t)w * h; i++)
        peak = fmax(peak, px[i]);
    double *g = malloc((size_t)W * H * sizeof *g), *f = malloc(n * sizeof *f),
           *d = malloc(n * sizeof *d), *z = malloc((n + 1) * sizeof *z);
    int *v = malloc(n * sizeof *v);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            g[(size_t)y * W + x] = px[(size_t)(y % h) * w + (x % w)] > frac * peak ? 0 : 1e20;
    for (int x = 0; x < W; x++) {
        for (int y = 0; y < H; y++)
            f[y] = g[(size_t)y * W + x];
        edt_1d(f, d, H, v, z);
        for (int y = 0; y < H; y++)
            g[(size_t)y * W + x] = d[y];
    }
    for (int y = 0; y < H; y++) {
        memcpy(f, g + (size_t)y * W, W * sizeof *f);
        edt_1d(f, g + (size_t)y * W, W, v, z);
    }
    double *dist = malloc((size_t)w * h * sizeof *dist);
    size_t m = 0;
    for (unsigned y = h; y < 2 * h; y++)
        for (unsigned x = w; x < 2 * w; x++)
            if (g[(size_t)y * W + x] > 0)
                dist[m++] = sqrt(g[(size_t)y * W + x]);
    qsort(dist, m, sizeof *dist, cmp_double);
    printf("ground %.4f median %.2f p90 %.2f\n", (double)m / ((double)w * h), m ? dist[m / 2] : 0.0,
           m ? dist[(size_t)(0.9 * (m - 1))] : 0.0);
    free(px), free(g), free(f), free(d), free(z), free(v), free(dist);
    return 0;
}

/* Flood fill from i over 4-neighbours of the same value, wrapping; returns the size. */
static size_t fill(const unsigned short *px, int *seen, unsigned w, unsigned h, size_t i,
                   size_t *stack)
{
    size_t top = 0, size = 0;
    stack[top++] = i;
    seen[i] = 1;
    while (top > 0) {
        size_t p = stack[--top];
        size++;
        unsigned x = p % w, y = p / w;
        size_t nb[4] = { y * w + (x + 1) % w, y * w + (x + w - 1) % w, ((y + 1) % h) * w + x,
                         ((y + h - 1) % h) * w + x };
        for (int k = 0; k < 4; k++)
            if (!seen[nb[k]] && px[nb[k]] == px[p]) {
                seen[nb[k]] = 1;
                stack[top++] = nb[k];
            }
    }
    return size;
}

static int regions(const char *path)
{
    unsigned w, h;
    unsigned short *px = read_grey(path, &w, &h);
    if (px == NULL)
        return 2;
    size_t n = (size_t)w * h, count = 0, small = 0;
    int *seen = calloc(n, sizeof *seen);
    size_t *stack = malloc(n * sizeof *stack);
    for (size_t i = 0; i < n; i++)
        if (!seen[i]) {
            size_t s = fill(px, seen, w, h, i, stack);
            count++;
            small += s < 20 ? s : 0;
        }
    printf("regions %zu small %.4f\n", count, (double)small / n);
    free(px), free(seen), free(stack);
    return 0;
}

static int seams(const char *path)
{
    unsigned w, h;
    unsigned short *px = read_grey(path, &w, &h);
    if (px == NULL)
        return 2;
    size_t across = 0, inside = 0, pairs_in = 0;
    for (unsigned y = 0; y < h; y++) {
        across += px[(size_t)y * w + w - 1] != px[(size_t)y * w];
        for (unsigned x = 0; x + 1 < w; x++, pairs_in++)
            inside += px[(size_t)y * w + x] != px[(size_t)y * w + x + 1];
    }
    for (unsigned x = 0; x < w; x++)
        across += px[(size_t)(h - 1) * w + x] != px[x];
    printf("seam %.4f inside %.4f\n", (double)across / (w + h), (double)inside / pairs_in);
    free(px);
    return 0;
}

static int walls(const char *path)
{
    unsigned w, h;
    unsigned short *px = read_grey(path, &w, &h);
    if (px == NULL)
        return 2;
    size_t n = 0;
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            unsigned short v = px[(size_t)y * w + x];
            n += v != px[(size_t)y * w + (x + 1) % w];
            n += v != px[(size_t)((y + 1) % h) * w + x];
        }
    printf("walls %zu\n", n);
    free(px);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "ground") == 0)
        return ground(argv[2], atof(argv[3]));
    if (argc == 3 && strcmp(argv[1], "regions") == 0)
        return regions(argv[2]);
    if (argc == 3 && strcmp(argv[1], "walls") == 0)
        return walls(argv[2]);
    if (argc == 3 && strcmp(argv[1], "seams") == 0)
        return seams(argv[2]);
    fprintf(stderr, "usage: cellcheck ground HEIGHT.png FRAC | regions MASK.png | walls MASK.png | "
                    "seams MASK.png\n");
    return 2;
}
