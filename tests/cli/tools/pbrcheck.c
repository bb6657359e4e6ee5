/* SPDX-License-Identifier: MIT
 * Test helper: measures the material maps (albedo, roughness, ambient occlusion) against
 * the maps they go with. Each PNG is read as its stored values (no gamma applied), each
 * pixel's tone the grey value or the Rec. 709 luma of the colour, 0..1. A selection is any
 * number of "SELECT LO HI" triples after the picture: only the pixels whose tone in every
 * SELECT picture (same size) lies in [LO, HI] count.
 *
 *   pbrcheck tone PNG [SELECT LO HI]...   "mean M sd S p10 A p90 B n N" over the selection
 *   pbrcheck seam PNG                     "seam R": the mean tone step across the wrap (last
 *                                         column to first, last row to first) over the mean
 *                                         step between neighbours inside; about 1 when the
 *                                         picture tiles, far above 1 at a seam
 *   pbrcheck large PNG BLOCK              "large V": the variance of the BLOCK x BLOCK block
 *                                         means of the tone (the large-scale variation)
 *
 * Exits 2 on an unreadable PNG, bad arguments, a size mismatch or an empty selection. */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct picture {
    unsigned w, h;
    double *tone;
} picture;

static double sample(const png_byte *q, int depth)
{
    return depth == 16 ? (q[0] << 8 | q[1]) / 65535.0 : q[0] / 255.0;
}

static double tone_of(const png_byte *q, int ch, int depth)
{
    int step = depth == 16 ? 2 : 1;
    if (ch < 3)
        return sample(q, depth);
    return 0.2126 * sample(q, depth) + 0.7152 * sample(q + step, depth) +
           0.0722 * sample(q + 2 * step, depth);
}

static int load(const char *path, picture *p)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return perror(path), 2;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    p->tone = NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "pbrcheck: %s: not a readable PNG\n", path);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        free(p->tone);
        return 2;
    }
    png_init_io(png, f);
    png_read_png(png, info, PNG_TRANSFORM_EXPAND | PNG_TRANSFORM_PACKING, NULL);
    p->w = png_get_image_width(png, info), p->h = png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info), ch = png_get_channels(png, info);
    png_bytepp rows = png_get_rows(png, info);
    p->tone = malloc((size_t)p->w * p->h * sizeof *p->tone);
    for (unsigned y = 0; p->tone != NULL && y < p->h; y++)
        for (unsigned x = 0; x < p->w; x++)
            p->tone[(size_t)y * p->w + x] =
                    tone_of(rows[y] + (size_t)x * ch * (depth == 16 ? 2 : 1), ch, depth);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    return p->tone != NULL ? 0 : 2;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The tone over the pixels every selection keeps. */
static int tone(const picture *p, char **sel, int n_sel)
{
    size_t n = (size_t)p->w * p->h, kept = 0;
    double *v = malloc(n * sizeof *v);
    char *keep = malloc(n);
    if (v == NULL || keep == NULL)
        return free(v), free(keep), 2;
    memset(keep, 1, n);
    for (int s = 0; s < n_sel; s += 3) {
        picture q;
        if (s + 2 >= n_sel || load(sel[s], &q) != 0 || q.w != p->w || q.h != p->h) {
            fprintf(stderr, "pbrcheck: selection %d: a PNG of the same size, LO and HI\n", s / 3);
            return free(v), free(keep), 2;
        }
        double lo = atof(sel[s + 1]), hi = atof(sel[s + 2]);
        for (size_t i = 0; i < n; i++)
            keep[i] &= q.tone[i] >= lo && q.tone[i] <= hi;
        free(q.tone);
    }
    double sum = 0, sq = 0;
    for (size_t i = 0; i < n; i++)
        if (keep[i])
            v[kept++] = p->tone[i], sum += p->tone[i], sq += p->tone[i] * p->tone[i];
    free(keep);
    if (kept == 0)
        return fprintf(stderr, "pbrcheck: no pixel is selected\n"), free(v), 2;
    qsort(v, kept, sizeof *v, by_value);
    double mean = sum / kept;
    printf("mean %.4f sd %.4f p10 %.4f p90 %.4f n %zu\n", mean,
           sqrt(fmax(0, sq / kept - mean * mean)), v[kept / 10], v[kept * 9 / 10], kept);
    free(v);
    return 0;
}

static double at(const picture *p, unsigned x, unsigned y)
{
    return p->tone[(size_t)y * p->w + x];
}

static int seam(const picture *p)
{
    double inside = 0, across = 0;
    size_t n_in = 0, n_across = 0;
    for (unsigned y = 0; y < p->h; y++)
        for (unsigned x = 0; x < p->w; x++) {
            double right = fabs(at(p, (x + 1) % p->w, y) - at(p, x, y));
            double down = fabs(at(p, x, (y + 1) % p->h) - at(p, x, y));
            if (x + 1 < p->w)
                inside += right, n_in++;
            else
                across += right, n_across++;
            if (y + 1 < p->h)
                inside += down, n_in++;
            else
                across += down, n_across++;
        }
    double a = across / (double)n_across, i = inside / (double)n_in;
    printf("seam %.3f\n", i > 0 ? a / i : (a > 0 ? INFINITY : 1));
    return 0;
}

static int large(const picture *p, unsigned b)
{
    if (b == 0 || b > p->w || b > p->h)
        return fprintf(stderr, "pbrcheck: BLOCK must be in [1, the side]\n"), 2;
    double sum = 0, sq = 0;
    size_t n = 0;
    for (unsigned by = 0; by + b <= p->h; by += b)
        for (unsigned bx = 0; bx + b <= p->w; bx += b, n++) {
            double m = 0;
            for (unsigned y = by; y < by + b; y++)
                for (unsigned x = bx; x < bx + b; x++)
                    m += at(p, x, y);
            m /= (double)b * b;
            sum += m, sq += m * m;
        }
    double mean = sum / (double)n;
    printf("large %.6f\n", fmax(0, sq / (double)n - mean * mean));
    return 0;
}

int main(int argc, char **argv)
{
    picture p;
    if (argc < 3 || load(argv[2], &p) != 0)
        return fprintf(stderr, "usage: pbrcheck tone|seam|large PNG ...\n"), 2;
    int rc = 2;
    if (strcmp(argv[1], "tone") == 0)
        rc = tone(&p, argv + 3, argc - 3);
    else if (strcmp(argv[1], "seam") == 0)
        rc = seam(&p);
    else if (strcmp(argv[1], "large") == 0 && argc == 4)
        rc = large(&p, (unsigned)atoi(argv[3]));
    free(p.tone);
    return rc;
}
