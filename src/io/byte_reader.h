/* SPDX-License-Identifier: MIT
 * A small buffered reader for the checks that walk a file's structure before a decoder
 * sees it (stb_guard.c, image_trunc.c, pgm_load.c): bytes, big- and little-endian
 * integers and skips, each reporting the end of the file instead of inventing zeros. */
#ifndef DP_BYTE_READER_H
#define DP_BYTE_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Reads up to n bytes into buf; returns how many (0 at the end). */
typedef size_t (*dp_read_fn)(void *ctx, void *buf, size_t n);

typedef struct dp_byte_reader {
    dp_read_fn read;
    void *ctx;
    uint64_t offset; /* bytes consumed so far */
    bool ended;      /* a read found the end of the file */
    size_t len, pos;
    uint8_t buf[4096];
} dp_byte_reader;

/** Starts reading ctx from its current position (callers rewind first). */
void dp_byte_reader_init(dp_byte_reader *r, dp_read_fn read, void *ctx);

/** The next byte, or -1 at the end of the file. */
int dp_byte_next(dp_byte_reader *r);

/** Unsigned integers of 2 or 4 bytes; -1 when the file ends first. */
int64_t dp_byte_u16be(dp_byte_reader *r);
int64_t dp_byte_u16le(dp_byte_reader *r);
int64_t dp_byte_u32be(dp_byte_reader *r);
int64_t dp_byte_u32le(dp_byte_reader *r);

/** Skips n bytes; false when the file ends first. */
bool dp_byte_skip(dp_byte_reader *r, uint64_t n);

#endif
