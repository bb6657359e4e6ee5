/* SPDX-License-Identifier: MIT
 * `dapple points`: sample a field and write the point list (CSV or JSON). The summary
 * line on stderr says how many points, how long, and why the run stopped. */
#include "cli/commands.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/common.h"
#include "cli/progress.h"
#include "core/world.h"

static const char USAGE[] =
        "dapple points --size WxH (--radius R | --rmin A --rmax B --field SPEC)\n"
        "       [--map radius|density] [--cutoff C] [--levels B,W] [--gamma G] [--invert]\n"
        "       [--dilate PX] [--exclude image:PATH]... [--count N] [--k N] [--max-points N]\n"
        "       [--seed N] [--periodic] [--dense] [--maximal] [--rotation] [--scale-jitter J]\n"
        "       [--variants N] [--y-up] [--format csv|json] [--region X,Y,WxH] [-j N]\n"
        "       [--quiet] -o FILE|-";

/* Samples the world of the options' field (to --count points if asked: *scale gets the
 * spacing factor); *out (n points) is the caller's to free. */
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
    so.periodic = o->periodic;
    so.dense = o->dense;
    so.maximal = o->maximal;
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
    double t0 = dp_cli_now(), scale;
    if (dp_cli_prepare_output(o.output, &err) != DAPPLE_OK)
        goto done;
    dp_progress_live_begin(dp_cli_show_progress(&o));
    dp_progress_live_phase("preparing the field");
    if (dp_cli_make_field(&o, &field, &err) != DAPPLE_OK)
        goto done;
    dp_progress_live_phase("sampling");
    if (sample(&o, field, &p, &n, &stop, &scale, &err) != DAPPLE_OK)
        goto done;
    double seconds = dp_cli_now() - t0;
    dp_progress_live_phase("writing");
    if (dp_cli_write_points(&o, o.output, p, n, &err) != DAPPLE_OK)
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
