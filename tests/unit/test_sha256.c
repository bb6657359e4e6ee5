/* SPDX-License-Identifier: MIT
 * SHA-256 against the FIPS 180-4 / NIST example vectors, fed whole and in awkward
 * pieces (the padding and block boundaries are where implementations break), and the
 * file helper, including its error message. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/sha256.h"

static void hash_in_pieces(const void *data, size_t n, size_t piece, char hex[65])
{
    dp_sha256 h;
    dp_sha256_init(&h);
    const char *p = data;
    for (size_t off = 0; off < n; off += piece)
        dp_sha256_update(&h, p + off, n - off < piece ? n - off : piece);
    dp_sha256_final_hex(&h, hex);
}

static void check(const char *msg, size_t n, const char *want)
{
    static const size_t pieces[] = { 1, 3, 55, 56, 63, 64, 65, 1000000 };
    for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
        char hex[65];
        hash_in_pieces(msg, n, pieces[i], hex);
        cr_assert_str_eq(hex, want, "pieces of %zu", pieces[i]);
    }
}

Test(sha256, nist_vectors)
{
    check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    check(m448, strlen(m448), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                       "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    check(m896, strlen(m896), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

Test(sha256, million_a)
{
    char *a = malloc(1000000);
    memset(a, 'a', 1000000);
    check(a, 1000000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    free(a);
}

Test(sha256, padding_boundaries_differ)
{
    /* lengths 55/56/64 move the length field into a second block: all must differ */
    char buf[64], seen[3][65];
    memset(buf, 'x', sizeof buf);
    const size_t lens[3] = { 55, 56, 64 };
    for (int i = 0; i < 3; i++) {
        hash_in_pieces(buf, lens[i], 64, seen[i]);
        for (int j = 0; j < i; j++)
            cr_assert_str_neq(seen[i], seen[j]);
    }
}

Test(sha256, file_matches_memory_and_errors_name_the_path)
{
    char path[] = "/tmp/dapple-sha-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    char data[200000];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (char)(i * 7 + i / 256);
    cr_assert_eq(write(fd, data, sizeof data), (ssize_t)sizeof data);
    close(fd);
    char want[65], got[65];
    hash_in_pieces(data, sizeof data, sizeof data, want);
    dapple_error err;
    cr_assert_eq(dp_sha256_file(path, got, &err), DAPPLE_OK);
    cr_assert_str_eq(got, want);
    unlink(path);
    cr_assert_eq(dp_sha256_file(path, got, &err), DAPPLE_E_IO);
    cr_assert_not_null(strstr(err.message, path));
    cr_assert_not_null(strstr(err.message, "No such file or directory"), "%s", err.message);
    cr_assert_eq(dp_sha256_file("/tmp", got, &err), DAPPLE_E_IO);
    cr_assert_str_eq(err.message, "/tmp: Is a directory");
}
