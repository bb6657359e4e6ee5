/* SPDX-License-Identifier: MIT
 * Output files that never exist half-written: a temporary file in the target directory,
 * written, flushed, fsync'ed, then renamed over the target. Any failure unlinks it; an
 * interrupt does too (io/temps registers it). */
#ifndef DP_ATOMIC_FILE_H
#define DP_ATOMIC_FILE_H

#include <stdio.h>

#include "dapple.h"

typedef struct dp_atomic_file {
    FILE *fp;         /* write here; "-" as path means stdout (no temp file, no rename) */
    char *tmp_path;   /* owned; NULL for stdout or a device written in place */
    char *final_path; /* owned copy of the target path */
    int temp_slot;    /* tmp_path's registration in io/temps, -1: none */
} dp_atomic_file;

/** Opens a temp file beside 'path' ("dir/.name.dapple.XXXXXX", locked while open). Fails with
 * DAPPLE_E_IO naming the path when the directory is missing or unwritable, or 'path' is a
 * directory. A symlink to a file is followed; an existing device or FIFO (/dev/null) is opened and
 * written in place, without waiting: a FIFO that nobody reads is refused (DAPPLE_E_IO). */
DAPPLE_USERESULT dapple_status dp_atomic_open(dp_atomic_file *af, const char *path,
                                              dapple_error *err);

/** Flushes, fsyncs, closes and renames. On any failure the temp file is removed and err
 * names the path and strerror. Always releases af's resources. */
DAPPLE_USERESULT dapple_status dp_atomic_commit(dp_atomic_file *af, dapple_error *err);

/** Checks that 'path' can be created, as dp_atomic_open would, by making and removing its
 * temp file; the same errors. A device, FIFO, NULL or "-" passes untouched. For commands
 * with several outputs: a missing folder is found before anything is written. */
DAPPLE_USERESULT dapple_status dp_atomic_probe(const char *path, dapple_error *err);

/** Made before the work starts, so a run cannot work for minutes and then fail on a
 * missing folder: removes the stale temp files a killed run left in the output's folder,
 * then checks that 'output' can be created (dp_atomic_probe). NULL and "-" pass. */
DAPPLE_USERESULT dapple_status dp_atomic_prepare(const char *output, dapple_error *err);

/** Abandons the write: closes and unlinks the temp file. Safe after a failed open. */
void dp_atomic_abort(dp_atomic_file *af);

#endif
