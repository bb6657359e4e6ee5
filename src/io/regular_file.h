/* SPDX-License-Identifier: MIT
 * Opening an input that must be a regular file (a preset, a file it names, a file to hash)
 * without ever blocking: a FIFO opened for reading waits for a writer forever, so the file
 * is opened non-blocking and checked with fstat on the descriptor, not by a stat before
 * the open (which a rename in between could defeat). */
#ifndef DP_IO_REGULAR_FILE_H
#define DP_IO_REGULAR_FILE_H

#include <stdio.h>

/** Opens 'path' for reading ("rb") if it is a regular file. On failure returns NULL and
 * sets *why to strerror(errno) ("Is a directory" for a folder) or to "not a regular file"
 * (a FIFO, device or socket); the caller puts the path in front. Close with fclose. */
FILE *dp_fopen_regular(const char *path, const char **why);

#endif
