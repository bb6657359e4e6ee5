/* SPDX-License-Identifier: MIT
 * `dapple field`: the prepared field as a grey PNG, so a user can see what the sampler
 * will see: for the radius map white = rmax; for the density map the relative density
 * (white = full, black = no points, exclusions included). */
#include "cli/commands.h"

#include <stdio.h>
#include <stdlib.h>

#include "cli/common.h"
#include "cli/progress.h"
#include "core/dp.h"
#include "core/field.h"
#include "io/image_save.h"

static const char USAGE[] =
        "dapple field --size WxH (--radius R | --rmin A --rmax B --field SPEC)\n"
        "       [--map radius|density] [--cutoff C] [--levels B,W] [--gamma G] [--invert]\n"
        "       [--dilate PX] [--exclude image:PATH]... [--seed N] [--periodic[-x|-y]]\n"
        "       [--depth 8|16] [--region X,Y,WxH] [-j N] [--quiet] -o FIELD.png";

static dapple_status write_field(const dp_cli_opts *o, const dapple_field *f, dapple_error *err)
{
    /* --region: that window of the whole image, pixel for pixel */
    int x0 = o->have_region ? o->region_x : 0, y0 = o->have_region ? o->region_y : 0;
    int w = o->have_region ? o->region_w : o->width, h = o->have_region ? o->region_h : o->height;
    uint16_t *buf = dp_calloc_n((size_t)w * (size_t)h, sizeof *buf);
    if (buf == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d field", w, h);
    dp_field_render_window(f, buf, w, h, x0, y0, o->width, o->height);
    dp_progress_live_phase("writing");
    dapple_status st = dp_image_write_grey(o->output, buf, w, h, o->depth, err);
    free(buf);
    return st;
}

int dp_cmd_field(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dapple_field *field = NULL;
    int start = dp_cli_start(DP_CMD_FIELD, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    if (dp_atomic_prepare(o.output, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    dp_progress_live_begin(dp_cli_show_progress(&o));
    dp_progress_live_phase("preparing the field");
    bool ok = dp_cli_make_field(&o, &field, &err) == DAPPLE_OK &&
              write_field(&o, field, &err) == DAPPLE_OK;
    dp_progress_live_end();
    if (!ok) {
        dapple_field_free(field);
        return dp_cli_report(&err, DP_EXIT_FAIL);
    }
    if (!o.quiet)
        fprintf(stderr, "dapple: %s field, r in [%g, %g], written to %s\n",
                dapple_field_map_kind(field) == DAPPLE_MAP_DENSITY ? "density" : "radius",
                dapple_field_rmin(field), dapple_field_rmax(field), o.output);
    dapple_field_free(field);
    return DP_EXIT_OK;
}
