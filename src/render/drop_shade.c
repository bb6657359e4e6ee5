/* SPDX-License-Identifier: MIT
 * Per-pixel drops (see drop_shade.h). Colours are premultiplied floats. Each pixel's colour
 * is the optics of the drop's own surface at that pixel (dp_lens_look: Snell refraction of
 * the scene behind, Fresnel reflection of the room, total internal reflection at the steep
 * rim), from the same slopes the height and normal maps store, so the upside-down image,
 * the dark rim and the bright lower part come out of the surface, not out of painted parts.
 * Same maths for every band and thread. */
#include "render/drop_shade.h"

#include <math.h>

#include "core/dp.h"
#include "core/point_attrs.h"
#include "render/lens.h"
#include "render/merge.h"

/* The water's faint colour: the light it passes keeps 88 % plus the tint. */
#define ABSORB 0.12
/* The glint's mean Blinn-Phong exponent: a small, sharp reflection of the light. */
#define SHINE 400

typedef struct px4 {
    double r, g, b, a; /* premultiplied, 0..1 */
} px4;

typedef struct shader {
    const dp_layer_ctx *ctx;
    const dp_drop *d;
    dp_rgba tint;
    double alpha;
    double hx, hy, hz, shine, spec; /* the glint: half vector, exponent, strength */
} shader;

static px4 unpack(uint32_t v)
{
    return (px4){ (v >> 16 & 255) / 255.0, (v >> 8 & 255) / 255.0, (v & 255) / 255.0,
                  (v >> 24) / 255.0 };
}

static uint32_t pack(px4 c)
{
    double a = DP_MIN(1.0, DP_MAX(0.0, c.a));
    uint32_t A = (uint32_t)lround(a * 255);
    uint32_t R = (uint32_t)lround(DP_MIN(a, DP_MAX(0.0, c.r)) * 255);
    uint32_t G = (uint32_t)lround(DP_MIN(a, DP_MAX(0.0, c.g)) * 255);
    uint32_t B = (uint32_t)lround(DP_MIN(a, DP_MAX(0.0, c.b)) * 255);
    return A << 24 | R << 16 | G << 8 | B;
}

/* A flat colour with alpha k over c. */
static px4 over(px4 c, dp_rgba col, double k)
{
    return (px4){ col.r * k + c.r * (1 - k), col.g * k + c.g * (1 - k), col.b * k + c.b * (1 - k),
                  k + c.a * (1 - k) };
}

static px4 mix(px4 a, px4 b, double k)
{
    return (px4){ a.r + (b.r - a.r) * k, a.g + (b.g - a.g) * k, a.b + (b.b - a.b) * k,
                  a.a + (b.a - a.a) * k };
}

/* Per-drop glint: the light's azimuth, elevation, sharpness and strength vary with 'glint',
 * by the drop's own hash and, smoothly, with its place (u, v: its position over the pane's
 * size, 0..1), as under a near light whose direction drifts across the pane: neighbours
 * differ by their hash, drops far apart by their place too, so no two share one glint. */
static void glint_of(shader *sh, const dp_drop_style *st, uint64_t key, double u, double w)
{
    double v = st->glint, lx = sh->ctx->light_x, ly = sh->ctx->light_y;
    double turn = v * (0.6 * (2 * dp_point_unit(key, 30) - 1) + 0.3 * sin(2 * DP_PI * u));
    double az = atan2(ly, lx) + turn;
    double el = 50 + v * (14 * (2 * dp_point_unit(key, 31) - 1) + 6 * sin(2 * DP_PI * w));
    double ce = cos(el * DP_PI / 180);
    double lz = sin(el * DP_PI / 180), hx = cos(az) * ce, hy = sin(az) * ce, hz = lz + 1;
    double len = sqrt(hx * hx + hy * hy + hz * hz);
    sh->hx = hx / len, sh->hy = hy / len, sh->hz = hz / len;
    sh->shine = SHINE * pow(2, v * (3 * dp_point_unit(key, 32) - 1.5));
    sh->spec = 0.95 * (1 - 0.4 * v * dp_point_unit(key, 33));
}

/* The drop's place over the pane: (u, v) in [0, 1). */
static void place_of(const dp_texture_spec *t, double x, double y, double *u, double *v)
{
    *u = x / t->width - floor(x / t->width);
    *v = y / t->height - floor(y / t->height);
}

dp_glint_spot dp_drop_glint_spot(const dp_layer_ctx *ctx, const dp_drop *d, const dp_shape *s)
{
    shader sh = { .ctx = ctx, .d = d };
    double u, v;
    place_of(ctx->t, s->x, s->y, &u, &v);
    glint_of(&sh, &ctx->spec->drop, s->key, u, v);
    double R = d->sphere * d->scale; /* the cap's sphere, in pixels */
    return (dp_glint_spot){ R * sh.hx, R * sh.hy, R / sqrt(sh.shine) };
}

