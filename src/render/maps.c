/* SPDX-License-Identifier: MIT
 * Height and normal maps of the lens layers. Each droplet is a spherical cap of base
 * radius a = scale * r with a contact angle of 60 degrees (water on clean glass sits
 * around 40-70); a bubble is a hemisphere (90 degrees). Caps are max-combined. The height
 * unit is fixed by the texture spec alone - 65535 = the tallest cap any lens layer can
 * make, from its rmax - so the normal map, which only sees the heights, can recover
 * slopes in pixels. Normals come from central differences, wrapping along the axes that
 * wrap. */
#include "render/render.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#include "core/breath.h"
#include "core/dp.h"
#include "core/point_attrs.h"
#include "render/cells.h"
#include "render/layer.h"
#include "render/material.h"
#include "render/merge.h"
#include "render/raster.h"
#include "render/relief.h"
#include "render/trails.h"
#include "render/solid.h"

#define BUBBLE_CONTACT_DEG 90.0

static double contact_rad(const dp_layer_spec *l)
{
    dp_style style = l->style;
    if (style == DP_STYLE_DROPLETS)
        return l->drop.contact_deg * DP_PI / 180;
    if (style == DP_STYLE_BUBBLES)
        return BUBBLE_CONTACT_DEG * DP_PI / 180;
    return 0; /* flat: the style has no height */
}

/* Height at the top of a cap of base radius a: a * tan(theta / 2). */
static double cap_top(double a, double theta)
{
    return a * tan(theta / 2);
}

/* Filled ellipses and chips with an outline or material (material.h) stand up from the
 * ground: the top of the tallest, as a fraction of the drawn radius (a stone's dome is at
 * most half its width, plus its grain; a polished chip is a thin slab). 0: flat. */
static double solid_top_frac(const dp_layer_spec *l)
{
    if ((l->style != DP_STYLE_ELLIPSES && l->style != DP_STYLE_CHIPS) || !l->filled ||
        !dp_material_wanted(l))
        return 0;
    return l->style == DP_STYLE_ELLIPSES ? 0.51 : 0.09;
}

/* The height (pixels) that 65535 stands for: the tallest possible cap or stone. */
double dp_height_unit(const dp_texture_spec *t)
{
    double unit = 0;
    for (int i = 0; i < t->n_layers; i++) {
        const dp_layer_spec *l = &t->layers[i];
        double th = contact_rad(l);
        double rmax = dapple_field_opts_rmax(&l->field);
        if (th > 0) /* a breath figure's drops grow to rmax, and one merge past it */
            unit = DP_MAX(unit, cap_top(l->breath ? DP_BREATH_OVERSHOOT * rmax
                                        : l->rain ? rmax /* drawn as they fell, up to rmax */
                                                  : dp_layer_draw_radius(l, rmax),
                                        th));
        unit = DP_MAX(unit, solid_top_frac(l) * dp_layer_draw_radius(l, rmax));
        unit = DP_MAX(unit, dp_cells_top(l));
        unit = DP_MAX(unit, dp_relief_top(l));
    }
    return unit;
}

/* Max-combines a height (pixels) into the map. */
static void raise_to(uint16_t *height, size_t index, double h, double to_u16)
{
    if (h <= 0)
        return;
    double v = h * to_u16 + 0.5;
    uint16_t q = v >= 65535 ? 65535 : (uint16_t)v;
    if (q > height[index])
        height[index] = q;
}

typedef struct cap {
    uint16_t *height;
    double sphere2;  /* sphere radius squared */
    double centre_z; /* sphere centre height: negative below the glass */
    double to_u16;   /* 65535 / height_unit */
} cap;

static void cap_pixel(void *ctx, size_t index, double d2)
{
    const cap *c = ctx;
    raise_to(c->height, index, sqrt(DP_MAX(0, c->sphere2 - d2)) + c->centre_z, c->to_u16);
}

typedef struct shaped {
    uint16_t *height;
    dp_drop drop;
    double to_u16;
} shaped;

static void shaped_pixel(void *ctx, size_t index, double dx, double dy)
{
    const shaped *c = ctx;
    raise_to(c->height, index, dp_drop_height(&c->drop, dx, dy), c->to_u16);
}

/* Drop i of the layer: its points, then its trail beads (whose r is the drawn radius).
 * Returns the drawn radius, 0 for a drop too small to shade (the frost mask has it). */
