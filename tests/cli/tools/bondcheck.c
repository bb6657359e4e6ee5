/* SPDX-License-Identifier: MIT
 * Test helper: are the points around a density peak laid in rings or spirals?
 *
 * "bondcheck bump radius|density SIZE FILE" writes a SIZE x SIZE 16-bit grey PNG with a
 * radial bump at its centre, reaching out to 0.4 SIZE: for the radius map v = d / R (r from
 * rmin at the peak to rmax at the rim), for the density map v = 1 - 0.95 d / R.
 *
 * "bondcheck angles SIZE POINTS.csv" reads x,y (the first two columns of a CSV point list,
 * header skipped) and, for every point within R = 0.4 SIZE of the centre (and beyond 2
 * units of it), finds its nearest neighbour and the angle between that bond and the
 * radial direction. It prints "points N tangential T radial R": the percentages of bonds
 * within 15 degrees of the tangential and of the radial direction. A set with no memory of
 * how it was grown gives 30 / 180 = 16.7 % each; a sampler whose growth front is printed
 * into the pattern (concentric rings) gives more tangential bonds and fewer radial ones.
 *
 * "bondcheck lattice SIZE POINTS.csv" prints "points N mode M within1 P": P the percentage
 * of nearest-neighbour distances (points 16 units or more inside a SIZE x SIZE domain)
 * within 1 % of the most common one, M. A crystal piles them up (dense mode: ~100 %). */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REACH 0.4 /* the bump's radius, in sides */
#define PI    3.14159265358979323846

static int write_bump(const char *map, int size, const char *path)
{
    int density = strcmp(map, "density") == 0;
    if (!density && strcmp(map, "radius") != 0)
        return fprintf(stderr, "bondcheck: map must be radius or density\n"), 2;
    unsigned short *px = malloc((size_t)size * size * sizeof *px);
    if (px == NULL)
        return 2;
    double c = size / 2.0, R = REACH * size;
    for (int j = 0; j < size; j++)
        for (int i = 0; i < size; i++) {
            double d = fmin(hypot(i + 0.5 - c, j + 0.5 - c) / R, 1.0);
            double v = density ? 1 - 0.95 * d : d;
            px[(size_t)j * size + i] = (unsigned short)lround(v * 65535);
        }
    png_image img = { .version = PNG_IMAGE_VERSION,
                      .width = (unsigned)size,
                      .height = (unsigned)size,
                      .format = PNG_FORMAT_LINEAR_Y };
    int ok = png_image_write_to_file(&img, path, 0, px, 0, NULL);
    free(px);
    return ok ? 0 : 1;
}

typedef struct pt {
    double x, y;
} pt;

static int read_points(const char *path, pt **out, size_t *n)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
    if (f == NULL)
        return perror(path), -1;
    char line[512];
    size_t cap = 0;
    *out = NULL, *n = 0;
    while (fgets(line, sizeof line, f)) {
        double x, y;
        if (sscanf(line, "%lf,%lf", &x, &y) != 2)
            continue; /* the header */
        if (*n == cap) {
            cap = cap ? 2 * cap : 4096;
            pt *p = realloc(*out, cap * sizeof *p);
            if (p == NULL)
                return -1;
            *out = p;
        }
        (*out)[(*n)++] = (pt){ x, y };
    }
    if (f != stdin)
        fclose(f);
    return 0;
}

/* Points binned on a grid of 8-unit cells, for nearest-neighbour searches ring by ring. */
typedef struct bins {
    const pt *p;
    double cw;
    int g;
    size_t *head, *next;
} bins;

static int bin_points(bins *b, const pt *p, size_t n, int size)
{
    b->p = p, b->cw = 8, b->g = (int)ceil(size / b->cw) + 1;
    int g = b->g;
    b->head = malloc((size_t)g * g * sizeof *b->head), b->next = malloc((n + 1) * sizeof *b->next);
    if (b->head == NULL || b->next == NULL)
        return -1;
    for (size_t c = 0; c < (size_t)g * g; c++)
        b->head[c] = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        int cx = (int)(p[i].x / b->cw), cy = (int)(p[i].y / b->cw);
        cx = cx < 0 ? 0 : cx >= g ? g - 1 : cx, cy = cy < 0 ? 0 : cy >= g ? g - 1 : cy;
        b->next[i] = b->head[(size_t)cy * g + cx];
        b->head[(size_t)cy * g + cx] = i;
    }
    return 0;
}

