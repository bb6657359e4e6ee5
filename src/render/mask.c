/* SPDX-License-Identifier: MIT
 * Linear grey masks (white = "here") computed per pixel, not through cairo, so a 16-bit
 * mask gets real 16-bit values. footprint: for a droplets layer (of a whole texture, not a
 * view) where its water stands (water_footprint); for other layers discs of mask_scale * r
 * (or the layer's dot_radius, whatever the spacing) with coverage
 * antialiasing (the signed distance to the edge, clamped to one pixel), max-combined.
 * splat: one soft dot per point, 1 - smoothstep(d / (mask_scale * r)), max-combined.
 * clearance: distance to the nearest point over the largest rmax of the layers, clamped
 * to 1, min-combined (values quantise monotonically, so the min of quantised values is
 * the quantised min). Each point reaches min(rmax, 4 r): Bridson leaves hardly a spot
 * farther than 2 r(x) from a sample, so this is exact but for rare gaps beside much
 * smaller points, and it keeps wide radius ratios (where rmax / r is large for most
 * points) from costing (rmax / rmin)^2 per point. density: the first layer's relative
 * point density (rmin / r)^2, white where points crowd.
 * Footprint, splat and density put no ink where the layer's field allows no point (its
 * cutoff or exclusion images), pixel by pixel; clearance measures distance and is not
 * clipped. All wrap along the axes the texture wraps. */
#include "render/crystals.h"
#include "render/render.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/field.h"
#include "render/cells.h"
#include "render/frost.h"
#include "render/raster.h"
#include "render/snow.h"
#include "render/splatter.h"
#include "render/trails.h"

typedef struct paint {
    uint16_t *mask;
    double radius;            /* of the current point's disc or dot */
    const dapple_field *clip; /* no ink where this field refuses points; NULL: none */
    int width;                /* of the mask, to find a pixel's centre */
    double x0, y0;            /* the world position of the mask's corner (t->view_x, _y) */
} paint;

/* False when the pixel lies where the layer's field allows no point. */
static bool inked(const paint *p, size_t index)
{
    if (p->clip == NULL)
        return true;
    double x = (double)(index % (size_t)p->width) + 0.5 + p->x0,
           y = (double)(index / (size_t)p->width) + 0.5 + p->y0;
    return dp_field_allowed(p->clip, x, y);
}

static uint16_t quantise(double v)
{
    return (uint16_t)lround(v <= 0 ? 0 : (v >= 1 ? 65535 : v * 65535));
}

static void footprint_pixel(void *ctx, size_t index, double d2)
{
    paint *p = ctx;
    uint16_t q = quantise(p->radius + 0.5 - sqrt(d2));
    if (q > p->mask[index] && inked(p, index))
        p->mask[index] = q;
}

static void splat_pixel(void *ctx, size_t index, double d2)
{
    paint *p = ctx;
    double u = sqrt(d2) / p->radius;
    uint16_t q = quantise(1 - u * u * (3 - 2 * u));
    if (q > p->mask[index] && inked(p, index))
        p->mask[index] = q;
}

static void clearance_pixel(void *ctx, size_t index, double d2)
{
    paint *p = ctx;
    uint16_t q = quantise(sqrt(d2) / p->radius);
    if (q < p->mask[index])
        p->mask[index] = q;
}

/* The largest radius any point of the scene may have: the clearance scale. */
static double scene_rmax(const dp_texture_spec *t, const dp_scene *s)
{
    double r = 0;
    for (int i = 0; i < s->n_layers; i++) {
        r = DP_MAX(r, s->fields[i] != NULL ? dapple_field_rmax(s->fields[i]) : 0);
        if (i < t->n_layers)
            r = DP_MAX(r, t->layers[i].field.rmax);
        for (size_t j = 0; j < s->layers[i].count; j++)
            r = DP_MAX(r, (double)s->layers[i].points[j].r);
    }
    return r > 0 ? r : 1;
}

static void fill(uint16_t *mask, size_t n, uint16_t v)
{
    for (size_t i = 0; i < n; i++)
        mask[i] = v;
}

/* The layer's field when it refuses points somewhere (masks clip to it), else NULL. */
static const dapple_field *clip_field(const dp_scene *s, int i)
{
    const dapple_field *f = s->fields[i];
    return f != NULL && f->n_refusals > 0 ? f : NULL;
}

/* The mask's size: the view's, or the world's. */
static int mask_w(const dp_texture_spec *t)
{
    return t->view_w > 0 ? t->view_w : t->width;
}

static int mask_h(const dp_texture_spec *t)
{
    return t->view_w > 0 ? t->view_h : t->height;
}

/* A layer whose dots all have one radius (dot_radius): each pixel takes the max over the
 * points of a function of its distance, which is that function of the distance to its
 * nearest point. When the dots would cover the mask many times over (a dot of 4096 px on
 * every point of a 2048 px mask: minutes), one nearest-point search per pixel gives the
 * same bytes. false: not worth it, or out of memory (then the caller draws each dot). */