static double drop_at(const dp_layer_spec *l, uint64_t size_seed, const dp_layer_points *lp,
                      size_t i, const dapple_point **p)
{
    *p = i < lp->count ? &lp->points[i] : &lp->beads[i - lp->count];
    double a = i < lp->count ? dp_layer_point_radius(l, size_seed, *p) : (double)(*p)->r;
    return l->style == DP_STYLE_DROPLETS && a < l->drop_micro ? 0 : a;
}

/* Droplets with a shape (drop_shape.h): the same drop the colour renderer shades. */
static void layer_shaped(const dp_texture_spec *t, const dp_layer_spec *l,
                         const dp_layer_points *lp, double unit, uint16_t *height)
{
    uint64_t size_seed = dp_layer_size_seed(t->seed, l->name);
    for (size_t i = 0; i < lp->count + lp->n_beads; i++) {
        const dapple_point *p;
        shaped c = { .height = height, .to_u16 = 65535 / unit };
        double room = drop_at(l, size_seed, lp, i, &p);
        if (!(room > 0))
            continue;
        dp_layer_drop(l, room, dp_point_key(size_seed, p->x, p->y), i >= lp->count, &c.drop);
        dp_raster_disc_xy(t->width, t->height, t->wrap, p->x, p->y, c.drop.reach, shaped_pixel, &c);
    }
}

typedef struct film {
    uint16_t *height;
    double radius, to_u16;
} film;

static void film_pixel(void *ctx, size_t index, double d2)
{
    const film *c = ctx;
    double cover = DP_MIN(1.0, c->radius + 0.5 - sqrt(d2));
    raise_to(c->height, index, DP_TRAIL_FILM * cover, c->to_u16);
}

/* The faint water film a trail leaves on its wiped track (render/trails.h). */
static void layer_film(const dp_texture_spec *t, const dp_layer_points *lp, double unit,
                       uint16_t *height)
{
    for (size_t i = 0; i < lp->n_track; i++) {
        const dapple_point *p = &lp->track[i];
        film c = { height, (double)p->r, 65535 / unit };
        dp_raster_disc(t->width, t->height, t->wrap, p->x, p->y, c.radius + 0.5, film_pixel, &c);
    }
}

typedef struct bridge {
    uint16_t *height;
    dp_drop a, b;
    double ox, oy;   /* the raster's centre, from a's centre */
    double abx, aby; /* b's centre from a's */
    double k, to_u16;
    double rect[4]; /* where the bridge can rise, from a's centre (dp_merge_bridge_rect) */
} bridge;

static void bridge_pixel(void *ctx, size_t index, double dx, double dy)
{
    const bridge *c = ctx;
    double ax = dx + c->ox, ay = dy + c->oy;
    if (!(ax > c->rect[0] && ax < c->rect[1] && ay > c->rect[2] && ay < c->rect[3]))
        return; /* outside a box: no bridge (dp_merge_bridge_rect) */
    double h = dp_drop_pair_height(&c->a, ax, ay, &c->b, ax - c->abx, ay - c->aby, c->k);
    raise_to(c->height, index, h, c->to_u16);
}

typedef struct bridge_rows {
    const dp_texture_spec *t;
    const dp_layer_spec *l;
    const dp_layer_points *lp;
    double unit;
    uint16_t *height; /* the whole map */
    int y0, y1;       /* this band's rows */
} bridge_rows;

static void *bridges_in_rows(void *arg)
{
    const bridge_rows *b = arg;
    const dp_texture_spec *t = b->t;
    uint64_t size_seed = dp_layer_size_seed(t->seed, b->l->name);
    dp_raster_band band = { t->width, t->height, b->y0, b->y1, t->wrap };
    for (size_t i = 0; i < b->lp->n_pairs; i++) {
        const dp_drop_pair *q = &b->lp->pairs[i];
        const dapple_point *p = &b->lp->points[q->a];
        bridge c = { .height = b->height + (size_t)b->y0 * (size_t)t->width,
                     .abx = q->abx,
                     .aby = q->aby,
                     .k = dp_merge_gap(b->l),
                     .to_u16 = 65535 / b->unit };
        dp_merge_drop(b->l, size_seed, p, &c.a);
        dp_merge_drop(b->l, size_seed, &b->lp->points[q->b], &c.b);
        double reach;
        if (!dp_merge_bridge_rect(&c.a, &c.b, q->abx, q->aby, c.k, c.rect))
            continue;
        dp_merge_bridge_disc(&c.a, &c.b, q->abx, q->aby, c.k, &c.ox, &c.oy, &reach);
        dp_raster_disc_rows_xy(&band, (double)p->x + c.ox, (double)p->y + c.oy, reach, bridge_pixel,
                               &c);
    }
    return NULL;
}

