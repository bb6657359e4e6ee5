/* SPDX-License-Identifier: MIT
 * Surfaces and backgrounds: a flat colour, an image scaled to fill (cover, centred),
 * transparency, or a Perlin-tinted ground between bg_colour and bg_colour2. The ground
 * is fBm sampled on a coarse grid and interpolated (its finest octave is still several
 * grid steps wide), with the noise period set to whole repeats of the canvas along the
 * axes the texture wraps, so the ground tiles as it does. This file is the only reader of cairo
 * status. */
#include "render/canvas.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stb_perlin.h>

#include "core/dp.h"
#include "io/image_load.h"
#include "render/bokeh.h"
#include "render/render.h"

#define GROUND_OCTAVES 5

dapple_status dp_canvas_check_surface(cairo_surface_t *s, const char *what, dapple_error *err)
{
    cairo_status_t st = cairo_surface_status(s);
    if (st != CAIRO_STATUS_SUCCESS)
        return dp_fail(err, DAPPLE_E_RENDER, "%s: cairo: %s", what, cairo_status_to_string(st));
    return DAPPLE_OK;
}

dapple_status dp_canvas_check(cairo_t *cr, const char *what, dapple_error *err)
{
    cairo_status_t st = cairo_status(cr);
    if (st != CAIRO_STATUS_SUCCESS)
        return dp_fail(err, DAPPLE_E_RENDER, "%s: cairo: %s", what, cairo_status_to_string(st));
    return dp_canvas_check_surface(cairo_get_target(cr), what, err);
}

static uint32_t premultiply(const uint8_t *p)
{
    uint32_t a = p[3];
    uint32_t r = (p[0] * a + 127) / 255, g = (p[1] * a + 127) / 255, b = (p[2] * a + 127) / 255;
    return a << 24 | r << 16 | g << 8 | b;
}

/* A new ARGB32 surface holding straight-alpha RGBA8 pixels (premultiplied on the way in).
 * *out is the caller's to destroy; NULL on failure. */
static dapple_status canvas_from_rgba8(const uint8_t *rgba, int width, int height,
                                       cairo_surface_t **out, dapple_error *err)
{
    *out = NULL;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    dapple_status st = dp_canvas_check_surface(s, "image surface", err);
    if (st != DAPPLE_OK) {
        cairo_surface_destroy(s);
        return st;
    }
    cairo_surface_flush(s);
    uint8_t *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * stride);
        for (int x = 0; x < width; x++)
            row[x] = premultiply(rgba + ((size_t)y * width + x) * 4);
    }
    cairo_surface_mark_dirty(s);
    *out = s;
    return DAPPLE_OK;
}

dapple_status dp_canvas_load(const char *path, uint64_t max_pixels, cairo_surface_t **out,
                             dapple_error *err)
{
    uint8_t *rgba = NULL;
    int w = 0, h = 0;
    *out = NULL;
    dapple_status st = dp_image_load_rgba8(path, max_pixels, &rgba, &w, &h, err);
    /* 32768x1 is well within the pixel limit, but no cairo surface can hold it: say so
     * with the path and the limit rather than cairo's "invalid value" without either. */
    if (st == DAPPLE_OK && (w > DP_MAX_SIDE || h > DP_MAX_SIDE))
        st = dp_fail(err, DAPPLE_E_LIMIT,
                     "%s: %dx%d pixels: an image drawn with cairo may have at most %d pixels"
                     " on a side",
                     path, w, h, DP_MAX_SIDE);
    if (st == DAPPLE_OK)
        st = canvas_from_rgba8(rgba, w, h, out, err);
    free(rgba);
    return st;
}

/* ---------------------------------------------------------------- backgrounds */

static int frame_index(int i, int n, bool wraps)
{
    return wraps ? ((i % n) + n) % n : DP_MIN(DP_MAX(i, 0), n - 1);
}

/* A copy of img framed with m pixels that continue it beyond each edge: its opposite edge
 * where the axis wraps, its own edge pixels where it does not. */
