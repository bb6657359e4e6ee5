/* SPDX-License-Identifier: MIT
 * Splatter as drawn (see splatter.h). A teardrop is its round head with a tail drawn to a
 * point 'len' * 2 - head ahead along its flight, by two curves tangent to the head; a
 * streak tapers from its root on the blob's rim to a small bead. The mask fills the same
 * paths into an A8 surface, so ink and mask agree. */
#include "render/splatter.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"

#define BLOB_STEPS 360

dp_splat_opts dp_splat_opts_of(const dp_layer_spec *l)
{
    return (dp_splat_opts){ l->splat_direction_deg * DP_PI / 180, l->splat_force };
}

static void blob(cairo_t *cr, const dp_splat_opts *o, uint64_t seed, const dp_splat_drop *d)
{
    cairo_new_sub_path(cr);
    for (int i = 0; i < BLOB_STEPS; i++) {
        double psi = 2 * DP_PI * i / BLOB_STEPS, r = d->len * dp_splat_blob_radius(o, seed, psi);
        cairo_line_to(cr, d->x + r * cos(psi), d->y + r * sin(psi));
    }
    cairo_close_path(cr);
}

static void teardrop(cairo_t *cr, const dp_splat_drop *d)
{
    double c = cos(d->angle_rad), s = sin(d->angle_rad), w = d->wid;
    double reach = DP_MAX(2 * d->len - w, w);
    double tx = d->x + reach * c, ty = d->y + reach * s;
    cairo_new_sub_path(cr);
    cairo_arc(cr, d->x, d->y, w, d->angle_rad + DP_PI / 2, d->angle_rad + 3 * DP_PI / 2);
    /* from the head's near side to the tip and back, tangent to the head */
    cairo_curve_to(cr, d->x + 0.5 * reach * c + 0.8 * w * s, d->y + 0.5 * reach * s - 0.8 * w * c,
                   tx - 0.2 * reach * c, ty - 0.2 * reach * s, tx, ty);
    cairo_curve_to(cr, tx - 0.2 * reach * c, ty - 0.2 * reach * s,
                   d->x + 0.5 * reach * c - 0.8 * w * s, d->y + 0.5 * reach * s + 0.8 * w * c,
                   d->x - w * s, d->y + w * c);
    cairo_close_path(cr);
}

static void streak(cairo_t *cr, const dp_splat_drop *d)
{
    double c = cos(d->angle_rad), s = sin(d->angle_rad), w = d->wid, L = 2 * d->len;
    double ex = d->x + L * c, ey = d->y + L * s;
    cairo_new_sub_path(cr);
    /* wound as the arcs and the blob are (clockwise on screen): nonzero fill then unites
       them instead of cutting holes where they overlap */
    cairo_move_to(cr, d->x + w * s - w * c, d->y - w * c - w * s);
    cairo_line_to(cr, ex + 0.3 * w * s, ey - 0.3 * w * c);
    cairo_line_to(cr, ex - 0.3 * w * s, ey + 0.3 * w * c);
    cairo_line_to(cr, d->x - w * s - w * c, d->y + w * c - w * s);
    cairo_close_path(cr);
    cairo_new_sub_path(cr);
    cairo_arc(cr, ex, ey, 0.7 * w, 0, 2 * DP_PI); /* the bead the streak ran into */
    cairo_close_path(cr);
}

void dp_splat_path(cairo_t *cr, const dp_layer_spec *l, const dp_shape *s)
{
    dp_splat_opts o = dp_splat_opts_of(l);
    dp_splat_drop d[DP_SPLAT_MAX];
    size_t n = dp_splat_throw(&o, s->x, s->y, s->radius, s->variety, d);
    for (size_t i = 0; i < n; i++) {
        if (d[i].kind == DP_SPLAT_BLOB) {
            blob(cr, &o, s->variety, &d[i]);
        } else if (d[i].kind == DP_SPLAT_ROUND) {
            cairo_new_sub_path(cr);
            cairo_arc(cr, d[i].x, d[i].y, d[i].wid, 0, 2 * DP_PI);
            cairo_close_path(cr);
        } else if (d[i].kind == DP_SPLAT_TAILED) {
            teardrop(cr, &d[i]);
        } else {
            streak(cr, &d[i]);
        }
    }
}

/* The impacts of layer li, each at its copies across the wrap that reach the pane. */
static void fill_layer(cairo_t *cr, const dp_texture_spec *t, const dp_scene *s, int li)
{
    const dp_layer_spec *l = &t->layers[li];
    dp_layer_ctx ctx = dp_layer_ctx_for(t, l);
    for (size_t i = 0; i < s->layers[li].count; i++) {
        dp_shape sh = dp_layer_shape(&ctx, &s->layers[li].points[i], i);
        double reach = DP_SPLAT_REACH * sh.radius + 2, x = sh.x, y = sh.y;
        int k = t->periodic ? 1 : 0;
        for (int b = -k; b <= k; b++)
            for (int a = -k; a <= k; a++) {
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
