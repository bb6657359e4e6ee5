/* SPDX-License-Identifier: MIT
 * Writes the image fixtures of tests/data/ (and the fuzz seed corpus) deterministically:
 * small valid images in every layout the loader must accept, and hostile files it must
 * refuse. Pixel values follow the formulas in the comments so tests can check them exactly.
 * Build and run from the repository root:
 *   cc -std=c11 -D_POSIX_C_SOURCE=200809L -Isrc tests/data/make_fixtures.c -o /tmp/mkfix \
 *      $(pkg-config --cflags --libs libpng stb) -lz && /tmp/mkfix tests/data */
#include <png.h>
#include <stb/stb_image_write.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "fixture_pixels.h"

static const char *dir = "tests/data";

static FILE *open_out(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "wb");
    if (fp == NULL) {
        perror(path);
        exit(1);
    }
    return fp;
}

static void write_bytes(const char *name, const void *data, size_t n)
{
    FILE *fp = open_out(name);
    fwrite(data, 1, n, fp);
    fclose(fp);
}

/* ---------------------------------------------------------------- pixel formulas */

/* Noise for noise_rgb.png: an integer hash, so zlib cannot shrink the IDAT much. */
static unsigned noise_at(int x, int y, int k)
{
    uint32_t h = (uint32_t)(x * 73856093) ^ (uint32_t)(y * 19349663) ^ (uint32_t)(k * 83492791);
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return (h ^ (h >> 15)) & 255;
}

/* ---------------------------------------------------------------- PNG writer */

typedef struct spec {
    const char *name;
    int w, h, type, depth, interlace;
    int n_palette;
    int trns; /* palette: entries 0..trns-1 get alpha 64*i; grey: value 'trns' transparent */
} spec;

static void pack_sample(uint8_t *row, int x, int depth, unsigned v)
{
    if (depth == 16) {
        row[2 * x] = (uint8_t)(v >> 8);
        row[2 * x + 1] = (uint8_t)v;
    } else if (depth == 8) {
        row[x] = (uint8_t)v;
    } else {
        int per = 8 / depth, shift = 8 - depth * (x % per + 1);
        row[x / per] |= (uint8_t)(v << shift);
    }
}

/* Sample values for every layout; sub-8-bit grey is (x + y) mod 2^depth. */
static void fill_row(const spec *s, int y, uint8_t *row)
{
    for (int x = 0; x < s->w; x++) {
        unsigned c[4];
        rgba_at(x, y, c);
        for (int k = 0; strncmp(s->name, "noise", 5) == 0 && k < 4; k++)
            c[k] = noise_at(x, y, k);
        if (s->type == PNG_COLOR_TYPE_GRAY || s->type == PNG_COLOR_TYPE_GRAY_ALPHA) {
            int ch = s->type == PNG_COLOR_TYPE_GRAY ? 1 : 2;
            unsigned g = s->depth == 16 ? grey16_at(x, y)
                         : s->depth == 8 ? grey8_at(x, y)
                                         : (unsigned)(x + y) % (1u << s->depth);
            if (ch == 1) {
                pack_sample(row, x, s->depth, g);
            } else {
                pack_sample(row, 2 * x, s->depth, g);
                pack_sample(row, 2 * x + 1, s->depth, s->depth == 16 ? c[3] * 257 : c[3]);
            }
        } else if (s->type == PNG_COLOR_TYPE_PALETTE) {
            pack_sample(row, x, s->depth, (unsigned)(x + y) % (unsigned)s->n_palette);
        } else {
            int ch = s->type == PNG_COLOR_TYPE_RGB ? 3 : 4;
            for (int k = 0; k < ch; k++)
                pack_sample(row, ch * x + k, s->depth, s->depth == 16 ? wide(c[k], x, y) : c[k]);
        }
    }
}

/* Palette entry i: (i*60, 255 - i*60, i*30). */
static void set_palette(png_structp png, png_infop info, const spec *s)
{
    png_color pal[16];
    png_byte alpha[16];
    for (int i = 0; i < s->n_palette; i++) {
        pal[i].red = (png_byte)(i * 60);
        pal[i].green = (png_byte)(255 - i * 60);
        pal[i].blue = (png_byte)(i * 30);
        alpha[i] = (png_byte)(64 * i);
    }
    png_set_PLTE(png, info, pal, s->n_palette);
    if (s->trns > 0)
        png_set_tRNS(png, info, alpha, s->trns, NULL);
}

