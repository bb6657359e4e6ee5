/* SPDX-License-Identifier: MIT
 * Guards in front of stb_image 2.27 (Debian's libstb), for two JPEG bugs found by fuzzing
 * stb under ASan. (1) Its DHT reader sums a Huffman table's 16 code counts without a bound
 * and stores that many symbols into 256-entry arrays: a 24-byte segment overwrites the
 * decoder's heap. (2) A scan may use a Huffman table no DHT defined; stb never clears its
 * tables, so it decodes with uninitialised heap memory and Debian's build segfaults.
 * We walk the marker segments the way stb does (scan for 0xFF, skip fill bytes, segments
 * by length, entropy-coded data by looking for the next marker), read every DHT and SOS as
 * stb will, and refuse what it would mishandle. The walk reaches the end-of-image marker
 * of a whole file, so a file that ends inside a segment, or after its frame header but
 * before that marker, is refused as truncated, with that word. */
#include "io/stb_guard.h"

#include <stdbool.h>
#include <stdint.h>

#include "core/dp.h"

typedef dp_byte_reader reader;

static int next_byte(reader *r)
{
    return dp_byte_next(r);
}

static long next_u16(reader *r)
{
    return (long)dp_byte_u16be(r);
}

static bool skip(reader *r, long n)
{
    return n <= 0 || dp_byte_skip(r, (uint64_t)n);
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

/* What stb will have seen so far: the tables defined, the frame type. */
typedef struct jpeg_state {
    unsigned dc_defined, ac_defined; /* bit i: table i was defined by a DHT */
    bool progressive;
    bool framed; /* a frame header (SOFn) was seen: this is a JPEG, not junk after an SOI */
} jpeg_state;

/* VERDICT_STOP: stb rejects the segment itself, safely, and reads no further. */
typedef enum { VERDICT_OK, VERDICT_STOP, VERDICT_UNSAFE } verdict;

/* One DHT segment, read as stb's stbi__process_marker reads it: tables until the length is
 * used up, each with a class/id byte, 16 counts and then that many symbols, even when the
 * symbols run past the segment or the file (zeros, then). */
static verdict check_dht(reader *r, jpeg_state *js)
{
    long left = u16_or_zero(r) - 2;
    while (left > 0) {
        int q = byte_or_zero(r), n = 0;
        if (q >> 4 > 1 || (q & 15) > 3)
            return VERDICT_STOP; /* stb: "bad DHT header", before touching a table */
        for (int i = 0; i < 16; i++)
            n += byte_or_zero(r);
        if (n > 256)
            return VERDICT_UNSAFE;
        *(q >> 4 ? &js->ac_defined : &js->dc_defined) |= 1u << (q & 15);
        skip(r, n);
        left -= 17 + n;
    }
    return left == 0 ? VERDICT_OK : VERDICT_STOP;
}

/* A scan header, as stbi__process_scan_header reads it. stb never clears its Huffman
 * tables, so a scan that uses one no DHT defined decodes with uninitialised heap memory
 * (a crash in Debian's build; Motion-JPEG frames that rely on the standard tables get here
 * too). Baseline scans use both tables of each component; progressive DC-first scans the
 * DC table, AC scans the AC table, DC refinements none. */
static verdict check_sos(reader *r, const jpeg_state *js)
{
    long len = next_u16(r);
    int ns = next_byte(r), tables[4];
    if (ns < 1 || ns > 4 || len != 6 + 2 * ns)
        return VERDICT_STOP;
    for (int i = 0; i < ns; i++) {
        next_byte(r); /* component id */
        tables[i] = next_byte(r);
        if (tables[i] < 0 || tables[i] >> 4 > 3 || (tables[i] & 15) > 3)
            return VERDICT_STOP;
    }
    int ss = next_byte(r), se = next_byte(r), a = next_byte(r);
    if (ss < 0 || se < 0 || a < 0)
        return VERDICT_STOP;
    bool need_dc = !js->progressive || (ss == 0 && a >> 4 == 0);
    bool need_ac = !js->progressive || ss > 0;
    for (int i = 0; i < ns; i++) {
        if (need_dc && !(js->dc_defined >> (tables[i] >> 4) & 1))
            return VERDICT_UNSAFE;
        if (need_ac && !(js->ac_defined >> (tables[i] & 15) & 1))
            return VERDICT_UNSAFE;
    }
    return VERDICT_OK;
}

/* Reads the segment after marker m. Frame headers only set the mode: stb checks them. */
static verdict check_segment(reader *r, int m, jpeg_state *js)
{
    if (m == 0xc4)
        return check_dht(r, js);
    if (m == 0xda)
        return check_sos(r, js);
    if (m >= 0xc0 && m <= 0xc2)
        js->progressive = m == 0xc2;
    js->framed |= m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 && m != 0xcc;
    long len = next_u16(r);
    return len >= 2 && skip(r, len - 2) ? VERDICT_OK : VERDICT_STOP;
}

/* Why the walk stopped: the message for an unsafe marker, or for a file cut short. */
static dapple_status refuse(const char *name, int marker, dapple_error *err)
{
    if (marker < 0)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: truncated JPEG: the file ends before its end-of-image marker", name);
    return dp_fail(err, DAPPLE_E_FORMAT, "%s: corrupt JPEG: %s", name,
                   marker == 0xc4 ? "a Huffman table has more than 256 codes"
                                  : "a scan uses a Huffman table that was never defined");
}

dapple_status dp_stb_guard_jpeg(dp_read_fn read, void *ctx, const char *name, dapple_error *err)
{
    reader r;
    dp_byte_reader_init(&r, read, ctx);
    jpeg_state js = { 0, 0, false, false };
    if (next_marker_strict(&r) != 0xd8)
        return DAPPLE_OK; /* no SOI: stb will not take the JPEG path */
    for (;;) {
        int m = next_marker(&r);
        if (m == 0xd9)
            return DAPPLE_OK; /* end of image: the file is whole */
        if (m < 0) /* after a frame header, pixels are missing; before one, stb says why */
            return js.framed ? refuse(name, -1, err) : DAPPLE_OK;
        if (m == 0x00 || m == 0x01 || m == 0xd8 || (m >= 0xd0 && m <= 0xd7))
            continue; /* stuffed byte, TEM, SOI, RSTn: no length field */
        verdict v = check_segment(&r, m, &js);
        if (v == VERDICT_STOP)
            return r.ended ? refuse(name, -1, err) : DAPPLE_OK; /* cut inside a segment */
        if (v == VERDICT_UNSAFE)
            return refuse(name, m, err);
    }
}

dapple_status dp_stb_guard_psd(dp_read_fn read, void *ctx, const char *name, dapple_error *err)
{
    reader r;
    dp_byte_reader_init(&r, read, ctx);
    static const char magic[4] = { '8', 'B', 'P', 'S' };
    for (int i = 0; i < 4; i++)
        if (dp_byte_next(&r) != magic[i])
            return DAPPLE_OK; /* not a PSD: stb will not take the PSD path */
    /* version (2), reserved (6), then the channel count: stb's own order */
    if (!dp_byte_skip(&r, 8))
        return DAPPLE_OK; /* cut in the header: the truncation check names it */
    int64_t channels = dp_byte_u16be(&r);
    if (channels <= 3)
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_FORMAT,
                   "%s: PSD with %lld channels (an alpha channel) is not read: stb_image's "
                   "matte removal is undefined for some of its pixels; save it without alpha, "
                   "or as PNG",
                   name, (long long)channels);
}
