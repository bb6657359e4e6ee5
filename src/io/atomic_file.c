/* SPDX-License-Identifier: MIT
 * Atomic output files (the pngquant way): write "dir/.name.dapple.XXXXXX", fflush, fsync,
 * rename over the target, then fclose. A reader therefore sees the old file or the whole new
 * one, never a half-written one; every failure unlinks the temp file, and so does an
 * interrupt (the temp file is registered in io/temps). "-" writes to stdout.
 * mkstemp creates 0600; the file gets 0666 & ~umask like any file made by fopen.
 * A target that exists and is not a regular file (/dev/null, a FIFO) is written in place:
 * renaming over it would replace the device node itself. A FIFO nobody reads is refused
 * rather than waited on. A symlink to a regular file is
 * followed, so the file it names is replaced and the link stays. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "io/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dp.h"
#include "io/temps.h"

static mode_t file_mode = 0644;
static pthread_once_t file_mode_once = PTHREAD_ONCE_INIT;

/* umask can only be read by setting it; doing it once, with the value put straight back,
 * keeps the window in which another thread could create a file with the wrong mode tiny. */
static void read_umask(void)
{
    mode_t old = umask(022);
    umask(old);
    file_mode = 0666 & ~old;
}

static char *dup_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

/* "dir/name" -> "dir/.name.dapple.XXXXXX"; "name" -> ".name.dapple.XXXXXX" (the current
 * directory). */
static char *temp_template(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash != NULL ? (size_t)(slash - path) + 1 : 0;
    const char *base = path + dir_len;
    char *t = malloc(strlen(path) + sizeof "." DP_TEMP_MARK "XXXXXX");
    if (t == NULL)
        return NULL;
    memcpy(t, path, dir_len);
    strcpy(t + dir_len, ".");
    strcat(t + dir_len, base);
    strcat(t + dir_len, DP_TEMP_MARK "XXXXXX");
    return t;
}

/* A symlink's target, so that the rename replaces the file and not the link; any other
 * path (or a link realpath cannot resolve) as given. */
static char *resolve_link(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
        return dup_string(path);
    char *real = realpath(path, NULL);
    return real != NULL ? real : dup_string(path);
}

static void release(dp_atomic_file *af)
{
    free(af->tmp_path);
    free(af->final_path);
    af->fp = NULL;
    af->tmp_path = NULL;
    af->final_path = NULL;
    af->temp_slot = -1;
}

/* A device or FIFO: written directly, without temp file or rename (tmp_path stays NULL).
 * Opened non-blocking: a FIFO nobody reads would hold a blocking open for ever, and a
 * batch would hang on a FIFO put in place of one of its outputs; with a reader (a pipe
 * to another program) the descriptor is made blocking again and written as usual. */