static bool dots_by_nearest(const dp_texture_spec *t, const dp_layer_points *l, dp_wrap wrap,
                            double reach, dp_raster_fn fn, paint *p)
{
    double pixels = (double)mask_w(t) * mask_h(t);
    if ((double)l->count * DP_PI * reach * reach < 8 * pixels)
        return false;
    double *x = dp_calloc_n(l->count, sizeof *x), *y = dp_calloc_n(l->count, sizeof *y);
    bool ok = x != NULL && y != NULL;
    for (size_t j = 0; ok && j < l->count; j++)
        x[j] = (double)l->points[j].x - t->view_x, y[j] = (double)l->points[j].y - t->view_y;
    dp_raster_band whole = { mask_w(t), mask_h(t), 0, mask_h(t), wrap };
    ok = ok && dp_raster_nearest(&whole, x, y, l->count, reach, fn, p);
    free(x), free(y);
    return ok;
}

/* True when the footprint of layer i is its water (see water_footprint). */
static bool water_layer(const dp_texture_spec *t, int i)
{
    return i < t->n_layers && t->layers[i].style == DP_STYLE_DROPLETS && t->view_w == 0;
}

static void each_point(const dp_texture_spec *t, const dp_scene *s, dp_mask_kind kind,
                       uint16_t *mask)
{
    /* a view holds the copies across the wrap itself */
    dp_wrap wrap = t->view_w == 0 ? t->wrap : dp_wrap_both(false);
    double scale = t->mask_scale > 0 ? t->mask_scale : 0.5, rmax = scene_rmax(t, s);
    dp_raster_fn fn = kind == DP_MASK_FOOTPRINT ? footprint_pixel
                      : kind == DP_MASK_SPLAT   ? splat_pixel
                                                : clearance_pixel;
    for (int i = 0; i < s->n_layers; i++) {
        const dp_layer_spec *l = i < t->n_layers ? &t->layers[i] : NULL;
        const dapple_field *clip = kind == DP_MASK_CLEARANCE ? NULL : clip_field(s, i);
        /* one dot size for every point (no growth in the darks): nearest-point raster */
        double dot =
                l != NULL && l->dot_radius > 0 && !(l->dot_radius_dense > 0) ? l->dot_radius : 0;
        if (kind == DP_MASK_FOOTPRINT && water_layer(t, i))
            continue; /* water_footprint draws it */
        if (kind == DP_MASK_FOOTPRINT && l != NULL && l->style == DP_STYLE_SPLATTER &&
            t->view_w == 0)
            continue; /* dp_splatter_cover_into draws its ink */
        paint one = { mask, dot, clip, mask_w(t), t->view_x, t->view_y };
        if (dot > 0 && kind != DP_MASK_CLEARANCE &&
            dots_by_nearest(t, &s->layers[i], wrap, dot + (kind == DP_MASK_FOOTPRINT ? 0.5 : 0), fn,
                            &one))
            continue;
        for (size_t j = 0; j < s->layers[i].count; j++) {
            const dapple_point *q = &s->layers[i].points[j];
            double own = l != NULL && l->dot_radius > 0 ? dp_layer_draw_radius(l, (double)q->r)
                                                        : scale * (double)q->r;
            paint p = { mask,      kind == DP_MASK_CLEARANCE ? rmax : own,
                        clip,      mask_w(t),
                        t->view_x, t->view_y };
            /* The antialiased edge of a footprint reaches half a pixel beyond the disc. */
            double reach = p.radius + (kind == DP_MASK_FOOTPRINT ? 0.5 : 0);
            if (kind == DP_MASK_CLEARANCE)
                reach = DP_MIN(rmax, 4 * (double)q->r);
            dp_raster_disc(mask_w(t), mask_h(t), wrap, (double)q->x - t->view_x,
                           (double)q->y - t->view_y, reach, fn, &p);
        }
    }
}

typedef struct micro {
    uint16_t *mask;
    double radius;
} micro;

static void micro_pixel(void *ctx, size_t index, double d2)
{
    const micro *m = ctx;
    uint16_t q = quantise(m->radius + 0.5 - sqrt(d2));
    if (q > m->mask[index])
        m->mask[index] = q;
}

/* The footprint of the droplets layers is where water stands: every pixel the height map
 * raises (drops, beads, merged bridges, a trail's film), white from the film's height up,
 * never below 1/255 so that an 8-bit mask keeps it; and the micro-drops, which stay out of
 * the height map, as antialiased discs of their own radius. */
