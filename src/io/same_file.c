/* SPDX-License-Identifier: MIT
 * Whether two paths name one file, before either exists: "a.png", "./a.png" and
 * "out/../a.png" are one output. Existing files compare by device and inode (hard links,
 * symlinks); a path not made yet compares by its folder, resolved, and its name. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "io/same_file.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The folder of 'path' resolved, then its last name: false when the folder cannot be. */
static bool resolve(const char *path, char *out, size_t cap)
{
    char dir[PATH_MAX], real[PATH_MAX];
    const char *slash = strrchr(path, '/');
    const char *base = slash != NULL ? slash + 1 : path;
    size_t len = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
    if (len >= sizeof dir)
        return false;
    memcpy(dir, slash == NULL ? "." : path, slash == NULL ? 1 : len);
    dir[slash == NULL ? 1 : len] = '\0';
    if (realpath(dir, real) == NULL)
        return false;
    int n = snprintf(out, cap, "%s/%s", real, base);
    return n >= 0 && (size_t)n < cap;
}

bool dp_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    char ra[PATH_MAX + 256], rb[PATH_MAX + 256];
    if (a == NULL || b == NULL || strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
        return false;
    if (strcmp(a, b) == 0)
        return true;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return resolve(a, ra, sizeof ra) && resolve(b, rb, sizeof rb) && strcmp(ra, rb) == 0;
}
