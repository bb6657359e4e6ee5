/* SPDX-License-Identifier: MIT
 * Preview renders in processes of their own (see render_job.h): this program again
 * (/proc/self/exe), spawned with the job's parameters in DAPPLE_PREVIEW_JOB and the preset
 * text on its standard input. The job writes the PNG atomically into its own folder of the
 * scratch folder and its error message, if any, to a pipe; the server reads the file and
 * removes the folder, whatever became of the job. */
#define _GNU_SOURCE /* POLLRDHUP: a client that hung up */
#include "preview/render_job.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "render/outputs.h"
#include "preset/scale_look.h"
#include "core/dp.h"
#include "io/temps.h"
#include "preset/preset.h"
#include "preview/views.h"

#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

typedef struct job {
    pid_t pid; /* 0: free slot */
    uint64_t gen;
} job;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t slot_freed = PTHREAD_COND_INITIALIZER; /* a job's slot became free */
static job jobs[DP_PREVIEW_MAX_JOBS];
static uint64_t newest_gen;
static unsigned long job_counter;
static char scratch[512];
static int scratch_slot = -1;

static char self[1024]; /* the program a job runs: dapple */

/* The scratch folder's name: ".preview-PID.dapple.XXXXXX", the pid telling a folder of a
 * live server from one a server killed outright (SIGKILL: no cleanup ran) left behind. */
#define SCRATCH_PREFIX ".preview-"

/* Removes folder 'dir' and what lies in it, going 'depth' folders down: a job folder holds
 * what a killed child left (a temp file, a PNG), depth 0; the scratch folder holds job
 * folders, depth 1. */
static void remove_tree(const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (d != NULL) {
        struct dirent *e;
        char path[1024];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            if (unlink(path) != 0 && depth > 0)
                remove_tree(path, depth - 1);
        }
        closedir(d);
    }
    rmdir(dir);
}

static void remove_folder(const char *dir)
{
    remove_tree(dir, 0);
}

static void remove_scratch(const char *dir)
{
    remove_tree(dir, 1);
}

/* The pid in a scratch folder's name, or 0 when the name is not one. */
static long scratch_pid(const char *name)
{
    size_t p = sizeof SCRATCH_PREFIX - 1;
    if (strncmp(name, SCRATCH_PREFIX, p) != 0 || !dp_temps_is_mkstemp_name(name, DP_TEMP_MARK))
        return 0;
    char *end;
    long pid = strtol(name + p, &end, 10);
    return end > name + p && strncmp(end, DP_TEMP_MARK, sizeof DP_TEMP_MARK - 1) == 0 ? pid : 0;
}

/* Removes the scratch folders in 'tmp' of this user's servers that are gone (no process
 * has their pid): a server killed by SIGKILL cannot clean up after itself, so the next one
 * does. A folder of a live server, of another user or not a real folder is left alone. */
static void remove_stale_scratch(const char *tmp)
{
    DIR *d = opendir(tmp);
    struct dirent *e;
    char path[1024];
    struct stat st;
    while (d != NULL && (e = readdir(d)) != NULL) {
        long pid = scratch_pid(e->d_name);
        if (pid <= 0 || pid == (long)getpid() ||
            snprintf(path, sizeof path, "%s/%s", tmp, e->d_name) >= (int)sizeof path)
            continue;
        if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
            continue;
        if (kill((pid_t)pid, 0) != 0 && errno == ESRCH)
            remove_scratch(path);
    }
    if (d != NULL)
        closedir(d);
}

dapple_status dp_jobs_init(const char *program, dapple_error *err)
{
    ssize_t n = program != NULL ? (ssize_t)snprintf(self, sizeof self, "%s", program)
                                : readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0 || (size_t)n >= sizeof self - 1)
        return dp_fail(err, DAPPLE_E_IO, "cannot find the dapple program for renders");
    self[n] = '\0';
    const char *tmp = getenv("TMPDIR");
    tmp = tmp != NULL && *tmp != '\0' ? tmp : "/tmp";
    remove_stale_scratch(tmp);
    snprintf(scratch, sizeof scratch, "%s/" SCRATCH_PREFIX "%ld" DP_TEMP_MARK "XXXXXX", tmp,
             (long)getpid());
    if (dp_temps_mkdtemp(scratch, &scratch_slot) == NULL)
        return dp_fail(err, DAPPLE_E_IO, "cannot make a scratch folder in '%s': %s", tmp,
                       strerror(errno));
    return DAPPLE_OK;
}

