/* SPDX-License-Identifier: MIT
 * The batch folder (see folder.h). Runs sharing a folder hold a shared fcntl lock on
 * .dapple-batch.lock for their lifetime; only a run that could take it alone removes stale
 * temp files. The kernel drops the lock when a process dies, SIGKILL included. The last run
 * out removes the file, so a lock may be on a file just unlinked: hence the loop. */
#include "batch/folder.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dp.h"
#include "io/temps.h"

#define LOCK_NAME ".dapple-batch.lock"

void dp_batch_join(char *out, size_t cap, const char *dir, const char *name)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    snprintf(out, cap, "%.*s/%s", (int)n, dir, name);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool push_name(char ***names, size_t *n, size_t *cap, const char *name)
{
    if (*n == *cap) {
        size_t bigger = *cap ? 2 * *cap : 16;
        char **p = dp_realloc_n(*names, bigger, sizeof *p);
        if (p == NULL)
            return false;
        *names = p;
        *cap = bigger;
    }
    char *copy = malloc(strlen(name) + 1);
    if (copy == NULL)
        return false;
    strcpy(copy, name);
    (*names)[(*n)++] = copy;
    return true;
}

void dp_batch_free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

dapple_status dp_batch_list_dir(const char *dir, bool (*keep)(const char *dir, const char *name),
                                char ***names, size_t *n, dapple_error *err)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    size_t cap = 0;
    bool ok = true;
    *names = NULL;
    *n = 0;
    if (d == NULL)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", dir, strerror(errno));
    while (ok && (de = readdir(d)) != NULL)
        ok = !keep(dir, de->d_name) || push_name(names, n, &cap, de->d_name);
    closedir(d);
    if (!ok) {
        dp_batch_free_names(*names, *n);
        *names = NULL;
        *n = 0;
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory listing the folder", dir);
    }
    if (*n > 1)
        qsort(*names, *n, sizeof **names, by_name);
    return DAPPLE_OK;
}

dapple_status dp_batch_make_dir(const char *dir, dapple_error *err)
{
    struct stat st;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return dp_fail(err, DAPPLE_E_IO, "%s: cannot create the folder: %s", dir, strerror(errno));
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return dp_fail(err, DAPPLE_E_IO, "%s: not a folder", dir);
    if (access(dir, W_OK | X_OK) != 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: not writable: %s", dir, strerror(errno));
    return DAPPLE_OK;
}

void dp_batch_remove_temp(const char *path)
{
    struct stat st;
    DIR *d;
    struct dirent *de;
    char inner[DP_BATCH_PATH_MAX];
    if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) || (d = opendir(path)) == NULL) {
        unlink(path);
        return;
    }
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0) {
            snprintf(inner, sizeof inner, "%s/%s", path, de->d_name);
            unlink(inner);
        }
    }
    closedir(d);
    rmdir(path);
}

/* Temp files ".NAME.XXXXXX" left by a killed run: never complete, so never useful. One of
 * ".NAME.dapple.XXXXXX" that is still locked belongs to a live `render` or `mask` here. */
static void remove_stale_temps(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char path[DP_BATCH_PATH_MAX];
    if (d == NULL)
        return;
    while ((de = readdir(d)) != NULL) {
        if (dp_temps_is_mkstemp_name(de->d_name, ".")) {
            snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
            if (strstr(de->d_name, DP_TEMP_MARK) == NULL || dp_temps_stale(path))
                dp_batch_remove_temp(path);
        }
    }
    closedir(d);
}

static bool set_lock(int fd, short type, bool wait)
{
    struct flock fl = { .l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
    return fcntl(fd, wait ? F_SETLKW : F_SETLK, &fl) == 0;
}

static bool same_file(int fd, const char *path)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

dapple_status dp_batch_lock_take(dp_batch_lock *l, const char *dir, dapple_error *err)
{
    bool alone;
    l->fd = l->slot = -1;
    dp_batch_join(l->path, sizeof l->path, dir, LOCK_NAME);
    for (;;) {
        l->fd = open(l->path, O_RDWR | O_CREAT, 0644);
        if (l->fd < 0)
            return dp_fail(err, DAPPLE_E_IO, "%s: not writable: %s", dir, strerror(errno));
        alone = set_lock(l->fd, F_WRLCK, false);
        if (!alone && !set_lock(l->fd, F_RDLCK, true))
            return dp_fail(err, DAPPLE_E_IO, "%s: cannot lock: %s", l->path, strerror(errno));
        if (same_file(l->fd, l->path))
            break;
        close(l->fd);
    }
    l->slot = dp_temps_add(DP_TEMP_LOCK, l->path, l->fd);
    if (alone) {
        remove_stale_temps(dir);
        set_lock(l->fd, F_RDLCK, false); /* a downgrade: cannot fail for want of it */
    }
    return DAPPLE_OK;
}

void dp_batch_lock_release(dp_batch_lock *l)
{
    if (l->fd < 0)
        return;
    dp_temps_forget(l->slot); /* before its descriptor number can be reused */
    if (set_lock(l->fd, F_WRLCK, false))
        unlink(l->path);
    close(l->fd); /* releases the lock */
    l->fd = -1;
}