static dapple_status open_in_place(dp_atomic_file *af, dapple_error *err)
{
    int fd = open(af->final_path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    int e = errno;
    if (fd >= 0 && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0)
        af->fp = fdopen(fd, "wb");
    if (af->fp == NULL) {
        e = fd < 0 ? e : errno;
        if (fd >= 0)
            close(fd);
        if (e == ENXIO)
            dp_fail(err, DAPPLE_E_IO,
                    "cannot write %s: a FIFO that nobody reads (writing would wait for ever)",
                    af->final_path);
        else
            dp_fail(err, DAPPLE_E_IO, "cannot create %s: %s", af->final_path, strerror(e));
        release(af);
        return DAPPLE_E_IO;
    }
    return DAPPLE_OK;
}

/* mkstemp beside the target, then the usual file mode and a stdio stream. */
static dapple_status open_temp(dp_atomic_file *af, const char *path, dapple_error *err)
{
    af->tmp_path = temp_template(af->final_path);
    if (af->tmp_path == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    int fd = dp_temps_mkstemp(af->tmp_path, &af->temp_slot);
    if (fd < 0)
        return dp_fail(err, DAPPLE_E_IO, "cannot create %s: %s", path, strerror(errno));
    pthread_once(&file_mode_once, read_umask);
    af->fp = fchmod(fd, file_mode) == 0 ? fdopen(fd, "wb") : NULL;
    if (af->fp == NULL) {
        int e = errno;
        unlink(af->tmp_path);
        close(fd);
        dp_temps_forget(af->temp_slot);
        return dp_fail(err, DAPPLE_E_IO, "cannot create %s: %s", path, strerror(e));
    }
    return DAPPLE_OK;
}

dapple_status dp_atomic_open(dp_atomic_file *af, const char *path, dapple_error *err)
{
    af->fp = NULL;
    af->tmp_path = NULL;
    af->final_path = NULL;
    af->temp_slot = -1;
    if (path == NULL || path[0] == '\0')
        return dp_fail(err, DAPPLE_E_INVALID, "empty output path");
    struct stat st;
    bool exists = strcmp(path, "-") != 0 && stat(path, &st) == 0;
    if (path[strlen(path) - 1] == '/' || (exists && S_ISDIR(st.st_mode)))
        return dp_fail(err, DAPPLE_E_IO, "cannot create %s: Is a directory", path);

    af->final_path = exists && S_ISREG(st.st_mode) ? resolve_link(path) : dup_string(path);
    if (af->final_path == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    if (strcmp(path, "-") == 0) {
        af->fp = stdout;
        return DAPPLE_OK;
    }
    if (exists && !S_ISREG(st.st_mode))
        return open_in_place(af, err);
    dapple_status status = open_temp(af, path, err);
    if (status != DAPPLE_OK)
        release(af);
    return status;
}

dapple_status dp_atomic_probe(const char *path, dapple_error *err)
{
    struct stat st;
    if (path == NULL || strcmp(path, "-") == 0 ||
        (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)))
        return DAPPLE_OK; /* opening a FIFO would wait for a reader */
    dp_atomic_file af;
    dapple_status status = dp_atomic_open(&af, path, err);
    if (status == DAPPLE_OK)
        dp_atomic_abort(&af);
    return status;
}

/* stdout or a device cannot be synced or renamed; only a failed flush or close is worth
 * reporting (ENOSPC from /dev/full). stdout stays open. */
static dapple_status commit_in_place(dp_atomic_file *af, dapple_error *err)
{
    bool is_stdout = af->fp == stdout;
    errno = EIO; /* ferror() without a failing call leaves errno unset */
    bool bad = fflush(af->fp) != 0 || ferror(af->fp);
    int e = errno;
    if (!is_stdout && fclose(af->fp) != 0 && !bad) {
        bad = true;
        e = errno;
    }
    if (bad)
        dp_fail(err, DAPPLE_E_IO, "%s: %s", is_stdout ? "standard output" : af->final_path,
                strerror(e));
    release(af);
    return bad ? DAPPLE_E_IO : DAPPLE_OK;
}

/* fsync on a file system that cannot sync (some FUSE or special mounts) is not a failed
 * write: the data reached the kernel, which is all a rename-based scheme needs. */
static bool sync_failed(int fd)
{
    return fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP;
}

dapple_status dp_atomic_commit(dp_atomic_file *af, dapple_error *err)
{
    if (af->fp == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "atomic file is not open");
    if (af->tmp_path == NULL)
        return commit_in_place(af, err);

    /* Renamed before fclose: closing drops the temp file's lock, and an unlocked temp file
     * looks stale to other runs. Once fsync has succeeded, close has nothing left to lose. */
    errno = EIO; /* ferror() without a failing call leaves errno unset */
    bool bad = fflush(af->fp) != 0 || ferror(af->fp) || sync_failed(fileno(af->fp));
    int e = errno;
    if (!bad && rename(af->tmp_path, af->final_path) != 0) {
        bad = true;
        e = errno;
    }
    if (bad)
        unlink(af->tmp_path);
    fclose(af->fp);
    af->fp = NULL;
    dp_temps_forget(af->temp_slot);
    if (bad)
        dp_fail(err, DAPPLE_E_IO, "%s: %s", af->final_path, strerror(e));
    release(af);
    return bad ? DAPPLE_E_IO : DAPPLE_OK;
}

void dp_atomic_abort(dp_atomic_file *af)
{
    if (af == NULL)
        return;
    if (af->fp != NULL && af->tmp_path != NULL) {
        unlink(af->tmp_path); /* before fclose drops the lock that keeps others off it */
        fclose(af->fp);
        dp_temps_forget(af->temp_slot);
    } else if (af->fp != NULL && af->fp != stdout) {
        fclose(af->fp);
    }
    release(af);
}

dapple_status dp_atomic_prepare(const char *output, dapple_error *err)
{
    struct stat st;
    char dir[1024]; /* the CLI's path limit */
    if (output == NULL || strcmp(output, "-") == 0)
        return DAPPLE_OK;
    const char *slash = strrchr(output, '/');
    int len = slash == NULL ? 1 : slash == output ? 1 : (int)(slash - output);
    snprintf(dir, sizeof dir, "%.*s", len, slash == NULL ? "." : output);
    if (len < (int)sizeof dir && (stat(output, &st) != 0 || S_ISREG(st.st_mode))) /* not /dev */
        dp_temps_remove_stale(dir);
    return dp_atomic_probe(output, err);
}