/* Merged drops (render/merge.h): the smooth union between each pair. The bridges are most
 * of a merged layer's height map (22 s of 32 for its maps at 8192x8192), so two bands of
 * rows are shaded on two threads, as the colour is; the heights max-combine, so the
 * bytes are those of one pass. */
static void layer_bridges(const dp_texture_spec *t, const dp_layer_spec *l,
                          const dp_layer_points *lp, double unit, uint16_t *height)
{
    int half = t->height / 2;
    bridge_rows b[2] = { { t, l, lp, unit, height, 0, half },
                         { t, l, lp, unit, height, half, t->height } };
    pthread_t other;
    bool started = t->render_threads != 1 && half > 0 && lp->n_pairs > 0 &&
                   pthread_create(&other, NULL, bridges_in_rows, &b[1]) == 0;
    bridges_in_rows(&b[0]);
    if (started)
        pthread_join(other, NULL);
    else
        bridges_in_rows(&b[1]);
}

static void layer_caps(const dp_texture_spec *t, const dp_layer_spec *l, const dp_layer_points *lp,
                       double unit, uint16_t *height)
{
    double th = contact_rad(l);
    if (th <= 0)
        return;
    if (l->style == DP_STYLE_DROPLETS && !dp_drop_style_round(&l->drop)) {
        layer_film(t, lp, unit, height);
        layer_shaped(t, l, lp, unit, height);
        layer_bridges(t, l, lp, unit, height);
        return;
    }
    uint64_t size_seed = dp_layer_size_seed(t->seed, l->name);
    for (size_t i = 0; i < lp->count + lp->n_beads; i++) {
        const dapple_point *p;
        double a = drop_at(l, size_seed, lp, i, &p), R = a / sin(th);
        if (!(a > 0))
            continue;
        cap c = { height, R * R, -R * cos(th), 65535 / unit };
        dp_raster_disc(t->width, t->height, t->wrap, p->x, p->y, a, cap_pixel, &c);
    }
}

typedef struct solid {
    uint16_t *height;
    dp_outline o;
    dp_outline_frame f;
    dp_material m;
    double to_u16;
} solid;

static void solid_pixel(void *ctx, size_t index, double dx, double dy)
{
    const solid *c = ctx;
    raise_to(c->height, index, dp_material_height(&c->m, &c->o, &c->f, c->f.x + dx, c->f.y + dy),
             c->to_u16);
}

/* Stones and chips: the same outline and material (solid.h) the colour renderer fills. */
static void layer_solids(const dp_texture_spec *t, const dp_layer_spec *l,
                         const dp_layer_points *lp, double unit, uint16_t *height)
{
    if (!(solid_top_frac(l) > 0))
        return;
    dp_layer_ctx ctx = dp_layer_ctx_for(t, l);
    for (size_t i = 0; i < lp->count; i++) {
        dp_shape s = dp_layer_shape(&ctx, &lp->points[i], i);
        solid c = { .height = height, .to_u16 = 65535 / unit };
        dp_solid_describe(&ctx, &s, &c.o, &c.f, &c.m);
        dp_raster_disc_xy(t->width, t->height, t->wrap, s.x, s.y, s.radius + 1, solid_pixel, &c);
    }
}

typedef struct cell_rows {
    const dp_cells *c;
    const dp_texture_spec *t;
    uint16_t *height;
    double to_u16;
    int y0, y1;
    const dp_cell_heights *kept; /* the colour pass's, where its rows are done */
} cell_rows;

static void *cells_in_rows(void *arg)
{
    const cell_rows *b = arg;
    dp_power_cache k = { .valid = false };
    for (int y = b->y0; y < b->y1; y++) {
        size_t row = (size_t)y * (size_t)b->t->width;
        if (b->kept->q != NULL && b->kept->done[y]) {
            for (int x = 0; x < b->t->width; x++)
                b->height[row + x] = DP_MAX(b->height[row + x], b->kept->q[row + x]);
            continue;
        }
        for (int x = 0; x < b->t->width; x++) {
            dp_cell_px p;
            dp_cells_at(b->c, &k, x + 0.5, y + 0.5, &p);
            raise_to(b->height, row + (size_t)x, p.height, b->to_u16);
        }
    }
    return NULL;
}

