/* SPDX-License-Identifier: MIT
 * `dapple tiles`: a whole world written as a grid of tiles, mask tiles and/or point
 * lists, with a manifest of checksums. Each tile is computed alone, as `mask --region`
 * computes its window (the world's points there plus the halo that inks it), so memory is
 * bounded by the tile, not the world, and the tiles join with no seam. -j threads sample
 * each tile; tiles run one after another. A rerun skips the tiles whose files still have
 * the checksums a manifest of the same world recorded. */
#include "cli/commands.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/common.h"
#include "cli/interrupt.h"
#include "cli/outputs.h"
#include "cli/progress.h"
#include "cli/tiles.h"
#include "core/dp.h"
#include "io/sha256.h"
#include "render/render.h"

static const char USAGE[] =
        "dapple tiles --size WxH --tile-size PX\n"
        "       (--radius R | --rmin A --rmax B --field SPEC) [--map radius|density]\n"
        "       [--cutoff C] [--levels B,W] [--gamma G] [--invert] [--dilate PX]\n"
        "       [--exclude image:PATH]... [--kind footprint|splat|clearance|density]\n"
        "       [--dot-radius PX] [--depth 8|16] [--periodic] [--seed N]\n"
        "       [--points PATTERN] [-j N] [--shard I/N] [--force] [--quiet] -o PATTERN";

typedef struct run {
    const dp_cli_opts *o;
    dp_tiles_plan plan;
    dp_tiles_known known;
    dp_tile_record *tiles; /* this run's (its shard's), in index order */
    size_t n_mine, written, skipped;
    double last_write, write_cost; /* when the manifest was last written, and how long */
    dp_progress progress;
    bool show;
} run;

