/* SPDX-License-Identifier: MIT
 * The table of live temporaries (see temps.h). A signal handler may run at any moment, on
 * any thread, so the table is a fixed array of slots whose state is an atomic: claiming a
 * slot, cleaning up and forgetting are lock-free, and the handler calls only unlink, rmdir,
 * fcntl and nanosleep. A slot is FREE, OPENING (claimed, its file perhaps being made) or
 * LIVE. The cleanup sets 'closing' and then waits a moment for other threads' OPENING
 * slots; a thread that claims a slot checks 'closing' after publishing OPENING, so either
 * it sees the cleanup and backs off, or the cleanup sees its slot (seq_cst, as Dekker).
 * Each slot's path buffer is allocated once and kept, so the handler never reads freed
 * memory. Stale files are told from live ones by an fcntl lock, which the kernel drops
 * when its process dies, SIGKILL included, and which works across NFS. */
#define _XOPEN_SOURCE 700 /* nanosleep, O_NOFOLLOW, O_CLOEXEC */
#include "io/temps.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A pack at -j 256 with --check holds a temp file and up to 5 outputs per worker. */
#define MAX_SLOTS 2048
#define SLOT_PATH 4096 /* PATH_MAX on Linux: longer paths fail in the kernel anyway */

enum { FREE, OPENING, LIVE };

typedef struct slot {
    atomic_int state;
    _Atomic(char *) path; /* SLOT_PATH bytes once first used, then kept */
    dp_temp_kind kind;
    int fd;
} slot;

static slot slots[MAX_SLOTS];
static atomic_bool closing;
/* The slot this thread is filling, so a handler running on it does not wait for itself. */
static _Thread_local int my_opening = -1;

/* ---------------------------------------------------------------- registering */

/* A slot in state OPENING with a buffer for the path, or -1 with errno. */
static int claim(dp_temp_kind kind, int fd)
{
    for (int i = 0; i < MAX_SLOTS; i++) {
        int expect = FREE;
        if (!atomic_compare_exchange_strong(&slots[i].state, &expect, OPENING))
            continue;
        my_opening = i;
        char *buf = atomic_load(&slots[i].path);
        if (atomic_load(&closing) || (buf == NULL && (buf = malloc(SLOT_PATH)) == NULL)) {
            int e = atomic_load(&closing) ? ECANCELED : ENOMEM;
            atomic_store(&slots[i].state, FREE);
            my_opening = -1;
            errno = e;
            return -1;
        }
        buf[0] = '\0';
        atomic_store(&slots[i].path, buf);
        slots[i].kind = kind;
        slots[i].fd = fd;
        return i;
    }
    errno = atomic_load(&closing) ? ECANCELED : EMFILE;
    return -1;
}

static void publish(int i)
{
    atomic_store(&slots[i].state, LIVE);
    my_opening = -1;
}

/* Claims a slot holding a copy of path (template or name); -1 with errno. */
static int claim_path(dp_temp_kind kind, const char *path, int fd)
{
    size_t n = strlen(path);
    if (n >= SLOT_PATH) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int i = claim(kind, fd);
    if (i >= 0)
        memcpy(atomic_load(&slots[i].path), path, n + 1);
    return i;
}

int dp_temps_mkstemp(char *tmpl, int *slot_out)
{
    int i = claim_path(DP_TEMP_FILE, tmpl, -1);
    *slot_out = -1;
    if (i < 0)
        return -1;
    char *name = atomic_load(&slots[i].path);
    int fd = mkstemp(name); /* in the slot: a handler on this thread sees the file's name */
    if (fd < 0) {
        int e = errno;
        dp_temps_forget(i);
        my_opening = -1;
        errno = e;
        return -1;
    }
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0 };
    fcntl(fd, F_SETLK, &fl); /* without locks (ENOLCK), others cannot tell: see stale() */
    strcpy(tmpl, name);
    slots[i].fd = fd;
    publish(i);
    *slot_out = i;
    return fd;
}

char *dp_temps_mkdtemp(char *tmpl, int *slot_out)
{
    int i = claim_path(DP_TEMP_DIR, tmpl, -1);
    *slot_out = -1;
    if (i < 0)
        return NULL;
    char *name = atomic_load(&slots[i].path);
    if (mkdtemp(name) == NULL) {
        int e = errno;
        dp_temps_forget(i);
        my_opening = -1;
        errno = e;
        return NULL;
    }
    strcpy(tmpl, name);
    publish(i);
    *slot_out = i;
    return tmpl;
}

