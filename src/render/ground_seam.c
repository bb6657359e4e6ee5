/* SPDX-License-Identifier: MIT
 * Ground seams (see ground_seam.h): the background (or the backdrop) is painted as the render
 * paints it
 * (scaled to fill, cropped), then the mean colour step across the wraps (the right edge's
 * when x wraps, the bottom's when y does) is compared with the mean step between neighbours
 * inside. */
#include "render/ground_seam.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "render/backdrop.h"
#include "render/canvas.h"

#define SEAM_RATIO 2.0 /* a wrap step this many times the inner step (plus 2 levels) is a seam */

static double step(uint32_t a, uint32_t b)
{
    double s = 0;
    for (int c = 0; c < 24; c += 8)
        s += fabs((double)(a >> c & 255) - (double)(b >> c & 255));
    return s / 3;
}

static bool refracts(const dp_texture_spec *t)
{
    for (int i = 0; i < t->n_layers; i++)
        if (t->layers[i].style == DP_STYLE_DROPLETS)
            return true;
    return false;
}

/* Mean step across the wraps over the mean step inside, of the w x h ARGB32 pixels. */
static double seam_ratio(const uint8_t *d, int stride, int w, int h, dp_wrap wrap)
{
    double seam = 0, inner = 0;
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(const void *)(d + (size_t)y * stride);
        const uint32_t *next = (const uint32_t *)(const void *)(d + (size_t)((y + 1) % h) * stride);
        for (int x = 0; x < w; x++) {
            double right = step(row[x], row[(x + 1) % w]), down = step(row[x], next[x]);
            seam += (wrap.x && x == w - 1 ? right : 0) + (wrap.y && y == h - 1 ? down : 0);
            inner += (x < w - 1 ? right : 0) + (y < h - 1 ? down : 0);
        }
    }
    double n_inner = (double)(w - 1) * h + (double)w * (h - 1);
    int across = (wrap.x ? h : 0) + (wrap.y ? w : 0);
    return (seam / across + 2) / (inner / n_inner + 2); /* +2: flat grounds never warn */
}

bool dp_ground_refracts_a_seam(const dp_texture_spec *t)
{
    bool backdrop = dp_backdrop_wanted(t); /* a backdrop replaces the background */
    bool image = backdrop ? t->backdrop == DP_BACKDROP_IMAGE : t->background == DP_BG_IMAGE;
    if (!dp_wrap_any(t->wrap) || !image || !refracts(t) || t->width < 2 || t->height < 2)
        return false;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, t->width, t->height);
    cairo_t *cr = cairo_create(s);
    dapple_error err;
    bool seam = false;
    dapple_status st =
            backdrop ? dp_backdrop_paint(cr, t, &err) : dp_canvas_background(cr, t, &err);
    if (st == DAPPLE_OK) {
        cairo_surface_flush(s);
        seam = seam_ratio(cairo_image_surface_get_data(s), cairo_image_surface_get_stride(s),
                          t->width, t->height, t->wrap) > SEAM_RATIO;
    }
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    return seam;
}
