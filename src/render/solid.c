/* SPDX-License-Identifier: MIT
 * Solid shapes through the shared outline and material (outline.h, material.h): the
 * ellipses and chips styles come here when a layer sets wobble, roughness, grain or veins.
 * An ellipse becomes a rounded outline with a stone's dome; a chip a polygon, flat as a
 * polished chip. Everything about a shape comes from its own bits (dp_shape.variety), so
 * no two shapes share an outline and every copy of one agrees. */
#include "render/solid.h"

#include "render/material.h"

void dp_solid_describe(const dp_layer_ctx *ctx, const dp_shape *s, dp_outline *o,
                       dp_outline_frame *f, dp_material *m)
{
    const dp_layer_spec *l = ctx->spec;
    bool chip = l->style == DP_STYLE_CHIPS;
    if (chip)
        dp_outline_polygon(o, l->corners, l->irregularity, l->roughness + 0.5 * l->wobble,
                           s->variety);
    else
        dp_outline_round(o, l->wobble, l->roughness, s->variety);
    *f = (dp_outline_frame){ s->x, s->y, s->radius, s->angle_rad, s->aspect, s->mirror };
    *m = (dp_material){ .grain = l->grain,
                        .veins = l->veins,
                        .shading = l->bevel,
                        .domed = !chip,
                        .light_x = ctx->light_x,
                        .light_y = ctx->light_y,
                        .seed = s->variety * 0x2545f4914f6cdd1du + 1 };
}

void dp_solid_draw(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    const dp_layer_spec *l = ctx->spec;
    dp_outline o;
    dp_outline_frame f;
    dp_material m;
    dp_solid_describe(ctx, s, &o, &f, &m);
    if (pass == DP_PASS_SILHOUETTE || !l->filled) {
        double a = pass == DP_PASS_SILHOUETTE ? 1 : s->colour.a;
        cairo_new_path(cr);
        dp_outline_path(cr, &o, &f);
        cairo_set_source_rgba(cr, s->colour.r, s->colour.g, s->colour.b, a);
        if (l->filled || pass == DP_PASS_SILHOUETTE) {
            cairo_fill(cr);
            return;
        }
        cairo_set_line_width(cr, l->stroke_width);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_stroke(cr);
        return;
    }
    dp_material_fill(cr, &m, &o, &f, s->colour);
}