static cairo_surface_t *framed(cairo_surface_t *img, dp_wrap wrap, int m)
{
    int w = cairo_image_surface_get_width(img), h = cairo_image_surface_get_height(img);
    cairo_surface_t *f = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w + 2 * m, h + 2 * m);
    if (cairo_surface_status(f) != CAIRO_STATUS_SUCCESS)
        return f;
    cairo_surface_flush(img);
    cairo_surface_flush(f);
    const uint8_t *src = cairo_image_surface_get_data(img);
    uint8_t *dst = cairo_image_surface_get_data(f);
    int ss = cairo_image_surface_get_stride(img), ds = cairo_image_surface_get_stride(f);
    for (int y = 0; y < h + 2 * m; y++) {
        const uint32_t *row =
                (const uint32_t *)(const void *)(src + (size_t)frame_index(y - m, h, wrap.y) * ss);
        uint32_t *out = (uint32_t *)(void *)(dst + (size_t)y * ds);
        for (int x = 0; x < w + 2 * m; x++)
            out[x] = row[frame_index(x - m, w, wrap.x)];
    }
    cairo_surface_mark_dirty(f);
    return f;
}

dapple_status dp_canvas_set_image_source(cairo_t *cr, cairo_surface_t *img, dp_wrap wrap, double k,
                                         dapple_error *err)
{
    if (wrap.x == wrap.y) { /* cairo's own extend does both axes alike */
        cairo_set_source_surface(cr, img, 0, 0);
        cairo_pattern_set_extend(cairo_get_source(cr),
                                 wrap.x ? CAIRO_EXTEND_REPEAT : CAIRO_EXTEND_PAD);
        return DAPPLE_OK;
    }
    /* one axis: a frame as wide as a shrinking filter reads beyond the edge, then clamped */
    int m = (int)DP_MIN(ceil(2 / DP_MAX(k, 1e-3)) + 2, 4096.0);
    cairo_surface_t *f = framed(img, wrap, m);
    dapple_status st = dp_canvas_check_surface(f, "image frame", err);
    if (st == DAPPLE_OK) {
        cairo_set_source_surface(cr, f, -m, -m);
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
    }
    cairo_surface_destroy(f);
    return st;
}

static dapple_status paint_image(cairo_t *cr, const dp_texture_spec *t, dapple_error *err)
{
    cairo_surface_t *img = NULL;
    dapple_status st = dp_canvas_load(t->bg_image, t->max_pixels, &img, err);
    if (st != DAPPLE_OK)
        return st;
    double iw = cairo_image_surface_get_width(img), ih = cairo_image_surface_get_height(img);
    /* "Scaled to fill": cover the canvas, keep the aspect, crop the overhang evenly. */
    double k = DP_MAX(t->width / iw, t->height / ih);
    cairo_save(cr);
    cairo_translate(cr, (t->width - iw * k) / 2, (t->height - ih * k) / 2);
    cairo_scale(cr, k, k);
    /* a texture that tiles wraps its ground too: the filter reads across the edges */
    st = dp_canvas_set_image_source(cr, img, t->wrap, k, err);
    if (st == DAPPLE_OK)
        cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_destroy(img);
    return st != DAPPLE_OK ? st : dp_canvas_check(cr, t->bg_image, err);
}

/* fBm in [-1, 1]-ish. Along an axis that wraps, octave o repeats n << o times across it, and
 * stb_perlin's wrap keeps every octave seamless (its table allows periods up to 256). */
static float ground_noise(double u, double v, int nx, int ny, uint64_t seed)
{
    /* stb_perlin reads 8 bits of a seed: the rest of it shifts the noise, which keeps a
       periodic ground periodic (any shift of a wrapped noise wraps the same way) */
    uint64_t h = (seed ^ seed >> 31) * 0x9e3779b97f4a7c15u;
    u += (double)(h >> 48) / 256.0;
    v += (double)(h >> 32 & 0xffff) / 256.0;
    float sum = 0, amp = 1, freq = 1;
    for (int o = 0; o < GROUND_OCTAVES; o++) {
        int wx = nx ? nx << o : 0, wy = ny ? ny << o : 0;
        if (wx > 256 || wy > 256)
            break;
        sum += amp * stb_perlin_noise3_wrap_nonpow2((float)u * freq, (float)v * freq, 0.5f, wx, wy,
                                                    0, (unsigned char)(seed * 131 + (unsigned)o));
        amp *= 0.5f;
        freq *= 2;
    }
    return sum;
}

typedef struct ground {
    float *v; /* (gw x gh) noise samples every 'step' pixels */
    int gw, gh, step;
} ground;

