/* SPDX-License-Identifier: MIT
 * SHA-256 (FIPS 180-4) for the pack manifest's checksums. */
#ifndef DP_SHA256_H
#define DP_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "dapple.h"

typedef struct dp_sha256 {
    uint32_t state[8];
    uint64_t length;
    uint8_t block[64];
    size_t used;
} dp_sha256;

void dp_sha256_init(dp_sha256 *h);
void dp_sha256_update(dp_sha256 *h, const void *data, size_t n);
/** Writes 64 lowercase hex digits and a NUL into hex. */
void dp_sha256_final_hex(dp_sha256 *h, char hex[65]);

/** Hashes a whole file into hex; DAPPLE_E_IO naming the path on failure. */
DAPPLE_USERESULT dapple_status dp_sha256_file(const char *path, char hex[65], dapple_error *err);

#endif
