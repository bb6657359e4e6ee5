/* SPDX-License-Identifier: MIT
 * See token.h. */
#define _DEFAULT_SOURCE
#include "preview/token.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "core/dp.h"

/* All n bytes from getrandom, or from /dev/urandom where the kernel lacks it (ENOSYS). */
static bool random_bytes(unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    int fd = got < n ? open("/dev/urandom", O_RDONLY | O_CLOEXEC) : -1;
    while (fd >= 0 && got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    if (fd >= 0)
        close(fd);
    return got == n;
}

dapple_status dp_token_new(char *out, dapple_error *err)
{
    unsigned char raw[DP_TOKEN_BYTES];
    if (!random_bytes(raw, sizeof raw))
        return dp_fail(err, DAPPLE_E_IO, "cannot read random bytes for the preview's token: %s",
                       strerror(errno != 0 ? errno : EIO));
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(out + 2 * i, 3, "%02x", raw[i]);
    memset(raw, 0, sizeof raw);
    return DAPPLE_OK;
}

bool dp_token_equal(const char *given, const char *token)
{
    if (given == NULL || strlen(given) != DP_TOKEN_HEX) /* the length is no secret */
        return false;
    unsigned char diff = 0;
    for (size_t i = 0; i < DP_TOKEN_HEX; i++)
        diff |= (unsigned char)(given[i] ^ token[i]);
    return diff == 0;
}
