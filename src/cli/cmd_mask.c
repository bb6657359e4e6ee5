/* SPDX-License-Identifier: MIT
 * `dapple mask`: a linear single-channel 8- or 16-bit mask for engines (footprint, splat,
 * clearance or density), made from one layer described on the command line. */
#include "cli/commands.h"

#include <stdio.h>
#include <string.h>

#include "cli/common.h"
#include "io/atomic_file.h"
#include "cli/outputs.h"

static const char USAGE[] =
        "dapple mask --size WxH (--radius R | --rmin A --rmax B --field SPEC)\n"
        "       [--kind footprint|splat|clearance|density] [--depth 8|16] [--periodic]\n"
        "       [--seed N] [--points FILE] -o MASK.png";

/* One layer named "points" with the command line's field and sampler options. */
static dapple_status spec_from_opts(const dp_cli_opts *o, dp_texture_spec *t, dapple_error *err)
{
    dp_texture_spec_init(t);
    t->width = o->width;
    t->height = o->height;
    t->seed = o->seed;
    t->periodic = o->periodic;
    t->mask = o->mask_kind;
    t->mask_depth = o->depth;
    t->max_pixels = o->max_pixels;
    t->n_layers = 1;
    dp_layer_spec *l = &t->layers[0];
    dp_layer_spec_init(l);
    strcpy(l->name, "points");
    l->k = o->k;
    l->max_points = (size_t)o->max_points;
    l->dense = o->dense;
    l->maximal = o->maximal;
    return dp_cli_field_opts(o, &l->field, l->field_image, sizeof l->field_image, err);
}

/* The up-front point budget needs the field; building it twice is cheap next to sampling. */
static dapple_status check_budget(const dp_cli_opts *o, dapple_error *err)
{
    dapple_field *f = NULL;
    if (dp_cli_make_field(o, &f, err) != DAPPLE_OK)
        return err->status;
    dapple_status st = dp_cli_check_budget(o, dapple_field_estimate_points(f), err);
    dapple_field_free(f);
    return st;
}

int dp_cmd_mask(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dp_texture_spec t;
    dp_render_stats stats;
    int start = dp_cli_start(DP_CMD_MASK, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    dp_output_paths paths = { .mask = o.output, .points = o.points_path };
    /* both outputs are probed first, so a bad --points folder cannot leave the mask alone */
    if (dp_cli_check_distinct("--points", o.points_path, o.output, &err) != DAPPLE_OK ||
        dp_atomic_probe(o.output, &err) != DAPPLE_OK ||
        dp_atomic_probe(o.points_path, &err) != DAPPLE_OK ||
        spec_from_opts(&o, &t, &err) != DAPPLE_OK || check_budget(&o, &err) != DAPPLE_OK ||
        dp_render_outputs(&t, &paths, &stats, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    dp_cli_print_summary(stats.points[0], stats.seconds, stats.stop[0], (size_t)o.max_points);
    return DP_EXIT_OK;
}
