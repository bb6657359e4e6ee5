/* SPDX-License-Identifier: MIT
 * Backdrops (see backdrop.h). The built-in scenes are laid out over the texture's width and
 * height (u, v in 0..1, v down), so they scale with it as a picture scaled to fill does: a
 * vertical profile of colours (sky, horizon, ground) with things in front of it (buildings,
 * lamps, trees). Lights are added, so they glow where they overlap, and a wet street
 * reflects each lamp as a vertical streak below it. When the texture tiles across, everything
 * wraps across the sides; when it tiles down, the profile's last rows blend back into its
 * first. Each scene is seeded by the texture seed alone. */
#include "render/backdrop.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/rng.h"
#include "render/canvas.h"

typedef struct rgb {
    double r, g, b;
} rgb;

typedef struct stop {
    double v;
    rgb c;
} stop;

typedef struct scene {
    uint8_t *px; /* the canvas itself, opaque ARGB32: no second copy of the scene */
    int stride;
    int w, h;
    dp_wrap wrap;
    dp_rng rng;
} scene;

#define WRAP_BLEND 0.1 /* a tiling profile's last tenth blends back into its top */

static rgb lerp(rgb a, rgb b, double k)
{
    return (rgb){ a.r + (b.r - a.r) * k, a.g + (b.g - a.g) * k, a.b + (b.b - a.b) * k };
}

/* The profile's colour at v from stops sorted by v (the first at 0). */
static rgb profile_at(const stop *s, int n, double v, bool wrap)
{
    rgb c = s[n - 1].c;
    for (int i = 1; i < n; i++)
        if (v < s[i].v) {
            c = lerp(s[i - 1].c, s[i].c, (v - s[i - 1].v) / (s[i].v - s[i - 1].v));
            break;
        }
    if (wrap && v > 1 - WRAP_BLEND) {
        double k = (v - (1 - WRAP_BLEND)) / WRAP_BLEND;
        c = lerp(c, s[0].c, k * k * (3 - 2 * k));
    }
    return c;
}

static uint8_t byte_of(double v)
{
    return (uint8_t)lround(DP_MIN(1.0, DP_MAX(0.0, v)) * 255);
}

static void fill_profile(scene *sc, const stop *s, int n)
{
    for (int y = 0; y < sc->h; y++) {
        rgb c = profile_at(s, n, (y + 0.5) / sc->h, sc->wrap.y);
        uint32_t v = 0xff000000u | (uint32_t)byte_of(c.r) << 16 | (uint32_t)byte_of(c.g) << 8 |
                     byte_of(c.b);
        uint32_t *row = (uint32_t *)(void *)(sc->px + (size_t)y * sc->stride);
        for (int x = 0; x < sc->w; x++)
            row[x] = v;
    }
}

/* The pixel at (x, y), wrapped along the axes that tile, or NULL off the scene. */
static uint32_t *at(scene *sc, int x, int y)
{
    if (sc->wrap.x)
        x = ((x % sc->w) + sc->w) % sc->w;
    if (sc->wrap.y)
        y = ((y % sc->h) + sc->h) % sc->h;
    if (x < 0 || y < 0 || x >= sc->w || y >= sc->h)
        return NULL;
    return (uint32_t *)(void *)(sc->px + (size_t)y * sc->stride) + x;
}

static void put(scene *sc, int x, int y, rgb c, double k, bool add)
{
    uint32_t *p = at(sc, x, y);
    if (p == NULL)
        return;
    double src[3] = { c.r, c.g, c.b };
    uint32_t v = 0xff000000u;
    for (int i = 0; i < 3; i++) { /* 8 bits a channel: lights saturate at white */
        int shift = 16 - 8 * i;
        double d = (*p >> shift & 255) / 255.0;
        v |= (uint32_t)byte_of(add ? d + src[i] * k : d + (src[i] - d) * k) << shift;
    }
    *p = v;
}

/* A light at (x, y): a bright core of radius rc and a glow falling off over rg. */
static void glow(scene *sc, double x, double y, double rc, double rg, rgb c, double k)
{
    int reach = (int)ceil(3 * rg);
    for (int j = -reach; j <= reach; j++)
        for (int i = -reach; i <= reach; i++) {
            double dx = floor(x) + i + 0.5 - x, dy = floor(y) + j + 0.5 - y;
            double d = sqrt(dx * dx + dy * dy);
            double core = DP_MIN(1.0, DP_MAX(0.0, rc + 0.5 - d));
            double v = 2.5 * core + 0.45 * exp(-d * d / (2 * rg * rg));
            if (v > 1e-3)
                put(sc, (int)floor(x) + i, (int)floor(y) + j, c, k * v, true);
        }
}

