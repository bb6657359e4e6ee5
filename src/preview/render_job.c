/* SPDX-License-Identifier: MIT
 * Preview renders in child processes (see render_job.h). The parent forks with no render
 * state of its own (it only parses presets and serves HTTP), so the child starts with no
 * lock held by another thread. The child writes the PNG atomically into its own folder of
 * the scratch folder and its error message, if any, into a pipe; the parent reads the
 * file and removes the folder, whatever became of the child. */
#define _DEFAULT_SOURCE /* DT_REG, mkdtemp */
#include "preview/render_job.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/outputs.h"
#include "core/dp.h"
#include "io/temps.h"

typedef struct job {
    pid_t pid; /* 0: free slot */
    uint64_t gen;
} job;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static job jobs[DP_PREVIEW_MAX_JOBS];
static uint64_t newest_gen;
static unsigned long job_counter;
static char scratch[512];
static int scratch_slot = -1;

dapple_status dp_jobs_init(dapple_error *err)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/.preview" DP_TEMP_MARK "XXXXXX",
             tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
    if (dp_temps_mkdtemp(scratch, &scratch_slot) == NULL)
        return dp_fail(err, DAPPLE_E_IO, "cannot make a scratch folder in '%s': %s",
                       tmp != NULL && *tmp != '\0' ? tmp : "/tmp", strerror(errno));
    return DAPPLE_OK;
}

