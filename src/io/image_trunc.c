/* SPDX-License-Identifier: MIT
 * Truncation checks for the formats stb_image decodes (see image_trunc.h). Uncompressed
 * pixels (BMP, TGA, PSD) are counted from the header and compared with the file size;
 * compressed ones are walked: TGA and PSD run-length packets, GIF sub-blocks up to the end
 * of the first image, each exactly as stb 2.27 reads them, so what passes here is what stb
 * finds in the file. A header stb would refuse anyway passes, for stb to name the fault. */
#include "io/image_trunc.h"

#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "core/dp.h"

typedef struct check {
    dp_byte_reader r;
    uint64_t size;
    const char *name, *format;
    dapple_error *err;
} check;

/* The file ends inside 'where' (its header, its pixel data, its first image). */
static dapple_status ends_inside(const check *c, const char *where)
{
    return dp_fail(c->err, DAPPLE_E_FORMAT, "%s: truncated %s: the file ends inside its %s",
                   c->name, c->format, where);
}

/* Uncompressed data of 'need' bytes in all, header included. */
static dapple_status holds(const check *c, uint64_t need)
{
    if (c->size >= need)
        return DAPPLE_OK;
    return dp_fail(c->err, DAPPLE_E_FORMAT,
                   "%s: truncated %s: the file has %" PRIu64 " bytes, its header promises %" PRIu64,
                   c->name, c->format, c->size, need);
}

/* ---------------------------------------------------------------- BMP */

/* Bytes of one row without its padding, for the depths stb reads; 0 for any other. */
static uint64_t bmp_row_bytes(uint64_t w, int64_t bpp)
{
    switch (bpp) {
    case 1:
        return (w + 7) / 8;
    case 4:
        return (w + 1) / 2;
    case 8:
    case 16:
    case 24:
    case 32:
        return w * (uint64_t)(bpp / 8);
    default:
        return 0;
    }
}

/* Rows are padded to 4 bytes; the last row's padding is not required. */
static dapple_status check_bmp(check *c)
{
    dp_byte_reader *r = &c->r;
    bool whole = dp_byte_skip(r, 10);
    int64_t offset = dp_byte_u32le(r), hsz = dp_byte_u32le(r), w, h;
    bool os2 = hsz == 12;
    w = os2 ? dp_byte_u16le(r) : dp_byte_u32le(r);
    h = os2 ? dp_byte_u16le(r) : dp_byte_u32le(r);
    int64_t planes = dp_byte_u16le(r), bpp = dp_byte_u16le(r);
    int64_t compress = os2 ? 0 : dp_byte_u32le(r);
    if (!whole || compress < 0 || bpp < 0 || planes < 0)
        return ends_inside(c, "header");
    if (compress == 1 || compress == 2 || compress >= 4 || w <= 0)
        return DAPPLE_OK;        /* stb refuses RLE and embedded PNG/JPEG itself */
    if (!os2 && h >= 0x80000000) /* a negative height: rows stored top-down */
        h = 0x100000000 - h;
    uint64_t row = bmp_row_bytes((uint64_t)w, bpp);
    if (row == 0 || h == 0)
        return DAPPLE_OK;
    return holds(c, (uint64_t)offset + ((row + 3) & ~(uint64_t)3) * (uint64_t)(h - 1) + row);
}

/* ---------------------------------------------------------------- TGA */

typedef struct tga {
    int64_t id_len, indexed, type, pal_start, pal_len, pal_bits, w, h, bpp;
} tga;

static bool tga_header(dp_byte_reader *r, tga *t)
{
    t->id_len = dp_byte_next(r);
    t->indexed = dp_byte_next(r);
    t->type = dp_byte_next(r);
    t->pal_start = dp_byte_u16le(r);
    t->pal_len = dp_byte_u16le(r);
    t->pal_bits = dp_byte_next(r);
    bool whole = dp_byte_skip(r, 4); /* x and y origin */
    t->w = dp_byte_u16le(r);
    t->h = dp_byte_u16le(r);
    t->bpp = dp_byte_next(r);
    return whole && dp_byte_next(r) >= 0 && t->bpp >= 0;
}

/* Bytes per palette entry as stb reads them: 15 and 16 bits as two bytes. */
static int64_t tga_entry_bytes(int64_t bits)
{
    return bits == 15 ? 2 : bits / 8;
}

/* stb's RLE loop: a packet header, then one pixel (a run) or 'count' pixels (raw), never
 * more pixels than the image has left. */
static dapple_status tga_walk_rle(check *c, uint64_t left, uint64_t bytes_pp)
{
    while (left > 0) {
        int head = dp_byte_next(&c->r);
        if (head < 0)
            return ends_inside(c, "pixel data");
        uint64_t count = DP_MIN((uint64_t)(head & 127) + 1, left);
        if (!dp_byte_skip(&c->r, head & 128 ? bytes_pp : count * bytes_pp))
            return ends_inside(c, "pixel data");
        left -= count;
    }
    return DAPPLE_OK;
}

