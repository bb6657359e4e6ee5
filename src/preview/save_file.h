/* SPDX-License-Identifier: MIT
 * Saving the preset: the new text goes into the file itself, not into a new file renamed
 * over it. The user's file keeps its inode, so its mode (a 0600 preset stays 0600), its
 * owner, its ACLs and its hard links stay as they were; atomic_file's rename would give a
 * new file of this user's umask and break the links. */
#ifndef DP_PREVIEW_SAVE_FILE_H
#define DP_PREVIEW_SAVE_FILE_H

#include <stddef.h>

#include "dapple.h"

/** Replaces the content of the regular file at 'path' with text[0 .. len). The space is
 * reserved first, so a full disk is found before a byte changes ("the file is unchanged").
 * A path that is not a regular file (a FIFO, a device) is refused without waiting, naming
 * it; so is a file this user may not write. */
DAPPLE_USERESULT dapple_status dp_save_in_place(const char *path, const char *text, size_t len,
                                                dapple_error *err);

#endif
