/* SPDX-License-Identifier: MIT
 * Splatter as drawn (see splatter.h). A teardrop is its round head with a tail drawn to a
 * point 'len' * 2 - head ahead along its flight, by two curves tangent to the head; a
 * streak tapers from its root on the blob's rim to a small bead. */
#include "render/splatter.h"

#include <math.h>

#include "core/dp.h"

#define BLOB_STEPS 360

/* The throw of a splatter layer (its splat_direction and splat_force). */
static dp_splat_opts splat_opts_of(const dp_layer_spec *l)
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
    dp_splat_opts o = splat_opts_of(l);
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