uint64_t dp_jobs_newest_gen(void)
{
    pthread_mutex_lock(&lock);
    uint64_t g = newest_gen;
    pthread_mutex_unlock(&lock);
    return g == UINT64_MAX ? 0 : g;
}

void dp_jobs_shutdown(void)
{
    pthread_mutex_lock(&lock);
    newest_gen = UINT64_MAX; /* no render starts from now on */
    for (int i = 0; i < DP_PREVIEW_MAX_JOBS; i++)
        if (jobs[i].pid > 0)
            kill(jobs[i].pid, SIGKILL);
    pthread_cond_broadcast(&slot_freed); /* a render waiting for a slot is cancelled */
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
        remove_scratch(scratch);
        dp_temps_forget(scratch_slot);
        scratch[0] = '\0';
    }
}

/* Reads all of standard input (at most 'cap' bytes) into a malloc'ed buffer. */
static char *read_stdin(size_t cap, size_t *len)
{
    char *buf = malloc(cap + 1);
    size_t n = 0;
    ssize_t r;
    while (buf != NULL && n < cap &&
           ((r = read(0, buf + n, cap - n)) > 0 || (r < 0 && errno == EINTR)))
        n += r > 0 ? (size_t)r : 0;
    if (buf != NULL)
        buf[n] = '\0';
    *len = n;
    return buf;
}

/* The quick pass's pane (dp_job_quick_tiles): 1/tiles of each side, tileable so that its
 * copies meet without a seam. */
static dapple_status quick_pane(dp_texture_spec *t, int tiles, dapple_error *err)
{
    if (tiles <= 1)
        return DAPPLE_OK;
    t->wrap = dp_wrap_both(true);
    return dp_texture_pane(t, 1.0 / tiles, err);
}

int dp_job_quick_tiles(double seconds, int w, int h)
{
    if (seconds <= DP_QUICK_SECONDS)
        return 1;
    /* the time goes with the area (points and pixels): a pane of 1/n^2 of it aims at half
       the quick time, leaving the rest to the fixed part (starting the job, reading the
       preset, writing the PNG) and to a machine that is busy with more than this */
    int n = (int)ceil(sqrt(seconds / (0.5 * DP_QUICK_SECONDS)));
    int most = DP_MIN(DP_QUICK_MAX_TILES, DP_MIN(w, h) / 64);
    return DP_MAX(1, DP_MIN(n, most));
}

int dp_job_main(const char *params)
{
    /* Ctrl-C reaches the whole process group: the server stops its jobs itself (it kills
     * them and removes their folders), so they neither print nor exit on their own */
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* a server killed outright takes its jobs along */
#endif
    int view, mask, cap, threads, tiles, nice;
    if (sscanf(params, "%d %d %d %d %d %d", &view, &mask, &cap, &threads, &tiles, &nice) != 6 ||
        view < 0 || view >= dp_view_count()) {
        fputs("bad job parameters", stderr);
        return 2;
    }
    if (nice > 0) /* an exact pass behind a quick one: the quick one gets the cores first */
        setpriority(PRIO_PROCESS, 0, nice);
    size_t len;
    char *in = read_stdin(3 * 1024 * 1024, &len);
    const char *out = in != NULL ? memchr(in, '\0', len) : NULL;
    const char *text = out != NULL ? memchr(out + 1, '\0', len - (size_t)(out - in) - 1) : NULL;
    dp_texture_spec *t = calloc(1, sizeof *t);
    dapple_error err;
    dp_output_paths paths = { 0 };
    dp_render_stats stats;
    int code = 1;
    if (text == NULL || t == NULL) {
        fputs(t == NULL ? "out of memory" : "bad job input", stderr);
        goto done;
    }
    out++, text++;
    dp_view_set_path(view, &paths, out);
    if (dp_preset_parse_string(text, len - (size_t)(text - in), in, t, &err) != DAPPLE_OK ||
        dp_texture_cap_size(t, cap, &err) != DAPPLE_OK || quick_pane(t, tiles, &err) != DAPPLE_OK) {
        fputs(err.message, stderr);
        goto done;
    }
    if (dp_view_is_mask(view))
        t->mask = (dp_mask_kind)mask;
    t->sample_threads = threads;
    if (dp_render_outputs(t, &paths, &stats, &err) != DAPPLE_OK) {
        fputs(err.message, stderr);
        goto done;
    }
    code = 0;
done:
    free(t);
    free(in);
    return code;
}

