/* SPDX-License-Identifier: MIT
 * `dapple points`: sample a field and write the point list (CSV or JSON). The summary
 * line on stderr says how many points, how long, and why the run stopped. */
#include "cli/commands.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "batch/plan.h"
#include "cli/common.h"
#include "cli/progress.h"
#include "core/dp.h"
#include "core/world.h"
#include "io/points_write.h"

static const char USAGE[] =
        "dapple points --size WxH (--radius R | --rmin A --rmax B --field SPEC)\n"
        "       [--map radius|density] [--cutoff C] [--levels B,W] [--gamma G] [--invert]\n"
        "       [--dilate PX] [--exclude image:PATH]... [--count N] [--k N]\n"
        "       [--max-points N] [--seed N] [--periodic[-x|-y]] [--dense] [--maximal]\n"
        "       [--relax] [--rotation] [--scale-jitter J] [--variants N] [--y-up]\n"
        "       [--format csv|json] [--region X,Y,WxH] [-j N] [--quiet] -o FILE|-";

/* A region expected to hold more than this many points is sampled and written in bands of
 * chunk rows, one band in memory at a time (DAPPLE_BAND_POINTS overrides it, for tests). */
#define BAND_POINTS 4e6

typedef struct bands {
    dp_world_opts wo;   /* the whole region */
    int row, end, step; /* the next row of chunks, one past the region's last, rows a band */
    dapple_point *pts;  /* the band handed out last */
    size_t total;
    dapple_stop stop;
} bands;

/* dp_points_next_fn: the next band's points; the list stops at max_points. */
static dapple_status next_band(void *ctx, dp_point_set *set, bool *more, dapple_error *err)
{
    bands *b = ctx;
    free(b->pts);
    b->pts = NULL;
    *more = b->row < b->end && b->stop == DAPPLE_STOP_COMPLETE;
    if (!*more)
        return DAPPLE_OK;
    int last = b->row + b->step < b->end ? b->row + b->step : b->end;
    dp_world_opts w = b->wo;
    double y0 = dp_world_row_top(&b->wo, b->row), y1 = dp_world_row_top(&b->wo, last);
    w.ry = DP_MAX(y0, b->wo.ry);
    w.rh = DP_MIN(y1, b->wo.ry + b->wo.rh) - w.ry;
    b->row = last;
    size_t n;
    dapple_stop stop;
    dapple_status st = dp_world_sample(&w, &b->pts, &n, &stop, err);
    if (st != DAPPLE_OK)
        return st;
    if (stop == DAPPLE_STOP_MAX_POINTS || b->total + n > b->wo.so.max_points) {
        n = DP_MIN(n, b->wo.so.max_points - b->total);
        b->stop = DAPPLE_STOP_MAX_POINTS;
    }
    b->total += n;
    *set = (dp_point_set){ b->pts, n };
    return DAPPLE_OK;
}

/* Streams the region band by band into the output; *n and *stop as sample() gives them. */
static dapple_status stream(const dp_cli_opts *o, const dp_world_opts *wo, double expected,
                            double band_points, size_t *n, dapple_stop *stop, dapple_error *err)
{
    bands b = { .wo = *wo, .stop = DAPPLE_STOP_COMPLETE };
    int rows = dp_world_row_count(wo);
    while (b.row + 1 < rows && dp_world_row_top(wo, b.row + 1) <= wo->ry)
        b.row++;
    b.end = b.row;
    while (b.end < rows && dp_world_row_top(wo, b.end) < wo->ry + wo->rh)
        b.end++;
    b.step = (int)DP_MAX(1.0, floor((b.end - b.row) * band_points / expected));
    dp_points_file f = dp_cli_points_file(o, o->output);
    dapple_status st = dp_points_write_stream(o->output, &f, next_band, &b, err);
    free(b.pts);
    *n = b.total, *stop = b.stop;
    return st;
}

/* Samples the world of the options' field (to --count points if asked: *scale gets the
 * spacing factor); *out (n points) is the caller's to free. A large region is streamed
 * straight to the output instead: then *out stays NULL and the list is written. */
static dapple_status sample(const dp_cli_opts *o, const dapple_field *field, dapple_point **out,
                            size_t *n, dapple_stop *stop, double *scale, dapple_error *err)
{
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = o->width;
    so.height = o->height;
    so.k = o->k;
    so.max_points = o->max_points;
    so.seed = o->seed;
    so.periodic = dp_wrap_any(o->wrap), so.wrap = dp_wrap_enum(o->wrap);
    so.dense = o->dense;
    so.maximal = o->maximal;
    so.relax = o->relax;
    so.progress = dp_progress_live_fraction; /* "sampling 42%..." on a terminal */
    dp_world_opts wo;
    dp_world_opts_init(&wo, field, &so);
    wo.threads = dp_cli_threads(o);
    if (o->have_region)
        wo.rx = o->region_x, wo.ry = o->region_y, wo.rw = o->region_w, wo.rh = o->region_h;
    *scale = 1;
    if (o->count > 0)
        return dp_world_sample_count(&wo, (size_t)o->count, out, n, scale, stop, err);
    if (dp_cli_check_budget(o, dapple_field_estimate_points(field), err) != DAPPLE_OK)
        return err->status;
    double expected =
            dapple_field_estimate_points(field) * wo.rw * wo.rh / ((double)o->width * o->height);
    const char *knob = getenv("DAPPLE_BAND_POINTS");
    double band = knob != NULL && atof(knob) > 0 ? atof(knob) : BAND_POINTS;
    if (expected > band)
        return stream(o, &wo, expected, band, n, stop, err);
    return dp_world_sample(&wo, out, n, stop, err);
}

int dp_cmd_points(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dapple_field *field = NULL;
    dapple_point *p = NULL;
    size_t n = 0;
    dapple_stop stop;
    int code = DP_EXIT_FAIL;
    int start = dp_cli_start(DP_CMD_POINTS, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    double t0 = dp_batch_now(), scale;
    if (dp_atomic_prepare(o.output, &err) != DAPPLE_OK)
        goto done;
    dp_progress_live_begin(dp_cli_show_progress(&o));
    dp_progress_live_phase("preparing the field");
    if (dp_cli_make_field(&o, &field, &err) != DAPPLE_OK)
        goto done;
    dp_progress_live_phase("sampling");
    if (sample(&o, field, &p, &n, &stop, &scale, &err) != DAPPLE_OK)
        goto done;
    double seconds = dp_batch_now() - t0;
    dp_progress_live_phase("writing");
    if (p != NULL && dp_cli_write_points(&o, o.output, p, n, &err) != DAPPLE_OK)
        goto done;
    dp_progress_live_end();
    if (!o.quiet) {
        dp_cli_print_count(&o, scale);
        dp_cli_print_summary(n, seconds, stop, (size_t)o.max_points);
    }
    code = DP_EXIT_OK;
done:
    dp_progress_live_end();
    if (code != DP_EXIT_OK)
        dp_cli_report(&err, code);
    free(p);
    dapple_field_free(field);
    return code;
}
