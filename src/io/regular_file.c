/* SPDX-License-Identifier: MIT
 * See regular_file.h. O_NONBLOCK only matters for the open itself: reads of a regular
 * file never block on it, so the flag is left as it is. */
#include "io/regular_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *dp_fopen_regular(const char *path, const char **why)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *why = strerror(errno);
        return NULL;
    }
    *why = fstat(fd, &st) != 0    ? strerror(errno)
           : S_ISDIR(st.st_mode)  ? strerror(EISDIR)
           : !S_ISREG(st.st_mode) ? "not a regular file"
                                  : NULL;
    if (*why != NULL) {
        close(fd);
        return NULL;
    }
    FILE *fp = fdopen(fd, "rb");
    if (fp == NULL) {
        *why = strerror(errno);
        close(fd);
    }
    return fp;
}
