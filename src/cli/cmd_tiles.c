/* SPDX-License-Identifier: MIT
 * `dapple tiles`: a whole world written as a grid of tiles, mask tiles and/or point
 * lists, with a manifest of checksums. The batch engine (batch/tiles_run.c) plans and runs
 * the tiles; this file parses the options, tells the engine what they mean (the world's
 * hash, the images not to overwrite, the point budget, how one tile is made: `mask
 * --region` of its window) and prints what the engine says. */
#include "cli/commands.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch/plan.h"
#include "batch/tiles.h"
#include "cli/common.h"
#include "cli/interrupt.h"
#include "cli/progress.h"
#include "core/dp.h"
#include "render/outputs.h"
#include "render/render.h"

static const char USAGE[] =
        "dapple tiles --size WxH --tile-size PX\n"
        "       (--radius R | --rmin A --rmax B --field SPEC) [--map radius|density]\n"
        "       [--cutoff C] [--levels B,W] [--gamma G] [--invert] [--dilate PX]\n"
        "       [--exclude image:PATH]... [--kind footprint|splat|clearance|density]\n"
        "       [--dot-radius PX] [--depth 8|16] [--periodic[-x|-y]] [--seed N]\n"
        "       [--points PATTERN] [-j N] [--shard I/N] [--force] [--quiet] -o PATTERN";

typedef struct cmd {
    const dp_cli_opts *o;
    dp_progress progress;
} cmd;

/* ------------------------------------------------------------------------- the world */

static const char *file_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* Everything that decides the tiles' bytes besides the build: the options (not -j,
 * --shard, --force, --quiet) and the images the field reads. */
static void hash_options(dp_sha256 *h, const dp_cli_opts *o)
{
    dp_batch_hash_line(h, "size %dx%d tile %d", o->width, o->height, o->tile_size);
    dp_batch_hash_line(h, "-o %s --points %s", file_name(o->output),
                       o->points_path ? file_name(o->points_path) : ""); /* the folder may move */
    dp_batch_hash_line(h, "radius %d %.17g rmin %d %.17g rmax %d %.17g field %s", o->have_radius,
                       o->radius, o->have_rmin, o->rmin, o->have_rmax, o->rmax,
                       o->field ? o->field : "");
    dp_batch_hash_line(h,
                       "map %d cutoff %.17g levels %.17g %.17g gamma %.17g invert %d dilate %.17g",
                       (int)o->map, o->cutoff, o->black, o->white, o->gamma, o->invert, o->dilate);
    for (int i = 0; i < o->n_exclude; i++)
        dp_batch_hash_line(h, "exclude %s", o->exclude[i]);
    /* the axes as a word: "1" and "0" for both and none, as before there were others */
    const char *wrap = o->wrap.x ? (o->wrap.y ? "1" : "x") : (o->wrap.y ? "y" : "0");
    dp_batch_hash_line(h, "k %d max %llu seed %llu periodic %s dense %d maximal %d relax %d", o->k,
                       (unsigned long long)o->max_points, (unsigned long long)o->seed, wrap,
                       o->dense, o->maximal, o->relax);
    dp_batch_hash_line(h, "kind %d depth %d dot %.17g jpeg %d max-pixels %llu", (int)o->mask_kind,
                       o->depth, o->dot_radius, o->jpeg_quality, (unsigned long long)o->max_pixels);
    dp_batch_hash_line(h, "rotation %d jitter %.17g variants %d y-up %d", o->rotation,
                       o->scale_jitter, o->variants, o->y_up);
    if (o->relative) /* only when asked, so that older tiles.json files keep their hash */
        dp_batch_hash_line(h, "relative 1");
    if (o->tile_base != 0) /* the names change: so do the manifest's entries */
        dp_batch_hash_line(h, "tile-base %d", o->tile_base);
}

static dapple_status hash_world(void *user, dp_sha256 *h, dapple_error *err)
{
    const dp_cli_opts *o = ((cmd *)user)->o;
    dapple_field_opts fo;
    char image[DP_PATH_MAX], paths[DP_MAX_EXCLUDE][DP_PATH_MAX];
    hash_options(h, o);
    if (dp_cli_field_opts(o, &fo, image, sizeof image, err) != DAPPLE_OK)
        return err->status;
    if (image[0] != '\0' && dp_batch_hash_file(h, "image", image, err) != DAPPLE_OK)
        return err->status;
    dp_cli_exclude_paths(o, paths);
    for (int i = 0; i < o->n_exclude; i++)
        if (dp_batch_hash_file(h, "image", paths[i], err) != DAPPLE_OK)
            return err->status;
    return DAPPLE_OK;
}

/* No tile may overwrite an image the field reads. */
static dapple_status check_output(void *user, const char *path, dapple_error *err)
{
    const dp_cli_opts *o = ((cmd *)user)->o;
    if (o->field == NULL && o->n_exclude == 0)
        return DAPPLE_OK;
    return dp_cli_check_field_inputs(o, path, err);
}