/* Cells (cells.h): the pieces' heights, the same the colour renderer shades; two bands of
 * rows on two threads (a query per pixel), max-combined, so the bytes are one pass's. */
static void layer_cells(const dp_texture_spec *t, const dp_layer_spec *l, const dp_layer_points *lp,
                        const dp_cell_heights *kept, double unit, uint16_t *height)
{
    dp_cells *c;
    if (l->style != DP_STYLE_CELLS || dp_cells_new(&c, t, l, lp, NULL) != DAPPLE_OK)
        return;
    int half = t->height / 2;
    cell_rows b[2] = { { c, t, height, 65535 / unit, 0, half, kept },
                       { c, t, height, 65535 / unit, half, t->height, kept } };
    pthread_t other;
    bool started = t->render_threads != 1 && half > 0 &&
                   pthread_create(&other, NULL, cells_in_rows, &b[1]) == 0;
    cells_in_rows(&b[0]);
    if (started)
        pthread_join(other, NULL);
    else
        cells_in_rows(&b[1]);
    dp_cells_free(c);
}

static void heights_into(const dp_texture_spec *t, const dp_scene *s, bool water_only,
                         uint16_t *height)
{
    memset(height, 0, (size_t)t->width * (size_t)t->height * sizeof *height);
    double unit = dp_height_unit(t);
    if (!(unit > 0))
        return;
    int n = DP_MIN(t->n_layers, s->n_layers);
    for (int i = 0; i < n; i++) {
        if (water_only && t->layers[i].style != DP_STYLE_DROPLETS)
            continue;
        layer_caps(t, &t->layers[i], &s->layers[i], unit, height);
        if (!water_only) {
            layer_solids(t, &t->layers[i], &s->layers[i], unit, height);
            layer_cells(t, &t->layers[i], &s->layers[i], &s->cell_heights[i], unit, height);
            dp_relief_into(t, s, i, unit, height);
        }
    }
}

void dp_render_height_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *height)
{
    heights_into(t, s, false, height);
}

void dp_render_water_into(const dp_texture_spec *t, const dp_scene *s, uint16_t *height)
{
    heights_into(t, s, true, height);
}

/* ---------------------------------------------------------------- normals */

/* Neighbour index along one axis: wraps on a torus, else clamps (a one-sided slope). */
static int step(int i, int d, int n, bool wrap)
{
    int j = i + d;
    if (j >= 0 && j < n)
        return j;
    return wrap ? (j + n) % n : i;
}

/* Central difference h[p] - h[m] over the pixels actually spanned (2, or 1 at a clamped
 * edge, or none on a one-pixel side). */
static double slope(double hp, double hm, int span)
{
    return span > 0 ? (hp - hm) / span : 0;
}

static uint8_t encode(double v)
{
    return (uint8_t)lround(128 + 127 * v);
}

static void normal_row(const dp_texture_spec *t, const uint16_t *h, int y, double px_per_unit,
                       double ysign, uint8_t *rgb)
{
    int w = t->width, n = t->height;
    dp_wrap wrap = t->wrap;
    int ym = step(y, -1, n, wrap.y), yp = step(y, 1, n, wrap.y);
    int yspan = (ym != y) + (yp != y);
    for (int x = 0; x < w; x++) {
        int xm = step(x, -1, w, wrap.x), xp = step(x, 1, w, wrap.x);
        double gx = slope(h[(size_t)y * w + xp], h[(size_t)y * w + xm], (xm != x) + (xp != x));
        double gy = slope(h[(size_t)yp * w + x], h[(size_t)ym * w + x], yspan);
        gx *= px_per_unit;
        gy *= px_per_unit;
        double len = sqrt(gx * gx + gy * gy + 1);
        uint8_t *o = rgb + ((size_t)y * w + x) * 3;
        o[0] = encode(-gx / len);
        o[1] = encode(ysign * gy / len);
        o[2] = encode(1 / len);
    }
}

void dp_render_normal_into(const dp_texture_spec *t, const uint16_t *height, bool dx, uint8_t *rgb)
{
    /* Image rows run down; OpenGL's green is +Y up, so a slope rising downward (dh/dy > 0)
     * is a normal leaning up: green = +dh/dy. DirectX's green points down. */
    double px_per_unit = dp_height_unit(t) / 65535, ysign = dx ? -1 : 1;
    for (int y = 0; y < t->height; y++)
        normal_row(t, height, y, px_per_unit, ysign, rgb);
}
