/* SPDX-License-Identifier: MIT
 * `dapple mask`: a linear single-channel 8- or 16-bit mask for engines (footprint, splat,
 * clearance or density), made from one layer described on the command line, or drawn
 * from a point list (--from). The layer is sampled with the seed itself, as `points`
 * samples, so `mask --points` writes the very bytes `points` would. */
#include "cli/commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/outputs.h"
#include "batch/plan.h"
#include "cli/common.h"
#include "cli/progress.h"
#include "core/dp.h"
#include "io/points_read.h"
#include "render/render.h"

static const char USAGE[] =
        "dapple mask --size WxH\n"
        "       (--radius R | --rmin A --rmax B --field SPEC | --from FILE)\n"
        "       [--map radius|density] [--cutoff C] [--levels B,W] [--gamma G] [--invert]\n"
        "       [--dilate PX] [--exclude image:PATH]... [--count N]\n"
        "       [--kind footprint|splat|clearance|density] [--dot-radius PX]\n"
        "       [--depth 8|16] [--periodic[-x|-y]] [--seed N] [--points FILE]\n"
        "       [--region X,Y,WxH] [-j N] [--quiet] -o MASK.png";

/* One layer named "points" with the command line's field and sampler options. */
dapple_status dp_mask_spec_from_opts(const dp_cli_opts *o, dp_texture_spec *t, dapple_error *err)
{
    dp_texture_spec_init(t);
    t->width = o->width;
    t->height = o->height;
    t->seed = o->seed;
    t->wrap = o->wrap;
    t->mask = o->mask_kind;
    t->mask_depth = o->depth;
    t->max_pixels = o->max_pixels;
    t->sample_threads = dp_cli_threads(o);
    t->progress = dp_progress_live_fraction; /* "sampling 42%..." on a terminal */
    t->masks_only = true;
    if (o->have_region)
        t->view_x = o->region_x, t->view_y = o->region_y, t->view_w = o->region_w,
        t->view_h = o->region_h;
    t->n_layers = 1;
    dp_layer_spec *l = &t->layers[0];
    dp_layer_spec_init(l);
    strcpy(l->name, "points");
    l->k = o->k;
    l->max_points = (size_t)o->max_points;
    l->count = (size_t)o->count;
    l->dense = o->dense;
    l->maximal = o->maximal;
    l->relax = o->relax;
    l->seed_raw = true;
    l->dot_radius = o->dot_radius;
    l->n_exclude = o->n_exclude;
    dp_cli_exclude_paths(o, l->exclude);
    return dp_cli_field_opts(o, &l->field, l->field_image, sizeof l->field_image, err);
}

/* The field, built once: the up-front point budget needs it, and the scene samples it
 * (building it twice cost about a fifth of a Perlin mask's time). */
static dapple_status make_field(const dp_cli_opts *o, dapple_field **f, dapple_error *err)
{
    if (dp_cli_make_field(o, f, err) != DAPPLE_OK)
        return err->status;
    if (o->count > 0)
        return DAPPLE_OK; /* the count is the budget, checked against --max-points */
    return dp_cli_check_budget(o, dapple_field_estimate_points(*f), err);
}

/* --from: the scene is the file's points, and the field (when field options are given)
 * only clips the mask and gives the density kind. */
