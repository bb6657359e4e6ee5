/* SPDX-License-Identifier: MIT
 * `dapple tiles`: a whole world written as a grid of tiles, mask tiles and/or point
 * lists, with a manifest of checksums. Each tile is computed alone, as `mask --region`
 * computes its window (the world's points there plus the halo that inks it), so memory is
 * bounded by the tile, not the world, and the tiles join with no seam. The batch engine
 * runs the tiles as jobs: one worker, tiles one after another (-j threads sample each
 * tile); a lock on the folder, resume from the set's manifests, --shard. What a tile is
 * made of (the options' field and sampler, mask --region) and every line for the user
 * come from the command through dp_tiles_events. */
#include "batch/tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/build_id.h"
#include "batch/folder.h"
#include "batch/plan.h"
#include "batch/pool.h"
#include "core/dp.h"
#include "io/atomic_file.h"
#include "io/sha256.h"

/* A worker's verdict on one tile. */
struct made {
    dapple_status status;
    dapple_error err;
    size_t points;
    bool limit;
    double seconds;
};

typedef struct run {
    const dp_tiles_opts *o;
    const dp_tiles_events *ev;
    dp_tiles_plan plan;
    dp_batch_manifest known; /* what the set's manifests of this world recorded */
    dp_batch_lock lock;
    int n_other;           /* manifests of another world in the folder */
    dp_tile_record *tiles; /* this run's (its shard's), in index order */
    size_t n_mine, written, skipped;
    char manifest[DP_BATCH_PATH_MAX];
    dp_batch_saver saver; /* the manifest's rhythm: at most a tenth of the time */
    bool show;
    struct made *made; /* per tile, by the worker; read by the main thread once it reports */
    dapple_error err;  /* the first failure: the run stops there */
    bool failed;
} run;

/* The patterns' folder is created (one level, like mkdir), probed as every output is, and
 * locked for the run. */
static dapple_status prepare_dir(run *r, const dp_tile_record *first, dapple_error *err)
{
    char path[DP_BATCH_PATH_MAX];
    dp_tiles_file_path(&r->plan, first, 0, path, sizeof path);
    if (dp_batch_make_dir(r->plan.dir, err) != DAPPLE_OK ||
        dp_atomic_prepare(path, err) != DAPPLE_OK)
        return err->status;
    return dp_batch_lock_take(&r->lock, r->plan.dir, err);
}

/* Every file of the tile is there with the checksum a manifest of this world recorded. */
static bool up_to_date(const run *r, dp_tile_record *t)
{
    for (int i = 0; i < t->n_files; i++) {
        const dp_batch_entry *e;
        if (!dp_batch_fresh(&r->known, dp_build_id(), r->plan.dir, t->file[i], r->plan.world_sha256,
                            &e))
            return false;
        memcpy(t->sha256[i], e->sha256, sizeof t->sha256[i]);
    }
    return true;
}

/* ------------------------------------------------------------------------- known tiles */

static bool same_world(void *ctx, const json_t *plan)
{
    const run *r = ctx;
    const char *w = json_string_value(json_object_get(json_object_get(plan, "world"), "sha256"));
    return w != NULL && strcmp(w, r->plan.world_sha256) == 0;
}

/* A manifest of the set passed over: one that cannot be read, each time; one of another
 * world (shards made elsewhere by another build, say), the first. */
static void note_known(void *ctx, const char *name, const dapple_error *why)
{
    run *r = ctx;
    if (!r->show)
        return;
    if (why != NULL && why->status == DAPPLE_OK) /* entries left out, the rest kept */
        dp_batch_say(r->ev->say, r->ev->user, "%s: their tiles are made again", why->message);
    else if (why != NULL)
        dp_batch_say(r->ev->say, r->ev->user, "%s (ignored: its tiles are made again)",
                     why->message);
    else if (r->n_other++ == 0)
        dp_batch_say(r->ev->say, r->ev->user,
                     "%s: made for another world (other options, images or dapple build): "
                     "its tiles are made again",
                     name);
}

/* ------------------------------------------------------------------------- making tiles */

/* Samples the tile's window with its halo (the command's work) and hashes its files. */
static dapple_status make_tile(const run *r, dp_tile_record *t, size_t *points, bool *limit,
                               dapple_error *err)
{
    char path[2][DP_BATCH_PATH_MAX];
    for (int i = 0; i < t->n_files; i++)
        dp_tiles_file_path(&r->plan, t, i, path[i], sizeof path[i]);
    const char *mask = r->plan.mask_pattern != NULL ? path[0] : NULL;
    const char *list = r->plan.points_pattern != NULL ? path[t->n_files - 1] : NULL;
    dapple_status st = r->ev->make_tile(r->ev->user, t->window, mask, list, points, limit, err);
    for (int i = 0; st == DAPPLE_OK && i < t->n_files; i++)
        st = dp_sha256_file(path[i], t->sha256[i], err);
    return st;
}

