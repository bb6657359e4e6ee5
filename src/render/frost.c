/* SPDX-License-Identifier: MIT
 * Frost (see frost.h). The blur is two box passes each way (close to a Gaussian; running
 * sums, so any radius costs the same per pixel), a strip of rows at a time, over the
 * ground copy, which no band writes, so threads may read any row of it; each band blurs
 * only its own rows and the margin they need. Wiped coverage has a 2-pixel soft edge. */
#include "render/frost.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/field.h"
#include "core/point_attrs.h"
#include "render/raster.h"

#define LIFT      0.22 /* frost lightens the ground this far toward its own light tint */
#define EDGE_SOFT 3.0  /* pixels */
/* A drop sweeps the glass clean HALO times its own radius, but never beyond its room,
 * which later layers avoid. */
#define HALO 1.3

/* How far a drop reaches from its centre: a shaped drop is fitted inside its room. */
static double drop_extent(const dp_layer_spec *l, uint64_t seed, const dapple_point *p)
{
    double drawn = dp_layer_point_radius(l, seed, p);
    if (l->style != DP_STYLE_DROPLETS || dp_drop_style_round(&l->drop))
        return drawn;
    dp_drop d;
    dp_drop_init(&d, &l->drop, drawn, dp_point_key(seed, p->x, p->y));
    return dp_drop_extent(&d);
}

double dp_layer_halo(const dp_layer_spec *l, uint64_t size_seed, const dapple_point *p)
{
    return DP_MIN(dp_layer_draw_radius(l, p->r), HALO * drop_extent(l, size_seed, p));
}

/* Soft discs of k times each point's r (trail beads and tracks), over rows y0 .. y1 - 1
 * (out holds those rows): a band visits only the discs' pixels in its own rows. */
static void discs_into(const dp_texture_spec *t, const dapple_point *p, size_t n, double k, int y0,
                       int y1, uint16_t *out)
{
    dp_raster_band band = { t->width, t->height, y0, y1, t->wrap };
    for (size_t i = 0; i < n; i++) {
        double radius = k * (double)p[i].r;
        dp_raster_soft_max_rows(&band, p[i].x, p[i].y, radius + EDGE_SOFT, radius, EDGE_SOFT, out);
    }
}

typedef struct shaped_halo {
    uint16_t *out;
    dp_drop drop;
} shaped_halo;

/* Inside HALO times the drop's own outline, with the soft edge measured along the ray. */
static void shaped_halo_pixel(void *ctx, size_t index, double dx, double dy)
{
    const shaped_halo *h = ctx;
    double t = dp_drop_t(&h->drop, dx, dy) / HALO;
    double edge = t > 0 ? sqrt(dx * dx + dy * dy) / t : 0; /* the halo's distance on this ray */
    double v = t > 0 ? (1 - t) * edge / EDGE_SOFT + 0.5 : 1;
    uint16_t q = (uint16_t)lround(v <= 0 ? 0 : (v >= 1 ? 65535 : v * 65535));
    if (q > h->out[index])
        h->out[index] = q;
}

/* The dry halo a drop keeps clear of frost: its own shape grown by HALO for a shaped drop,
 * else a disc; never beyond the circle later layers avoid (dp_layer_halo). */
static void halo_into(const dp_texture_spec *t, const dp_layer_spec *l, uint64_t seed,
                      const dapple_point *p, int y0, int y1, uint16_t *out)
{
    double reach = dp_layer_halo(l, seed, p);
    dp_raster_band band = { t->width, t->height, y0, y1, t->wrap };
    if (l->style == DP_STYLE_DROPLETS && !dp_drop_style_round(&l->drop)) {
        shaped_halo h = { .out = out };
        dp_drop_init(&h.drop, &l->drop, dp_layer_point_radius(l, seed, p),
                     dp_point_key(seed, p->x, p->y));
        dp_raster_disc_rows_xy(&band, p->x, p->y, reach, shaped_halo_pixel, &h);
        return;
    }
    dp_raster_soft_max_rows(&band, p->x, p->y, reach + EDGE_SOFT, reach, EDGE_SOFT, out);
}

/* How thick layer l's fog is at (x, y): its frost, times (1 - frost_follow (1 - v)) where v
 * in [0, 1] is the layer's field f there (thicker where the field is high); frost alone
 * without a field or with frost_follow 0. */
static double frost_fog_at(const dp_layer_spec *l, const dapple_field *f, double x, double y)
{
    if (f == NULL || !(l->frost_follow > 0))
        return l->frost;
    double v = DP_MIN(1.0, DP_MAX(0.0, dp_field_level_at(f, x, y)));
    return l->frost * (1 - l->frost_follow * (1 - v));
}

/* Max-combines into out (rows y0 .. y1 - 1 of the image, width wide, caller-zeroed) the
 * antialiased dry halos of the drops of the layers that layer 'li' avoids, their beads and
 * tracks: 65535 = wiped clean. Wraps when periodic. A band passes its own rows only. */
