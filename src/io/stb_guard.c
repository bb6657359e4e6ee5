/* SPDX-License-Identifier: MIT
 * Guards in front of stb_image 2.27 (Debian's libstb). Its DHT reader sums the 16 code
 * counts of a Huffman table without a bound and stores that many symbols into 256-byte
 * arrays (and sizes into a 257-byte one): a 24-byte segment overwrites the decoder's heap.
 * Fuzzing stb under ASan found it in seconds; upstream later added an n > 256 check. We
 * walk the marker segments the way stb does (scan for 0xFF, skip fill bytes, segments by
 * length, entropy-coded data by looking for the next marker) and read every DHT exactly
 * as stb will, refusing the tables it would overflow. */
#include "io/stb_guard.h"

#include <stdbool.h>
#include <stdint.h>

#include "core/dp.h"

/* A small buffer over the caller's read function: JPEGs are walked byte by byte. */
typedef struct reader {
    dp_read_fn read;
    void *ctx;
    uint8_t buf[4096];
    size_t len, pos;
} reader;

static int next_byte(reader *r)
{
    if (r->pos == r->len) {
        r->len = r->read(r->ctx, r->buf, sizeof r->buf);
        r->pos = 0;
        if (r->len == 0)
            return -1;
    }
    return r->buf[r->pos++];
}

static long next_u16(reader *r)
{
    int hi = next_byte(r), lo = next_byte(r);
    return hi < 0 || lo < 0 ? -1 : (long)(hi << 8 | lo);
}

static bool skip(reader *r, long n)
{
    while (n-- > 0)
        if (next_byte(r) < 0)
            return false;
    return true;
}

/* The next marker code: bytes up to an 0xFF are skipped (entropy-coded data, or junk stb
 * also skips), as are fill 0xFFs. Returns -1 at the end of the file. */
static int next_marker(reader *r)
{
    int b;
    do {
        b = next_byte(r);
    } while (b >= 0 && b != 0xff);
    while (b == 0xff)
        b = next_byte(r);
    return b;
}

/* stb's reader returns 0 for every byte past the end, and its DHT loop carries on. */
static int byte_or_zero(reader *r)
{
    int b = next_byte(r);
    return b < 0 ? 0 : b;
}

static long u16_or_zero(reader *r)
{
    int hi = byte_or_zero(r);
    return (long)(hi << 8 | byte_or_zero(r));
}

/* stb's first marker: one 0xFF right at the start, any number of fill 0xFFs, then the code
 * (so "FF FF D8" is a JPEG to stb, whatever its first two bytes suggest). */
static int next_marker_strict(reader *r)
{
    int b = next_byte(r);
    if (b != 0xff)
        return -1;
    while (b == 0xff)
        b = next_byte(r);
    return b;
}

typedef enum { DHT_OK, DHT_STOP, DHT_OVERFLOW } dht_result;

/* One DHT segment, read as stb's stbi__process_marker reads it: tables until the length is
 * used up, each with a class/id byte, 16 counts and then that many symbols, even when the
 * symbols run past the segment or the file (zeros, then). DHT_STOP: stb rejects the segment
 * itself, safely. */
static dht_result check_dht(reader *r)
{
    long left = u16_or_zero(r) - 2;
    while (left > 0) {
        int q = byte_or_zero(r), n = 0;
        if (q >> 4 > 1 || (q & 15) > 3)
            return DHT_STOP; /* stb: "bad DHT header", before touching a table */
        for (int i = 0; i < 16; i++)
            n += byte_or_zero(r);
        if (n > 256)
            return DHT_OVERFLOW;
        skip(r, n);
        left -= 17 + n;
    }
    return left == 0 ? DHT_OK : DHT_STOP;
}

dapple_status dp_stb_guard_jpeg(dp_read_fn read, void *ctx, const char *name, dapple_error *err)
{
    static reader zero;
    reader r = zero;
    r.read = read;
    r.ctx = ctx;
    if (next_marker_strict(&r) != 0xd8)
        return DAPPLE_OK; /* no SOI: stb will not take the JPEG path */
    for (;;) {
        int m = next_marker(&r);
        if (m < 0 || m == 0xd9)
            return DAPPLE_OK; /* end of image or file */
        if (m == 0x00 || m == 0x01 || m == 0xd8 || (m >= 0xd0 && m <= 0xd7))
            continue; /* stuffed byte, TEM, SOI, RSTn: no length field */
        if (m == 0xc4) {
            dht_result d = check_dht(&r);
            if (d == DHT_OVERFLOW)
                return dp_fail(err, DAPPLE_E_FORMAT, "%s: corrupt JPEG: a Huffman table has "
                               "more than 256 codes", name);
            if (d == DHT_STOP)
                return DAPPLE_OK;
            continue;
        }
        long len = next_u16(&r);
        if (len < 2 || !skip(&r, len - 2))
            return DAPPLE_OK; /* stb stops at the same damage */
    }
}