/* The nearest other point to point i (i itself when there is none); *d2 its squared distance. */
static size_t nearest(const bins *b, size_t i, double *d2)
{
    const pt *p = b->p;
    int g = b->g, cx = (int)(p[i].x / b->cw), cy = (int)(p[i].y / b->cw);
    double best = INFINITY;
    size_t bj = i;
    for (int ring = 1; ring < g; ring++) {
        for (int y = cy - ring; y <= cy + ring; y++)
            for (int x = cx - ring; x <= cx + ring; x++) {
                if (x < 0 || y < 0 || x >= g || y >= g)
                    continue;
                for (size_t j = b->head[(size_t)y * g + x]; j != (size_t)-1; j = b->next[j]) {
                    double dx = p[j].x - p[i].x, dy = p[j].y - p[i].y, q = dx * dx + dy * dy;
                    if (j != i && q < best)
                        best = q, bj = j;
                }
            }
        /* every cell within (ring - 1) cells searched: done once that covers best */
        if (bj != i && sqrt(best) <= (ring - 1) * b->cw)
            break;
    }
    *d2 = best;
    return bj;
}

static int angles(int size, const char *path)
{
    pt *p;
    size_t n;
    bins b;
    if (read_points(path, &p, &n) != 0 || bin_points(&b, p, n, size) != 0)
        return 2;
    double c = size / 2.0, R = REACH * size;
    size_t count = 0, tang = 0, rad = 0;
    double lim = cos(75 * PI / 180), near = cos(15 * PI / 180);
    for (size_t i = 0; i < n; i++) {
        double rx = p[i].x - c, ry = p[i].y - c, d = hypot(rx, ry), best;
        if (d > R || d < 2)
            continue;
        size_t bj = nearest(&b, i, &best);
        if (bj == i)
            continue;
        double bx = p[bj].x - p[i].x, by = p[bj].y - p[i].y;
        double cosa = fabs(bx * rx + by * ry) / (hypot(bx, by) * d);
        count++;
        tang += cosa <= lim;
        rad += cosa >= near;
    }
    printf("points %zu tangential %.1f radial %.1f\n", count, 100.0 * tang / (double)count,
           100.0 * rad / (double)count);
    free(b.head), free(b.next), free(p);
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A lattice shows as nearest-neighbour distances piled on one value: the share within
 * 1 % of the most common distance (the densest 2 %-wide window of the sorted distances). */
static int lattice(int size, const char *path)
{
    pt *p;
    size_t n, m = 0;
    bins b;
    if (read_points(path, &p, &n) != 0 || bin_points(&b, p, n, size) != 0)
        return 2;
    double *d = malloc((n + 1) * sizeof *d);
    for (size_t i = 0; d != NULL && i < n; i++) {
        double q;
        /* away from the edges, whose points miss neighbours */
        if (p[i].x < 16 || p[i].y < 16 || p[i].x > size - 16 || p[i].y > size - 16)
            continue;
        if (nearest(&b, i, &q) != i)
            d[m++] = sqrt(q);
    }
    if (d == NULL || m == 0)
        return 2;
    qsort(d, m, sizeof *d, cmp_double);
    size_t best = 0, j = 0;
    double mode = d[0];
    for (size_t i = 0; i < m; i++) {
        /* the window [d_i, d_i * 1.01 / 0.99]: centred on its middle, +- 1 % */
        while (j < m && d[j] <= d[i] * 1.01 / 0.99)
            j++;
        if (j - i > best)
            best = j - i, mode = d[i] / 0.99;
    }
    printf("points %zu mode %.4f within1 %.1f\n", m, mode, 100.0 * best / (double)m);
    free(d), free(b.head), free(b.next), free(p);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "bump") == 0)
        return write_bump(argv[2], atoi(argv[3]), argv[4]);
    if (argc == 4 && strcmp(argv[1], "angles") == 0)
        return angles(atoi(argv[2]), argv[3]);
    if (argc == 4 && strcmp(argv[1], "lattice") == 0)
        return lattice(atoi(argv[2]), argv[3]);
    fprintf(stderr, "usage: bondcheck bump radius|density SIZE FILE\n"
                    "       bondcheck angles SIZE POINTS.csv\n"
                    "       bondcheck lattice SIZE POINTS.csv\n");
    return 2;
}