static void water_footprint(const dp_texture_spec *t, const dp_scene *s, uint16_t *mask)
{
    bool any = false;
    for (int li = 0; li < t->n_layers && li < s->n_layers; li++)
        any = any || water_layer(t, li);
    if (!any) /* no droplets (or a window of a world, 2^21 wide): no height map to build */
        return;
    size_t n = (size_t)t->width * (size_t)t->height;
    uint16_t *h = malloc(n * sizeof *h);
    if (h == NULL)
        return; /* the caller's mask stays without water rather than half-drawn */
    dp_render_water_into(t, s, h);
    double unit = dp_height_unit(t), full = DP_TRAIL_FILM * 65535 / (unit > 0 ? unit : 1);
    for (size_t i = 0; i < n; i++)
        if (h[i] > 0) {
            uint16_t q = quantise(DP_MAX(1.0 / 255, DP_MIN(1.0, h[i] / full)));
            mask[i] = DP_MAX(mask[i], q);
        }
    free(h);
    for (int li = 0; li < t->n_layers && li < s->n_layers; li++) {
        const dp_layer_spec *l = &t->layers[li];
        if (!water_layer(t, li) || !(l->drop_micro > 0))
            continue;
        uint64_t seed = dp_layer_size_seed(t->seed, l->name);
        for (size_t j = 0; j < s->layers[li].count; j++) {
            const dapple_point *p = &s->layers[li].points[j];
            micro m = { mask, dp_layer_point_radius(l, seed, p) };
            if (m.radius < l->drop_micro)
                dp_raster_disc(t->width, t->height, t->wrap, p->x, p->y, m.radius + 0.5,
                               micro_pixel, &m);
        }
    }
}

/* The first layer's relative point density, 0 where it allows no point. */
static void density_into(const dp_texture_spec *t, const dapple_field *f, uint16_t *mask)
{
    for (int j = 0; j < mask_h(t); j++)
        for (int i = 0; i < mask_w(t); i++) {
            double x = (t->view_x + i + 0.5) * f->width / t->width,
                   y = (t->view_y + j + 0.5) * f->height / t->height;
            mask[(size_t)j * mask_w(t) + i] = quantise(dapple_field_density_at(f, x, y));
        }
}

/* The first cells layer, or -1. */
static int cells_layer(const dp_texture_spec *t, const dp_scene *s)
{
    for (int i = 0; i < t->n_layers && i < s->n_layers; i++)
        if (t->layers[i].style == DP_STYLE_CELLS)
            return i;
    return -1;
}

/* cells: each pixel its cell's value (dp_cells_values), hard-edged, gaps included, so an
 * engine can look a pixel's piece up; edges: the distance into the piece from its outline
 * over half the layer's rmax, 0 in the gap. The whole texture only (not a view). */
static void cells_into(const dp_texture_spec *t, const dp_scene *s, bool edges, uint16_t *mask)
{
    int li = cells_layer(t, s);
    dp_cells *c;
    if (li < 0 || t->view_w > 0 ||
        dp_cells_new(&c, t, &t->layers[li], &s->layers[li], NULL) != DAPPLE_OK)
        return;
    double reach = 0.5 * dapple_field_opts_rmax(&t->layers[li].field);
    size_t n = (size_t)t->width * (size_t)t->height;
    size_t *ids = edges ? NULL : dp_calloc_n(n, sizeof *ids);
    uint16_t *values = edges ? NULL : dp_calloc_n(dp_cells_count(c) + 1, sizeof *values);
    if (edges)
        dp_cells_widen(c, reach + t->layers[li].gap);
    dp_power_cache k = { .valid = false };
    for (size_t i = 0; i < n && (edges || (ids != NULL && values != NULL)); i++) {
        dp_cell_px p;
        dp_cells_at(c, &k, (double)(i % (size_t)t->width) + 0.5,
                    (double)(i / (size_t)t->width) + 0.5, &p);
        if (edges)
            mask[i] = quantise(p.inset / reach);
        else
            ids[i] = p.cell;
    }
    if (!edges && ids != NULL && values != NULL &&
        dp_cells_values(c, ids, t->width, t->height, values))
        for (size_t i = 0; i < n; i++)
            mask[i] = ids[i] == SIZE_MAX ? 0 : values[ids[i]];
    free(ids), free(values);
    dp_cells_free(c);
}

void dp_render_mask_into(const dp_texture_spec *t, const dp_scene *s, dp_mask_kind kind,
                         uint16_t *mask)
{
    size_t n = (size_t)mask_w(t) * (size_t)mask_h(t);
    fill(mask, n, kind == DP_MASK_CLEARANCE ? 65535 : 0);
    if (kind == DP_MASK_DENSITY) {
        if (s->n_layers > 0 && s->fields[0] != NULL)
            density_into(t, s->fields[0], mask);
        return;
    }
    if (kind == DP_MASK_FOOTPRINT || kind == DP_MASK_SPLAT || kind == DP_MASK_CLEARANCE)
        each_point(t, s, kind, mask);
    if (kind == DP_MASK_FOOTPRINT)
        water_footprint(t, s, mask);
    if (kind == DP_MASK_CELLS || kind == DP_MASK_EDGES)
        cells_into(t, s, kind == DP_MASK_EDGES, mask);
    if (kind == DP_MASK_FOOTPRINT && t->view_w == 0)
        dp_crystals_cover_into(t, s, mask);
    if (kind == DP_MASK_FOOTPRINT && t->view_w == 0)
        dp_splatter_cover_into(t, s, mask);
    if (kind == DP_MASK_FOOTPRINT && t->view_w == 0)
        dp_snow_cover_into(t, s, mask);
    if ((kind == DP_MASK_WIPED || kind == DP_MASK_FROST) && t->view_w == 0)
        dp_frost_mask_into(t, s, kind == DP_MASK_FROST, mask);
}