/* The light's reflection on a wet street: a streak down from y, 'len' long, sigma wide. */
static void streak(scene *sc, double x, double y, double sigma, double len, rgb c, double k)
{
    int half = (int)ceil(3 * sigma);
    for (int j = 0; j < (int)(2.5 * len); j++) {
        double fall = exp(-j / len) * (0.6 + 0.4 * dp_rng_unit(&sc->rng)); /* ripples */
        for (int i = -half; i <= half; i++) {
            double dx = floor(x) + i + 0.5 - x;
            put(sc, (int)floor(x) + i, (int)y + j, c,
                k * fall * exp(-dx * dx / (2 * sigma * sigma)), true);
        }
    }
}

static void rect(scene *sc, double x0, double y0, double x1, double y1, rgb c)
{
    for (int y = (int)lround(y0); y < (int)lround(y1); y++)
        for (int x = (int)lround(x0); x < (int)lround(x1); x++)
            put(sc, x, y, c, 1, false);
}

/* ---------------------------------------------------------------- night street */

static const stop night_profile[] = { { 0.00, { 0.05, 0.055, 0.09 } },
                                      { 0.30, { 0.12, 0.11, 0.14 } },
                                      { 0.44, { 0.26, 0.19, 0.16 } }, /* the city's glow */
                                      { 0.47, { 0.07, 0.07, 0.08 } }, /* the wet street */
                                      { 0.70, { 0.12, 0.11, 0.11 } },
                                      { 1.00, { 0.06, 0.06, 0.07 } } };

static void windows(scene *sc, double x0, double x1, double top, double base)
{
    double cw = 0.014 * sc->w, ch = 0.022 * sc->h;
    for (double y = top + 0.5 * ch; y + ch < base; y += ch)
        for (double x = x0 + 0.4 * cw; x + cw < x1; x += cw) {
            double u = dp_rng_unit(&sc->rng);
            if (u < 0.4) {
                rgb c = u < 0.22 ? (rgb){ 0.95, 0.7, 0.38 } : (rgb){ 0.6, 0.7, 0.85 };
                double k = 0.6 + 0.6 * dp_rng_unit(&sc->rng);
                rect(sc, x, y, x + 0.6 * cw, y + 0.55 * ch, lerp((rgb){ 0, 0, 0 }, c, k));
            }
        }
}

static void buildings(scene *sc)
{
    double base = 0.46 * sc->h;
    for (double x = 0; x < sc->w;) {
        double bw = (0.04 + 0.09 * dp_rng_unit(&sc->rng)) * sc->w;
        double top = (0.06 + 0.3 * dp_rng_unit(&sc->rng)) * sc->h;
        double shade = 0.02 + 0.025 * dp_rng_unit(&sc->rng);
        double x1 = sc->wrap.x ? x + bw : DP_MIN(x + bw, sc->w);
        if (sc->wrap.x && x1 > sc->w - 0.02 * sc->w)
            x1 = sc->w; /* the last block meets the first across the seam */
        rect(sc, x, top, x1, base, (rgb){ shade, shade * 1.1, shade * 1.5 });
        windows(sc, x, x1, top, base);
        x = x1 + 0.004 * sc->w;
    }
}

/* Street lamps and the lights of cars, each reflected in the wet street below. */
static void lamps(scene *sc)
{
    static const rgb colours[] = { { 1.0, 0.62, 0.28 },
                                   { 1.0, 0.85, 0.6 },
                                   { 0.95, 0.95, 1.0 },
                                   { 1.0, 0.2, 0.15 },
                                   { 0.5, 0.75, 1.0 } };
    int n = 20;
    for (int i = 0; i < n; i++) {
        double x = (i + dp_rng_unit(&sc->rng)) * sc->w / n;
        bool car = i % 3 == 2;
        double y = car ? 0.49 + 0.06 * dp_rng_unit(&sc->rng) : 0.3 + 0.14 * dp_rng_unit(&sc->rng);
        rgb c = colours[car ? 2 + (int)dp_rng_below(&sc->rng, 3) : (int)dp_rng_below(&sc->rng, 2)];
        double rc = (car ? 0.004 : 0.006 + 0.004 * dp_rng_unit(&sc->rng)) * sc->w;
        double k = 0.6 + 0.4 * dp_rng_unit(&sc->rng);
        glow(sc, x, y * sc->h, rc, 6 * rc, c, k);
        if (car)
            glow(sc, x + 5 * rc, y * sc->h, rc, 6 * rc, c, k);
        double from = DP_MAX(y, 0.47) * sc->h;
        streak(sc, x, from, 1.6 * rc, 0.18 * sc->h, c, 0.4 * k);
    }
}

