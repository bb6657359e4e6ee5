/* SPDX-License-Identifier: MIT
 * `dapple points`: sample a field and write the point list (CSV or JSON). The summary
 * line on stderr says how many points, how long, and why the run stopped. */
#include "cli/commands.h"

#include <stdio.h>

#include "cli/common.h"
#include "io/points_write.h"

static const char USAGE[] =
        "dapple points --size WxH (--radius R | --rmin A --rmax B --field SPEC) [--invert]\n"
        "       [--dilate PX] [--k N] [--max-points N] [--seed N] [--periodic] [--dense]\n"
        "       [--maximal] [--format csv|json] -o FILE|-";

static int points_format(const dp_cli_opts *o)
{
    if (o->format != NULL)
        return dp_points_format_parse(o->format);
    int f = dp_points_format_parse(o->output);
    return f < 0 ? DP_POINTS_CSV : f;
}

/* Samples with the options' field; *out is the caller's to free. */
static dapple_status sample(const dp_cli_opts *o, const dapple_field *field,
                            dapple_sampler **out, dapple_stop *stop, dapple_error *err)
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
    if (dp_cli_check_budget(o, dapple_field_estimate_points(field), err) != DAPPLE_OK)
        return err->status;
    if (dapple_sampler_new(out, field, &so, err) != DAPPLE_OK)
        return err->status;
    return dapple_sampler_run(*out, stop, err);
}

int dp_cmd_points(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dapple_field *field = NULL;
    dapple_sampler *s = NULL;
    dapple_stop stop;
    int code = DP_EXIT_FAIL;
    int start = dp_cli_start(DP_CMD_POINTS, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    double t0 = dp_cli_now();
    if (dp_cli_make_field(&o, &field, &err) != DAPPLE_OK || sample(&o, field, &s, &stop, &err))
        goto done;
    double seconds = dp_cli_now() - t0;
    size_t n;
    dp_point_set set = { dapple_sampler_points(s, &n), 0 };
    set.count = n;
    if (dp_points_write(o.output, (dp_points_format)points_format(&o), &set, 1, false, o.width,
                        o.height, o.seed, &err) != DAPPLE_OK)
        goto done;
    dp_cli_print_summary(n, seconds, stop, (size_t)o.max_points);
    code = DP_EXIT_OK;
done:
    if (code != DP_EXIT_OK)
        dp_cli_report(&err, code);
    dapple_sampler_free(s);
    dapple_field_free(field);
    return code;
}
