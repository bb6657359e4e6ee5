/* SPDX-License-Identifier: MIT
 * The ink mask of the splatter layers (see splatter.h): the same paths the colour texture
 * fills (dp_splat_path), filled opaque into an A8 surface, so ink and mask agree. Apart
 * from splatter.c because it reads the points as drawn (draw.c), which draws splatter. */
#include "render/splatter.h"

#include <stdlib.h>

#include "core/dp.h"

/* The impacts of layer li, each at its copies across the wrap that reach the pane. */
static void fill_layer(cairo_t *cr, const dp_texture_spec *t, const dp_scene *s, int li)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_ctx ctx = dp_layer_ctx_for(t, l);
    for (size_t i = 0; i < s->layers[li].count; i++) {
        dp_shape sh = dp_layer_shape(&ctx, &s->layers[li].points[i], i);
        double reach = DP_SPLAT_REACH * sh.radius + 2, x = sh.x, y = sh.y;
        int kx = t->wrap.x ? 1 : 0, ky = t->wrap.y ? 1 : 0;
        for (int b = -ky; b <= ky; b++)
            for (int a = -kx; a <= kx; a++) {
                sh.x = x + a * t->width, sh.y = y + b * t->height;
                if (sh.x + reach < 0 || sh.x - reach > t->width || sh.y + reach < 0 ||
                    sh.y - reach > t->height)
                    continue;
                dp_splat_path(cr, l, &sh);
                cairo_fill(cr);
            }
    }
}

void dp_splatter_cover_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *mask)
{
    cairo_surface_t *a8 = NULL;
    for (int li = 0; li < t->n_layers && li < s->n_layers; li++) {
        if (t->layers[li].style != DP_STYLE_SPLATTER)
            continue;
        if (a8 == NULL)
            a8 = cairo_image_surface_create(CAIRO_FORMAT_A8, t->width, t->height);
        cairo_t *cr = cairo_create(a8);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
        fill_layer(cr, t, s, li);
        cairo_destroy(cr);
    }
    if (a8 == NULL || cairo_surface_status(a8) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(a8);
        return; /* no splatter (or no memory: the mask stays without it) */
    }
    cairo_surface_flush(a8);
    const uint8_t *d = cairo_image_surface_get_data(a8);
    int st = cairo_image_surface_get_stride(a8);
    for (int y = 0; y < t->height; y++)
        for (int x = 0; x < t->width; x++) {
            uint16_t q = (uint16_t)(d[(size_t)y * st + x] * 257);
            size_t k = (size_t)y * t->width + x;
            mask[k] = DP_MAX(mask[k], q);
        }
    cairo_surface_destroy(a8);
}
