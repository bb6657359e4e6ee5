/* SPDX-License-Identifier: MIT
 * The temporaries this process has on disk (atomic files' temp files, a pack's --check
 * folder, its lock), kept in a table that a signal handler can walk, so an interrupted run
 * removes them; and the recognition of temp files a killed run left behind. */
#ifndef DP_TEMPS_H
#define DP_TEMPS_H

#include <stdbool.h>

/* Temp file names are ".NAME" DP_TEMP_MARK "XXXXXX": the mark keeps a user's own
 * ".notes.backup" from ever looking like one of ours. */
#define DP_TEMP_MARK ".dapple."

/* What a registered path is; dp_temps_cleanup removes them in this order. */
typedef enum dp_temp_kind {
    DP_TEMP_FILE,   /* a temp file (first: a rename racing the cleanup then fails) */
    DP_TEMP_OUTPUT, /* a finished file that is temporary itself (pack --check's outputs) */
    DP_TEMP_DIR,    /* a folder, empty once the above are gone: rmdir */
    DP_TEMP_LOCK,   /* a lock file, unlinked only when no other process holds its lock */
} dp_temp_kind;

/** mkstemp(tmpl), the file registered and write-locked (fcntl) while the descriptor is
 * open: the lock tells other runs it is alive. *slot gets the registration for
 * dp_temps_forget. Returns the descriptor, or -1 with errno (ECANCELED once
 * dp_temps_cleanup has begun). */
int dp_temps_mkstemp(char *tmpl, int *slot);

/** mkdtemp(tmpl), registered as DP_TEMP_DIR; NULL with errno as dp_temps_mkstemp. */
char *dp_temps_mkdtemp(char *tmpl, int *slot);

/** Registers an existing 'path' of 'kind' (fd: the lock file's descriptor, else -1).
 * Returns the slot, or -1 with errno when cleanup has begun or the table is full. */
int dp_temps_add(dp_temp_kind kind, const char *path, int fd);

/** Ends a registration: call it after the file was renamed or removed, and before a lock's
 * descriptor is closed. -1 is ignored. */
void dp_temps_forget(int slot);

/** Async-signal-safe: refuses new registrations, then removes every registered path (temp
 * files, then outputs, folders and free locks). For a signal handler that then _exit()s. */
void dp_temps_cleanup(void);

/** Whether 'path' is a temp file that no process holds: a name dapple makes, a regular file
 * of this user, and no lock on it. A run killed by SIGKILL leaves such files. */
bool dp_temps_stale(const char *path);

/** Whether a file name is ".NAME" + mark + six letters or digits, as mkstemp makes from
 * ".NAME" + mark + "XXXXXX" (mark "." for any such temporary). */
bool dp_temps_is_mkstemp_name(const char *name, const char *mark);

/** Removes the stale temp files in 'dir' (see dp_temps_stale), skipping this process's
 * own. Errors are ignored: this is housekeeping. */
void dp_temps_remove_stale(const char *dir);

#endif