static dapple_status check_tga(check *c)
{
    tga t;
    if (!tga_header(&c->r, &t))
        return ends_inside(c, "header");
    uint64_t bytes_pp = (uint64_t)(t.bpp + 7) / 8, pixels = (uint64_t)t.w * (uint64_t)t.h;
    uint64_t palette =
            t.indexed ? (uint64_t)(t.pal_start + t.pal_len * tga_entry_bytes(t.pal_bits)) : 0;
    uint64_t data = 18 + (uint64_t)t.id_len + palette;
    if (bytes_pp == 0)
        return DAPPLE_OK;
    if (t.type < 8)
        return holds(c, data + pixels * bytes_pp);
    if (!dp_byte_skip(&c->r, data - 18))
        return ends_inside(c, "header");
    return tga_walk_rle(c, pixels, bytes_pp);
}

/* ---------------------------------------------------------------- PSD */

/* One channel of PackBits as stb's stbi__psd_decode_rle reads it: 128 is a no-op, n < 128
 * copies n + 1 bytes, n > 128 repeats one byte 257 - n times. A run past the channel's end
 * is stb's "corrupt" to report: the walk stops there. */
static dapple_status psd_walk_channel(check *c, uint64_t left)
{
    while (left > 0) {
        int n = dp_byte_next(&c->r);
        if (n < 0)
            return ends_inside(c, "pixel data");
        if (n == 128)
            continue;
        uint64_t count = n < 128 ? (uint64_t)n + 1 : (uint64_t)(257 - n);
        if (count > left)
            return DAPPLE_OK;
        if (!dp_byte_skip(&c->r, n < 128 ? count : 1))
            return ends_inside(c, "pixel data");
        left -= count;
    }
    return DAPPLE_OK;
}

/* Header, three length-prefixed sections (mode data, resources, layers), then the
 * composite image: raw channel planes, or a row-length table and PackBits. stb reads the
 * first four channels at most. */
static dapple_status check_psd(check *c)
{
    dp_byte_reader *r = &c->r;
    bool whole = dp_byte_skip(r, 12);
    int64_t channels = dp_byte_u16be(r), h = dp_byte_u32be(r), w = dp_byte_u32be(r);
    int64_t depth = dp_byte_u16be(r);
    whole = whole && dp_byte_skip(r, 2);
    for (int i = 0; i < 3 && whole; i++) {
        int64_t len = dp_byte_u32be(r);
        whole = len >= 0 && dp_byte_skip(r, (uint64_t)len);
    }
    int64_t compression = dp_byte_u16be(r);
    if (!whole || channels < 0 || compression < 0)
        return ends_inside(c, "header");
    if (compression > 1 || (depth != 8 && depth != 16) || channels > 16)
        return DAPPLE_OK;
    uint64_t pixels = (uint64_t)w * (uint64_t)h, planes = (uint64_t)DP_MIN(channels, 4);
    if (compression == 0)
        return holds(c, r->offset + planes * pixels * (uint64_t)(depth / 8));
    if (!dp_byte_skip(r, (uint64_t)h * (uint64_t)channels * 2))
        return ends_inside(c, "pixel data");
    dapple_status st = DAPPLE_OK;
    for (uint64_t i = 0; i < planes && st == DAPPLE_OK; i++)
        st = psd_walk_channel(c, pixels);
    return st;
}

/* ---------------------------------------------------------------- GIF */

/* Data sub-blocks: a length byte and that many bytes, until a length of 0. */
static bool gif_sub_blocks(dp_byte_reader *r)
{
    for (;;) {
        int len = dp_byte_next(r);
        if (len <= 0)
            return len == 0;
        if (!dp_byte_skip(r, (uint64_t)len))
            return false;
    }
}

/* stb decodes the first image only: extensions before it are skipped by their
 * sub-blocks, and the image must reach its terminating empty sub-block. */
static dapple_status check_gif(check *c)
{
    dp_byte_reader *r = &c->r;
    bool whole = dp_byte_skip(r, 10);
    int flags = dp_byte_next(r);
    if (!whole || flags < 0 || !dp_byte_skip(r, 2))
        return ends_inside(c, "header");
    if ((flags & 0x80) && !dp_byte_skip(r, 3u << ((flags & 7) + 1)))
        return ends_inside(c, "header");
    for (;;) {
        int tag = dp_byte_next(r);
        if (tag == 0x21) { /* an extension: its label, then sub-blocks */
            if (dp_byte_next(r) < 0 || !gif_sub_blocks(r))
                return ends_inside(c, "first image");
            continue;
        }
        if (tag != 0x2c) /* the trailer, or a byte stb refuses */
            return tag < 0 ? ends_inside(c, "first image") : DAPPLE_OK;
        whole = dp_byte_skip(r, 8);
        int local = dp_byte_next(r);
        if (!whole || local < 0 || ((local & 0x80) && !dp_byte_skip(r, 3u << ((local & 7) + 1))))
            return ends_inside(c, "first image");
        if (dp_byte_next(r) < 0 || !gif_sub_blocks(r)) /* LZW code size, then the data */
            return ends_inside(c, "first image");
        return DAPPLE_OK;
    }
}

/* ---------------------------------------------------------------- entry point */

dapple_status dp_image_check_complete(const char *format, dp_read_fn read, void *ctx, uint64_t size,
                                      const char *name, dapple_error *err)
{
    static const struct {
        const char *format;
        dapple_status (*fn)(check *);
    } table[] = {
        { "BMP", check_bmp }, { "TGA", check_tga }, { "PSD", check_psd }, { "GIF", check_gif }
    };

    check c = { .size = size, .name = name, .format = format, .err = err };
    dp_byte_reader_init(&c.r, read, ctx);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(format, table[i].format) == 0)
            return table[i].fn(&c);
    return DAPPLE_OK;
}
