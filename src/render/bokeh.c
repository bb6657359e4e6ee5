/* SPDX-License-Identifier: MIT
 * Bokeh (see bokeh.h). Each light is a disc, as a defocused point light is the lens's
 * aperture: nearly flat inside, a slightly brighter rim, a soft edge; lights add (ADD
 * operator), so overlaps glow. Sizes follow a power law (many small far lights, a few big
 * near ones); colours are street lights: sodium amber, white, cool blue, a few reds and
 * greens, pulled a little toward background_colour2. A periodic ground draws every light
 * again at +-width, +-height where it crosses an edge, so it tiles. */
#include "render/bokeh.h"

#include <math.h>

#include "core/dp.h"
#include "core/rng.h"

#define LIGHTS_PER_SCALE2 4.0  /* lights per background_scale^2 of ground */
#define R_MIN             0.04 /* light radius range, in background_scale */
#define R_MAX             0.32

static const dp_rgba palette[] = { { 1.0, 0.68, 0.30, 1 }, { 1.0, 0.78, 0.45, 1 },
                                   { 1.0, 0.95, 0.85, 1 }, { 0.55, 0.75, 1.0, 1 },
                                   { 1.0, 0.32, 0.25, 1 }, { 0.45, 1.0, 0.6, 1 } };
static const double weight[] = { 0.3, 0.2, 0.2, 0.15, 0.1, 0.05 };

static dp_rgba pick(dp_rng *g, const dp_rgba *tint)
{
    double u = dp_rng_unit(g), acc = 0;
    int i = 0;
    for (; i < 5; i++) {
        acc += weight[i];
        if (u < acc)
            break;
    }
    dp_rgba c = palette[i];
    return (dp_rgba){ 0.8 * c.r + 0.2 * tint->r, 0.8 * c.g + 0.2 * tint->g,
                      0.8 * c.b + 0.2 * tint->b, 1 };
}

static void light(cairo_t *cr, double x, double y, double r, dp_rgba c, double a)
{
    cairo_pattern_t *p = cairo_pattern_create_radial(x, y, 0, x, y, r);
    /* the edge fades over the outer fifth: behind wet glass a light is never crisp */
    cairo_pattern_add_color_stop_rgba(p, 0, c.r, c.g, c.b, 0.55 * a);
    cairo_pattern_add_color_stop_rgba(p, 0.7, c.r, c.g, c.b, 0.65 * a);
    cairo_pattern_add_color_stop_rgba(p, 0.84, c.r, c.g, c.b, 0.75 * a);
    cairo_pattern_add_color_stop_rgba(p, 0.93, c.r, c.g, c.b, 0.35 * a);
    cairo_pattern_add_color_stop_rgba(p, 1, c.r, c.g, c.b, 0);
    cairo_set_source(cr, p);
    cairo_arc(cr, x, y, r, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(p);
}

/* The light at (x, y), and its copies across the edges it crosses that wrap. */
static void light_copies(cairo_t *cr, const dp_texture_spec *t, double x, double y, double r,
                         dp_rgba c, double a)
{
    int kx = t->wrap.x ? 1 : 0, ky = t->wrap.y ? 1 : 0;
    for (int j = -ky; j <= ky; j++)
        for (int i = -kx; i <= kx; i++) {
            double cx = x + i * t->width, cy = y + j * t->height;
            if (cx + r >= 0 && cx - r <= t->width && cy + r >= 0 && cy - r <= t->height)
                light(cr, cx, cy, r, c, a);
        }
}

void dp_bokeh_paint(cairo_t *cr, const dp_texture_spec *t)
{
    double scale = t->bg_scale > 0 ? t->bg_scale : 64;
    double n = LIGHTS_PER_SCALE2 * t->width * t->height / (scale * scale);
    dp_rng g;
    dp_rng_seed(&g, t->seed, 0xb0ce);
    cairo_save(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_ADD);
    for (long i = 0; i < lround(DP_MIN(n, 1e6)); i++) {
        double x = dp_rng_unit(&g) * t->width, y = dp_rng_unit(&g) * t->height;
        double u = dp_rng_unit(&g); /* r ~ power law: few large near lights */
        double r = scale * (R_MIN + (R_MAX - R_MIN) * u * u * u);
        double a = (0.4 + 0.6 * dp_rng_unit(&g)) * (0.45 + 0.55 * R_MIN * scale / r);
        dp_rgba c = pick(&g, &t->bg_colour2);
        light_copies(cr, t, x, y, r, c, DP_MIN(a, 0.8));
    }
    cairo_restore(cr);
}