/* Removes a job folder and whatever a killed child left in it (a temp file, a PNG). */
static void remove_folder(const char *dir)
{
    DIR *d = opendir(dir);
    if (d != NULL) {
        struct dirent *e;
        char path[1024];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

void dp_jobs_shutdown(void)
{
    pthread_mutex_lock(&lock);
    newest_gen = UINT64_MAX; /* no render starts from now on */
    for (int i = 0; i < DP_PREVIEW_MAX_JOBS; i++)
        if (jobs[i].pid > 0)
            kill(jobs[i].pid, SIGKILL);
    pthread_mutex_unlock(&lock);
    /* the threads serving those renders reap their children; wait for the slots to empty */
    for (int tries = 0; tries < 200; tries++) {
        bool busy = false;
        pthread_mutex_lock(&lock);
        for (int i = 0; i < DP_PREVIEW_MAX_JOBS; i++)
            busy |= jobs[i].pid != 0;
        pthread_mutex_unlock(&lock);
        if (!busy)
            break;
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    if (scratch[0] != '\0') {
        DIR *d = opendir(scratch);
        if (d != NULL) {
            struct dirent *e;
            char path[1024];
            while ((e = readdir(d)) != NULL) {
                if (e->d_name[0] == '.' && (e->d_name[1] == '\0' || strcmp(e->d_name, "..") == 0))
                    continue;
                snprintf(path, sizeof path, "%s/%s", scratch, e->d_name);
                remove_folder(path);
            }
            closedir(d);
        }
        rmdir(scratch);
        dp_temps_forget(scratch_slot);
        scratch[0] = '\0';
    }
}

/* The child: render, report, exit. Never returns. */
static void child(const dp_texture_spec *t, dp_preview_view view, const char *file, int fd)
{
    sigset_t none;
    sigemptyset(&none);
    /* Ctrl-C reaches the whole process group: the parent stops the children itself (it
     * kills them and removes their folders), so they neither print nor exit on their own */
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    pthread_sigmask(SIG_SETMASK, &none, NULL);
    dp_output_paths paths = { 0 };
    if (view == DP_VIEW_TEXTURE)
        paths.texture = file;
    else if (view == DP_VIEW_HEIGHT)
        paths.height = file;
    else if (view == DP_VIEW_NORMAL)
        paths.normal = file;
    else
        paths.mask = file;
    dp_render_stats stats;
    dapple_error err;
    int code = 0;
    if (dp_render_outputs(t, &paths, &stats, &err) != DAPPLE_OK) {
        size_t n = strlen(err.message);
        ssize_t w = write(fd, err.message, n);
        code = w == (ssize_t)n ? 1 : 2;
    }
    close(fd);
    _exit(code);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Takes a slot for a render of 'gen', killing older ones; -1 with the reason otherwise. */
static int take_slot(uint64_t gen, dp_job_result *why)
{
    int slot = -1;
    pthread_mutex_lock(&lock);
    if (gen < newest_gen) {
        *why = DP_JOB_CANCELLED;
    } else {
        newest_gen = gen;
        for (int i = 0; i < DP_PREVIEW_MAX_JOBS; i++) {
            if (jobs[i].pid > 0 && jobs[i].gen < gen)
                kill(jobs[i].pid, SIGKILL);
            if (jobs[i].pid == 0 && slot < 0)
                slot = i;
        }
        *why = DP_JOB_BUSY;
        if (slot >= 0)
            jobs[slot] = (job){ .pid = -1, .gen = gen }; /* taken; the pid follows */
    }
    pthread_mutex_unlock(&lock);
    return slot;
}

static dapple_status read_file(const char *path, unsigned char **data, size_t *len,
                               dapple_error *err)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (f == NULL || fstat(fileno(f), &st) != 0 || st.st_size <= 0) {
        if (f != NULL)
            fclose(f);
        return dp_fail(err, DAPPLE_E_IO, "the render wrote no image");
    }
    *data = malloc((size_t)st.st_size);
    *len = *data != NULL ? fread(*data, 1, (size_t)st.st_size, f) : 0;
    fclose(f);
    if (*data == NULL || *len != (size_t)st.st_size) {
        free(*data);
        *data = NULL;
        return dp_fail(err, DAPPLE_E_IO, "cannot read the render back");
    }
    return DAPPLE_OK;
}

dp_job_result dp_job_render(const dp_texture_spec *t, dp_preview_view view, uint64_t gen,
                            unsigned char **png, size_t *len, double *seconds, double *cpu_seconds,
                            dapple_error *err)
{
    dp_job_result why;
    double t0 = now();
    *png = NULL;
    *len = 0;
    *seconds = 0;
    if (cpu_seconds != NULL)
        *cpu_seconds = 0;
    int slot = take_slot(gen, &why);
    if (slot < 0)
        return why;
    char dir[700], file[800];
    pthread_mutex_lock(&lock);
    snprintf(dir, sizeof dir, "%s/job%lu", scratch, ++job_counter);
    pthread_mutex_unlock(&lock);
    snprintf(file, sizeof file, "%s/out.png", dir);
    int fds[2] = { -1, -1 };
    dp_job_result result = DP_JOB_FAILED;
    if (mkdir(dir, 0700) != 0 || pipe(fds) != 0) {
        dp_fail(err, DAPPLE_E_IO, "cannot start a render: %s", strerror(errno));
        goto done;
    }
    pthread_mutex_lock(&lock);
    bool stale = jobs[slot].gen < newest_gen; /* a newer edit came while this one set up */
    pid_t pid = stale ? -1 : fork();
    if (pid > 0)
        jobs[slot].pid = pid;
    pthread_mutex_unlock(&lock); /* in the child too: its copy of the lock is its own */
    if (stale) {
        result = DP_JOB_CANCELLED;
        goto done;
    }
    if (pid == 0) {
        close(fds[0]);
        child(t, view, file, fds[1]);
    }
    if (pid < 0) {
        dp_fail(err, DAPPLE_E_IO, "cannot start a render: %s", strerror(errno));
        goto done;
    }
    close(fds[1]);
    fds[1] = -1;
    char msg[sizeof err->message];
    size_t n = 0;
    ssize_t r;
    while ((r = read(fds[0], msg + n, sizeof msg - 1 - n)) > 0 || (r < 0 && errno == EINTR))
        n += r > 0 ? (size_t)r : 0;
    msg[n] = '\0';
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
        ;
    if (cpu_seconds != NULL)
        *cpu_seconds = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
        result = DP_JOB_CANCELLED;
    } else if (WIFSIGNALED(status)) {
        dp_fail(err, DAPPLE_E_RENDER, "the render crashed (signal %d)", WTERMSIG(status));
    } else if (WEXITSTATUS(status) != 0) {
        dp_fail(err, DAPPLE_E_RENDER, "%s", n > 0 ? msg : "the render failed");
    } else if (read_file(file, png, len, err) == DAPPLE_OK) {
        result = DP_JOB_OK;
    }
done:
    if (fds[0] >= 0)
        close(fds[0]);
    if (fds[1] >= 0)
        close(fds[1]);
    remove_folder(dir);
    pthread_mutex_lock(&lock);
    jobs[slot].pid = 0;
    pthread_mutex_unlock(&lock);
    *seconds = now() - t0;
    return result;
}