static void night_street(scene *sc)
{
    fill_profile(sc, night_profile, (int)(sizeof night_profile / sizeof night_profile[0]));
    buildings(sc);
    lamps(sc);
}

/* ---------------------------------------------------------------- overcast */

static const stop overcast_profile[] = { { 0.00, { 0.66, 0.70, 0.75 } },
                                         { 0.42, { 0.86, 0.88, 0.90 } },
                                         { 0.55, { 0.88, 0.89, 0.90 } },
                                         { 0.56, { 0.26, 0.30, 0.22 } }, /* a field */
                                         { 1.00, { 0.13, 0.15, 0.12 } } };

#define TREES 30

/* The tree line: round crowns over a trunk line at v = 0.56, tops from about v = 0.4. */
static void trees(scene *sc)
{
    double c[TREES], hw[TREES], top[TREES], shade[TREES];
    for (int i = 0; i < TREES; i++) {
        c[i] = (i + dp_rng_unit(&sc->rng)) * sc->w / TREES;
        hw[i] = (0.015 + 0.03 * dp_rng_unit(&sc->rng)) * sc->w;
        top[i] = (0.05 + 0.12 * dp_rng_unit(&sc->rng)) * sc->h;
        shade[i] = 0.08 + 0.05 * dp_rng_unit(&sc->rng); /* each crown its own green */
    }
    double base = 0.56 * sc->h;
    for (int x = 0; x < sc->w; x++) {
        double h = 0.02 * sc->h, tone = 0.1; /* a hedge joins the trees */
        for (int i = 0; i < TREES; i++) {
            double dx = fabs(x + 0.5 - c[i]);
            if (sc->wrap.x)
                dx = DP_MIN(dx, sc->w - dx);
            double hi = dx < hw[i] ? top[i] * sqrt(1 - (dx / hw[i]) * (dx / hw[i])) : 0;
            if (hi > h)
                h = hi, tone = shade[i];
        }
        for (int y = (int)floor(base - h); y < (int)base; y++) {
            double edge = DP_MIN(1.0, y + 1 - (base - h)); /* antialiased top */
            put(sc, x, y, (rgb){ tone, tone * 1.25, tone }, edge, false);
        }
    }
}

static void overcast(scene *sc)
{
    fill_profile(sc, overcast_profile, (int)(sizeof overcast_profile / sizeof overcast_profile[0]));
    trees(sc);
}

/* ---------------------------------------------------------------- painting */

static void checker(scene *sc, double side)
{
    for (int y = 0; y < sc->h; y++)
        for (int x = 0; x < sc->w; x++) {
            bool on = (((long)floor(x / side) + (long)floor(y / side)) & 1) != 0;
            put(sc, x, y, on ? (rgb){ 0.9, 0.9, 0.9 } : (rgb){ 0.1, 0.1, 0.1 }, 1, false);
        }
}

static dapple_status paint_scene(cairo_t *cr, const dp_texture_spec *t, dapple_error *err)
{
    cairo_surface_t *s = cairo_get_target(cr);
    cairo_surface_flush(s);
    scene sc = { .w = t->width, .h = t->height, .wrap = t->wrap };
    sc.px = cairo_image_surface_get_data(s);
    sc.stride = cairo_image_surface_get_stride(s);
    if (sc.px == NULL)
        return dp_fail(err, DAPPLE_E_RENDER, "backdrop: the canvas has no pixels");
    dp_rng_seed(&sc.rng, t->seed, 0xbacd);
    if (t->backdrop == DP_BACKDROP_NIGHT_STREET)
        night_street(&sc);
    else if (t->backdrop == DP_BACKDROP_OVERCAST)
        overcast(&sc);
    else
        checker(&sc, t->backdrop_square);
    cairo_surface_mark_dirty(s);
    return DAPPLE_OK;
}

/* A picture scaled to fill (cover, centred), repeated across the edges when tiling. */
static dapple_status paint_image(cairo_t *cr, const dp_texture_spec *t, dapple_error *err)
{
    cairo_surface_t *img = NULL;
    dapple_status st = dp_canvas_load(t->backdrop_image, t->max_pixels, &img, err);
    if (st != DAPPLE_OK)
        return st;
    double iw = cairo_image_surface_get_width(img), ih = cairo_image_surface_get_height(img);
    double k = DP_MAX(t->width / iw, t->height / ih);
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_translate(cr, (t->width - iw * k) / 2, (t->height - ih * k) / 2);
    cairo_scale(cr, k, k);
    st = dp_canvas_set_image_source(cr, img, t->wrap, k, err);
    if (st == DAPPLE_OK)
        cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_destroy(img);
    return st != DAPPLE_OK ? st : dp_canvas_check(cr, t->backdrop_image, err);
}