static void write_png(const spec *s)
{
    FILE *fp = open_out(s->name);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "libpng failed on %s\n", s->name);
        exit(1);
    }
    png_init_io(png, fp);
    png_set_IHDR(png, info, (png_uint_32)s->w, (png_uint_32)s->h, s->depth, s->type,
                 s->interlace, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (s->type == PNG_COLOR_TYPE_PALETTE)
        set_palette(png, info, s);
    if (s->type == PNG_COLOR_TYPE_GRAY && s->trns >= 0) {
        png_color_16 t = { 0, 0, 0, 0, (png_uint_16)s->trns };
        png_set_tRNS(png, info, NULL, 0, &t);
    }
    png_write_info(png, info);
    size_t rowbytes = png_get_rowbytes(png, info);
    uint8_t **rows = calloc((size_t)s->h, sizeof *rows);
    for (int y = 0; y < s->h; y++) {
        rows[y] = calloc(rowbytes, 1);
        fill_row(s, y, rows[y]);
    }
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    for (int y = 0; y < s->h; y++)
        free(rows[y]);
    free(rows);
    fclose(fp);
}

/* ---------------------------------------------------------------- hand-made PNG bytes */

static size_t put_chunk(uint8_t *p, const char *type, const uint8_t *data, uint32_t n)
{
    p[0] = (uint8_t)(n >> 24), p[1] = (uint8_t)(n >> 16), p[2] = (uint8_t)(n >> 8);
    p[3] = (uint8_t)n;
    memcpy(p + 4, type, 4);
    if (n > 0)
        memcpy(p + 8, data, n);
    uint32_t crc = (uint32_t)crc32(0, p + 4, n + 4);
    p[8 + n] = (uint8_t)(crc >> 24), p[9 + n] = (uint8_t)(crc >> 16);
    p[10 + n] = (uint8_t)(crc >> 8), p[11 + n] = (uint8_t)crc;
    return 12 + n;
}

/* A grey 8-bit PNG whose IHDR claims w x h, followed by a small IDAT and IEND. */
static void write_claimed_png(const char *name, uint32_t w, uint32_t h)
{
    uint8_t buf[256], ihdr[13] = { 0 };
    uint8_t idat[] = { 0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01 };
    memcpy(buf, "\x89PNG\r\n\x1a\n", 8);
    for (int i = 0; i < 4; i++) {
        ihdr[i] = (uint8_t)(w >> (24 - 8 * i));
        ihdr[4 + i] = (uint8_t)(h >> (24 - 8 * i));
    }
    ihdr[8] = 8; /* depth 8, grey, deflate, no filter, no interlace */
    size_t n = 8 + put_chunk(buf + 8, "IHDR", ihdr, 13);
    n += put_chunk(buf + n, "IDAT", idat, sizeof idat);
    n += put_chunk(buf + n, "IEND", NULL, 0);
    write_bytes(name, buf, n);
}

static uint8_t *read_all(const char *name, size_t *n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "rb");
    uint8_t *buf = malloc(1 << 20);
    *n = fread(buf, 1, 1 << 20, fp);
    fclose(fp);
    return buf;
}

/* Offset of the first chunk of this type in a PNG file. */
static size_t find_chunk(const uint8_t *png, size_t n, const char *type)
{
    for (size_t off = 8; off + 12 <= n;) {
        uint32_t len = (uint32_t)png[off] << 24 | (uint32_t)png[off + 1] << 16 |
                       (uint32_t)png[off + 2] << 8 | png[off + 3];
        if (memcmp(png + off + 4, type, 4) == 0)
            return off;
        off += 12 + len;
    }
    return 0;
}

/* Damaged copies of a noisy 64x64 RGB PNG, whose IDAT is large enough to cut inside. */
static void write_damaged_pngs(void)
{
    size_t n;
    uint8_t *png = read_all("noise_rgb.png", &n);
    size_t idat = find_chunk(png, n, "IDAT");
    uint32_t len = (uint32_t)png[idat] << 24 | (uint32_t)png[idat + 1] << 16 |
                   (uint32_t)png[idat + 2] << 8 | png[idat + 3];
    write_bytes("trunc_header.png", png, 8 + 25);        /* signature + IHDR only */
    write_bytes("trunc_idat.png", png, idat + 8 + len / 2); /* cut inside the image data */
    write_bytes("trunc_no_iend.png", png, n - 12);       /* all data, IEND missing */
    png[idat + 8 + len + 3] ^= 0x55;                      /* IDAT's CRC */
    write_bytes("bad_crc.png", png, n);
    png[idat + 8 + len + 3] ^= 0x55;
    png[idat + 8 + len / 2] ^= 0xff; /* data damaged, CRC recomputed: zlib must notice */
    uint32_t crc = (uint32_t)crc32(0, png + idat + 4, len + 4);
    for (int i = 0; i < 4; i++)
        png[idat + 8 + len + (size_t)i] = (uint8_t)(crc >> (24 - 8 * i));
    write_bytes("bad_zlib.png", png, n);
    png[6] = '\n'; /* CRLF -> LF damage, as a text-mode transfer does */
    write_bytes("bad_signature.png", png, 8 + 25);
    free(png);
}

