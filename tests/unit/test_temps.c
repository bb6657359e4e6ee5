/* SPDX-License-Identifier: MIT
 * io/temps: a live temp file is not stale to another process until its descriptor is
 * closed; hidden files that are not ours never look stale; the cleanup an interrupt runs
 * removes files, outputs and folders and refuses new temporaries; a process scanning a
 * folder for stale files leaves its own alone. "Another process" is a forked child: the
 * lock a process holds is invisible to itself. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "io/temps.h"

static char dir[64];

static void make_dir(void)
{
    strcpy(dir, "/tmp/dapple-temps-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static bool exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* dp_temps_stale(path) as another process sees it. */
static bool stale_elsewhere(const char *path)
{
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0)
        _exit(dp_temps_stale(path) ? 1 : 0);
    int status;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) && WEXITSTATUS(status) == 1;
}

static int new_temp(char *path, size_t cap, int *slot)
{
    snprintf(path, cap, "%s/.a.png" DP_TEMP_MARK "XXXXXX", dir);
    int fd = dp_temps_mkstemp(path, slot);
    cr_assert(fd >= 0, "%s", strerror(errno));
    return fd;
}

Test(temps, live_until_closed)
{
    char path[128];
    int slot;
    make_dir();
    int fd = new_temp(path, sizeof path, &slot);
    cr_assert_not(stale_elsewhere(path), "a live temp file looked stale");
    close(fd); /* as SIGKILL would: the lock goes, the file stays */
    cr_assert(stale_elsewhere(path));
    dp_temps_forget(slot);
    unlink(path);
    rmdir(dir);
}

Test(temps, other_hidden_files_never_stale)
{
    static const char *const names[] = { ".notes.backup", ".a.png.Ab12Cd", "a.png.dapple.Ab12Cd",
                                         ".a.png.dapple.Ab12C" };
    char path[128];
    make_dir();
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        close(open(path, O_CREAT | O_WRONLY, 0644));
        cr_assert_not(dp_temps_stale(path), "%s", names[i]);
    }
    dp_temps_remove_stale(dir);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        cr_assert(exists(path), "%s was removed", names[i]);
        unlink(path);
    }
    rmdir(dir);
}

Test(temps, cleanup_removes_all_and_refuses_new)
{
    char file[128], sub[128], out[160];
    int slot;
    make_dir();
    new_temp(file, sizeof file, &slot);
    snprintf(sub, sizeof sub, "%s/.check.XXXXXX", dir);
    cr_assert_not_null(dp_temps_mkdtemp(sub, &slot));
    snprintf(out, sizeof out, "%s/done.png", sub);
    close(open(out, O_CREAT | O_WRONLY, 0644));
    cr_assert(dp_temps_add(DP_TEMP_OUTPUT, out, -1) >= 0);

    dp_temps_cleanup();
    cr_assert_not(exists(file));
    cr_assert_not(exists(out));
    cr_assert_not(exists(sub));
    char late[128];
    snprintf(late, sizeof late, "%s/.b.png" DP_TEMP_MARK "XXXXXX", dir);
    cr_assert_eq(dp_temps_mkstemp(late, &slot), -1);
    cr_assert_eq(errno, ECANCELED);
    cr_assert_eq(rmdir(dir), 0, "the folder is not empty");
}

Test(temps, scan_leaves_own_files_and_locks)
{
    char mine[128], dead[128];
    int slot, dead_slot;
    make_dir();
    int fd = new_temp(mine, sizeof mine, &slot);
    close(new_temp(dead, sizeof dead, &dead_slot));
    dp_temps_forget(dead_slot); /* unlocked and not ours any more: stale */
    dp_temps_remove_stale(dir);
    cr_assert(exists(mine), "this process's own temp file was removed");
    cr_assert_not(exists(dead), "the stale temp file was kept");
    cr_assert_not(stale_elsewhere(mine), "the scan dropped this process's lock");
    close(fd);
    dp_temps_forget(slot);
    unlink(mine);
    rmdir(dir);
}