static dapple_status scene_from_file(const dp_cli_opts *o, dp_scene *s, dapple_error *err)
{
    dp_point_list list;
    memset(s, 0, sizeof *s);
    if (dp_points_read(o->from, (size_t)o->max_points, &list, err) != DAPPLE_OK)
        return dp_fail_prefix(err, err->status, "--from");
    bool have_r = list.have_r;
    if (o->y_up) /* the list measures y up from the bottom edge; masks are drawn y down */
        for (size_t i = 0; i < list.count; i++)
            list.points[i].y = (float)o->height - list.points[i].y;
    s->n_layers = 1;
    s->layers[0].points = list.points, s->layers[0].count = list.count;
    s->layers[0].scale = 1;
    list.points = NULL;
    dp_point_list_free(&list);
    if (o->mask_kind != DP_MASK_CLEARANCE && !have_r && o->dot_radius == 0) {
        dp_scene_fini(s);
        return dp_fail(err, DAPPLE_E_INVALID, "--from: %s has no r column: give --dot-radius",
                       o->from);
    }
    bool field = o->have_radius || o->field != NULL || o->n_exclude > 0;
    if (!field && o->mask_kind == DP_MASK_DENSITY) {
        dp_scene_fini(s);
        return dp_fail(err, DAPPLE_E_INVALID, "--kind density: needs a field (--field ...)");
    }
    if (field && dp_cli_make_field(o, &s->fields[0], err) != DAPPLE_OK) {
        dp_scene_fini(s);
        return err->status;
    }
    return DAPPLE_OK;
}

/* Keeps, in order, the points inside --region; returns how many. */
size_t dp_mask_keep_region(const dp_cli_opts *o, dapple_point *p, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        double x = p[i].x, y = p[i].y;
        if (x >= o->region_x && x < o->region_x + o->region_w && y >= o->region_y &&
            y < o->region_y + o->region_h)
            p[k++] = p[i];
    }
    return k;
}

/* *field: the field the scene borrows (the caller frees it after the scene). */
static dapple_status make_scene(const dp_cli_opts *o, dp_texture_spec *t, dp_scene *s,
                                dapple_field **field, dapple_error *err)
{
    if (o->from != NULL)
        return scene_from_file(o, s, err);
    if (make_field(o, field, err) != DAPPLE_OK)
        return err->status;
    t->layers[0].given_field = *field;
    dp_progress_live_phase("sampling");
    return dp_scene_sample(t, s, err);
}

int dp_cmd_mask(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dp_texture_spec t;
    dp_scene scene;
    int start = dp_cli_start(DP_CMD_MASK, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    double t0 = dp_batch_now();
    /* both outputs are probed first, so a bad --points folder cannot leave the mask alone */
    const char *const opt[2] = { "-o", "--points" }, *const path[2] = { o.output, o.points_path };
    if (dp_cli_check_outputs(2, opt, path, &err) != DAPPLE_OK ||
        dp_cli_check_distinct("-o", o.output, o.from, &err) != DAPPLE_OK ||
        dp_cli_check_distinct("--points", o.points_path, o.from, &err) != DAPPLE_OK ||
        dp_atomic_prepare(o.output, &err) != DAPPLE_OK ||
        dp_atomic_prepare(o.points_path, &err) != DAPPLE_OK ||
        dp_mask_spec_from_opts(&o, &t, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    dp_progress_live_begin(dp_cli_show_progress(&o));
    dp_progress_live_phase("preparing the field");
    dapple_field *field = NULL;
    if (make_scene(&o, &t, &scene, &field, &err) != DAPPLE_OK) {
        dp_progress_live_end();
        dapple_field_free(field);
        return dp_cli_report(&err, DP_EXIT_FAIL);
    }
    dp_layer_points *lp = &scene.layers[0];
    dapple_status st = dp_output_mask(&t, &scene, o.output, dp_progress_live_phase, &err);
    if (o.have_region) /* the window's own points: the mask also drew some around it */
        lp->count = dp_mask_keep_region(&o, lp->points, lp->count);
    if (st == DAPPLE_OK && o.points_path != NULL) {
        dp_progress_live_phase("writing the points");
        st = dp_cli_write_points(&o, o.points_path, lp->points, lp->count, &err);
    }
    dp_progress_live_end();
    if (st == DAPPLE_OK && o.from == NULL && !o.quiet) {
        dp_cli_print_count(&o, lp->scale);
        dp_cli_print_summary(lp->count, dp_batch_now() - t0, lp->stop, (size_t)o.max_points);
    }
    dp_scene_fini(&scene);
    dapple_field_free(field);
    return st == DAPPLE_OK ? DP_EXIT_OK : dp_cli_report(&err, DP_EXIT_FAIL);
}
