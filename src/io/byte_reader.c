/* SPDX-License-Identifier: MIT
 * Buffered byte reader over a dp_read_fn: 4 KiB at a time, so walking a file's markers
 * or packets byte by byte costs one read call per 4 KiB. */
#include "io/byte_reader.h"

void dp_byte_reader_init(dp_byte_reader *r, dp_read_fn read, void *ctx)
{
    r->read = read;
    r->ctx = ctx;
    r->offset = 0;
    r->ended = false;
    r->len = r->pos = 0;
}

static bool refill(dp_byte_reader *r)
{
    if (r->ended)
        return false;
    r->len = r->read(r->ctx, r->buf, sizeof r->buf);
    r->pos = 0;
    r->ended = r->len == 0;
    return !r->ended;
}

int dp_byte_next(dp_byte_reader *r)
{
    if (r->pos == r->len && !refill(r))
        return -1;
    r->offset++;
    return r->buf[r->pos++];
}

/* n bytes as one integer, most significant first unless 'le'. */
static int64_t uint_n(dp_byte_reader *r, int n, bool le)
{
    int64_t v = 0;
    for (int i = 0; i < n; i++) {
        int b = dp_byte_next(r);
        if (b < 0)
            return -1;
        v = le ? v | (int64_t)b << (8 * i) : v << 8 | b;
    }
    return v;
}

int64_t dp_byte_u16be(dp_byte_reader *r)
{
    return uint_n(r, 2, false);
}

int64_t dp_byte_u16le(dp_byte_reader *r)
{
    return uint_n(r, 2, true);
}

int64_t dp_byte_u32be(dp_byte_reader *r)
{
    return uint_n(r, 4, false);
}

int64_t dp_byte_u32le(dp_byte_reader *r)
{
    return uint_n(r, 4, true);
}

bool dp_byte_skip(dp_byte_reader *r, uint64_t n)
{
    while (n > 0) {
        if (r->pos == r->len && !refill(r))
            return false;
        size_t take = r->len - r->pos;
        if (take > n)
            take = (size_t)n;
        r->pos += take;
        r->offset += take;
        n -= take;
    }
    return true;
}
