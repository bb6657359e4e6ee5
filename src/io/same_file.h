/* SPDX-License-Identifier: MIT
 * Whether two paths name one file, before either exists: "a.png", "./a.png" and
 * "out/../a.png" are one output. */
#ifndef DP_IO_SAME_FILE_H
#define DP_IO_SAME_FILE_H

#include <stdbool.h>

/** True when a and b name one file, existing or not ("a.png" and "./a.png"); "-" and NULL
 * name none. */
bool dp_same_file(const char *a, const char *b);

#endif
