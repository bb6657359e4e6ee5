/* SPDX-License-Identifier: MIT
 * Reading a point list: the bytes (bounded, regular files only) and the choice of parser. The file
 * is read whole: point files are written whole too, and a parser over one buffer needs no refill
 * logic. A FIFO or device is refused after an O_NONBLOCK open and fstat, so naming one cannot hang
 * the caller. The CSV and JSON grammars are in points_csv.c and points_json.c, the pieces they
 * share in points_parse.c. */
#include "io/points_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dp.h"
#include "io/points_parse.h"

/* ---------------------------------------------------------------- the bytes */

/* Reads fd to its end into a malloc'ed buffer, refusing more than DP_POINTS_MAX_BYTES. */
static dapple_status read_all(int fd, const char *name, size_t hint, char **text, size_t *len,
                              dapple_error *err)
{
    size_t cap = DP_MIN(hint, DP_POINTS_MAX_BYTES) + 1, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (buf == NULL)
            return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", name);
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(buf);
            return dp_fail(err, DAPPLE_E_IO, "%s: %s", name, strerror(errno));
        }
        n += (size_t)got;
        if (n > DP_POINTS_MAX_BYTES) {
            free(buf);
            return dp_fail(err, DAPPLE_E_LIMIT, "%s: over the 2 GiB limit for point files", name);
        }
        if (got == 0)
            break;
        if (n == cap) {
            cap = DP_MIN(cap * 2, DP_POINTS_MAX_BYTES + 1);
            char *bigger = realloc(buf, cap);
            if (bigger == NULL)
                free(buf);
            buf = bigger;
        }
    }
    buf[n] = '\0'; /* n < cap here: a full buffer grows before the next read */
    *text = buf;
    *len = n;
    return DAPPLE_OK;
}

/* Opens a regular file without blocking, whatever 'path' turns out to be. */
static dapple_status open_regular(const char *path, int *fd, size_t *size, dapple_error *err)
{
    *fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (*fd < 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(errno));
    struct stat st;
    const char *why = NULL;
    if (fstat(*fd, &st) != 0)
        why = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "is a directory, not a point file";
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    if (why != NULL) {
        close(*fd);
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, why);
    }
    if ((uintmax_t)st.st_size > DP_POINTS_MAX_BYTES) {
        close(*fd);
        return dp_fail(err, DAPPLE_E_LIMIT, "%s: %jd bytes, over the 2 GiB limit for point files",
                       path, (intmax_t)st.st_size);
    }
    *size = (size_t)st.st_size;
    return DAPPLE_OK;
}

static dapple_status read_path(const char *path, const char *name, char **text, size_t *len,
                               dapple_error *err)
{
    if (strcmp(path, "-") == 0)
        return read_all(STDIN_FILENO, name, 1 << 16, text, len, err);
    int fd = -1;
    size_t size = 0;
    dapple_status st = open_regular(path, &fd, &size, err);
    if (st != DAPPLE_OK)
        return st;
    st = read_all(fd, name, size, text, len, err);
    close(fd);
    return st;
}

/* ---------------------------------------------------------------- public API */

/* UTF-16 or UTF-32 (a byte order mark FF FE or FE FF, or a NUL among the first bytes, as
 * "x" is 78 00 in UTF-16LE): neither grammar can read it, and the CSV reader said "the
 * header has no column 'x'" of a file whose header was x,y. */
static bool wide_text(const char *text, size_t len)
{
    if (len >= 2 &&
        ((text[0] == '\xff' && text[1] == '\xfe') || (text[0] == '\xfe' && text[1] == '\xff')))
        return true;
    return memchr(text, '\0', DP_MIN(len, (size_t)64)) != NULL;
}

static dapple_status parse_text(dp_points_parse *ps, const char *text, size_t len)
{
    if (wide_text(text, len))
        return dp_fail(ps->err, DAPPLE_E_FORMAT,
                       "%s: UTF-16 or UTF-32 text (or a NUL byte): save it as UTF-8", ps->name);
    if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) { /* a UTF-8 byte order mark */
        text += 3;
        len -= 3;
    }
    size_t i = 0;
    while (i < len && strchr(" \t\r\n", text[i]) != NULL && text[i] != '\0')
        i++;
    bool json = i < len && (text[i] == '{' || text[i] == '[');
    dapple_status st =
            json ? dp_points_parse_json(ps, text, len) : dp_points_parse_csv(ps, text, len);
    if (st == DAPPLE_OK && ps->out->count == 0)
        st = dp_fail(ps->err, DAPPLE_E_FORMAT, "%s: no points", ps->name);
    return st;
}

dapple_status dp_points_read(const char *path, size_t max_points, dp_point_list *out,
                             dapple_error *err)
{
    memset(out, 0, sizeof *out);
    if (path == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "no point file given");
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text = NULL;
    size_t len = 0;
    dapple_status st = read_path(path, name, &text, &len, err);
    if (st != DAPPLE_OK)
        return st;
    dp_points_parse ps = { name, max_points, out, 0, false, err };
    st = parse_text(&ps, text, len);
    free(text);
    if (st != DAPPLE_OK)
        dp_point_list_free(out);
    return st;
}

void dp_point_list_free(dp_point_list *l)
{
    if (l == NULL)
        return;
    free(l->points);
    free(l->layer);
    free(l->line);
    memset(l, 0, sizeof *l);
}
