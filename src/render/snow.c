/* SPDX-License-Identifier: MIT
 * Snow coverage (see snow.h): a pixel spans rows [y, y + 1); the snow's top in that column
 * lies at height - depth, so the pixel's covered share is the part of its span below it. */
#include "render/snow.h"

#include "core/dp.h"

double dp_snow_cover_at(const dp_texture_spec *t, const dp_layer_points *lp, int x, int y)
{
    if (lp->snow == NULL || x < 0 || x >= t->width)
        return 0;
    double top = t->height - (double)lp->snow[x];
    return DP_MIN(1.0, DP_MAX(0.0, y + 1 - top));
}

void dp_snow_cover_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *mask)
{
    for (int li = 0; li < t->n_layers && li < s->n_layers; li++) {
        if (t->layers[li].style != DP_STYLE_SNOW)
            continue;
        for (int y = 0; y < t->height; y++)
            for (int x = 0; x < t->width; x++) {
                double c = dp_snow_cover_at(t, &s->layers[li], x, y);
                size_t k = (size_t)y * t->width + x;
                uint16_t q = (uint16_t)(c * 65535 + 0.5);
                mask[k] = DP_MAX(mask[k], q);
            }
    }
}
