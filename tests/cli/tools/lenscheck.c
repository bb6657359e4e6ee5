/* SPDX-License-Identifier: MIT
 * Test helper: are drops lenses? Measures a colour texture against its own height map
 * (issue #34). Drops are the 4-connected regions of height above 0.1 px (a trail's water
 * film is thinner); "big" ones have an inradius of at least RBIG pixels.
 *
 * "lenscheck scene OUT.png W H KIND" writes a backdrop to render against: 'gradient'
 *   (luminance rising down the picture, red toward the right, blue toward the left) or
 *   'flat' (a uniform bright grey).
 * "lenscheck refract TEX H.png SCALE SIDE RBIG" (backdrop checker:SIDE): the correlation,
 *   over the big drops' pixels where the slope is at most 0.6, of the texture's luminance
 *   with the checker looked up at p + k grad h (h in pixels: 65535 = SCALE), both blurred
 *   by 1.5 px, for the best k in 0 .. 360; prints "k K corr C".
 * "lenscheck invert TEX H.png SCALE RBIG" (backdrop from 'scene gradient'): the shares of big
 *   drops whose inside (slope <= 0.6) shows the luminance falling down the drop and the red
 *   share falling to the right: the scene upside down and mirrored; "drops N lum L hue H".
 *   Drops within 64 px of the picture's edge are left out: the backdrop is clamped there.
 * "lenscheck rim TEX H.png SCALE RBIG" (backdrop from 'scene flat'): per big drop, the mean
 *   luminance of its outer 15 % (of its inradius) and of its middle (the inner half) over
 *   that of the glass 2 to 5 px outside it; prints "drops N rim_max R mid_min M".
 * "lenscheck tops H.png SCALE": over drops of 12 px or taller whose height is at most 1.5 times
 *   their width, the median width of the row 15 % of the height below the top over the
 *   widest row; prints "drops N top T".
 * "lenscheck maxr H.png SCALE": the largest inradius over the side: "maxr F".
 * "lenscheck seam TEX": the luminance step across the wrap over the step inside: "seam S".
 * Exit 0 after printing, 2 on bad input. */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct img {
    int w, h;
    double *l;     /* luminance 0..1 (colour) or height in 16-bit units */
    double *r, *b; /* colour only */
} img;

static int read_png(const char *path, img *m, int colour)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return perror(path), -1;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "lenscheck: %s: not a readable PNG\n", path);
        png_destroy_read_struct(&png, &info, NULL);
        fclose(f);
        return -1;
    }
    png_init_io(png, f);
    png_read_png(png, info, PNG_TRANSFORM_PACKING | PNG_TRANSFORM_EXPAND, NULL);
    m->w = (int)png_get_image_width(png, info), m->h = (int)png_get_image_height(png, info);
    int depth = png_get_bit_depth(png, info), ch = png_get_channels(png, info);
    png_bytepp rows = png_get_rows(png, info);
    size_t n = (size_t)m->w * m->h;
    m->l = malloc(n * sizeof *m->l);
    m->r = colour ? malloc(n * sizeof *m->r) : NULL;
    m->b = colour ? malloc(n * sizeof *m->b) : NULL;
    for (int y = 0; y < m->h; y++)
        for (int x = 0; x < m->w; x++) {
            const png_byte *q = rows[y] + (size_t)x * ch * (depth == 16 ? 2 : 1);
            size_t i = (size_t)y * m->w + x;
            if (!colour) {
                m->l[i] = depth == 16 ? (q[0] << 8 | q[1]) : q[0] * 257;
                continue;
            }
            double r = q[0] / 255.0, g = q[ch >= 3 ? 1 : 0] / 255.0, b = q[ch >= 3 ? 2 : 0] / 255.0;
            m->l[i] = 0.2126 * r + 0.7152 * g + 0.0722 * b;
            m->r[i] = r, m->b[i] = b;
        }
    png_destroy_read_struct(&png, &info, NULL);
    fclose(f);
    return 0;
}