/* ---------------------------------------------------------------- other formats */

static void on_write(void *ctx, void *data, int size)
{
    fwrite(data, 1, (size_t)size, ctx);
}

static void write_stb_images(void)
{
    uint8_t rgb[16 * 16 * 3], rgba[16 * 16 * 4];
    for (int y = 0; y < 16; y++) {
        for (int x = 0; x < 16; x++) {
            unsigned c[4];
            rgba_at(x, y, c);
            for (int k = 0; k < 4; k++) {
                rgba[(y * 16 + x) * 4 + k] = (uint8_t)c[k];
                if (k < 3)
                    rgb[(y * 16 + x) * 3 + k] = (uint8_t)c[k];
            }
        }
    }
    FILE *fp = open_out("rgb.bmp");
    stbi_write_bmp_to_func(on_write, fp, 16, 16, 3, rgb);
    fclose(fp);
    fp = open_out("rgba.tga");
    stbi_write_tga_to_func(on_write, fp, 16, 16, 4, rgba);
    fclose(fp);
    fp = open_out("rgb.jpg");
    stbi_write_jpg_to_func(on_write, fp, 16, 16, 3, rgb, 95);
    fclose(fp);
}

/* Truncated and damaged JPEGs, from the one just written. */
static void write_bad_jpegs(void)
{
    size_t n;
    uint8_t *jpg = read_all("rgb.jpg", &n);
    size_t sos = 0;
    for (size_t i = 2; i + 1 < n; i++) {
        if (jpg[i] == 0xff && jpg[i + 1] == 0xda) {
            sos = i;
            break;
        }
    }
    write_bytes("trunc_header.jpg", jpg, sos);             /* tables and SOF, no scan */
    write_bytes("trunc_scan.jpg", jpg, sos + (n - sos) / 2); /* cut inside the scan */
    jpg[sos + 8] = 0x13; /* scan component 2: AC table 3, which no DHT defines */
    write_bytes("undefined_huffman.jpg", jpg, n);
    jpg[sos + 8] = 0x11;
    for (size_t i = 2; i + 4 < sos; i++) {
        if (jpg[i] == 0xff && jpg[i + 1] == 0xc4) {
            jpg[i + 4] = 0x55; /* Huffman table class 5: no such thing */
            break;
        }
    }
    write_bytes("bad_huffman.jpg", jpg, n);
    for (size_t i = 2; i + 21 < sos; i++) {
        if (jpg[i] == 0xff && jpg[i + 1] == 0xc4) {
            jpg[i + 4] = 0x00;  /* a valid class/id again */
            jpg[i + 19] = 0xff; /* counts for 15- and 16-bit codes: 510 codes in all, which */
            jpg[i + 20] = 0xff; /* stb 2.27 writes past its 256-entry tables */
            break;
        }
    }
    write_bytes("dht_overflow.jpg", jpg, n);
    uint8_t *filled = malloc(n + 1); /* stb skips fill 0xFFs before SOI: so must the guard */
    filled[0] = 0xff;
    memcpy(filled + 1, jpg, n);
    write_bytes("dht_overflow_fill.jpg", filled, n + 1);
    free(filled);
    free(jpg);
}

/* ---------------------------------------------------------------- GIF */

typedef struct bitsink {
    uint8_t *buf;
    size_t len;
    uint32_t acc;
    int nbits;
} bitsink;

static void put_code(bitsink *b, unsigned code, int width)
{
    b->acc |= (uint32_t)code << b->nbits;
    b->nbits += width;
    while (b->nbits >= 8) {
        b->buf[b->len++] = (uint8_t)b->acc;
        b->acc >>= 8;
        b->nbits -= 8;
    }
}

