/* SPDX-License-Identifier: MIT
 * Sprite cache: open addressing on a 64-bit key (look, quantised radius, phase), a sprite
 * per key drawn by cairo into its own small ARGB32 surface, then copied with a plain
 * premultiplied OVER into the target's pixels (clipped to the target). Big sprites, and
 * any miss once the table is three-quarters full or the byte budget spent, are drawn
 * into a throwaway sprite: slower, never wrong, and memory stays bounded. */
#include "render/sprite.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"

#define SLOTS      4096               /* power of two */
#define KEEP_BYTES (64 * 1024)        /* larger sprites are rarely reused: draw, copy, drop */
#define MAX_BYTES  (24 * 1024 * 1024) /* per cache, i.e. per layer and band */

typedef struct sprite {
    uint64_t key;
    cairo_surface_t *surface; /* NULL: empty slot */
    int size, margin;         /* size x size pixels; the centre pixel is 'margin' */
} sprite;

struct dp_sprite_cache {
    sprite slot[SLOTS];
    int used;
    size_t bytes;
};

dp_sprite_cache *dp_sprite_cache_new(void)
{
    return dp_calloc_n(1, sizeof(dp_sprite_cache));
}

void dp_sprite_cache_free(dp_sprite_cache *c)
{
    if (c == NULL)
        return;
    for (int i = 0; i < SLOTS; i++)
        if (c->slot[i].surface != NULL)
            cairo_surface_destroy(c->slot[i].surface);
    free(c);
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* Draws the sprite for quantised radius rq / RSTEP at phase (px, py) quarters. */
static sprite build(uint64_t key, int rq, int px, int py, double reach, const void *look,
                    dp_sprite_paint_fn paint)
{
    double radius = (double)rq / DP_SPRITE_RSTEP;
    /* The centre sits in [margin, margin + 1); ink reaches reach * radius plus one pixel of
     * antialiasing on either side. */
    sprite s = { .key = key, .margin = (int)ceil(radius * reach) + 1 };
    s.size = 2 * s.margin + 1;
    s.surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, s.size, s.size);
    cairo_t *cr = cairo_create(s.surface);
    paint(cr, s.margin + (px + 0.5) / DP_SPRITE_PHASES, s.margin + (py + 0.5) / DP_SPRITE_PHASES,
          radius, look);
    cairo_destroy(cr);
    cairo_surface_flush(s.surface);
    return s;
}

/* dst = src * a + dst * (1 - src_alpha * a), premultiplied, a in 0..256: two channels
 * per multiply (red/blue and alpha/green lanes of 16 bits), exact rounding of x / 255. */
static uint32_t over(uint32_t src, uint32_t dst, uint32_t a)
{
    if (a < 256)
        src = (((src & 0xff00ffu) * a >> 8) & 0xff00ffu) |
              (((src >> 8 & 0xff00ffu) * a) & 0xff00ff00u);
    uint32_t keep = 255 - (src >> 24);
    uint32_t rb = (dst & 0xff00ffu) * keep + 0x800080u;
    uint32_t ag = (dst >> 8 & 0xff00ffu) * keep + 0x800080u;
    rb = ((rb + (rb >> 8 & 0xff00ffu)) >> 8) & 0xff00ffu;
    ag = (ag + (ag >> 8 & 0xff00ffu)) & 0xff00ff00u;
    return src + (rb | ag);
}

static void blit(const sprite *s, cairo_surface_t *target, int x0, int y0, int row0, int row1,
                 double alpha)
{
    uint8_t *dst = cairo_image_surface_get_data(target);
    const uint8_t *src = cairo_image_surface_get_data(s->surface);
    int dw = cairo_image_surface_get_width(target), dh = cairo_image_surface_get_height(target);
    int ds = cairo_image_surface_get_stride(target),
        ss = cairo_image_surface_get_stride(s->surface);
    uint32_t a = (uint32_t)lround(DP_MAX(0, DP_MIN(1, alpha)) * 256);
    int i0 = DP_MAX(0, -x0), i1 = DP_MIN(s->size, dw - x0);
    int j0 = DP_MAX(DP_MAX(0, row0) - y0, 0), j1 = DP_MIN(s->size, DP_MIN(dh, row1) - y0);
    for (int j = j0; j < j1; j++) {
        const uint32_t *sr = (const uint32_t *)(const void *)(src + (size_t)j * ss);
        uint32_t *dr = (uint32_t *)(void *)(dst + (size_t)(y0 + j) * ds) + x0;
        for (int i = i0; i < i1; i++)
            if (sr[i] != 0)
                dr[i] = over(sr[i], dr[i], a);
    }
}

static sprite *find(dp_sprite_cache *c, uint64_t key)
{
    for (uint64_t h = mix(key);; h++) {
        sprite *s = &c->slot[h & (SLOTS - 1)];
        if (s->surface == NULL || s->key == key)
            return s;
    }
}

/* The cached sprite for 'key', built on a miss; *owned says the caller must free it. */
static const sprite *lookup(dp_sprite_cache *c, cairo_t *cr, uint64_t key, int rq, int px, int py,
                            double reach, const void *look, dp_sprite_paint_fn paint, sprite *tmp)
{
    sprite *s = find(c, key);
    if (s->surface != NULL)
        return s;
    *tmp = build(key, rq, px, py, reach, look, paint);
    if (cairo_surface_status(tmp->surface) != CAIRO_STATUS_SUCCESS) {
        /* Out of memory: put cr in error too, so the layer's status check reports it. */
        cairo_set_source_surface(cr, tmp->surface, 0, 0);
        cairo_surface_destroy(tmp->surface);
        return NULL;
    }
    size_t bytes = (size_t)tmp->size * (size_t)tmp->size * 4;
    if (c->used >= SLOTS * 3 / 4 || bytes > KEEP_BYTES || c->bytes + bytes > MAX_BYTES)
        return tmp;
    *s = *tmp;
    tmp->surface = NULL;
    c->used++;
    c->bytes += bytes;
    return s;
}

void dp_sprite_draw(dp_sprite_cache *c, cairo_t *cr, int y0, int y1, double x, double y,
                    double radius, double reach, uint64_t look_key, const void *look,
                    dp_sprite_paint_fn paint, double alpha)
{
    cairo_user_to_device(cr, &x, &y);
    double fx = floor(x), fy = floor(y);
    int px = (int)((x - fx) * DP_SPRITE_PHASES), py = (int)((y - fy) * DP_SPRITE_PHASES);
    int rq = (int)lround(radius * DP_SPRITE_RSTEP);
    if (rq < 1 || !(alpha > 0))
        return;
    uint64_t key = mix(look_key ^ mix((uint64_t)rq << 16 | (uint64_t)px << 8 | (uint64_t)py));
    sprite tmp = { 0 };
    const sprite *s = lookup(c, cr, key, rq, px, py, reach, look, paint, &tmp);
    if (s == NULL)
        return;
    cairo_surface_t *target = cairo_get_target(cr);
    cairo_surface_flush(target);
    blit(s, target, (int)fx - s->margin, (int)fy - s->margin, y0, y1, alpha);
    cairo_surface_mark_dirty(target);
    if (tmp.surface != NULL)
        cairo_surface_destroy(tmp.surface);
}

dapple_status dp_sprite_layer_prepare(dp_layer_ctx *ctx, dapple_error *err)
{
    ctx->state = dp_sprite_cache_new();
    return ctx->state != NULL ? DAPPLE_OK : dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
}

void dp_sprite_layer_finish(dp_layer_ctx *ctx)
{
    dp_sprite_cache_free(ctx->state);
    ctx->state = NULL;
}