/* ---------------------------------------------------------------- drops */

typedef struct drops {
    int *label; /* -1: glass */
    int n;
    double *din;  /* distance to the glass, pixels (chamfer) */
    double *dout; /* distance to the nearest drop */
    double *inr;  /* per label: the inradius */
} drops;

static void chamfer(double *d, int w, int h)
{
    for (int pass = 0; pass < 2; pass++)
        for (int k = 0; k < w * h; k++) {
            int i = pass == 0 ? k : w * h - 1 - k, x = i % w, y = i / w, s = pass == 0 ? -1 : 1;
            double v = d[i];
            if (x + s >= 0 && x + s < w)
                v = fmin(v, d[i + s] + 1);
            if (y + s >= 0 && y + s < h) {
                v = fmin(v, d[i + s * w] + 1);
                if (x + s >= 0 && x + s < w)
                    v = fmin(v, d[i + s * w + s] + 1.4142);
                if (x - s >= 0 && x - s < w)
                    v = fmin(v, d[i + s * w - s] + 1.4142);
            }
            d[i] = v;
        }
}

static void find_drops(const img *hm, double scale, drops *d)
{
    int w = hm->w, h = hm->h;
    size_t n = (size_t)w * h;
    double floor_u = 0.1 * 65535 / scale;
    d->label = malloc(n * sizeof *d->label);
    d->din = malloc(n * sizeof *d->din);
    d->dout = malloc(n * sizeof *d->dout);
    int *stack = malloc(n * sizeof *stack);
    for (size_t i = 0; i < n; i++) {
        d->label[i] = -1;
        d->din[i] = hm->l[i] > floor_u ? 1e9 : 0;
        d->dout[i] = hm->l[i] > floor_u ? 0 : 1e9;
    }
    d->n = 0;
    for (size_t s = 0; s < n; s++) {
        if (!(hm->l[s] > floor_u) || d->label[s] >= 0)
            continue;
        int top = 0;
        stack[top++] = (int)s;
        d->label[s] = d->n;
        while (top > 0) {
            int i = stack[--top], x = i % w, y = i / w;
            int nb[4] = { x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1,
                          y < h - 1 ? i + w : -1 };
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && d->label[nb[k]] < 0 && hm->l[nb[k]] > floor_u) {
                    d->label[nb[k]] = d->n;
                    stack[top++] = nb[k];
                }
        }
        d->n++;
    }
    free(stack);
    chamfer(d->din, w, h);
    chamfer(d->dout, w, h);
    d->inr = calloc((size_t)d->n + 1, sizeof *d->inr);
    for (size_t i = 0; i < n; i++)
        if (d->label[i] >= 0)
            d->inr[d->label[i]] = fmax(d->inr[d->label[i]], d->din[i]);
}

/* Drop ids touching the picture's edge are left out: their other part is across it. */
static int *edge_drops(const drops *d, int w, int h)
{
    int *edge = calloc((size_t)d->n + 1, sizeof *edge);
    for (int x = 0; x < w; x++) {
        if (d->label[x] >= 0)
            edge[d->label[x]] = 1;
        if (d->label[(size_t)(h - 1) * w + x] >= 0)
            edge[d->label[(size_t)(h - 1) * w + x]] = 1;
    }
    for (int y = 0; y < h; y++) {
        if (d->label[(size_t)y * w] >= 0)
            edge[d->label[(size_t)y * w]] = 1;
        if (d->label[(size_t)y * w + w - 1] >= 0)
            edge[d->label[(size_t)y * w + w - 1]] = 1;
    }
    return edge;
}

static void slope_at(const img *hm, double scale, int x, int y, double *gx, double *gy)
{
    int w = hm->w, h = hm->h, xm = x > 0 ? x - 1 : x, xp = x < w - 1 ? x + 1 : x;
    int ym = y > 0 ? y - 1 : y, yp = y < h - 1 ? y + 1 : y;
    double k = scale / 65535;
    *gx = (hm->l[(size_t)y * w + xp] - hm->l[(size_t)y * w + xm]) * k / (xp - xm);
    *gy = (hm->l[(size_t)yp * w + x] - hm->l[(size_t)ym * w + x]) * k / (yp - ym);
}