int dp_temps_add(dp_temp_kind kind, const char *path, int fd)
{
    int i = claim_path(kind, path, fd);
    if (i >= 0)
        publish(i);
    return i;
}

void dp_temps_forget(int i)
{
    if (i < 0 || i >= MAX_SLOTS)
        return;
    /* emptied first: a handler that read LIVE just before unlinks "" (ENOENT), never a name
     * the slot's next owner is about to use */
    atomic_load(&slots[i].path)[0] = '\0';
    atomic_store(&slots[i].state, FREE);
}

/* ---------------------------------------------------------------- cleaning up */

/* Gives other threads up to 200 ms to finish making the files of slots they are filling. */
static void settle(void)
{
    struct timespec ms = { 0, 1000000L };
    int waited = 0;
    for (int i = 0; i < MAX_SLOTS; i++)
        while (i != my_opening && atomic_load(&slots[i].state) == OPENING && waited++ < 200)
            nanosleep(&ms, NULL);
}

static void remove_kind(dp_temp_kind kind)
{
    for (int i = 0; i < MAX_SLOTS; i++) {
        const char *path = atomic_load(&slots[i].path);
        if (atomic_load(&slots[i].state) == FREE || slots[i].kind != kind || path == NULL ||
            path[0] == '\0')
            continue;
        if (kind == DP_TEMP_DIR) {
            rmdir(path);
        } else if (kind == DP_TEMP_LOCK) {
            struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
            if (fcntl(slots[i].fd, F_SETLK, &fl) == 0) /* no other process holds it */
                unlink(path);
        } else {
            unlink(path);
        }
    }
}

void dp_temps_cleanup(void)
{
    atomic_store(&closing, true);
    settle();
    remove_kind(DP_TEMP_FILE);
    remove_kind(DP_TEMP_OUTPUT);
    remove_kind(DP_TEMP_DIR);
    remove_kind(DP_TEMP_LOCK);
}

/* ---------------------------------------------------------------- stale files */

/* ".NAME.dapple.XXXXXX", X as mkstemp makes them. */
bool dp_temps_is_mkstemp_name(const char *name, const char *mark)
{
    size_t n = strlen(name), m = strlen(mark);
    if (name[0] != '.' || n < 1 + 1 + m + 6 || strncmp(name + n - 6 - m, mark, m))
        return false;
    for (size_t i = n - 6; i < n; i++)
        if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'z') ||
              (name[i] >= 'A' && name[i] <= 'Z')))
            return false;
    return true;
}

bool dp_temps_stale(const char *path)
{
    const char *slash = strrchr(path, '/');
    struct stat st;
    if (!dp_temps_is_mkstemp_name(slash != NULL ? slash + 1 : path, DP_TEMP_MARK))
        return false;
    /* O_NONBLOCK: a FIFO of that name must not hang us; it is then refused by fstat */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    bool stale = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
                 fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type == F_UNLCK;
    close(fd);
    return stale;
}

/* F_GETLK does not see this process's own locks, and closing any descriptor of a file drops
 * them: a file of ours must not even be opened. Names are unique enough by themselves. */
static bool is_ours(const char *name)
{
    for (int i = 0; i < MAX_SLOTS; i++) {
        const char *path = atomic_load(&slots[i].path);
        if (atomic_load(&slots[i].state) == FREE || path == NULL)
            continue;
        const char *slash = strrchr(path, '/');
        if (strcmp(slash != NULL ? slash + 1 : path, name) == 0)
            return true;
    }
    return false;
}

void dp_temps_remove_stale(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    char path[SLOT_PATH];
    if (d == NULL)
        return;
    while ((de = readdir(d)) != NULL) {
        if (!dp_temps_is_mkstemp_name(de->d_name, DP_TEMP_MARK) || is_ours(de->d_name))
            continue;
        if (snprintf(path, sizeof path, "%s/%s", dir, de->d_name) < (int)sizeof path &&
            dp_temps_stale(path))
            unlink(path);
    }
    closedir(d);
}