bool dp_backdrop_wanted(const dp_texture_spec *t)
{
    return t->backdrop != DP_BACKDROP_NONE;
}

dapple_status dp_backdrop_paint(cairo_t *cr, const dp_texture_spec *t, dapple_error *err)
{
    if (t->backdrop == DP_BACKDROP_IMAGE)
        return paint_image(cr, t, err);
    return paint_scene(cr, t, err);
}

/* ---------------------------------------------------------------- blur */

/* Index i moved into [0, n) on a wrapping axis (-n <= i <= 2n: a radius is at most n),
 * else clamped to it. */
static int edge_index(int i, int n, bool wrap)
{
    if (!wrap)
        return DP_MAX(0, DP_MIN(n - 1, i));
    i = i < 0 ? i + n : i;
    return i >= n ? (i - n >= n ? i - 2 * n : i - n) : i;
}

/* One box pass of radius r (<= n) along a row of n pixels (4 channels each), through tmp:
 * a running sum per channel, integer, so the order of the additions changes nothing. */
static void box_row(uint8_t *p, int n, int r, bool wrap, uint32_t *tmp)
{
    uint32_t div = (uint32_t)(2 * r + 1), sum[4] = { 0 };
    for (int i = 0; i < 4 * n; i++)
        tmp[i] = p[i];
    for (int k = -r; k <= r; k++)
        for (int c = 0; c < 4; c++)
            sum[c] += tmp[(size_t)edge_index(k, n, wrap) * 4 + c];
    for (int i = 0; i < n; i++) {
        const uint32_t *in = tmp + (size_t)edge_index(i + r + 1, n, wrap) * 4;
        const uint32_t *out = tmp + (size_t)edge_index(i - r, n, wrap) * 4;
        for (int c = 0; c < 4; c++) {
            p[(size_t)i * 4 + c] = (uint8_t)((sum[c] + div / 2) / div);
            sum[c] += in[c] - out[c];
        }
    }
}

/* The same pass down the columns, a whole row at a time (memory in order): 'sum' keeps
 * each column's window, read from 'src', a copy of the pixels before the pass. */
static void box_columns(uint8_t *data, int stride, int w, int h, int r, bool wrap, uint8_t *src,
                        uint32_t *sum)
{
    size_t row = (size_t)w * 4;
    uint32_t div = (uint32_t)(2 * r + 1);
    for (int y = 0; y < h; y++)
        memcpy(src + (size_t)y * row, data + (size_t)y * stride, row);
    memset(sum, 0, row * sizeof *sum);
    for (int k = -r; k <= r; k++) {
        const uint8_t *s = src + (size_t)edge_index(k, h, wrap) * row;
        for (size_t i = 0; i < row; i++)
            sum[i] += s[i];
    }
    for (int y = 0; y < h; y++) {
        uint8_t *d = data + (size_t)y * stride;
        const uint8_t *in = src + (size_t)edge_index(y + r + 1, h, wrap) * row;
        const uint8_t *out = src + (size_t)edge_index(y - r, h, wrap) * row;
        for (size_t i = 0; i < row; i++) {
            d[i] = (uint8_t)((sum[i] + div / 2) / div);
            sum[i] += (uint32_t)in[i] - out[i];
        }
    }
}

dapple_status dp_backdrop_blur_into(uint8_t *data, int stride, int w, int h, dp_wrap wrap,
                                    double sigma, dapple_error *err)
{
    /* three boxes of width b have variance 3 (b^2 - 1) / 12 */
    int r = (int)lround((sqrt(4 * sigma * sigma + 1) - 1) / 2);
    if (r < 1)
        return DAPPLE_OK;
    size_t row = (size_t)w * 4;
    uint32_t *tmp = dp_calloc_n(DP_MAX(row, (size_t)h * 4), sizeof *tmp);
    uint8_t *src = dp_calloc_n(row, (size_t)h);
    if (tmp == NULL || src == NULL) {
        free(tmp);
        free(src);
        return dp_fail(err, DAPPLE_E_NOMEM, "backdrop blur: out of memory");
    }
    for (int pass = 0; pass < 3; pass++) {
        for (int y = 0; y < h; y++)
            box_row(data + (size_t)y * stride, w, DP_MIN(r, w), wrap.x, tmp);
        box_columns(data, stride, w, h, DP_MIN(r, h), wrap.y, src, tmp);
    }
    free(src);
    free(tmp);
    return DAPPLE_OK;
}