/* ---------------------------------------------------------------- blur, correlation */

static void blur(double *v, int w, int h, double sigma)
{
    int r = (int)ceil(3 * sigma);
    double *k = malloc((size_t)(2 * r + 1) * sizeof *k), *tmp = malloc((size_t)w * h * sizeof *tmp);
    double sum = 0;
    for (int i = -r; i <= r; i++)
        sum += k[i + r] = exp(-i * i / (2 * sigma * sigma));
    for (int i = 0; i <= 2 * r; i++)
        k[i] /= sum;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double s = 0;
            for (int i = -r; i <= r; i++)
                s += k[i + r] * v[(size_t)y * w + ((x + i + w) % w)];
            tmp[(size_t)y * w + x] = s;
        }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double s = 0;
            for (int i = -r; i <= r; i++)
                s += k[i + r] * tmp[(size_t)((y + i + h) % h) * w + x];
            v[(size_t)y * w + x] = s;
        }
    free(k);
    free(tmp);
}

static double checker(double x, double y, double side)
{
    return (((long)floor(x / side) + (long)floor(y / side)) & 1) ? 0.9 : 0.1;
}

/* Pixels of big drops (not at the picture's edge) with slope <= 0.6, 2 px inside. */
static char *gentle_mask(const img *hm, double scale, const drops *d, double rbig)
{
    int w = hm->w, h = hm->h, *edge = edge_drops(d, w, h);
    char *m = calloc((size_t)w * h, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            int id = d->label[i];
            if (id < 0 || edge[id] || d->inr[id] < rbig || d->din[i] < 2.5)
                continue;
            double gx, gy;
            slope_at(hm, scale, x, y, &gx, &gy);
            m[i] = gx * gx + gy * gy <= 0.36;
        }
    free(edge);
    return m;
}

static double correlate(const double *a, const double *b, const char *m, size_t n)
{
    double sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0, c = 0;
    for (size_t i = 0; i < n; i++)
        if (m[i]) {
            sa += a[i], sb += b[i], saa += a[i] * a[i], sbb += b[i] * b[i], sab += a[i] * b[i];
            c++;
        }
    if (c < 2)
        return 0;
    double va = saa - sa * sa / c, vb = sbb - sb * sb / c;
    return va > 0 && vb > 0 ? (sab - sa * sb / c) / sqrt(va * vb) : 0;
}

/* The checker looked up at p + k grad h, blurred by 1.5 px, at the masked pixels only
 * (a direct Gaussian over a 4 px radius), into want[j] for the j-th masked pixel; gx, gy
 * hold the slopes of every pixel. */
static void expected(int w, int h, const double *gx, const double *gy, const int *px, size_t n,
                     double k, double side, double *want)
{
    for (size_t j = 0; j < n; j++) {
        int x0 = px[j] % w, y0 = px[j] / w;
        double s = 0, ws = 0;
        for (int dy = -4; dy <= 4; dy++)
            for (int dx = -4; dx <= 4; dx++) {
                size_t i = (size_t)((y0 + dy + h) % h) * w + (size_t)((x0 + dx + w) % w);
                double g = exp(-(dx * dx + dy * dy) / (2 * 1.5 * 1.5));
                s += g * checker(x0 + dx + 0.5 + k * gx[i], y0 + dy + 0.5 + k * gy[i], side);
                ws += g;
            }
        want[j] = s / ws;
    }
}

