/* SPDX-License-Identifier: MIT
 * The folder a batch writes into: listing it, joining names to it, creating it, and the
 * lock that runs sharing it (shards side by side) hold, with the clean-up of what a
 * killed run left behind. */
#ifndef DP_BATCH_FOLDER_H
#define DP_BATCH_FOLDER_H

#include <stdbool.h>
#include <stddef.h>

#include "dapple.h"
#include "render/texture.h"

/* A path in a batch folder: the folder and a file name of up to DP_BATCH_FILE_MAX bytes. */
#define DP_BATCH_FILE_MAX 160
#define DP_BATCH_PATH_MAX (DP_PATH_MAX + DP_BATCH_FILE_MAX + 2)

/** "dir/name"; "dir/" and "dir" name the same folder, so messages never read "dir//x". */
void dp_batch_join(char *out, size_t cap, const char *dir, const char *name);

/** The names in dir that keep(dir, name) accepts, sorted in byte order. *names and each
 * name are the caller's to free (dp_batch_free_names). DAPPLE_E_IO names the folder;
 * DAPPLE_E_NOMEM never returns a partial list. */
DAPPLE_USERESULT dapple_status dp_batch_list_dir(const char *dir,
                                                 bool (*keep)(const char *dir, const char *name),
                                                 char ***names, size_t *n, dapple_error *err);

void dp_batch_free_names(char **names, size_t n);

/** Creates dir (one level, like mkdir; a missing parent is an error) and checks that it is
 * a writable folder. */
DAPPLE_USERESULT dapple_status dp_batch_make_dir(const char *dir, dapple_error *err);

/** Removes a temporary file, or a temporary folder with the files in it. */
void dp_batch_remove_temp(const char *path);

/* The lock of a batch folder: DIR/.dapple-batch.lock, held shared by every run in it. */
typedef struct dp_batch_lock {
    int fd, slot; /* slot: its registration in io/temps, so an interrupt removes it */
    char path[DP_BATCH_PATH_MAX];
} dp_batch_lock;

/** Takes the lock of dir; when no other run holds it, first removes the temp files killed
 * runs left there (a neighbour's temp file looks exactly like a stale one). */
DAPPLE_USERESULT dapple_status dp_batch_lock_take(dp_batch_lock *l, const char *dir,
                                                  dapple_error *err);

/** Releases it; the last run out removes the lock file. A lock never taken (fd -1) is left. */
void dp_batch_lock_release(dp_batch_lock *l);

#endif
