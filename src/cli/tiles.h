/* SPDX-License-Identifier: MIT
 * `dapple tiles`: the plan of a tiled world (tile grid, output patterns, the world's
 * hash) as jobs of the batch engine: one job a tile, its files listed in the tile set's
 * manifest, named after the -o pattern's file name (tiles.PATTERN.json, or
 * tiles.PATTERN-shard-I-of-N.json), which a rerun reads to skip the tiles whose files
 * still have their recorded checksums. */
#ifndef DP_CLI_TILES_H
#define DP_CLI_TILES_H

#include <stdbool.h>
#include <stddef.h>

#include "batch/manifest.h"
#include "cli/opts.h"
#include "dapple.h"

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
DAPPLE_USERESULT dapple_status dp_tiles_plan_init(dp_tiles_plan *p, const dp_cli_opts *o,
                                                  dapple_error *err);

/** The sha256 of everything that decides the tiles' bytes: this dapple's build, the
 * options (not -j, --shard, --force, --quiet) and the images the field reads. */
DAPPLE_USERESULT dapple_status dp_tiles_world_hash(dp_tiles_plan *p, const dp_cli_opts *o,
                                                   dapple_error *err);

/** Fills r's index, grid position, window and file names for tile 'index'. */
DAPPLE_USERESULT dapple_status dp_tiles_record_init(const dp_tiles_plan *p, const dp_cli_opts *o,
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
                                                      const dp_cli_opts *o, const dp_tile_record *r,
                                                      size_t n, dapple_error *err);

#endif