/* Before any work: no tile of this run may overwrite an image the field reads. */
static dapple_status check_not_inputs(const run *r, dapple_error *err)
{
    char path[DP_BATCH_PATH_MAX];
    for (size_t i = 0; i < r->n_mine; i++)
        for (int f = 0; f < r->tiles[i].n_files; f++) {
            dp_tiles_file_path(&r->plan, &r->tiles[i], f, path, sizeof path);
            if (r->ev->check_output(r->ev->user, path, err) != DAPPLE_OK)
                return err->status;
        }
    return DAPPLE_OK;
}

/* This run's tile names, sorted, to ask whether another set's file is one of them. */
typedef struct name_index {
    const char **names;
    size_t n;
} name_index;

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool is_mine(void *ctx, const char *file)
{
    const name_index *x = ctx;
    return bsearch(&file, x->names, x->n, sizeof *x->names, by_name) != NULL;
}

/* Before any work: two patterns that spell the same names (t_{x}_{y} and t_{x:01}_{y:01})
 * keep manifests of their own, and each overwrote the other's tiles without a word. A
 * tile name that another set's manifest in the folder lists is refused. */
static dapple_status check_other_sets(const run *r, dapple_error *err)
{
    name_index x = { dp_calloc_n(2 * r->n_mine + 1, sizeof *x.names), 0 };
    char other[DP_BATCH_FILE_MAX] = "", file[DP_BATCH_FILE_MAX];
    uint64_t bound = DP_MAX(dp_tiles_manifest_bound(&r->plan), (uint64_t)16 << 20);
    if (x.names == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu tiles", r->n_mine);
    for (size_t i = 0; i < r->n_mine; i++)
        for (int f = 0; f < r->tiles[i].n_files; f++)
            x.names[x.n++] = r->tiles[i].file[f];
    qsort(x.names, x.n, sizeof *x.names, by_name);
    dp_batch_set set = { r->plan.dir, r->plan.base, bound };
    dapple_status st =
            dp_batch_other_sets(&set, "tiles", is_mine, &x, other, file, sizeof other, err);
    free(x.names);
    if (st != DAPPLE_OK || other[0] == '\0')
        return st;
    return dp_fail(err, DAPPLE_E_INVALID,
                   "-o: %s/%s is a tile of another set (%s lists it): these tiles would "
                   "overwrite it; name them otherwise, or remove that set's manifest",
                   r->plan.dir, file, other);
}

/* The records of this run's tiles, in index order. */
static dapple_status list_tiles(run *r, dapple_error *err)
{
    int total = r->plan.nx * r->plan.ny;
    for (int i = 0; i < total; i++)
        r->n_mine += dp_batch_shard_mine((size_t)i, r->o->shard_index, r->o->shard_count);
    r->tiles = dp_calloc_n(r->n_mine + 1, sizeof *r->tiles);
    r->made = dp_calloc_n(r->n_mine + 1, sizeof *r->made);
    if (r->tiles == NULL || r->made == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu tiles", r->n_mine);
    for (int i = 0, k = 0; i < total; i++)
        if (dp_batch_shard_mine((size_t)i, r->o->shard_index, r->o->shard_count) &&
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
    double t0 = dp_batch_now();
    dp_batch_manifest m;
    if (!now && !dp_batch_saver_due(&r->saver))
        return DAPPLE_OK;
    dp_batch_manifest_init(&m, "tiles", dp_build_id());
    dapple_status st = dp_tiles_manifest_fill(&m, &r->plan, r->o, r->tiles, r->n_mine, err);
    if (st == DAPPLE_OK)
        st = dp_batch_manifest_write(&m, r->manifest, err);
    dp_batch_manifest_fini(&m);
    dp_batch_saver_wrote(&r->saver, t0);
    return st;
}

static void tile_label(const dp_tile_record *t, char *label, size_t cap)
{
    snprintf(label, cap, "x%d_y%d", t->tx, t->ty);
}

/* On the worker (the only one: tiles run one after another, each sampled by -j threads). */
static bool run_one(void *ctx, size_t job)
{
    run *r = ctx;
    struct made *m = &r->made[job];
    double t0 = dp_batch_now();
    m->status = make_tile(r, &r->tiles[job], &m->points, &m->limit, &m->err);
    m->seconds = dp_batch_now() - t0;
    return m->status == DAPPLE_OK; /* a tile that cannot be made stops the run */
}

static void tile_started(void *ctx, size_t job)
{
    run *r = ctx;
    char label[32];
    tile_label(&r->tiles[job], label, sizeof label);
    if (r->show)
        r->ev->started(r->ev->user, label);
}

/* Main thread: a tile made is listed before it is reported (a run stopped right after the
 * report keeps it); a failure stops the run. */
static bool tile_finished(void *ctx, size_t job)
{
    run *r = ctx;
    dp_tile_record *t = &r->tiles[job];
    const struct made *m = &r->made[job];
    char label[32], note[96];
    tile_label(t, label, sizeof label);
    if (m->status != DAPPLE_OK) {
        r->err = m->err;
        dp_fail_prefix(&r->err, r->err.status, "tile %s", label);
        return !(r->failed = true);
    }
    if (m->limit && r->show) { /* a bail-out: reported, not failed, as by every command */
        snprintf(note, sizeof note, "tile %s: stopped at the limit of %llu points (--max-points)",
                 label, (unsigned long long)r->o->max_points);
        r->ev->note(r->ev->user, note);
    }
    t->done = true;
    r->written++;
    r->ev->done(r->ev->user);
    if (write_manifest(r, false, &r->err) != DAPPLE_OK)
        return !(r->failed = true);
    if (r->show)
        r->ev->finished(r->ev->user, label, t->n_files, m->seconds);
    return true;
}

/* Tiles in index order: their costs are alike, and the order reads well on the terminal. */
static double same_cost(void *ctx, size_t i)
{
    (void)ctx, (void)i;
    return 1;
}

static bool not_done(void *ctx, size_t i)
{
    return !((run *)ctx)->tiles[i].done;
}

/* Checks every tile first (hashing its files), then makes those not up to date. */
static dapple_status make_all(run *r, dapple_error *err)
{
    size_t *order, n_order;
    for (size_t i = 0; i < r->n_mine; i++)
        if (!r->o->force && up_to_date(r, &r->tiles[i]))
            r->tiles[i].done = true, r->skipped++;
    if (dp_batch_schedule(r->n_mine, same_cost, not_done, r, &order, &n_order, err) != DAPPLE_OK)
        return err->status;
    r->ev->begin(r->ev->user, (int)r->skipped, (int)r->n_mine, r->show);
    dp_batch_pool_ops ops = { r, run_one, tile_started, tile_finished, NULL };
    dapple_status st = write_manifest(r, true, err);
    if (st == DAPPLE_OK)
        st = dp_batch_pool_run(order, n_order, 1, false, &ops, err);
    free(order);
    if (st == DAPPLE_OK && r->failed)
        st = (*err = r->err).status;
    if (r->written > 0) { /* the tiles made since the last write; after a failure too */
        dapple_error ignored;
        dapple_status w = write_manifest(r, true, st == DAPPLE_OK ? err : &ignored);
        st = st == DAPPLE_OK ? w : st;
    }
    if (r->show)
        r->ev->end(r->ev->user);
    return st;
}

/* The manifest of dapple 0.4.0 and before, tiles.json, is not read: said once a run. */
static void note_old_manifest(const run *r)
{
    char path[DP_BATCH_PATH_MAX];
    dp_batch_join(path, sizeof path, r->plan.dir, "tiles.json");
    if (r->show && access(path, F_OK) == 0)
        dp_batch_say(r->ev->say, r->ev->user,
                     "%s: made by an older dapple (before manifest format %d), not read: "
                     "remove it once its tiles are made again",
                     path, DP_BATCH_FORMAT);
}

static dapple_status run_tiles(run *r, dapple_error *err)
{
    char name[DP_BATCH_FILE_MAX];
    dp_tile_record probe; /* tile 0, whoever makes it: its folder is every tile's */
    if (list_tiles(r, err) != DAPPLE_OK ||
        dp_tiles_record_init(&r->plan, r->o, 0, &probe, err) != DAPPLE_OK ||
        check_not_inputs(r, err) != DAPPLE_OK ||
        r->ev->check_budget(r->ev->user, r->plan.size, err) != DAPPLE_OK ||
        prepare_dir(r, &probe, err) != DAPPLE_OK || check_other_sets(r, err) != DAPPLE_OK ||
        dp_tiles_world_hash(&r->plan, r->ev, err) != DAPPLE_OK)
        return err->status;
    dp_batch_manifest_name(name, sizeof name, r->plan.base, r->o->shard_index, r->o->shard_count);
    dp_batch_join(r->manifest, sizeof r->manifest, r->plan.dir, name);
    dp_batch_set set = { r->plan.dir, r->plan.base, dp_tiles_manifest_bound(&r->plan) };
    if (dp_batch_read_set(&r->known, &set, same_world, note_known, r, err) != DAPPLE_OK)
        return err->status;
    note_old_manifest(r);
    return make_all(r, err);
}

static void print_summary(const run *r, double seconds)
{
    if (r->written == 0)
        dp_batch_say(r->ev->say, r->ev->user, "tiles: nothing to do, %zu %s up to date", r->skipped,
                     r->skipped == 1 ? "tile" : "tiles");
    else
        dp_batch_say(r->ev->say, r->ev->user, "tiles: %zu written, %zu up to date in %.2f s",
                     r->written, r->skipped, seconds);
}

dapple_status dp_tiles_run(const dp_tiles_plan *p, const dp_tiles_opts *o,
                           const dp_tiles_events *ev, dapple_error *err)
{
    run r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.ev = ev;
    r.plan = *p;
    r.show = !o->quiet;
    r.lock.fd = -1;
    r.saver.ratio = 10;
    dp_batch_manifest_init(&r.known, "tiles", dp_build_id());
    double t0 = dp_batch_now();
    dapple_status st = run_tiles(&r, err);
    if (st == DAPPLE_OK && r.show)
        print_summary(&r, dp_batch_now() - t0);
    free(r.tiles);
    free(r.made);
    dp_batch_manifest_fini(&r.known);
    dp_batch_lock_release(&r.lock);
    return st;
}
