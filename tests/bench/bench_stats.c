/* SPDX-License-Identifier: MIT
 * `make bench`: the cost of `dapple stats` on 1 M points (a 1255 x 1255 set of radius 1,
 * sampled once outside the timing), step by step: the pair rule and nearest neighbours,
 * the coverage probes (every r/2) and the spectrum with the RDF at its documented
 * resolution. One run each: minutes of repeated timing would buy nothing here. */
#include "bench_stats.h"

#include <stdio.h>
#include <time.h>

#include "stats/points_check.h"
#include "dapple.h"
#include "stats/stats.h"
#include "bench_clock.h"

#define SIDE 1255 /* about 1.0 M points of radius 1 */

static dapple_sampler *sample(double side, dapple_error *err)
{
    dapple_field_opts fo;
    dapple_sampler_opts so;
    dapple_field *f = NULL;
    dapple_sampler *s = NULL;
    dapple_stop stop;
    dapple_field_opts_init(&fo);
    fo.width = fo.height = side, fo.rmin = fo.rmax = 1;
    dapple_sampler_opts_init(&so);
    so.width = so.height = side;
    if (dapple_field_new(&f, &fo, err) != DAPPLE_OK)
        return NULL;
    if (dapple_sampler_new(&s, f, &so, err) != DAPPLE_OK || dapple_sampler_run(s, &stop, err)) {
        dapple_sampler_free(s);
        s = NULL;
    }
    dapple_field_free(f);
    return s;
}

void bench_stats(void)
{
    dapple_error err;
    dapple_sampler *s = sample(SIDE, &err);
    if (s == NULL) {
        fprintf(stderr, "bench: stats: %s\n", err.message);
        return;
    }
    size_t n;
    const dapple_point *p = dapple_sampler_points(s, &n);
    dp_stats_set set = { p, n, SIDE, SIDE, dp_wrap_both(false) };
    dp_stats_pairs pr;
    dp_stats_spectrum sp;
    double t0 = bench_cpu_now();
    dapple_status a = dp_stats_pairs_run(&set, &pr, &err);
    double t1 = bench_cpu_now();
    double unc = dp_points_uncovered(p, n, SIDE, SIDE, dp_wrap_both(false), 1, 0.5, NULL);
    double t2 = bench_cpu_now();
    dapple_status b = dp_stats_spectrum_run(&set, false, &sp, &err);
    double t3 = bench_cpu_now();
    if (a == DAPPLE_OK && b == DAPPLE_OK)
        printf("| stats %zu points (pairs %.2f s, coverage %.2f s, spectrum %.2f s) | rho %.3f, "
               "uncovered %.4f, low power %.3f | %.2f | %.2g points/s | under a minute |\n",
               n, t1 - t0, t2 - t1, t3 - t2, pr.rho, unc, sp.low_power, t3 - t0,
               (double)n / (t3 - t0));
    dp_stats_spectrum_fini(&sp);
    dapple_sampler_free(s);
}
