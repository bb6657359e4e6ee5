/* SPDX-License-Identifier: MIT
 * Soft drop shadows for any style that can draw its silhouette: the shape is drawn in
 * DP_PASS_SILHOUETTE into a small A8 scratch, scaled down so that each of three box passes
 * per axis (together close to a Gaussian) is one scratch pixel wide: a big soft shadow
 * costs no more than a small sharp one. It is painted back, bilinearly, as a mask in black,
 * moved away from the light. The scratch depends on the shape alone, so bands and
 * periodic copies get the same shadow. */
#include "render/layer.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"

#define BLUR_PX  1.0 /* box radius in scratch pixels: the bilinear upscale smooths the rest */
#define MAX_SIDE 512 /* scratch side: beyond it the shadow is scaled down further */

/* One box pass of radius b along a row of n values; tmp has n. */
static void box_row(uint8_t *p, int n, int b, uint8_t *tmp)
{
    int sum = 0, w = 2 * b + 1;
    memcpy(tmp, p, (size_t)n);
    for (int i = 0; i <= b && i < n; i++)
        sum += tmp[i];
    for (int i = 0; i < n; i++) {
        p[i] = (uint8_t)((sum + w / 2) / w);
        int out = i - b, in = i + b + 1;
        sum += (in < n ? tmp[in] : 0) - (out >= 0 ? tmp[out] : 0);
    }
}

/* The same pass down the n columns, a row at a time (memory in order): sum[x] is column
 * x's window over src, a copy of the rows before the pass. */
static void box_columns(uint8_t *d, int n, int stride, int b, uint8_t *src, int *sum)
{
    int w = 2 * b + 1;
    for (int y = 0; y < n; y++)
        memcpy(src + (size_t)y * n, d + (size_t)y * stride, (size_t)n);
    memset(sum, 0, (size_t)n * sizeof *sum);
    for (int y = 0; y <= b && y < n; y++)
        for (int x = 0; x < n; x++)
            sum[x] += src[(size_t)y * n + x];
    for (int y = 0; y < n; y++) {
        uint8_t *row = d + (size_t)y * stride;
        const uint8_t *in = y + b + 1 < n ? src + (size_t)(y + b + 1) * n : NULL;
        const uint8_t *out = y - b >= 0 ? src + (size_t)(y - b) * n : NULL;
        for (int x = 0; x < n; x++) {
            row[x] = (uint8_t)((sum[x] + w / 2) / w);
            sum[x] += (in ? in[x] : 0) - (out ? out[x] : 0);
        }
    }
}

static void blur(cairo_surface_t *s, int b)
{
    int n = cairo_image_surface_get_width(s), stride = cairo_image_surface_get_stride(s);
    uint8_t *d = cairo_image_surface_get_data(s), *src = malloc((size_t)n * (size_t)n);
    int *sum = malloc((size_t)n * sizeof *sum);
    if (src == NULL || sum == NULL || b < 1) {
        free(src);
        free(sum);
        return;
    }
    cairo_surface_flush(s);
    for (int pass = 0; pass < 3; pass++) {
        for (int y = 0; y < n; y++)
            box_row(d + (size_t)y * stride, n, b, src);
        box_columns(d, n, stride, b, src, sum);
    }
    cairo_surface_mark_dirty(s);
    free(src);
    free(sum);
}

void dp_shadow_draw(cairo_t *cr, const dp_layer_kind *k, const dp_layer_ctx *ctx, const dp_shape *s,
                    double reach)
{
    const dp_layer_spec *l = ctx->spec;
    double soft = l->shadow_softness * s->radius, off = l->shadow_offset * s->radius;
    double half = reach + 3 * soft + 2; /* three box passes spread ink by 3 radii */
    double f = DP_MAX(DP_MAX(1.0, soft / (3 * BLUR_PX)), 2 * half / MAX_SIDE);
    int n = (int)ceil(2 * half / f) + 2;
    cairo_surface_t *mask = cairo_image_surface_create(CAIRO_FORMAT_A8, n, n);
    cairo_t *m = cairo_create(mask);
    dp_shape sil = *s;
    sil.x = sil.y = n * f / 2;
    cairo_scale(m, 1 / f, 1 / f);
    k->draw(m, ctx, &sil, DP_PASS_SILHOUETTE);
    cairo_destroy(m);
    blur(mask, soft > 0 ? (int)lround(DP_MIN(soft / f / 3, BLUR_PX * 2)) : 0);
    cairo_save(cr);
    cairo_translate(cr, s->x - ctx->light_x * off - n * f / 2,
                    s->y - ctx->light_y * off - n * f / 2);
    cairo_scale(cr, f, f);
    cairo_set_source_rgba(cr, 0, 0, 0, l->shadow * s->colour.a);
    cairo_pattern_t *p = cairo_pattern_create_for_surface(mask);
    cairo_pattern_set_filter(p, CAIRO_FILTER_BILINEAR);
    cairo_mask(cr, p);
    cairo_pattern_destroy(p);
    cairo_restore(cr);
    cairo_surface_destroy(mask);
}