/* The colour of the surface of slope (gx, gy) at pixel (px, py): the optics of the water
 * (render/lens.h), a faint absorption toward the tint, and the light's own glint. */
static px4 surface_colour(const shader *sh, double px, double py, double gx, double gy)
{
    double c[4];
    dp_lens_look(sh->ctx, px, py, gx, gy, DP_LENS_WATER, c);
    px4 out = { c[0], c[1], c[2], c[3] };
    out.r *= 1 - ABSORB * (1 - sh->tint.r);
    out.g *= 1 - ABSORB * (1 - sh->tint.g);
    out.b *= 1 - ABSORB * (1 - sh->tint.b);
    double len = sqrt(gx * gx + gy * gy + 1), nx = -gx / len, ny = -gy / len, nz = 1 / len;
    double nh = nx * sh->hx + ny * sh->hy + nz * sh->hz;
    double glint = sh->spec * pow(DP_MAX(0.0, nh), sh->shine);
    dp_rgba white = { 1, 1, 1, 1 };
    return over(out, white, DP_MIN(1.0, glint));
}

static px4 drop_colour(const shader *sh, double px, double py, double dx, double dy)
{
    double gx, gy;
    dp_drop_slope(sh->d, dx, dy, &gx, &gy);
    return surface_colour(sh, px, py, gx, gy);
}

/* Antialiased coverage of the outline: t's distance to 1, in pixels along the ray. */
static double coverage(const dp_drop *d, double dx, double dy)
{
    double t = dp_drop_t(d, dx, dy);
    if (t <= 0)
        return 1;
    double edge = sqrt(dx * dx + dy * dy) / t; /* the outline's distance along this ray */
    return DP_MIN(1.0, DP_MAX(0.0, (1 - t) * edge + 0.5));
}

static void shade_row(const shader *sh, uint32_t *row, int x0, int x1, double x, double y, int py)
{
    double dy = py + 0.5 - y;
    for (int px = x0; px < x1; px++) {
        double dx = px + 0.5 - x;
        px4 dst = unpack(row[px]);
        double cov = coverage(sh->d, dx, dy);
        if (cov <= 0)
            continue;
        px4 c = drop_colour(sh, px + 0.5, py + 0.5, dx, dy);
        row[px] = pack(mix(dst, c, cov * sh->alpha));
    }
}

void dp_drop_shade(cairo_t *cr, const dp_layer_ctx *ctx, const dp_drop *d, const dp_shape *s)
{
    if (ctx->ground == NULL)
        return;
    shader sh = { .ctx = ctx, .d = d, .tint = s->colour, .alpha = s->colour.a };
    double u, v;
    place_of(ctx->t, s->x, s->y, &u, &v);
    glint_of(&sh, &ctx->spec->drop, s->key, u, v);
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target);
    double x = s->x, y = s->y;
    cairo_user_to_device(cr, &x, &y);
    double reach = d->reach;
    int y0 = (int)DP_MAX(ctx->clip_y0, floor(y - reach)),
        y1 = (int)DP_MIN(ctx->clip_y1, y + reach + 1);
    int x0 = (int)DP_MAX(0, floor(x - reach)), x1 = (int)DP_MIN(ctx->t->width, x + reach + 1);
    for (int py = y0; py < y1; py++)
        shade_row(&sh, (uint32_t *)(void *)(data + (size_t)py * stride), x0, x1, x, y, py);
    cairo_surface_mark_dirty(target);
}

/* ---------------------------------------------------------------- merged drops */

typedef struct pair_view {
    const dp_drop *a, *b;
    double abx, aby, k;
} pair_view;

static double pair_h(const pair_view *v, double dx, double dy)
{
    return dp_drop_pair_height(v->a, dx, dy, v->b, dx - v->abx, dy - v->aby, v->k);
}

/* The merged surface, as the height map combines it: the higher of the drops and bridge. */
static double union_h(const pair_view *v, double dx, double dy)
{
    double drops;
    return dp_drop_union_height(v->a, dx, dy, v->b, dx - v->abx, dy - v->aby, v->k, &drops);
}