static dapple_status ground_sample(ground *g, const dp_texture_spec *t, dapple_error *err)
{
    double scale = t->bg_scale > 0 ? t->bg_scale : 64;
    g->step = (int)DP_MAX(1, DP_MIN(8, scale / 16));
    g->gw = t->width / g->step + 2;
    g->gh = t->height / g->step + 2;
    g->v = dp_calloc_n((size_t)g->gw * g->gh, sizeof *g->v);
    if (g->v == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "background: out of memory");
    int nx = t->wrap.x ? (int)DP_MAX(1, lround(t->width / scale)) : 0;
    int ny = t->wrap.y ? (int)DP_MAX(1, lround(t->height / scale)) : 0;
    double fx = nx ? (double)nx / t->width : 1 / scale,
           fy = ny ? (double)ny / t->height : 1 / scale;
    for (int j = 0; j < g->gh; j++)
        for (int i = 0; i < g->gw; i++)
            g->v[(size_t)j * g->gw + i] =
                    ground_noise(i * g->step * fx, j * g->step * fy, nx, ny, t->seed);
    return DAPPLE_OK;
}

static double ground_at(const ground *g, int x, int y)
{
    int i = x / g->step, j = y / g->step;
    double fx = (double)(x % g->step) / g->step, fy = (double)(y % g->step) / g->step;
    const float *r0 = g->v + (size_t)j * g->gw + i, *r1 = r0 + g->gw;
    double a = r0[0], b = r0[1], c = r1[0], d = r1[1];
    double top = a + (b - a) * fx, bot = c + (d - c) * fx;
    return top + (bot - top) * fy;
}

/* A per-pixel grain, hashed from the wrapped pixel position so it tiles for free. */
static double grain(uint32_t x, uint32_t y, uint32_t seed)
{
    uint32_t h = x * 0x9e3779b1u ^ y * 0x85ebca77u ^ seed;
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    return (double)(h & 0xffff) / 65535.0 - 0.5;
}

static uint32_t ground_pixel(const dp_texture_spec *t, double v)
{
    const dp_rgba *a = &t->bg_colour, *b = &t->bg_colour2;
    double r = a->r + (b->r - a->r) * v, g = a->g + (b->g - a->g) * v;
    double bl = a->b + (b->b - a->b) * v, al = a->a + (b->a - a->a) * v;
    uint32_t A = (uint32_t)lround(al * 255);
    return A << 24 | (uint32_t)lround(r * al * 255) << 16 | (uint32_t)lround(g * al * 255) << 8 |
           (uint32_t)lround(bl * al * 255);
}

#define GROUND_LEVELS 1024 /* colour steps between the two ground colours */

static dapple_status paint_perlin(cairo_surface_t *s, const dp_texture_spec *t, dapple_error *err)
{
    ground g;
    dapple_status st = ground_sample(&g, t, err);
    if (st != DAPPLE_OK)
        return st;
    /* A table of the blended colours: per pixel only the noise is computed. */
    uint32_t lut[GROUND_LEVELS];
    for (int i = 0; i < GROUND_LEVELS; i++)
        lut[i] = ground_pixel(t, (double)i / (GROUND_LEVELS - 1));
    cairo_surface_flush(s);
    uint8_t *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    for (int y = 0; y < t->height; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * stride);
        for (int x = 0; x < t->width; x++) {
            double v = 0.5 + 0.75 * ground_at(&g, x, y) +
                       0.08 * grain(x, y, (uint32_t)(t->seed ^ t->seed >> 32));
            int i = (int)(v * (GROUND_LEVELS - 1) + 0.5);
            row[x] = lut[i < 0 ? 0 : (i >= GROUND_LEVELS ? GROUND_LEVELS - 1 : i)];
        }
    }
    cairo_surface_mark_dirty(s);
    free(g.v);
    return DAPPLE_OK;
}

dapple_status dp_canvas_background(cairo_t *cr, const dp_texture_spec *t, dapple_error *err)
{
    switch (t->background) {
    case DP_BG_TRANSPARENT:
        return DAPPLE_OK;
    case DP_BG_IMAGE:
        return paint_image(cr, t, err);
    case DP_BG_PERLIN:
        return paint_perlin(cairo_get_target(cr), t, err);
    case DP_BG_BOKEH: {
        dapple_status st = paint_perlin(cairo_get_target(cr), t, err);
        if (st != DAPPLE_OK)
            return st;
        dp_bokeh_paint(cr, t);
        return dp_canvas_check(cr, "background", err);
    }
    case DP_BG_COLOUR:
        break;
    }
    const dp_rgba *c = &t->bg_colour;
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgba(cr, c->r, c->g, c->b, c->a);
    cairo_paint(cr);
    cairo_restore(cr);
    return dp_canvas_check(cr, "background", err);
}