static int refract(const img *tex, const img *hm, double scale, double side, double rbig)
{
    drops d;
    find_drops(hm, scale, &d);
    int w = hm->w, h = hm->h;
    size_t n = (size_t)w * h, count = 0;
    char *m = gentle_mask(hm, scale, &d, rbig);
    double *lum = malloc(n * sizeof *lum);
    memcpy(lum, tex->l, n * sizeof *lum);
    blur(lum, w, h, 1.5);
    int *px = malloc(n * sizeof *px);
    double *gx = malloc(n * sizeof *gx), *gy = malloc(n * sizeof *gy);
    size_t masked = 0;
    for (size_t i = 0; i < n; i++) {
        slope_at(hm, scale, (int)(i % w), (int)(i / w), &gx[i], &gy[i]);
        masked += m[i];
    }
    size_t every = masked / 20000 + 1; /* a sample of at most 20000 pixels is plenty */
    for (size_t i = 0, seen = 0; i < n; i++)
        if (m[i] && seen++ % every == 0)
            px[count++] = (int)i;
    double *want = malloc((count + 1) * sizeof *want), *got = malloc((count + 1) * sizeof *got);
    char *all = malloc(count + 1);
    for (size_t j = 0; j < count; j++)
        got[j] = lum[px[j]], all[j] = 1;
    double best = -2, best_k = 0;
    for (int pass = 0; pass < 2; pass++) {
        double lo = pass == 0 ? 0 : fmax(0, best_k - 6), hi = pass == 0 ? 360 : best_k + 6;
        for (double k = lo; k <= hi; k += pass == 0 ? 6 : 1) {
            expected(w, h, gx, gy, px, count, k, side, want);
            double c = correlate(got, want, all, count);
            if (c > best)
                best = c, best_k = k;
        }
    }
    printf("k %.0f corr %.3f pixels %zu\n", best_k, best, count);
    return 0;
}

/* ---------------------------------------------------------------- inversion, rim */

static int invert(const img *tex, const img *hm, double scale, double rbig, int margin)
{
    drops d;
    find_drops(hm, scale, &d);
    int w = hm->w, h = hm->h;
    char *m = gentle_mask(hm, scale, &d, rbig);
    /* drops that see past the picture's edge (a clamped backdrop) show no gradient there */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            if (d.label[i] >= 0 && (x < margin || y < margin || x >= w - margin || y >= h - margin))
                d.inr[d.label[i]] = -1;
        }
    for (size_t i = 0; i < (size_t)w * h; i++)
        m[i] = m[i] && d.inr[d.label[i]] >= 0;
    /* per drop: least-squares slopes of luminance along y and of red share along x */
    double(*s)[8] = calloc((size_t)d.n + 1, sizeof *s);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            if (!m[i])
                continue;
            double *a = s[d.label[i]], hue = tex->r[i] / (tex->r[i] + tex->b[i] + 1e-9);
            a[0] += 1, a[1] += x, a[2] += y, a[3] += (double)x * x, a[4] += (double)y * y;
            a[5] += tex->l[i] * y, a[6] += tex->l[i], a[7] += hue * x;
        }
    double *hues = calloc((size_t)d.n + 1, sizeof *hues);
    for (size_t i = 0; i < (size_t)w * h; i++)
        if (m[i])
            hues[d.label[i]] += tex->r[i] / (tex->r[i] + tex->b[i] + 1e-9);
    int drops_n = 0, lum_rev = 0, hue_rev = 0;
    for (int id = 0; id < d.n; id++) {
        double *a = s[id];
        if (a[0] < 30)
            continue;
        double vy = a[4] - a[2] * a[2] / a[0], vx = a[3] - a[1] * a[1] / a[0];
        double ly = (a[5] - a[2] * a[6] / a[0]) / vy, hx = (a[7] - a[1] * hues[id] / a[0]) / vx;
        drops_n++;
        lum_rev += ly < 0;
        hue_rev += hx < 0;
    }
    printf("drops %d lum %.3f hue %.3f\n", drops_n, drops_n ? (double)lum_rev / drops_n : 0,
           drops_n ? (double)hue_rev / drops_n : 0);
    return 0;
}

