/* SPDX-License-Identifier: MIT
 * `dapple tiles`: the plan of a tiled world (tile grid, output patterns, the world's
 * hash) as jobs of the batch engine: one job a tile, its files listed in the tile set's
 * manifest, named after the -o pattern's file name (tiles.PATTERN.json, or
 * tiles.PATTERN-shard-I-of-N.json), which a rerun reads to skip the tiles whose files
 * still have their recorded checksums. */
#ifndef DP_BATCH_TILES_H
#define DP_BATCH_TILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "batch/manifest.h"
#include "dapple.h"
#include "core/wrap.h"
#include "io/sha256.h"
#include "render/texture.h"

/* What decides the grid, the names and the run; the command fills it from its options. */
typedef struct dp_tiles_opts {
    const char *output;      /* -o: the tiles' pattern (masks, or point lists by extension) */
    const char *points_path; /* --points: the point lists' pattern; NULL: none */
    int width, height;       /* the world */
    int tile_size;
    int tile_base;     /* the number of the first column and row in names, 0 or 1 */
    bool y_up;         /* {y} counts rows up from the bottom edge */
    const char *field; /* the field spec, for the manifest's plan; NULL: constant */
    uint64_t seed;
    dp_wrap wrap;        /* the axes that wrap */
    uint64_t max_points; /* named when a tile stops at it */
    int shard_index, shard_count;
    bool force, quiet; /* quiet: no progress, notes or summary */
} dp_tiles_opts;

/* What the tiles engine asks of its command, all on the calling (main) thread except
 * make_tile; 'user' is passed back. Every callback must be set. */
typedef struct dp_tiles_events {
    void *user;
    /* the command's own knowledge of its options: hash_world adds the lines of those that
     * decide the bytes (not -j, --shard, --force, --quiet) and the field's images;
     * check_output refuses a tile path that names an image the field reads; check_budget
     * refuses a tile of that side over the default point limit */
    dapple_status (*hash_world)(void *user, dp_sha256 *h, dapple_error *err);
    dapple_status (*check_output)(void *user, const char *path, dapple_error *err);
    dapple_status (*check_budget)(void *user, int tile_size, dapple_error *err);
    /* on the worker: the files of the window x, y, w, h (mask_path or points_path NULL when
     * not wanted); *points its point count, *limit whether --max-points stopped it */
    dapple_status (*make_tile)(void *user, const int window[4], const char *mask_path,
                               const char *points_path, size_t *points, bool *limit,
                               dapple_error *err);
    /* lines for the user (the caller adds "dapple: "), progress and the interrupt's counts */
    void (*say)(void *user, const char *message);
    void (*begin)(void *user, int done, int total, bool show);
    void (*started)(void *user, const char *label);
    void (*note)(void *user, const char *message);
    void (*done)(void *user); /* one more tile made, before it is reported */
    void (*finished)(void *user, const char *label, int files, double seconds);
    void (*end)(void *user);
} dp_tiles_events;

typedef struct dp_tiles_plan {
    char dir[DP_PATH_MAX];             /* the patterns' folder; "." when they name none */
    const char *mask_pattern;          /* -o unless it names point lists; NULL: no masks */
    const char *points_pattern;        /* --points, or -o ending in .csv/.json; NULL: none */
    char base[DP_BATCH_FILE_MAX - 32]; /* the set's manifest name without ".json" */
    int size, nx, ny;                  /* tile side, columns, rows */
    char world_sha256[DP_SHA256_HEX];
} dp_tiles_plan;

/* One tile's files: the mask first when there is one. */
typedef struct dp_tile_record {
    bool done; /* made or found up to date: the manifest lists it */
    int index, tx, ty;
    int window[4]; /* x, y, w, h in world pixels */
    int n_files;
    char file[2][DP_BATCH_FILE_MAX]; /* names inside plan.dir */
    char sha256[2][DP_SHA256_HEX];
} dp_tile_record;

/** Checks the patterns (placeholders, and that no two tiles of the grid, or a tile and the
 * set's manifest, share a name) and fills p's grid, folder and manifest name (not
 * world_sha256): DAPPLE_E_INVALID (a usage error) names the option at fault. */
DAPPLE_USERESULT dapple_status dp_tiles_plan_init(dp_tiles_plan *p, const dp_tiles_opts *o,
                                                  dapple_error *err);

/** The sha256 of everything that decides the tiles' bytes: this dapple's build, then what
 * ev->hash_world adds (the options but -j, --shard, --force, --quiet; the field's images). */
DAPPLE_USERESULT dapple_status dp_tiles_world_hash(dp_tiles_plan *p, const dp_tiles_events *ev,
                                                   dapple_error *err);

/** Fills r's index, grid position, window and file names for tile 'index'. */
DAPPLE_USERESULT dapple_status dp_tiles_record_init(const dp_tiles_plan *p, const dp_tiles_opts *o,
                                                    int index, dp_tile_record *r,
                                                    dapple_error *err);

/** The path of r's file i (plan.dir joined with the name). */
void dp_tiles_file_path(const dp_tiles_plan *p, const dp_tile_record *r, int i, char *out,
                        size_t cap);

/** The largest manifest a set of p's grid can need: bigger ones are refused unread. */
uint64_t dp_tiles_manifest_bound(const dp_tiles_plan *p);

/** The batch manifest of the tiles done so far (those of r[0 .. n) with 'done' set), of
 * shard I of N when o gives one, into m (initialised for "tiles"). */
DAPPLE_USERESULT dapple_status dp_tiles_manifest_fill(dp_batch_manifest *m, const dp_tiles_plan *p,
                                                      const dp_tiles_opts *o,
                                                      const dp_tile_record *r, size_t n,
                                                      dapple_error *err);

/** Runs the tiles of plan p (from dp_tiles_plan_init): the checks before any work (names
 * of another set, images the field reads, the point budget), the folder's lock, the set's
 * manifests read for resume, then this shard's tiles not up to date made one after another,
 * the manifest kept as they finish; the summary said unless o->quiet. On failure err says
 * why (the tiles made so far stay listed). */
DAPPLE_USERESULT dapple_status dp_tiles_run(const dp_tiles_plan *p, const dp_tiles_opts *o,
                                            const dp_tiles_events *ev, dapple_error *err);

#endif