static void frost_wiped_into(const dp_texture_spec *t, const dp_scene *s, int li, int y0, int y1,
                             uint16_t *out)
{
    uint32_t mask = t->layers[li].avoid_mask & ((1u << li) - 1);
    for (int j = 0; j < li && j < s->n_layers; j++) {
        if (!(mask & (1u << j)))
            continue;
        const dp_layer_spec *lj = &t->layers[j];
        uint64_t seed = dp_layer_size_seed(t->seed, lj->name);
        for (size_t i = 0; i < s->layers[j].count; i++)
            halo_into(t, lj, seed, &s->layers[j].points[i], y0, y1, out);
        discs_into(t, s->layers[j].beads, s->layers[j].n_beads, HALO, y0, y1, out);
        discs_into(t, s->layers[j].track, s->layers[j].n_track, 1, y0, y1, out);
    }
}

static void micro_drops(const dp_texture_spec *t, const dp_scene *s, int li, uint16_t *mask)
{
    const dp_layer_spec *l = &t->layers[li];
    uint64_t seed = dp_layer_size_seed(t->seed, l->name);
    dp_raster_band whole = { t->width, t->height, 0, t->height, t->wrap };
    for (size_t i = 0; i < s->layers[li].count; i++) {
        const dapple_point *p = &s->layers[li].points[i];
        double radius = dp_layer_point_radius(l, seed, p);
        if (radius < l->drop_micro) /* a soft dot: a micro-drop roughens what it covers */
            dp_raster_soft_max_rows(&whole, p->x, p->y, radius + EDGE_SOFT, radius, EDGE_SOFT,
                                    mask);
    }
}

void dp_frost_mask_into(const dp_texture_spec *t, const dp_scene *s, bool frost, uint16_t *mask)
{
    size_t n = (size_t)t->width * (size_t)t->height;
    uint16_t *wiped = calloc(n, sizeof *wiped);
    for (int li = 0; li < t->n_layers && li < s->n_layers && wiped != NULL; li++) {
        const dp_layer_spec *l = &t->layers[li];
        if (frost && l->style == DP_STYLE_DROPLETS && l->drop_micro > 0)
            micro_drops(t, s, li, mask);
        if (!(l->frost > 0))
            continue;
        for (size_t i = 0; i < n; i++)
            wiped[i] = 0;
        frost_wiped_into(t, s, li, 0, t->height, wiped);
        for (size_t i = 0; i < n; i++) {
            double x = (double)(i % (size_t)t->width) + 0.5,
                   y = (double)(i / (size_t)t->width) + 0.5;
            double fog = frost ? frost_fog_at(l, s->fields[li], x, y) : 0;
            uint16_t v = frost ? (uint16_t)lround(fog * (65535 - wiped[i])) : wiped[i];
            mask[i] = DP_MAX(mask[i], v);
        }
    }
    free(wiped);
}

/* ---------------------------------------------------------------- blur */