static int rim(const img *tex, const img *hm, double scale, double rbig)
{
    drops d;
    find_drops(hm, scale, &d);
    int w = hm->w, h = hm->h, *edge = edge_drops(&d, w, h);
    double(*s)[6] = calloc((size_t)d.n + 1, sizeof *s);
    /* the glass outside: each pixel 2..5 px from a drop goes to the drop nearest it, found
     * by a small search */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            size_t i = (size_t)y * w + x;
            int id = d.label[i];
            if (id >= 0) {
                double u = d.din[i] / d.inr[id];
                if (u <= 0.15 + 1e-9)
                    s[id][0] += tex->l[i], s[id][1] += 1;
                else if (u >= 0.5)
                    s[id][2] += tex->l[i], s[id][3] += 1;
                continue;
            }
            if (d.dout[i] < 2 || d.dout[i] > 5)
                continue;
            for (int r = 1; r <= 6 && id < 0; r++)
                for (int j = -r; j <= r && id < 0; j++)
                    for (int k = -r; k <= r && id < 0; k++) {
                        int xx = x + k, yy = y + j;
                        if (xx >= 0 && yy >= 0 && xx < w && yy < h)
                            id = d.label[(size_t)yy * w + xx];
                    }
            if (id >= 0)
                s[id][4] += tex->l[i], s[id][5] += 1;
        }
    int n = 0;
    double rim_max = 0, mid_min = 9, rim_sum = 0, mid_sum = 0;
    for (int id = 0; id < d.n; id++) {
        if (edge[id] || d.inr[id] < rbig || s[id][1] < 1 || s[id][3] < 1 || s[id][5] < 1)
            continue;
        double glass = s[id][4] / s[id][5];
        double r = s[id][0] / s[id][1] / glass, mid = s[id][2] / s[id][3] / glass;
        if (r > 0.8 || mid < 0.9) /* say which, for a human to look at */
            fprintf(stderr, "lenscheck: drop %d (inradius %.0f): rim %.3f mid %.3f\n", id,
                    d.inr[id], r, mid);
        rim_max = fmax(rim_max, r), mid_min = fmin(mid_min, mid);
        rim_sum += r, mid_sum += mid;
        n++;
    }
    printf("drops %d rim_max %.3f mid_min %.3f rim_mean %.3f mid_mean %.3f\n", n, rim_max, mid_min,
           n ? rim_sum / n : 0, n ? mid_sum / n : 0);
    return 0;
}

/* ---------------------------------------------------------------- shape */

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int tops(const img *hm, double scale)
{
    drops d;
    find_drops(hm, scale, &d);
    int w = hm->w, h = hm->h, *edge = edge_drops(&d, w, h);
    int *y0 = malloc((size_t)(d.n + 1) * sizeof *y0), *y1 = malloc((size_t)(d.n + 1) * sizeof *y1);
    for (int i = 0; i < d.n; i++)
        y0[i] = h, y1[i] = -1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int id = d.label[(size_t)y * w + x];
            if (id >= 0)
                y0[id] = y < y0[id] ? y : y0[id], y1[id] = y > y1[id] ? y : y1[id];
        }
    double *ratio = malloc((size_t)(d.n + 1) * sizeof *ratio);
    int n = 0;
    int *row = calloc((size_t)h, sizeof *row);
    for (int id = 0; id < d.n; id++) {
        int ht = y1[id] - y0[id] + 1;
        if (edge[id] || ht < 12)
            continue;
        int widest = 0;
        for (int y = y0[id]; y <= y1[id]; y++) {
            row[y] = 0;
            for (int x = 0; x < w; x++)
                row[y] += d.label[(size_t)y * w + x] == id;
            widest = row[y] > widest ? row[y] : widest;
        }
        if (ht > 1.5 * widest)
            continue; /* a tail */
        ratio[n++] = (double)row[y0[id] + (int)lround(0.15 * ht)] / widest;
    }
    qsort(ratio, (size_t)n, sizeof *ratio, cmp);
    printf("drops %d top %.3f\n", n, n ? ratio[n / 2] : 0);
    return 0;
}