/* Writes all of buf to fd (the job's standard input); false when the job went away. */
static bool write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        buf += w;
        n -= (size_t)w;
    }
    return true;
}

/* posix_spawn of this program as a job, its stdin and stderr on the pipes' ends given. */
static pid_t spawn(const dp_job_spec *j, int stdin_fd, int stderr_fd)
{
    size_t n_env = 0, k = 0;
    while (environ[n_env] != NULL)
        n_env++;
    char **env = calloc(n_env + 2, sizeof *env), var[96];
    if (env == NULL)
        return -1;
    for (size_t i = 0; i < n_env; i++)
        if (strncmp(environ[i], DP_PREVIEW_JOB_ENV "=", sizeof DP_PREVIEW_JOB_ENV) != 0)
            env[k++] = environ[i];
    snprintf(var, sizeof var, DP_PREVIEW_JOB_ENV "=%d %d %d %d %d %d", j->view, j->mask,
             j->size_cap, j->threads, j->tiles, j->nice);
    env[k] = var;
    pid_t pid = -1;
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    sigset_t none, def;
    sigemptyset(&none);
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    sigaddset(&def, SIGTERM);
    char *argv[] = { self, (char *)(uintptr_t) "preview", NULL };
    if (posix_spawn_file_actions_init(&fa) == 0) {
        if (posix_spawnattr_init(&at) == 0) {
            posix_spawn_file_actions_adddup2(&fa, stdin_fd, 0);
            posix_spawn_file_actions_adddup2(&fa, stderr_fd, 2);
            posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
            posix_spawnattr_setsigmask(&at, &none); /* the server blocks the signals */
            posix_spawnattr_setsigdefault(&at, &def);
            posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
            if (posix_spawn(&pid, self, &fa, &at, argv, env) != 0)
                pid = -1;
            posix_spawnattr_destroy(&at);
        }
        posix_spawn_file_actions_destroy(&fa);
    }
    free(env);
    return pid;
}