/* LZW with 8-bit minimum code size that never builds a dictionary: a clear code every 200
 * symbols keeps the code width at 9 bits, so each pixel is one literal code. */
static size_t gif_lzw(const uint8_t *px, size_t n, uint8_t *out)
{
    bitsink b = { out, 0, 0, 0 };
    for (size_t i = 0; i < n; i++) {
        if (i % 200 == 0)
            put_code(&b, 256, 9);
        put_code(&b, px[i], 9);
    }
    put_code(&b, 257, 9);
    if (b.nbits > 0)
        b.buf[b.len++] = (uint8_t)b.acc;
    return b.len;
}

/* Appends an image: optional graphic control (transparent index), descriptor, optional
 * local colour table, then the LZW data in sub-blocks of at most 255 bytes. */
static size_t gif_frame(uint8_t *p, int x0, int y0, int w, int h, const uint8_t *px,
                        int transparent, const uint8_t *local_palette)
{
    size_t n = 0;
    if (transparent >= 0) {
        const uint8_t gce[8] = { 0x21, 0xf9, 4, 0x09, 10, 0, (uint8_t)transparent, 0 };
        memcpy(p, gce, 8);
        n += 8;
    }
    const uint8_t desc[10] = { 0x2c, (uint8_t)x0, 0, (uint8_t)y0, 0, (uint8_t)w, 0,
                               (uint8_t)h, 0, (uint8_t)(local_palette ? 0x87 : 0) };
    memcpy(p + n, desc, 10);
    n += 10;
    if (local_palette) {
        memcpy(p + n, local_palette, 256 * 3);
        n += 256 * 3;
    }
    p[n++] = 8; /* minimum code size */
    uint8_t lzw[8192];
    size_t len = gif_lzw(px, (size_t)w * (size_t)h, lzw);
    for (size_t off = 0; off < len; off += 255) {
        size_t chunk = len - off < 255 ? len - off : 255;
        p[n++] = (uint8_t)chunk;
        memcpy(p + n, lzw + off, chunk);
        n += chunk;
    }
    p[n++] = 0;
    return n;
}

/* anim.gif, 16x16, two frames. Frame 1 (the one loaders return): pixel index
 * (x + y) % 4 into the global palette entry i = (i*60, 255 - i*60, i*30), index 3
 * transparent. Frame 2 covers the middle with a local palette. */
static void write_gif(void)
{
    static uint8_t gif[16384];
    uint8_t palette[256 * 3] = { 0 }, local[256 * 3] = { 0 }, px[256];
    for (int i = 0; i < 256; i++) {
        palette[3 * i] = (uint8_t)(i * 60), palette[3 * i + 1] = (uint8_t)(255 - i * 60);
        palette[3 * i + 2] = (uint8_t)(i * 30);
        local[3 * i] = (uint8_t)i;
    }
    size_t n = 0;
    memcpy(gif, "GIF89a\x10\x00\x10\x00\xf7\x00\x00", 13);
    n = 13;
    memcpy(gif + n, palette, sizeof palette);
    n += sizeof palette;
    for (int i = 0; i < 256; i++)
        px[i] = (uint8_t)((i % 16 + i / 16) % 4);
    n += gif_frame(gif + n, 0, 0, 16, 16, px, 3, NULL);
    for (int i = 0; i < 64; i++)
        px[i] = (uint8_t)(i * 4);
    n += gif_frame(gif + n, 4, 4, 8, 8, px, -1, local);
    gif[n++] = 0x3b;
    write_bytes("anim.gif", gif, n);
}

/* Headers of formats stb_image would happily allocate gigabytes for. */
static void write_huge_headers(void)
{
    static const uint8_t gif[] = "GIF89a\xff\xff\xff\xff\x80\x00\x00\xff\xff\xff\x00\x00\x00"
                                 ",\x00\x00\x00\x00\xff\xff\xff\xff\x00\x02\x02\x44\x01\x00;";
    write_bytes("huge.gif", gif, sizeof gif - 1);
    uint8_t bmp[54] = { 'B', 'M' };
    bmp[10] = 54, bmp[14] = 40;            /* data offset, BITMAPINFOHEADER */
    bmp[18] = 0xa0, bmp[19] = 0x86, bmp[20] = 0x01; /* width 100000 */
    bmp[22] = 0xa0, bmp[23] = 0x86, bmp[24] = 0x01; /* height 100000 */
    bmp[26] = 1, bmp[28] = 24;
    write_bytes("huge.bmp", bmp, sizeof bmp);
    uint8_t psd[26] = { '8', 'B', 'P', 'S', 0, 1 };
    psd[13] = 3;                          /* channels */
    psd[14] = 0, psd[15] = 0, psd[16] = 0x75, psd[17] = 0x30; /* height 30000 */
    psd[18] = 0, psd[19] = 0, psd[20] = 0x75, psd[21] = 0x30; /* width 30000 */
    psd[23] = 8, psd[25] = 3;             /* depth 8, RGB */
    write_bytes("huge.psd", psd, sizeof psd);
    static const uint8_t gif1[] = "GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00"
                                  ",\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00;";
    write_bytes("one.gif", gif1, sizeof gif1 - 1); /* 1x1, palette entry 0 = white */
}

