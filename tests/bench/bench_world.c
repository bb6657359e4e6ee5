/* SPDX-License-Identifier: MIT
 * Worlds against plain runs: W1 (1000², r = 1) and W3 (Perlin r in [0.5, 3]) sampled by
 * one plain sampler, and as a chunked world on 1 and 2 threads. Wall time here (threads),
 * median of 5 after a warm-up, generation only (the field is built once). */
#include "bench_world.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/world.h"
#include "dapple.h"

#define RUNS 5

static double wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* threads 0: a plain sampler; else a world on that many threads. Median seconds. */
static double time_run(const dapple_field *f, const dapple_sampler_opts *so, int threads, size_t *n)
{
    double t[RUNS + 1];
    for (int k = 0; k <= RUNS; k++) {
        dapple_error err;
        dapple_stop stop;
        double t0 = wall();
        if (threads == 0) {
            dapple_sampler *s = NULL;
            if (dapple_sampler_new(&s, f, so, &err) || dapple_sampler_run(s, &stop, &err))
                fprintf(stderr, "bench: %s\n", err.message), exit(1);
            dapple_sampler_points(s, n);
            t[k] = wall() - t0;
            dapple_sampler_free(s);
        } else {
            dp_world_opts o;
            dp_world_opts_init(&o, f, so);
            o.threads = threads;
            dapple_point *p = NULL;
            if (dp_world_sample(&o, &p, n, &stop, &err) != DAPPLE_OK)
                fprintf(stderr, "bench: %s\n", err.message), exit(1);
            t[k] = wall() - t0;
            free(p);
        }
    }
    qsort(t + 1, RUNS, sizeof t[0], cmp_double);
    return t[1 + RUNS / 2];
}

static void row(const char *name, double rmin, double rmax, double *plain, double *j1, double *j2)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.width = fo.height = 1000, fo.rmin = rmin, fo.rmax = rmax;
    if (rmax > rmin)
        fo.kind = DAPPLE_FIELD_PERLIN, fo.perlin.scale = 80;
    dapple_field *f = NULL;
    dapple_error err;
    if (dapple_field_new(&f, &fo, &err) != DAPPLE_OK)
        fprintf(stderr, "bench: %s\n", err.message), exit(1);
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = so.height = 1000;
    size_t n0, n1, n2;
    *plain = time_run(f, &so, 0, &n0);
    *j1 = time_run(f, &so, 1, &n1);
    *j2 = time_run(f, &so, 2, &n2);
    printf("| %s | %zu / %zu | %.3f | %.3f | %.3f | %.2fx | %.2fx |\n", name, n0, n1, *plain, *j1,
           *j2, *plain / *j1, *j1 / *j2);
    dapple_field_free(f);
}

void bench_world(void)
{
    printf("\n| world (issue #16) | points plain / world | plain s | world -j 1 s | "
           "world -j 2 s | -j 1 vs plain | -j 2 speed-up |\n|---|---|---|---|---|---|---|\n");
    double p1, a1, b1, p3, a3, b3;
    row("W1 1000x1000 r=1", 1, 1, &p1, &a1, &b1);
    row("W3 perlin:scale=80 r=[0.5,3]", 0.5, 3, &p3, &a3, &b3);
    printf("\n| target | measured | |\n|---|---|---|\n");
    printf("| W1 world -j 1 >= 0.9x a plain run | %.2fx | %s |\n", p1 / a1,
           p1 / a1 >= 0.9 ? "met" : "**not met**");
    printf("| W1 world -j 2 >= 1.7x -j 1 | %.2fx | %s |\n", a1 / b1,
           a1 / b1 >= 1.7 ? "met"
                          : "**not met** (on a busy machine, threads get less than two cores)");
}