/* Two close-on-exec pipes (so that no other job inherits their ends). */
static bool pipes(int in[2], int errp[2])
{
    if (pipe(in) != 0)
        return false;
    if (pipe(errp) != 0) {
        close(in[0]), close(in[1]);
        return false;
    }
    for (int i = 0; i < 2; i++) {
        fcntl(in[i], F_SETFD, FD_CLOEXEC);
        fcntl(errp[i], F_SETFD, FD_CLOEXEC);
    }
    return true;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Takes a slot for a render of 'gen', killing older ones; -1 with the reason otherwise.
 * When every slot holds an older edit (killed, or about to see it is stale), the newest
 * edit waits for one of them to free its slot: answering it "busy" would drop the very
 * edit the artist made last. */
static int take_slot(uint64_t gen, dp_job_result *why)
{
    int slot = -1;
    pthread_mutex_lock(&lock);
    if (gen > newest_gen)
        newest_gen = gen;
    while (slot < 0) {
        if (gen < newest_gen) {
            *why = DP_JOB_CANCELLED;
            break;
        }
        bool doomed = false; /* a slot an older edit holds, soon free */
        for (int i = 0; i < DP_PREVIEW_MAX_JOBS; i++) {
            if (jobs[i].pid > 0 && jobs[i].gen < gen)
                kill(jobs[i].pid, SIGKILL);
            doomed |= jobs[i].pid != 0 && jobs[i].gen < gen;
            if (jobs[i].pid == 0 && slot < 0)
                slot = i;
        }
        *why = DP_JOB_BUSY;
        if (slot >= 0)
            jobs[slot] = (job){ .pid = -1, .gen = gen }; /* taken; the pid follows */
        else if (!doomed)
            break;
        else
            pthread_cond_wait(&slot_freed, &lock);
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

typedef enum watch { WATCH_DONE, WATCH_GONE, WATCH_TIMEOUT } watch;

/* Milliseconds left until t0 + limit (-1: no limit), for poll. */
static int ms_left(double t0, int limit)
{
    if (limit <= 0)
        return -1;
    double left = t0 + limit - now();
    return left <= 0 ? 0 : (int)(left * 1000) + 1;
}

/* Reads the job's message until it closes its end (it exited), while watching the client
 * and the clock: a client that hung up (nobody would see the picture) or a render over
 * its time kills the job. msg[cap] gets what the job wrote. */
static watch watch_job(pid_t pid, int err_fd, const dp_job_spec *j, double t0, char *msg,
                       size_t cap)
{
    struct pollfd fds[2] = { { .fd = err_fd, .events = POLLIN },
                             { .fd = j->client_fd, .events = POLLRDHUP } };
    size_t n = 0;
    watch w = WATCH_DONE;
    for (;;) {
        int r = poll(fds, j->client_fd > 0 ? 2 : 1, ms_left(t0, j->limit_seconds));
        if (r < 0 && errno == EINTR)
            continue;
        if (r == 0 || (j->client_fd > 0 && (fds[1].revents & (POLLRDHUP | POLLHUP | POLLERR)))) {
            w = r == 0 ? WATCH_TIMEOUT : WATCH_GONE;
            kill(pid, SIGKILL);
            break;
        }
        if (r < 0)
            break;
        char buf[256];
        ssize_t got = read(err_fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) /* the end: the job exited */
            break;
        size_t keep = DP_MIN((size_t)got, cap - 1 - n); /* the rest of a long message goes */
        memcpy(msg + n, buf, keep);
        n += keep;
    }
    msg[n] = '\0';
    return w;
}

dp_job_result dp_job_render(const dp_job_spec *j, uint64_t gen, unsigned char **png, size_t *len,
                            double *seconds, double *cpu_seconds, dapple_error *err)
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
    int in[2] = { -1, -1 }, errp[2] = { -1, -1 };
    dp_job_result result = DP_JOB_FAILED;
    pid_t pid = -1;
    bool stale = false;
    if (mkdir(dir, 0700) != 0) {
        dp_fail(err, DAPPLE_E_IO, "cannot start a render: %s", strerror(errno));
        goto done;
    }
    /* under the lock: no other job is spawned while these pipes' ends are open here */
    pthread_mutex_lock(&lock);
    stale = jobs[slot].gen < newest_gen; /* a newer edit came while this one set up */
    if (!stale && pipes(in, errp)) {
        pid = spawn(j, in[0], errp[1]);
        if (pid > 0)
            jobs[slot].pid = pid;
    }
    if (in[0] >= 0)
        close(in[0]), close(errp[1]);
    in[0] = errp[1] = -1;
    pthread_mutex_unlock(&lock);
    if (stale) {
        result = DP_JOB_CANCELLED;
        goto done;
    }
    if (pid < 0) {
        dp_fail(err, DAPPLE_E_IO, "cannot start a render: %s", strerror(errno));
        goto done;
    }
    /* the job's input; a job killed meanwhile makes this fail, and its status says why */
    bool fed = write_all(in[1], j->preset, strlen(j->preset) + 1) &&
               write_all(in[1], file, strlen(file) + 1) && write_all(in[1], j->text, j->len);
    (void)fed;
    close(in[1]);
    in[1] = -1;
    char msg[sizeof err->message];
    watch w = watch_job(pid, errp[0], j, t0, msg, sizeof msg);
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
        ;
    if (cpu_seconds != NULL)
        *cpu_seconds = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    if (w == WATCH_TIMEOUT) {
        dp_fail(err, DAPPLE_E_LIMIT,
                "the render ran over %d s, the preview's limit (--time-limit): lower --side "
                "or the preset's cost",
                j->limit_seconds);
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
        result = DP_JOB_CANCELLED;
    } else if (WIFSIGNALED(status)) {
        dp_fail(err, DAPPLE_E_RENDER, "the render crashed (signal %d)", WTERMSIG(status));
    } else if (WEXITSTATUS(status) != 0) {
        dp_fail(err, DAPPLE_E_RENDER, "%s", msg[0] != '\0' ? msg : "the render failed");
    } else if (read_file(file, png, len, err) == DAPPLE_OK) {
        result = DP_JOB_OK;
    }
done:
    for (int i = 0; i < 2; i++) {
        if (in[i] >= 0)
            close(in[i]);
        if (errp[i] >= 0)
            close(errp[i]);
    }
    remove_folder(dir);
    pthread_mutex_lock(&lock);
    jobs[slot].pid = 0;
    pthread_cond_broadcast(&slot_freed);
    pthread_mutex_unlock(&lock);
    *seconds = now() - t0;
    return result;
}
