/* SPDX-License-Identifier: MIT
 * Preview renders (see bench_preview.h): the preset parsed, capped at 512 px as
 * `preview --side 512` caps it, and rendered through dp_job_render, the server's own path
 * (a child process, the PNG read back), so the time is what the page waits for minus HTTP.
 * Two rows a preset:
 * - the exact picture, best of two runs (the machine is shared); the rate column has the
 *   child's processor time (all threads), which a loaded machine does not inflate;
 * - the first picture after an edit, as the page gets it: the quick pass the server
 *   advises after that exact render (dp_job_quick_tiles; none when the exact one is quick
 *   enough), run beside the exact pass at its lower priority, as the page runs them. Its
 *   wall time is the number issue #41 bounds (0.3 s); best of three runs. */
#include "bench_preview.h"

#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preset/preset.h"
#include "preview/render_job.h"
#include "preview/views.h"

#define SIDE        512
#define RUNS        2
#define QUICK_RUNS  3
#define LIMIT       1.0 /* seconds: issue #28's "well under a second" */
#define FIRST_LIMIT 0.3 /* seconds: issue #41's first picture after an edit */

typedef struct timing {
    double wall, cpu;
    int w, h;
    bool ok;
    char message[256];
} timing;

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One render of j as generation gen: wall and processor seconds, the PNG's size. */
static timing render_once(const dp_job_spec *j, uint64_t gen)
{
    timing t = { 0 };
    dapple_error err;
    unsigned char *png;
    size_t n;
    if (dp_job_render(j, gen, &png, &n, &t.wall, &t.cpu, &err) != DP_JOB_OK) {
        snprintf(t.message, sizeof t.message, "%s", err.message);
        return t;
    }
    if (n > 24) /* the PNG's IHDR: width and height, big-endian */
        t.w = png[16] << 24 | png[17] << 16 | png[18] << 8 | png[19],
        t.h = png[20] << 24 | png[21] << 16 | png[22] << 8 | png[23];
    free(png);
    t.ok = true;
    return t;
}

typedef struct exact_run {
    dp_job_spec job;
    uint64_t gen;
    timing t;
} exact_run;

static void *exact_thread(void *arg)
{
    exact_run *r = arg;
    r->t = render_once(&r->job, r->gen);
    return NULL;
}

/* The first picture after an edit: the quick pass of 'tiles' and, beside it, the exact
 * pass at the lower priority; the quick one's time (the exact one's when tiles is 1). */
static timing first_picture(const dp_job_spec *job, int tiles, uint64_t *gen, double *exact)
{
    timing best = { .wall = 1e9 };
    for (int run = 0; run < QUICK_RUNS; run++) {
        exact_run e = { .job = *job, .gen = ++*gen };
        e.job.nice = tiles > 1 ? DP_LOW_PRIORITY : 0;
        dp_job_spec quick = *job;
        quick.tiles = tiles;
        pthread_t th;
        bool started = tiles > 1 && pthread_create(&th, NULL, exact_thread, &e) == 0;
        timing q = render_once(tiles > 1 ? &quick : job, e.gen);
        if (started)
            pthread_join(th, NULL);
        if (!q.ok)
            return q;
        *exact = started ? e.t.wall : q.wall;
        best = q.wall < best.wall ? q : best;
    }
    return best;
}

static void one(const char *path, const char *name, uint64_t *gen)
{
    dapple_error err;
    char *text = NULL;
    size_t len = 0;
    timing best = { .wall = 1e9, .cpu = 1e9 };
    if (dp_preset_read(path, &text, &len, &err) != DAPPLE_OK) {
        printf("| preview %d px %s | failed: %s | | | |\n", SIDE, name, err.message);
        return;
    }
    dp_job_spec job = { .preset = path,
                        .text = text,
                        .len = len,
                        .size_cap = SIDE,
                        .threads = 2,
                        .view = DP_VIEW_TEXTURE };
    for (int run = 0; run < RUNS; run++) {
        timing t = render_once(&job, ++*gen);
        if (!t.ok) {
            printf("| preview %d px %s | failed: %s | | | |\n", SIDE, name, t.message);
            free(text);
            return;
        }
        best.w = t.w, best.h = t.h;
        best.wall = t.wall < best.wall ? t.wall : best.wall;
        best.cpu = t.cpu < best.cpu ? t.cpu : best.cpu;
    }
    printf("| preview %d px %s | %dx%d %s | %.3f | %.3f s processor | < %.0f s |\n", SIDE, name,
           best.w, best.h, best.wall < LIMIT ? "ok" : "TOO SLOW", best.wall, best.cpu, LIMIT);
    /* the page gets its advice from the processor time of the exact render before */
    int tiles = dp_job_quick_tiles(best.cpu, best.w, best.h);
    double exact = 0;
    timing first = first_picture(&job, tiles, gen, &exact);
    char pass[32];
    snprintf(pass, sizeof pass, tiles > 1 ? "quick %dx%d" : "exact", tiles, tiles);
    if (!first.ok)
        printf("| preview first picture %s | %s failed: %s | | | |\n", name, pass, first.message);
    else
        printf("| preview first picture %s | %s %s | %.3f | %.3f s processor, the exact pass %.3f "
               "s "
               "beside it | <= %.1f s |\n",
               name, pass, first.wall <= FIRST_LIMIT ? "ok" : "TOO SLOW", first.wall, first.cpu,
               exact, FIRST_LIMIT);
    free(text);
}

void bench_preview(void)
{
    dapple_error err;
    char *names[256];
    size_t n = 0;
    uint64_t gen = 0;
    DIR *d = opendir("presets");
    if (d == NULL || dp_jobs_init("build/dapple", &err) != DAPPLE_OK) {
        printf("| preview | no presets/ folder or scratch folder | | | |\n");
        if (d != NULL)
            closedir(d);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 4 && strcmp(e->d_name + len - 4, ".ini") == 0)
            names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char path[512], name[256];
        snprintf(path, sizeof path, "presets/%s", names[i]);
        snprintf(name, sizeof name, "%.*s", (int)(strlen(names[i]) - 4), names[i]);
        one(path, name, &gen);
        fflush(stdout);
        free(names[i]);
    }
    dp_jobs_shutdown();
}
