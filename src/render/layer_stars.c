/* SPDX-License-Identifier: MIT
 * 'stars': a night sky. Each point is a star (render/stars.h): its magnitude from the
 * power law of star counts, its colour that of a black body at its temperature. A star is
 * a point of light blurred by the optics - a core a pixel or two wide whose size and
 * brightness grow with its flux - and the brightest carry a soft halo (light scattered in
 * the lens and the air) and, with star_spikes, the four diffraction spikes of a telescope's
 * vanes. Light adds (cairo's ADD): overlapping halos brighten, as on a photograph. The
 * drawn radius is the halo's reach for a magnitude-0 star. With star_glow, the layer's
 * field is drawn first as the unresolved light of the band (the Milky Way). */
#include "render/layer.h"

#include <math.h>

#include "core/dp.h"
#include "core/field.h"
#include "render/render.h"
#include "render/stars.h"

#define SHOWN      0.3  /* displayed brightness = flux^SHOWN: the eye's and film's compression */
#define SCATTER    1.2  /* stars stray up to this many spacings off their sample points */
#define CORE       0.12 /* a magnitude-0 core is this much of the drawn radius */
#define HALO_FROM  0.3  /* stars shown brighter than this carry a halo */
#define SPIKE_FROM 0.25 /* fluxes above this show spikes */

/* The star's colour, paler at its saturated centre, as bright stars burn out to white. */
static void core(cairo_t *cr, const dp_shape *s, const dp_star *st, double shown, double alpha)
{
    double rc = 0.55 + CORE * s->radius * sqrt(st->flux);
    dp_rgba c = st->colour;
    cairo_pattern_t *p = cairo_pattern_create_radial(s->x, s->y, 0, s->x, s->y, 1.7 * rc);
    cairo_pattern_add_color_stop_rgba(p, 0, 0.5 + 0.5 * c.r, 0.5 + 0.5 * c.g, 0.5 + 0.5 * c.b,
                                      shown * alpha);
    cairo_pattern_add_color_stop_rgba(p, 0.45, c.r, c.g, c.b, 0.75 * shown * alpha);
    cairo_pattern_add_color_stop_rgba(p, 1, c.r, c.g, c.b, 0);
    cairo_set_source(cr, p);
    cairo_arc(cr, s->x, s->y, 1.7 * rc, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

static void halo(cairo_t *cr, const dp_shape *s, const dp_star *st, double shown, double alpha)
{
    double rh = s->radius * sqrt(st->flux), a = 0.3 * (shown - HALO_FROM) / (1 - HALO_FROM);
    dp_rgba c = st->colour;
    cairo_pattern_t *p = cairo_pattern_create_radial(s->x, s->y, 0, s->x, s->y, rh);
    cairo_pattern_add_color_stop_rgba(p, 0, c.r, c.g, c.b, a * alpha);
    cairo_pattern_add_color_stop_rgba(p, 0.25, c.r, c.g, c.b, 0.35 * a * alpha);
    cairo_pattern_add_color_stop_rgba(p, 1, c.r, c.g, c.b, 0);
    cairo_set_source(cr, p);
    cairo_arc(cr, s->x, s->y, rh, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

/* Four spikes along the axes (a reflector's cross vanes), fading from the centre. */
static void spikes(cairo_t *cr, const dp_shape *s, const dp_star *st, double alpha)
{
    double len = 1.4 * s->radius * sqrt(st->flux), a = DP_MIN(1.0, st->flux) * 0.8 * alpha;
    dp_rgba c = st->colour;
    for (int k = 0; k < 4; k++) {
        double dx = k == 0 ? len : k == 1 ? -len : 0, dy = k == 2 ? len : k == 3 ? -len : 0;
        cairo_pattern_t *p = cairo_pattern_create_linear(s->x, s->y, s->x + dx, s->y + dy);
        cairo_pattern_add_color_stop_rgba(p, 0, c.r, c.g, c.b, a);
        cairo_pattern_add_color_stop_rgba(p, 1, c.r, c.g, c.b, 0);
        cairo_set_source(cr, p);
        cairo_set_line_width(cr, 0.9);
        cairo_move_to(cr, s->x, s->y);
        cairo_line_to(cr, s->x + dx, s->y + dy);
        cairo_stroke(cr);
        cairo_pattern_destroy(p);
    }
}

/* The sample spacing where the star's point lies (its copies across the wrap read the
 * same place): sparse stars stray as far as dense ones, relative to their spacing. */
static double spacing(const dp_layer_ctx *ctx, const dp_shape *s)
{
    const dapple_field *f = ctx->scene != NULL ? ctx->scene->fields[ctx->layer_index] : NULL;
    if (f == NULL)
        return ctx->spec->field.rmin;
    double w = ctx->t->width, h = ctx->t->height;
    return dapple_field_radius_at(f, s->x - w * floor(s->x / w), s->y - h * floor(s->y / h));
}

static void draw_star(cairo_t *cr, const dp_layer_ctx *ctx, const dp_shape *s, int pass)
{
    (void)pass;
    const dp_layer_spec *l = ctx->spec;
    dp_star st = dp_star_of(l, s->variety);
    double shown = pow(st.flux, SHOWN), alpha = s->colour.a;
    /* Stars are not blue noise: scattered off the even spacing, they clump and leave gaps
       by chance, as the sky does; the field still sets how many fall where. */
    dp_shape at = *s;
    double a = 2 * DP_PI * dp_star_unit(s->variety, 1),
           d = SCATTER * spacing(ctx, s) * sqrt(dp_star_unit(s->variety, 2));
    at.x += d * cos(a), at.y += d * sin(a);
    s = &at;
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_ADD);
    if (shown > HALO_FROM)
        halo(cr, s, &st, shown, alpha);
    if (l->star_spikes && st.flux > SPIKE_FROM)
        spikes(cr, s, &st, alpha);
    core(cr, s, &st, shown, alpha);
    cairo_restore(cr);
}

/* The band's unresolved light: the field v, in the first colour at star_glow, added. */
static dapple_status glow(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err)
{
    (void)err;
    const dp_layer_spec *l = ctx->spec;
    const dapple_field *f = ctx->scene != NULL ? ctx->scene->fields[ctx->layer_index] : NULL;
    if (!(l->star_glow > 0) || f == NULL)
        return DAPPLE_OK;
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target);
    dp_rgba c = l->palette[0];
    double add[3] = { c.r, c.g, c.b };
    for (int y = ctx->clip_y0; y < ctx->clip_y1; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * stride);
        for (int x = 0; x < ctx->t->width; x++) {
            double v = l->star_glow * c.a *
                       DP_MIN(1.0, DP_MAX(0.0, dp_field_level_at(f, x + 0.5, y + 0.5)));
            uint32_t px = row[x], out = px & 0xff000000u;
            for (int k = 0; k < 3; k++) {
                int sh = 16 - 8 * k;
                double ch = (double)(px >> sh & 255) + 255 * v * add[k];
                out |= (uint32_t)lround(DP_MIN(255.0, ch)) << sh;
            }
            row[x] = out;
        }
    }
    cairo_surface_mark_dirty(target);
    return DAPPLE_OK;
}

const dp_layer_kind dp_layer_stars = {
    .name = "stars",
    .style = DP_STYLE_STARS,
    .extent = 1.5, /* spikes reach 1.4 radii */
    .passes = 1,
    .draw = draw_star,
    .underlay = glow,
};
