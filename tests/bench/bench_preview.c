/* SPDX-License-Identifier: MIT
 * Preview renders (see bench_preview.h): the preset parsed, capped at 512 px as
 * `preview --side 512` caps it, and rendered through dp_job_render, the server's own path
 * (a child process, the PNG read back), so the time is what the page waits for minus HTTP.
 * Best of two runs per preset: the machine is shared. The rate column has the child's
 * processor time (all threads), which a loaded machine does not inflate as it does the
 * wall time. */
#include "bench_preview.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preset/preset.h"
#include "preview/render_job.h"

#define SIDE  512
#define RUNS  2
#define LIMIT 1.0 /* seconds: issue #28's "well under a second" */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void one(const char *path, const char *name, uint64_t *gen)
{
    dapple_error err;
    char *text = NULL;
    size_t len = 0;
    double best = 1e9, cpu_best = 1e9;
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
    int w = 0, h = 0;
    for (int run = 0; run < RUNS; run++) {
        unsigned char *png;
        size_t n;
        double s, cpu;
        if (dp_job_render(&job, ++*gen, &png, &n, &s, &cpu, &err) != DP_JOB_OK) {
            printf("| preview %d px %s | failed: %s | | | |\n", SIDE, name, err.message);
            free(text);
            return;
        }
        if (n > 24) /* the PNG's IHDR: width and height, big-endian */
            w = png[16] << 24 | png[17] << 16 | png[18] << 8 | png[19],
            h = png[20] << 24 | png[21] << 16 | png[22] << 8 | png[23];
        free(png);
        best = s < best ? s : best;
        cpu_best = cpu < cpu_best ? cpu : cpu_best;
    }
    printf("| preview %d px %s | %dx%d %s | %.3f | %.3f s processor | < %.0f s |\n", SIDE, name, w,
           h, best < LIMIT ? "ok" : "TOO SLOW", best, cpu_best, LIMIT);
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