static int wrap_or_clamp(int i, int n, bool wrap)
{
    if (wrap)
        return ((i % n) + n) % n;
    return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

/* One box pass along x of every row of buf (rows x w x 4 floats) into tmp, then back: a
 * running sum, so the cost per pixel does not grow with the radius. */
static void box_rows(float *buf, float *tmp, int rows, int w, int rad, bool wrap)
{
    float inv = 1.0f / (float)(2 * rad + 1);
    for (int y = 0; y < rows; y++) {
        const float *in = buf + (size_t)y * w * 4;
        float *o = tmp + (size_t)y * w * 4;
        for (int c = 0; c < 4; c++) {
            double sum = 0;
            for (int k = -rad; k <= rad; k++)
                sum += (double)in[wrap_or_clamp(k, w, wrap) * 4 + c];
            for (int x = 0; x < w; x++) {
                o[x * 4 + c] = (float)sum * inv;
                sum += (double)in[wrap_or_clamp(x + rad + 1, w, wrap) * 4 + c] -
                       (double)in[wrap_or_clamp(x - rad, w, wrap) * 4 + c];
            }
        }
    }
    memcpy(buf, tmp, (size_t)rows * w * 4 * sizeof *buf);
}

/* One box pass along y: row r of out is the mean of rows r .. r + 2 rad of in (a running
 * sum per column, kept in 'sum', w * 4 doubles). */
static void box_cols(const float *in, float *out, int rows_out, int w, int rad, double *sum)
{
    size_t row = (size_t)w * 4;
    float inv = 1.0f / (float)(2 * rad + 1);
    for (size_t i = 0; i < row; i++)
        sum[i] = 0;
    for (int k = 0; k <= 2 * rad; k++)
        for (size_t i = 0; i < row; i++)
            sum[i] += (double)in[(size_t)k * row + i];
    for (int y = 0; y < rows_out; y++) {
        const float *enter = in + (size_t)(y + 2 * rad + 1) * row, *leave = in + (size_t)y * row;
        for (size_t i = 0; i < row; i++) {
            out[(size_t)y * row + i] = (float)sum[i] * inv;
            if (y + 1 < rows_out)
                sum[i] += (double)enter[i] - (double)leave[i];
        }
    }
}

/* The ground's rows y0 .. y0 + rows - 1, blurred, premultiplied floats 0..1. */
static float *blurred_rows(const dp_layer_ctx *ctx, int y0, int rows, int rad)
{
    const dp_texture_spec *t = ctx->t;
    int w = t->width, ext = rows + 4 * rad;
    float *a = malloc((size_t)ext * w * 4 * sizeof *a),
          *b = malloc((size_t)ext * w * 4 * sizeof *b);
    double *sum = malloc((size_t)w * 4 * sizeof *sum);
    if (a == NULL || b == NULL || sum == NULL) {
        free(a);
        free(b);
        free(sum);
        return NULL;
    }
    for (int y = 0; y < ext; y++) {
        int gy = wrap_or_clamp(y0 - 2 * rad + y, t->height, t->wrap.y);
        const uint32_t *src =
                (const uint32_t *)(const void *)((ctx->glass != NULL ? ctx->glass : ctx->ground) +
                                                 (size_t)gy * ctx->ground_stride);
        for (int x = 0; x < w; x++)
            for (int c = 0; c < 4; c++)
                a[((size_t)y * w + x) * 4 + c] = (float)(src[x] >> (8 * (3 - c)) & 255) / 255.0f;
    }
    box_rows(a, b, ext, w, rad, t->wrap.x);
    box_rows(a, b, ext, w, rad, t->wrap.x);
    box_cols(a, b, ext - 2 * rad, w, rad, sum);
    box_cols(b, a, rows, w, rad, sum);
    free(b);
    free(sum);
    return a; /* channel order A, R, G, B */
}

/* ---------------------------------------------------------------- frosting */

static dapple_status frost(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err);

static uint32_t frosted(uint32_t dst, const float *blur, double f)
{
    double a = blur[0], out[4];
    for (int c = 1; c < 4; c++) /* lift toward white, premultiplied by the ground's alpha */
        out[c] = (double)blur[c] + (a - (double)blur[c]) * LIFT;
    out[0] = a;
    uint32_t v = 0;
    for (int c = 0; c < 4; c++) {
        double d = (double)(dst >> (8 * (3 - c)) & 255) / 255.0;
        double m = d + (out[c] - d) * f;
        v |= (uint32_t)lround(DP_MIN(1.0, DP_MAX(0.0, m)) * 255) << (8 * (3 - c));
    }
    return v;
}

dapple_status dp_frost_underlay(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err)
{
    if (ctx->scene == NULL)
        return DAPPLE_OK;
    /* A trail's wiped track is clear glass under a film too thin to bend light: it shows
     * the scene as the glass does (the frost leaves it out), not a darker streak. */
    return frost(cr, ctx, err);
}

/* Rows of a band blurred at once: the blur reads 4 * frost_blur rows more than it writes, so
 * strips bound the memory (two float copies of STRIP + 4 * 64 rows) whatever the band. */
#define STRIP 256

/* Frosts rows y0 .. y0 + rows - 1 of the target; wiped holds those rows. */
static bool frost_strip(uint8_t *data, int stride, const dp_layer_ctx *ctx, const uint16_t *wiped,
                        int y0, int rows)
{
    const dp_layer_spec *l = ctx->spec;
    const dapple_field *field = ctx->scene->fields[ctx->layer_index];
    int w = ctx->t->width;
    float *blur = blurred_rows(ctx, y0, rows, (int)lround(l->frost_blur));
    if (blur == NULL)
        return false;
    for (int y = 0; y < rows; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)(y0 + y) * stride);
        for (int x = 0; x < w; x++) {
            double fog = frost_fog_at(l, field, x + 0.5, y0 + y + 0.5);
            double f = fog * (1 - wiped[(size_t)y * w + x] / 65535.0);
            if (f > 0)
                row[x] = frosted(row[x], blur + ((size_t)y * w + x) * 4, f);
        }
    }
    free(blur);
    return true;
}

/* The frost of a layer with frost > 0: the blurred, lightened ground outside the wiped glass. */
static dapple_status frost(cairo_t *cr, const dp_layer_ctx *ctx, dapple_error *err)
{
    const dp_layer_spec *l = ctx->spec;
    const dp_texture_spec *t = ctx->t;
    if (!(l->frost > 0) || ctx->ground == NULL)
        return DAPPLE_OK;
    int w = t->width, y0 = ctx->clip_y0, y1 = ctx->clip_y1;
    if (y1 <= y0)
        return DAPPLE_OK;
    uint16_t *wiped = calloc((size_t)w * (size_t)(y1 - y0), sizeof *wiped); /* the band's rows */
    if (wiped == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the frost of %dx%d", w, t->height);
    frost_wiped_into(t, ctx->scene, ctx->layer_index, y0, y1, wiped);
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    uint8_t *data = cairo_image_surface_get_data(target);
    int stride = cairo_image_surface_get_stride(target);
    bool ok = true;
    for (int y = y0; y < y1 && ok; y += STRIP)
        ok = frost_strip(data, stride, ctx, wiped + (size_t)(y - y0) * w, y, DP_MIN(STRIP, y1 - y));
    cairo_surface_mark_dirty(target);
    free(wiped);
    if (!ok)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the frost of %dx%d", w, t->height);
    return DAPPLE_OK;
}
