/* SPDX-License-Identifier: MIT
 * 'droplets': water on glass. Every drop, round or shaped, is one analytic surface
 * (drop_shape.h) shaded pixel by pixel by its optics (drop_shade.h): the scene behind seen
 * through it upside down, a dark rim where the steep edge reflects the room instead, the
 * light's glint. The height and normal maps (maps.c) store the same surface. Fog under the
 * layer comes first (frost.h), the bridges of merged drops last (merge.h). */
#include "render/layer.h"

#include "render/drop_shade.h"
#include "render/frost.h"
#include "render/trails.h"

/* A slid drop's tail reaches 1.5 rooms up (drop_shape.c's TAIL): ink stays within this. */
#define EXTENT 1.55

static void draw_droplet(cairo_t *cr, const dp_layer_ctx *c, const dp_shape *s, int pass)
{
    (void)pass;
    dp_drop d;
    dp_layer_drop(c->spec, s->radius, s->key, s->bead, &d);
    dp_drop_shade(cr, c, &d, s);
}

const dp_layer_kind dp_layer_droplets = {
    .name = "droplets",
    .style = DP_STYLE_DROPLETS,
    .extent = EXTENT,
    .passes = 1,
    .underlay = dp_frost_underlay,
    .draw = draw_droplet,
    .overlay = dp_drop_shade_bridges,
};