static int maxr(const img *hm, double scale)
{
    drops d;
    find_drops(hm, scale, &d);
    double r = 0;
    for (int i = 0; i < d.n; i++)
        r = fmax(r, d.inr[i]);
    printf("maxr %.4f\n", r / (hm->w < hm->h ? hm->w : hm->h));
    return 0;
}

/* The mean luminance step across the wrap (last column to first, last row to first) over
 * the mean step between neighbours inside: about 1 for a picture that tiles. */
static int seam(const img *tex)
{
    int w = tex->w, h = tex->h;
    double in = 0, across = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const double *l = tex->l;
            double sx = fabs(l[(size_t)y * w + (x + 1) % w] - l[(size_t)y * w + x]);
            double sy = fabs(l[(size_t)((y + 1) % h) * w + x] - l[(size_t)y * w + x]);
            in += (x < w - 1 ? sx : 0) + (y < h - 1 ? sy : 0);
            across += (x == w - 1 ? sx : 0) + (y == h - 1 ? sy : 0);
        }
    double n_in = 2.0 * w * h - w - h, n_across = (double)w + h;
    printf("seam %.3f\n", across / n_across / (in / n_in));
    return 0;
}

/* ---------------------------------------------------------------- scenes */

static int scene(const char *out, int w, int h, const char *kind)
{
    png_image img = { .version = PNG_IMAGE_VERSION,
                      .width = (png_uint_32)w,
                      .height = (png_uint_32)h,
                      .format = PNG_FORMAT_RGB };
    unsigned char *px = malloc((size_t)w * h * 3);
    int grad = strcmp(kind, "gradient") == 0;
    if (!grad && strcmp(kind, "flat") != 0)
        return 2;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double v = grad ? 0.12 + 0.7 * y / (h - 1.0) : 0.85, u = x / (w - 1.0);
            double r = grad ? v * (0.2 + 1.0 * u) : v, b = grad ? v * (1.2 - 1.0 * u) : v;
            unsigned char *q = px + ((size_t)y * w + x) * 3;
            q[0] = (unsigned char)lround(fmin(1, r) * 255);
            q[1] = (unsigned char)lround(v * 255);
            q[2] = (unsigned char)lround(fmin(1, b) * 255);
        }
    int ok = png_image_write_to_file(&img, out, 0, px, 0, NULL);
    free(px);
    return ok ? 0 : 2;
}

int main(int argc, char **argv)
{
    img tex = { 0 }, hm = { 0 };
    if (argc == 6 && strcmp(argv[1], "scene") == 0)
        return scene(argv[2], atoi(argv[3]), atoi(argv[4]), argv[5]);
    if (argc == 7 && strcmp(argv[1], "refract") == 0) {
        if (read_png(argv[2], &tex, 1) || read_png(argv[3], &hm, 0))
            return 2;
        return refract(&tex, &hm, atof(argv[4]), atof(argv[5]), atof(argv[6]));
    }
    if (argc == 6 && (strcmp(argv[1], "invert") == 0 || strcmp(argv[1], "rim") == 0)) {
        if (read_png(argv[2], &tex, 1) || read_png(argv[3], &hm, 0))
            return 2;
        if (argv[1][0] == 'i')
            return invert(&tex, &hm, atof(argv[4]), atof(argv[5]), 64);
        return rim(&tex, &hm, atof(argv[4]), atof(argv[5]));
    }
    if (argc == 3 && strcmp(argv[1], "seam") == 0)
        return read_png(argv[2], &tex, 1) ? 2 : seam(&tex);
    if (argc == 4 && (strcmp(argv[1], "tops") == 0 || strcmp(argv[1], "maxr") == 0)) {
        if (read_png(argv[2], &hm, 0))
            return 2;
        return argv[1][0] == 't' ? tops(&hm, atof(argv[3])) : maxr(&hm, atof(argv[3]));
    }
    fputs("usage: lenscheck scene|refract|invert|rim|tops|maxr ... (see the source)\n", stderr);
    return 2;
}