int main(int argc, char **argv)
{
    if (argc > 1)
        dir = argv[1];
    static const spec specs[] = {
        { "grey8.png", 16, 8, PNG_COLOR_TYPE_GRAY, 8, PNG_INTERLACE_NONE, 0, -1 },
        { "grey16.png", 16, 8, PNG_COLOR_TYPE_GRAY, 16, PNG_INTERLACE_NONE, 0, -1 },
        { "grey16_interlaced.png", 13, 11, PNG_COLOR_TYPE_GRAY, 16, PNG_INTERLACE_ADAM7, 0, -1 },
        { "grey1.png", 13, 5, PNG_COLOR_TYPE_GRAY, 1, PNG_INTERLACE_NONE, 0, -1 },
        { "grey2.png", 13, 5, PNG_COLOR_TYPE_GRAY, 2, PNG_INTERLACE_NONE, 0, -1 },
        { "grey4.png", 13, 5, PNG_COLOR_TYPE_GRAY, 4, PNG_INTERLACE_NONE, 0, -1 },
        { "grey8_trns.png", 16, 8, PNG_COLOR_TYPE_GRAY, 8, PNG_INTERLACE_NONE, 0, 48 },
        { "grey_alpha.png", 16, 16, PNG_COLOR_TYPE_GRAY_ALPHA, 8, PNG_INTERLACE_NONE, 0, -1 },
        { "grey_alpha16.png", 16, 16, PNG_COLOR_TYPE_GRAY_ALPHA, 16, PNG_INTERLACE_NONE, 0,
          -1 },
        { "palette.png", 9, 7, PNG_COLOR_TYPE_PALETTE, 8, PNG_INTERLACE_NONE, 5, 0 },
        { "palette4_trns.png", 9, 7, PNG_COLOR_TYPE_PALETTE, 4, PNG_INTERLACE_NONE, 5, 3 },
        { "palette1.png", 9, 7, PNG_COLOR_TYPE_PALETTE, 1, PNG_INTERLACE_NONE, 2, 0 },
        { "rgb8.png", 16, 16, PNG_COLOR_TYPE_RGB, 8, PNG_INTERLACE_NONE, 0, -1 },
        { "rgb16.png", 16, 16, PNG_COLOR_TYPE_RGB, 16, PNG_INTERLACE_NONE, 0, -1 },
        { "rgba8.png", 16, 16, PNG_COLOR_TYPE_RGBA, 8, PNG_INTERLACE_NONE, 0, -1 },
        { "rgba16.png", 16, 16, PNG_COLOR_TYPE_RGBA, 16, PNG_INTERLACE_NONE, 0, -1 },
        { "rgb8_interlaced.png", 16, 16, PNG_COLOR_TYPE_RGB, 8, PNG_INTERLACE_ADAM7, 0, -1 },
        { "rgba8_interlaced.png", 16, 16, PNG_COLOR_TYPE_RGBA, 8, PNG_INTERLACE_ADAM7, 0, -1 },
        { "noise_rgb.png", 64, 64, PNG_COLOR_TYPE_RGB, 8, PNG_INTERLACE_NONE, 0, -1 },
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        write_png(&specs[i]);
    write_damaged_pngs();
    write_claimed_png("huge.png", 100000, 100000);
    write_claimed_png("huge_width.png", 2000000000, 1);
    write_claimed_png("zero_width.png", 0, 16);
    write_bytes("empty.png", "", 0);
    write_bytes("text.png", "This is not a PNG file.\nJust text.\n", 35);
    write_bytes("pgm.png", "P5\n2 2\n255\n\x00\x40\x80\xff", 15); /* a PGM named .png */
    write_stb_images();
    write_bad_jpegs();
    write_huge_headers();
    write_gif();
    return 0;
}