/* The bridge of one pair, centred at drop a's copy (x, y) in device pixels. */
static void shade_bridge(const shader *sh, const pair_view *v, uint8_t *data, int stride, double x,
                         double y)
{
    const dp_layer_ctx *ctx = sh->ctx;
    double ox, oy, reach, rect[4];
    if (!dp_merge_bridge_rect(v->a, v->b, v->abx, v->aby, v->k, rect))
        return;
    dp_merge_bridge_disc(v->a, v->b, v->abx, v->aby, v->k, &ox, &oy, &reach);
    /* the disc's square, cut to the drops' boxes (pixel centres px + 0.5 - x inside rect) */
    int y0 = (int)DP_MAX(DP_MAX(ctx->clip_y0, floor(y + oy - reach)), floor(y + rect[2]));
    int y1 = (int)DP_MIN(DP_MIN(ctx->clip_y1, y + oy + reach + 1), ceil(y + rect[3]) + 1);
    int x0 = (int)DP_MAX(DP_MAX(0, floor(x + ox - reach)), floor(x + rect[0]));
    int x1 = (int)DP_MIN(DP_MIN(ctx->t->width, x + ox + reach + 1), ceil(x + rect[1]) + 1);
    x += ox, y += oy;
    const double e = 0.25;
    double ra = dp_drop_extent(v->a) + 1.25 * v->k + 1, rb = dp_drop_extent(v->b) + 1.25 * v->k + 1;
    double xa = x - ox; /* a's centre */
    for (int py = y0; py < y1; py++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)py * stride);
        double dy = py + 0.5 - y + oy, sa = ra * ra - dy * dy,
               sb = rb * rb - (dy - v->aby) * (dy - v->aby);
        if (sa < 0 || sb < 0)
            continue; /* a bridge lies within both discs (dp_merge_bridge_disc) */
        sa = sqrt(sa), sb = sqrt(sb);
        int lo = (int)DP_MAX(x0, floor(xa + DP_MAX(-sa, v->abx - sb)));
        int hi = (int)DP_MIN(x1, ceil(xa + DP_MIN(sa, v->abx + sb)) + 1);
        for (int px = lo; px < hi; px++) {
            double dx = px + 0.5 - x + ox, h = pair_h(v, dx, dy);
            if (!(h > 0))
                continue;
            double drops;
            dp_drop_union_height(v->a, dx, dy, v->b, dx - v->abx, dy - v->aby, v->k, &drops);
            if (h <= DP_MAX(drops, h) - 1e-9)
                continue; /* not on the bridge: the drops' own shading stands */
            double gx = (union_h(v, dx + e, dy) - union_h(v, dx - e, dy)) / (2 * e);
            double gy = (union_h(v, dx, dy + e) - union_h(v, dx, dy - e)) / (2 * e);
            px4 c = surface_colour(sh, px + 0.5, py + 0.5, gx, gy);
            row[px] = pack(mix(unpack(row[px]), c, DP_MIN(1.0, h / 0.35) * sh->alpha));
        }
    }
}

dapple_status dp_drop_shade_bridges(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err)
{
    const dp_layer_spec *l = ctx->spec;
    const dp_layer_points *lp = ctx->scene != NULL ? &ctx->scene->layers[ctx->layer_index] : NULL;
    (void)err;
    if (lp == NULL || lp->n_pairs == 0 || ctx->ground == NULL)
        return DAPPLE_OK;
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target), w = ctx->t->width, h = ctx->t->height;
    int rx = ctx->t->wrap.x ? 1 : 0, ry = ctx->t->wrap.y ? 1 : 0;
    double near = lp->pair_reach + 1; /* rows a bridge of this pair can reach */
    for (size_t i = 0; i < lp->n_pairs; i++) {
        const dp_drop_pair *q = &lp->pairs[i];
        const dapple_point *p = &lp->points[q->a];
        if (!ctx->t->wrap.y &&
            ((double)p->y + near < ctx->clip_y0 || (double)p->y - near > ctx->clip_y1))
            continue; /* another band's */
        dp_drop a, b;
        dp_merge_drop(l, ctx->size_seed, p, &a);
        dp_merge_drop(l, ctx->size_seed, &lp->points[q->b], &b);
        pair_view v = { &a, &b, q->abx, q->aby, dp_merge_gap(l) };
        shader sh = {
            .ctx = ctx, .d = &a, .tint = l->palette[0], .alpha = l->palette[0].a * l->alpha
        };
        double pu, pv;
        place_of(ctx->t, p->x, p->y, &pu, &pv);
        glint_of(&sh, &l->drop, dp_point_key(ctx->size_seed, p->x, p->y), pu, pv);
        for (int j = -ry; j <= ry; j++)
            for (int k = -rx; k <= rx; k++)
                shade_bridge(&sh, &v, data, stride, (double)p->x + k * w, (double)p->y + j * h);
    }
    cairo_surface_mark_dirty(target);
    return DAPPLE_OK;
}
