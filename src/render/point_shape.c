/* SPDX-License-Identifier: MIT
 * A point as every style draws it (dp_layer_shape) and a layer's drawing context
 * (dp_layer_ctx_for): colour, angle, size and the shape's own bits come from a stream seeded
 * by (layer seed, point index), so a periodic copy, a band seam, the height map and the
 * cells' pieces all see the same point. Apart from draw.c, which walks the layer kinds, so
 * that a kind (cells) may call it without calling back into the table that names it. */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "core/point_attrs.h"
#include "render/colour.h"

/* Attributes the newer keys read, drawn after the older ones so that a preset that does
 * not use them keeps its bytes. */
static void shape_extras(const dp_layer_spec *l, dp_jitter_rng *g, dp_shape *s)
{
    s->variant = (int)(dp_jitter_unit(g) * dp_layer_stamp_count(l));
    s->mirror = dp_jitter_unit(g) < l->mirror;
    s->tilt_axis_rad = 2 * DP_PI * dp_jitter_unit(g);
    s->squash = cos(l->tilt_deg * DP_PI / 180 * dp_jitter_unit(g));
    s->aspect = DP_MIN(1.0, l->aspect * (1 + l->aspect_jitter * dp_jitter_signed(g)));
}

dp_shape dp_layer_shape(const dp_layer_ctx *ctx, const dapple_point *p, size_t index)
{
    const dp_layer_spec *l = ctx->spec;
    dp_jitter_rng g = dp_jitter_rng_for(ctx->seed, index);
    dp_shape s = { .x = p->x, .y = p->y };
    s.colour = dp_colour_pick_parts(l, &g, &s.pick, &s.base, &s.dl, &s.dh);
    s.angle_rad = 2 * DP_PI * dp_jitter_unit(&g);
    double size = 1 + dp_jitter_signed(&g) * l->stamp_scale_jitter;
    s.radius = l->style == DP_STYLE_STAMPS ? dp_layer_draw_radius(l, p->r) * DP_MAX(size, 0.05)
                                           : dp_layer_point_radius(l, ctx->size_seed, p);
    s.variety = dp_jitter_next(&g);
    shape_extras(l, &g, &s);
    s.key = dp_point_key(ctx->size_seed, p->x, p->y);
    return s;
}

dp_layer_ctx dp_layer_ctx_for(const dp_texture_spec *t, const dp_layer_spec *l)
{
    double a = l->light_angle_deg * DP_PI / 180;
    /* Decorrelated from the sampler's stream, which starts from the same layer seed. */
    dp_layer_ctx c = { .t = t,
                       .spec = l,
                       .seed = dp_layer_seed(t->seed, l->name) ^ 0x636f6c6f7572u,
                       .size_seed = dp_layer_size_seed(t->seed, l->name) };
    c.light_x = cos(a);
    c.light_y = sin(a);
    return c;
}
