/* SPDX-License-Identifier: MIT
 * See save_file.h. The file is opened without O_TRUNC: until the first write, a failure
 * leaves it as it was; the tail is cut off only after the new text is all written. */
#define _DEFAULT_SOURCE
#include "preview/save_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dp.h"

/* O_NONBLOCK: a FIFO nobody reads would otherwise hold the open forever. */
static int open_regular(const char *path, off_t *size, dapple_error *err)
{
    struct stat st;
    int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        dp_fail(err, DAPPLE_E_IO, "cannot save %s: %s", path, strerror(errno));
        return -1;
    }
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        dp_fail(err, DAPPLE_E_IO, "cannot save %s: not a regular file", path);
        close(fd);
        return -1;
    }
    *size = st.st_size;
    return fd;
}

/* Space for the longer text, taken before anything is written. A file system that cannot
 * reserve (EOPNOTSUPP) is written without. */
static dapple_status reserve(int fd, const char *path, size_t len, off_t size, dapple_error *err)
{
    if ((off_t)len <= size)
        return DAPPLE_OK;
    int e = posix_fallocate(fd, 0, (off_t)len);
    if (e == 0 || e == EOPNOTSUPP || e == EINVAL)
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_IO, "cannot save %s: %s (the file is unchanged)", path,
                   strerror(e));
}

static bool write_all(int fd, const char *text, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = pwrite(fd, text + done, len - done, (off_t)done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        done += (size_t)w;
    }
    return true;
}

dapple_status dp_save_in_place(const char *path, const char *text, size_t len, dapple_error *err)
{
    off_t size = 0;
    int fd = open_regular(path, &size, err);
    if (fd < 0)
        return err->status;
    dapple_status st = reserve(fd, path, len, size, err);
    if (st == DAPPLE_OK && !(write_all(fd, text, len) && ftruncate(fd, (off_t)len) == 0 &&
                             (fsync(fd) == 0 || errno == EINVAL || errno == ENOTSUP)))
        st = dp_fail(err, DAPPLE_E_IO, "cannot save %s: %s (the file may be half written)", path,
                     strerror(errno));
    if (close(fd) != 0 && st == DAPPLE_OK)
        st = dp_fail(err, DAPPLE_E_IO, "cannot save %s: %s", path, strerror(errno));
    return st;
}
