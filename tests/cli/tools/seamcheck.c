/* SPDX-License-Identifier: MIT
 * Test helper: "seamcheck IMAGE.png" reads a PNG (any colour type, 8 or 16 bit, compared
 * as 16-bit RGBA) and prints two lines, one per axis:
 *
 *     x SEAM MAX MEAN
 *     y SEAM MAX MEAN
 *
 * For x, SEAM is the mean difference (over rows and channels, 0..65535) between the last
 * column and the first: the step a viewer meets where the image is tiled across. MAX and
 * MEAN are the largest and the mean of the same measure between neighbouring columns
 * inside. An image that tiles across has a SEAM no larger than MAX; one cut at its edge
 * (shapes stopped at the border, a gradient) steps further there. Likewise y with rows. */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned short *load(const char *path, png_image *img)
{
    memset(img, 0, sizeof *img);
    img->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(img, path))
        return NULL;
    img->format = PNG_FORMAT_LINEAR_RGB_ALPHA;
    unsigned short *buf = malloc(PNG_IMAGE_SIZE(*img));
    if (buf == NULL || !png_image_finish_read(img, NULL, buf, 0, NULL)) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Mean |a - b| over the n pixels (4 channels) at a, a + step, ... and b likewise. */
static double step_between(const unsigned short *a, const unsigned short *b, size_t n, size_t step)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < 4; c++)
            sum += abs((int)a[i * step + c] - (int)b[i * step + c]);
    return sum / (4.0 * (double)n);
}

/* The measures along one axis of 'lines' lines (columns for x) each of 'len' pixels. */
static void axis(const char *name, const unsigned short *px, size_t lines, size_t len,
                 size_t line_step, size_t pixel_step)
{
    double most = 0, sum = 0;
    for (size_t i = 0; i + 1 < lines; i++) {
        double d = step_between(px + i * line_step, px + (i + 1) * line_step, len, pixel_step);
        most = d > most ? d : most;
        sum += d;
    }
    double seam = step_between(px + (lines - 1) * line_step, px, len, pixel_step);
    printf("%s %.3f %.3f %.3f\n", name, seam, most, lines > 1 ? sum / (double)(lines - 1) : 0.0);
}

int main(int argc, char **argv)
{
    png_image img;
    if (argc != 2)
        return fprintf(stderr, "usage: seamcheck IMAGE.png\n"), 2;
    unsigned short *px = load(argv[1], &img);
    if (px == NULL || img.width < 2 || img.height < 2)
        return fprintf(stderr, "seamcheck: cannot read %s\n", argv[1]), 1;
    size_t w = img.width, h = img.height;
    axis("x", px, w, h, 4, 4 * w); /* column i starts at 4 i; its pixels are a row apart */
    axis("y", px, h, w, 4 * w, 4); /* row j starts at 4 w j; its pixels are adjacent */
    free(px);
    return 0;
}