/* The default point limit guards each tile, not the world, which may hold any number:
 * a full tile is refused when its share of the world's expected points exceeds it. An
 * explicit --max-points stops each tile's sampling there (a bail-out, as in `mask`). */
static dapple_status check_budget(void *user, int tile_size, dapple_error *err)
{
    dapple_field *f = NULL;
    const dp_cli_opts *o = ((cmd *)user)->o;
    if (o->have_max_points)
        return DAPPLE_OK;
    if (dp_cli_make_field(o, &f, err) != DAPPLE_OK)
        return err->status;
    double share = DP_MIN(1.0, (double)tile_size * tile_size / ((double)o->width * o->height));
    double expected = dapple_field_estimate_points(f) * share;
    dapple_field_free(f);
    if (!(expected > (double)o->max_points))
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_LIMIT,
                   "about %.3g points expected in a tile, over the default limit of %llu: use "
                   "smaller tiles or a larger radius, or give --max-points",
                   expected, (unsigned long long)o->max_points);
}

/* Samples the tile's window with its halo, as `mask --region` does, and writes its files;
 * *points gets its count, *limit whether --max-points stopped it. */
static dapple_status make_tile(void *user, const int window[4], const char *mask_path,
                               const char *points_path, size_t *points, bool *limit,
                               dapple_error *err)
{
    dp_cli_opts o = *((cmd *)user)->o;
    dp_texture_spec spec;
    dp_scene scene;
    o.have_region = true;
    o.region_x = window[0], o.region_y = window[1];
    o.region_w = window[2], o.region_h = window[3];
    if (dp_mask_spec_from_opts(&o, &spec, err) != DAPPLE_OK)
        return err->status;
    if (!o.have_max_points) /* checked per tile by check_budget, not for the whole world */
        spec.layers[0].max_points = DAPPLE_LIMIT_POINTS;
    if (dp_scene_sample(&spec, &scene, err) != DAPPLE_OK)
        return err->status;
    dp_layer_points *lp = &scene.layers[0];
    dapple_status st = mask_path != NULL ? dp_output_mask(&spec, &scene, mask_path,
                                                          dp_progress_live_phase, err)
                                         : DAPPLE_OK;
    lp->count = dp_mask_keep_region(&o, lp->points, lp->count);
    *points = lp->count;
    *limit = lp->stop == DAPPLE_STOP_MAX_POINTS;
    if (st == DAPPLE_OK && points_path != NULL)
        st = dp_cli_write_points(&o, points_path, lp->points, lp->count, err);
    dp_scene_fini(&scene);
    return st;
}

/* ------------------------------------------------------------------------- printing */

static void say(void *user, const char *message)
{
    (void)user;
    fprintf(stderr, "dapple: %s\n", message);
}

static void begin(void *user, int done, int total, bool show)
{
    cmd *c = user;
    if (show) {
        dp_progress_init(&c->progress, total, (double)total, isatty(STDERR_FILENO));
        c->progress.done = done; /* counted on the bar, no line: as pack's */
    }
    dp_interrupt_tiles_begin(done, total);
}

static void started(void *user, const char *label)
{
    dp_progress_started(&((cmd *)user)->progress, label);
}

static void note(void *user, const char *message)
{
    dp_progress_note(&((cmd *)user)->progress, message);
}

static void done(void *user)
{
    (void)user;
    dp_interrupt_pack_done();
}

static void finished(void *user, const char *label, int files, double seconds)
{
    dp_progress_finished(&((cmd *)user)->progress, label, files, seconds, 1);
}

static void end(void *user)
{
    dp_progress_end(&((cmd *)user)->progress);
}

static void to_tiles_opts(const dp_cli_opts *o, dp_tiles_opts *t)
{
    memset(t, 0, sizeof *t);
    t->output = o->output;
    t->points_path = o->points_path;
    t->width = o->width, t->height = o->height;
    t->tile_size = o->tile_size;
    t->tile_base = o->tile_base;
    t->y_up = o->y_up;
    t->field = o->field;
    t->seed = o->seed;
    t->wrap = o->wrap;
    t->max_points = o->max_points;
    t->shard_index = o->shard_index, t->shard_count = o->shard_count;
    t->force = o->force;
    t->quiet = o->quiet;
}

int dp_cmd_tiles(int argc, char **argv)
{
    dp_cli_opts o;
    dp_tiles_opts to;
    dp_tiles_plan plan;
    dapple_error err;
    cmd c = { &o, { 0 } };
    dp_tiles_events ev = { .user = &c,
                           .hash_world = hash_world,
                           .check_output = check_output,
                           .check_budget = check_budget,
                           .make_tile = make_tile,
                           .say = say,
                           .begin = begin,
                           .started = started,
                           .note = note,
                           .done = done,
                           .finished = finished,
                           .end = end };
    int start = dp_cli_start(DP_CMD_TILES, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    to_tiles_opts(&o, &to);
    if (dp_tiles_plan_init(&plan, &to, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_USAGE);
    if (dp_tiles_run(&plan, &to, &ev, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    return DP_EXIT_OK;
}