/* The patterns' folder is created (one level, like mkdir), then probed as every output is. */
static dapple_status prepare_dir(const run *r, const dp_tile_record *first, dapple_error *err)
{
    char path[DP_PATH_MAX + DP_MANIFEST_FILE_MAX];
    struct stat st;
    if (mkdir(r->plan.dir, 0777) != 0 && errno != EEXIST)
        return dp_fail(err, DAPPLE_E_IO, "%s: cannot create the folder: %s", r->plan.dir,
                       strerror(errno));
    if (stat(r->plan.dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return dp_fail(err, DAPPLE_E_IO, "%s: not a folder", r->plan.dir);
    dp_tiles_file_path(&r->plan, first, 0, path, sizeof path);
    return dp_cli_prepare_output(path, err);
}

/* Every file of the tile is there with the checksum a manifest of this world recorded. */
static bool up_to_date(const run *r, dp_tile_record *t)
{
    char path[DP_PATH_MAX + DP_MANIFEST_FILE_MAX];
    dapple_error ignored;
    for (int i = 0; i < t->n_files; i++) {
        const char *want = dp_tiles_known_find(&r->known, t->file[i]);
        dp_tiles_file_path(&r->plan, t, i, path, sizeof path);
        if (want == NULL || dp_sha256_file(path, t->sha256[i], &ignored) != DAPPLE_OK ||
            strcmp(want, t->sha256[i]) != 0)
            return false;
    }
    return true;
}

/* The default point limit guards each tile, not the world, which may hold any number:
 * a full tile is refused when its share of the world's expected points exceeds it. An
 * explicit --max-points stops each tile's sampling there (a bail-out, as in `mask`). */
static dapple_status check_budget(const run *r, dapple_error *err)
{
    dapple_field *f = NULL;
    const dp_cli_opts *o = r->o;
    if (o->have_max_points)
        return DAPPLE_OK;
    if (dp_cli_make_field(o, &f, err) != DAPPLE_OK)
        return err->status;
    double share =
            DP_MIN(1.0, (double)r->plan.size * r->plan.size / ((double)o->width * o->height));
    double expected = dapple_field_estimate_points(f) * share;
    dapple_field_free(f);
    if (!(expected > (double)o->max_points))
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_LIMIT,
                   "about %.3g points expected in a tile, over the default limit of %llu: use "
                   "smaller tiles or a larger radius, or give --max-points",
                   expected, (unsigned long long)o->max_points);
}

/* Samples the tile's window with its halo and writes its files; *points gets its count,
 * *limit whether --max-points stopped it. */
static dapple_status make_tile(const run *r, dp_tile_record *t, size_t *points, bool *limit,
                               dapple_error *err)
{
    char path[2][DP_PATH_MAX + DP_MANIFEST_FILE_MAX];
    dp_cli_opts o = *r->o;
    dp_texture_spec spec;
    dp_scene scene;
    o.have_region = true;
    o.region_x = t->window[0], o.region_y = t->window[1];
    o.region_w = t->window[2], o.region_h = t->window[3];
    for (int i = 0; i < t->n_files; i++)
        dp_tiles_file_path(&r->plan, t, i, path[i], sizeof path[i]);
    if (dp_mask_spec_from_opts(&o, &spec, err) != DAPPLE_OK)
        return err->status;
    if (!o.have_max_points) /* checked per tile by check_budget, not for the whole world */
        spec.layers[0].max_points = DAPPLE_LIMIT_POINTS;
    if (dp_scene_sample(&spec, &scene, err) != DAPPLE_OK)
        return err->status;
    dp_layer_points *lp = &scene.layers[0];
    bool mask = r->plan.mask_pattern != NULL;
    dapple_status st = mask ? dp_output_mask(&spec, &scene, path[0], err) : DAPPLE_OK;
    lp->count = dp_mask_keep_region(&o, lp->points, lp->count);
    *points = lp->count;
    *limit = lp->stop == DAPPLE_STOP_MAX_POINTS;
    if (st == DAPPLE_OK && r->plan.points_pattern != NULL)
        st = dp_cli_write_points(&o, path[t->n_files - 1], lp->points, lp->count, err);
    dp_scene_fini(&scene);
    for (int i = 0; st == DAPPLE_OK && i < t->n_files; i++)
        st = dp_sha256_file(path[i], t->sha256[i], err);
    return st;
}

static bool mine(const dp_cli_opts *o, int index)
{
    return o->shard_count == 0 || index % o->shard_count == o->shard_index - 1;
}

/* Before any work: no tile of this run may overwrite an image the field reads. */
static dapple_status check_not_inputs(const run *r, dapple_error *err)
{
    char path[DP_PATH_MAX + DP_MANIFEST_FILE_MAX];
    if (r->o->field == NULL && r->o->n_exclude == 0)
        return DAPPLE_OK;
    for (size_t i = 0; i < r->n_mine; i++)
        for (int f = 0; f < r->tiles[i].n_files; f++) {
            dp_tiles_file_path(&r->plan, &r->tiles[i], f, path, sizeof path);
            if (dp_cli_check_field_inputs(r->o, path, err) != DAPPLE_OK)
                return err->status;
        }
    return DAPPLE_OK;
}

/* The records of this run's tiles, in index order. */
static dapple_status list_tiles(run *r, dapple_error *err)
{
    int total = r->plan.nx * r->plan.ny;
    for (int i = 0; i < total; i++)
        r->n_mine += mine(r->o, i);
    r->tiles = dp_calloc_n(r->n_mine + 1, sizeof *r->tiles);
    if (r->tiles == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu tiles", r->n_mine);
    for (int i = 0, k = 0; i < total; i++)
        if (mine(r->o, i) &&
            dp_tiles_record_init(&r->plan, r->o, i, &r->tiles[k++], err) != DAPPLE_OK)
            return err->status;
    return DAPPLE_OK;
}

/* The manifest lists what is done: once the up-to-date tiles are known, then after each
 * tile made, unless writing it would take more than a tenth of the time (a manifest of
 * thousands of tiles, tiles made in milliseconds): a killed run makes again only the
 * tiles it had not yet listed. And at the end. */
static dapple_status write_manifest(run *r, bool now, dapple_error *err)
{
    double t0 = dp_cli_now();
    if (!now && t0 - r->last_write < 10 * r->write_cost)
        return DAPPLE_OK;
    dapple_status st = dp_tiles_manifest_write(&r->plan, r->o, r->tiles, r->n_mine, err);
    r->last_write = dp_cli_now();
    r->write_cost = r->last_write - t0;
    return st;
}

static dapple_status make_one(run *r, dp_tile_record *t, dapple_error *err)
{
    char label[32];
    size_t points = 0;
    bool limit = false;
    double t0 = dp_cli_now();
    snprintf(label, sizeof label, "x%d_y%d", t->tx, t->ty);
    if (r->show)
        dp_progress_started(&r->progress, label);
    if (make_tile(r, t, &points, &limit, err) != DAPPLE_OK)
        return dp_fail_prefix(err, err->status, "tile %s", label);
    if (limit && r->show) { /* a bail-out: reported, not failed, as by every command */
        char note[96];
        snprintf(note, sizeof note, "tile %s: stopped at the limit of %llu points (--max-points)",
                 label, (unsigned long long)r->o->max_points);
        dp_progress_note(&r->progress, note);
    }
    t->done = true;
    r->written++;
    dp_interrupt_pack_done();
    /* listed before it is reported: a run stopped right after the report keeps the tile */
    dapple_status st = write_manifest(r, false, err);
    if (r->show)
        dp_progress_finished(&r->progress, label, t->n_files, dp_cli_now() - t0, 1);
    return st;
}

/* Checks every tile first (hashing its files), then makes those not up to date. */
static dapple_status make_all(run *r, dapple_error *err)
{
    for (size_t i = 0; i < r->n_mine; i++)
        if (!r->o->force && up_to_date(r, &r->tiles[i]))
            r->tiles[i].done = true, r->skipped++;
    if (r->show) {
        dp_progress_init(&r->progress, (int)r->n_mine, (double)r->n_mine, isatty(STDERR_FILENO));
        r->progress.done = (int)r->skipped; /* counted on the bar, no line: as pack's */
    }
    dp_interrupt_tiles_begin((int)r->skipped, (int)r->n_mine);
    dapple_status st = write_manifest(r, true, err);
    for (size_t i = 0; i < r->n_mine && st == DAPPLE_OK; i++)
        if (!r->tiles[i].done)
            st = make_one(r, &r->tiles[i], err);
    if (r->written > 0) { /* the tiles made since the last write; after a failure too */
        dapple_error ignored;
        dapple_status w = write_manifest(r, true, st == DAPPLE_OK ? err : &ignored);
        st = st == DAPPLE_OK ? w : st;
    }
    if (r->show)
        dp_progress_end(&r->progress);
    return st;
}

static dapple_status run_tiles(run *r, dapple_error *err)
{
    dp_tile_record probe; /* tile 0, whoever makes it: its folder is every tile's */
    if (list_tiles(r, err) != DAPPLE_OK ||
        dp_tiles_record_init(&r->plan, r->o, 0, &probe, err) != DAPPLE_OK ||
        check_not_inputs(r, err) != DAPPLE_OK || check_budget(r, err) != DAPPLE_OK ||
        prepare_dir(r, &probe, err) != DAPPLE_OK ||
        dp_tiles_world_hash(&r->plan, r->o, err) != DAPPLE_OK ||
        dp_tiles_known_read(&r->known, &r->plan, err) != DAPPLE_OK)
        return err->status;
    if (r->show && r->known.n_other > 0) /* e.g. shards made elsewhere by another build */
        fprintf(stderr,
                "dapple: %s%s: made for another world (other options, images or dapple build): "
                "its tiles are made again\n",
                r->known.other, r->known.n_other > 1 ? " (and others)" : "");
    return make_all(r, err);
}

static void print_summary(const run *r, double seconds)
{
    if (r->written == 0)
        fprintf(stderr, "dapple: tiles: nothing to do, %zu %s up to date\n", r->skipped,
                r->skipped == 1 ? "tile" : "tiles");
    else
        fprintf(stderr, "dapple: tiles: %zu written, %zu up to date in %.2f s\n", r->written,
                r->skipped, seconds);
}

int dp_cmd_tiles(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    run r;
    int start = dp_cli_start(DP_CMD_TILES, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    memset(&r, 0, sizeof r);
    r.o = &o;
    r.show = !o.quiet;
    if (dp_tiles_plan_init(&r.plan, &o, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_USAGE);
    double t0 = dp_cli_now();
    dapple_status st = run_tiles(&r, &err);
    if (st == DAPPLE_OK && r.show)
        print_summary(&r, dp_cli_now() - t0);
    free(r.tiles);
    dp_tiles_known_free(&r.known);
    return st == DAPPLE_OK ? DP_EXIT_OK : dp_cli_report(&err, DP_EXIT_FAIL);
}
