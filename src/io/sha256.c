/* SPDX-License-Identifier: MIT
 * SHA-256 as specified in FIPS 180-4 (sections 4.1.2, 4.2.2, 5.1.1, 6.2), for the pack
 * manifest's checksums. Plain portable C: bytes are assembled big-endian by hand, so the
 * result does not depend on the host's byte order. */
#include "io/sha256.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/dp.h"
#include "io/regular_file.h"

static const uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, int n)
{
    return (x >> n) | (x << (32 - n));
}

static void load_schedule(uint32_t w[64], const uint8_t *p)
{
    for (int t = 0; t < 16; t++)
        w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
               (uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
}

static void compress(uint32_t state[8], const uint8_t *block)
{
    uint32_t w[64], v[8];
    load_schedule(w, block);
    memcpy(v, state, sizeof v);
    for (int t = 0; t < 64; t++) {
        uint32_t s1 = rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25);
        uint32_t ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
        uint32_t t1 = v[7] + s1 + ch + K[t] + w[t];
        uint32_t s0 = rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22);
        uint32_t maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
        memmove(v + 1, v, 7 * sizeof v[0]);
        v[4] += t1;
        v[0] = t1 + s0 + maj;
    }
    for (int i = 0; i < 8; i++)
        state[i] += v[i];
}

void dp_sha256_init(dp_sha256 *h)
{
    static const uint32_t H0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    memcpy(h->state, H0, sizeof H0);
    h->length = 0;
    h->used = 0;
}

void dp_sha256_update(dp_sha256 *h, const void *data, size_t n)
{
    const uint8_t *p = data;
    h->length += n;
    while (n > 0) {
        if (h->used == 0 && n >= 64) { /* whole blocks straight from the input */
            compress(h->state, p);
            p += 64;
            n -= 64;
            continue;
        }
        size_t take = DP_MIN(n, 64 - h->used);
        memcpy(h->block + h->used, p, take);
        h->used += take;
        p += take;
        n -= take;
        if (h->used == 64) {
            compress(h->state, h->block);
            h->used = 0;
        }
    }
}

void dp_sha256_final_hex(dp_sha256 *h, char hex[65])
{
    uint64_t bits = h->length * 8;
    uint8_t pad[72] = { 0x80 };
    size_t pad_len = (h->used < 56 ? 56 : 120) - h->used; /* room for the 8-byte length */
    for (int i = 0; i < 8; i++)
        pad[pad_len + (size_t)i] = (uint8_t)(bits >> (56 - 8 * i));
    dp_sha256_update(h, pad, pad_len + 8);

    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        uint8_t b = (uint8_t)(h->state[i / 4] >> (24 - 8 * (i % 4)));
        hex[2 * i] = digits[b >> 4];
        hex[2 * i + 1] = digits[b & 15];
    }
    hex[64] = '\0';
}

dapple_status dp_sha256_file(const char *path, char hex[65], dapple_error *err)
{
    const char *why;
    FILE *fp = dp_fopen_regular(path, &why); /* a FIFO put in place of an output must not hang */
    if (fp == NULL)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, why);
    dp_sha256 h;
    dp_sha256_init(&h);
    uint8_t buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0)
        dp_sha256_update(&h, buf, n);
    int e = ferror(fp) ? errno : 0;
    fclose(fp);
    if (e != 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(e));
    dp_sha256_final_hex(&h, hex);
    return DAPPLE_OK;
}
