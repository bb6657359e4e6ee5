/* SPDX-License-Identifier: MIT
 * PGM input (netpbm's pgm(5)). stb_image 2.27 reads P5, but as Debian ships it: 16-bit
 * samples come back in host byte order (PGM is big-endian), maxval is ignored (a maxval-15
 * image reads as 0..15 out of 255), a short raster is accepted with the rest left as
 * uninitialised heap (CVE-2021-42716's neighbourhood), and a long number in the header
 * overflows an int. The format is a dozen lines of grammar, so it is read here instead,
 * with every one of those checked; P2 comes almost free. */
#include "io/pgm_load.h"

#include <inttypes.h>
#include <limits.h>

#include "core/dp.h"

static bool is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* Skips whitespace and comments ('#' to the end of the line) before a header field;
 * returns the field's first byte, or -1 at the end of the file. */
static int skip_space(dp_byte_reader *r, int c)
{
    for (;;) {
        while (is_space(c))
            c = dp_byte_next(r);
        if (c != '#')
            return c;
        while (c >= 0 && c != '\n' && c != '\r')
            c = dp_byte_next(r);
    }
}

/* A decimal number starting at *c, at most 'max'; leaves *c on the byte after it. */
static bool read_number(dp_byte_reader *r, int *c, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (*c < '0' || *c > '9')
        return false;
    for (; *c >= '0' && *c <= '9'; *c = dp_byte_next(r)) {
        v = v * 10 + (uint64_t)(*c - '0');
        if (v > max)
            return false;
    }
    *out = v;
    return true;
}

static dapple_status header_field(dp_byte_reader *r, int *c, const char *what, uint64_t min,
                                  uint64_t max, uint64_t *out, const char *name, dapple_error *err)
{
    *c = skip_space(r, *c);
    if (*c < 0)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: truncated PGM: the file ends inside its header",
                       name);
    if (!read_number(r, c, max, out) || *out < min)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: corrupt PGM: the %s is not a number from %" PRIu64 " to %" PRIu64, name,
                       what, min, max);
    return DAPPLE_OK;
}

dapple_status dp_pgm_header(dp_byte_reader *r, dp_pgm *pgm, const char *name, dapple_error *err)
{
    int p = dp_byte_next(r), kind = dp_byte_next(r), c = dp_byte_next(r);
    uint64_t w = 0, h = 0, maxval = 0;
    if (p != 'P' || (kind != '2' && kind != '5'))
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: not a PGM image", name);
    dapple_status st = header_field(r, &c, "width", 0, INT_MAX, &w, name, err);
    if (st == DAPPLE_OK)
        st = header_field(r, &c, "height", 0, INT_MAX, &h, name, err);
    if (st == DAPPLE_OK)
        st = header_field(r, &c, "maximum value", 1, 65535, &maxval, name, err);
    if (st != DAPPLE_OK)
        return st;
    if (c == '#') /* a comment may end the header: its line end is then the separator */
        while (c >= 0 && c != '\n' && c != '\r')
            c = dp_byte_next(r);
    if (!is_space(c))
        return c < 0 ? dp_fail(err, DAPPLE_E_FORMAT,
                               "%s: truncated PGM: the file ends inside its header", name)
                     : dp_fail(err, DAPPLE_E_FORMAT,
                               "%s: corrupt PGM: no whitespace after the maximum value", name);
    *pgm = (dp_pgm){ (int)w, (int)h, (unsigned)maxval, kind == '2' };
    return DAPPLE_OK;
}

/* round(v * 65535 / maxval); v <= maxval <= 65535, so the product fits 32 bits. */
static uint16_t scale(uint32_t v, uint32_t maxval)
{
    return (uint16_t)((v * 65535u + maxval / 2) / maxval);
}

static dapple_status over_maxval(uint32_t v, const dp_pgm *pgm, const char *name, dapple_error *err)
{
    return dp_fail(err, DAPPLE_E_FORMAT,
                   "%s: corrupt PGM: a sample (%" PRIu32 ") exceeds the maximum value %u", name, v,
                   pgm->maxval);
}

static dapple_status ends_in_pixels(const char *name, dapple_error *err)
{
    return dp_fail(err, DAPPLE_E_FORMAT, "%s: truncated PGM: the file ends inside its pixel data",
                   name);
}

/* P5: big-endian samples of one byte (maxval < 256) or two. */
static dapple_status binary_raster(dp_byte_reader *r, const dp_pgm *pgm, uint64_t n, uint16_t *grey,
                                   const char *name, dapple_error *err)
{
    bool wide = pgm->maxval > 255;
    for (uint64_t i = 0; i < n; i++) {
        int hi = wide ? dp_byte_next(r) : 0, lo = dp_byte_next(r);
        if (hi < 0 || lo < 0)
            return ends_in_pixels(name, err); /* the file shrank after its size was taken */
        uint32_t v = (uint32_t)(hi << 8 | lo);
        if (v > pgm->maxval)
            return over_maxval(v, pgm, name, err);
        grey[i] = scale(v, pgm->maxval);
    }
    return DAPPLE_OK;
}

/* P2: decimal samples separated by whitespace, the last one followed by some too. */
static dapple_status plain_raster(dp_byte_reader *r, const dp_pgm *pgm, uint64_t n, uint16_t *grey,
                                  const char *name, dapple_error *err)
{
    int c = dp_byte_next(r);
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v;
        while (is_space(c))
            c = dp_byte_next(r);
        if (c < 0)
            return ends_in_pixels(name, err);
        if (!read_number(r, &c, UINT32_MAX, &v))
            return (c >= '0' && c <= '9')
                           ? over_maxval(UINT32_MAX, pgm, name, err)
                           : dp_fail(err, DAPPLE_E_FORMAT,
                                     "%s: corrupt PGM: sample %" PRIu64 " is not a number", name,
                                     i + 1);
        if (v > pgm->maxval)
            return over_maxval((uint32_t)v, pgm, name, err);
        if (c < 0) /* "12" may be a cut "123": a whole file ends its last sample too */
            return ends_in_pixels(name, err);
        grey[i] = scale((uint32_t)v, pgm->maxval);
    }
    return DAPPLE_OK;
}

dapple_status dp_pgm_raster_into(dp_byte_reader *r, const dp_pgm *pgm, uint64_t file_size,
                                 uint16_t *grey, const char *name, dapple_error *err)
{
    uint64_t n = (uint64_t)pgm->width * (uint64_t)pgm->height;
    if (pgm->plain)
        return plain_raster(r, pgm, n, grey, name, err);
    uint64_t need = r->offset + n * (pgm->maxval > 255 ? 2 : 1);
    if (file_size < need)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: truncated PGM: the file has %" PRIu64
                       " bytes, its header promises %" PRIu64,
                       name, file_size, need);
    return binary_raster(r, pgm, n, grey, name, err);
}
