/* SPDX-License-Identifier: MIT
 * `dapple tiles`: the plan of a tiled world (tile grid, output patterns, the world's
 * hash) and its manifest, OUT/tiles.json (or tiles-shard-I-of-N.json), which a rerun
 * reads to skip the tiles whose files still have their recorded checksums. */
#ifndef DP_CLI_TILES_H
#define DP_CLI_TILES_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/manifest.h"
#include "cli/opts.h"
#include "dapple.h"

typedef struct dp_tiles_plan {
    char dir[DP_PATH_MAX];      /* the patterns' folder; "." when they name none */
    const char *mask_pattern;   /* -o unless it names point lists; NULL: no masks */
    const char *points_pattern; /* --points, or -o ending in .csv/.json; NULL: none */
    int size, nx, ny;           /* tile side, columns, rows */
    char world_sha256[DP_SHA256_HEX];
} dp_tiles_plan;

/* One tile's files: the mask first when there is one. */
typedef struct dp_tile_record {
    bool done; /* made or found up to date: the manifest lists it */
    int index, tx, ty;
    int window[4]; /* x, y, w, h in world pixels */
    int n_files;
    char file[2][DP_MANIFEST_FILE_MAX]; /* names inside plan.dir */
    char sha256[2][DP_SHA256_HEX];
} dp_tile_record;

/* What earlier runs recorded for this world: file names and checksums, sorted by name. */
struct dp_tiles_file {
    char file[DP_MANIFEST_FILE_MAX];
    char sha256[DP_SHA256_HEX];
};

typedef struct dp_tiles_known {
    struct dp_tiles_file *files;
    size_t n, cap;
    int n_other;                      /* manifests in the folder of another world */
    char other[DP_MANIFEST_FILE_MAX]; /* the first of them */
} dp_tiles_known;

/** Checks the patterns and fills p's grid and folder (not world_sha256): DAPPLE_E_INVALID
 * (a usage error) names the option at fault. */
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

/** Reads every tiles.json and tiles-shard-I-of-N.json in p->dir written for p's world
 * into k (emptied first); manifests of another world (counted in k->n_other), or
 * unreadable ones, are passed over: their tiles are made again. */
DAPPLE_USERESULT dapple_status dp_tiles_known_read(dp_tiles_known *k, const dp_tiles_plan *p,
                                                   dapple_error *err);

/** The recorded sha256 of 'file', or NULL. */
const char *dp_tiles_known_find(const dp_tiles_known *k, const char *file);

void dp_tiles_known_free(dp_tiles_known *k);

/** Writes the manifest of the tiles done so far (those of r[0 .. n), in index order, with
 * 'done' set) atomically to its place in p->dir: tiles.json, or tiles-shard-I-of-N.json
 * with --shard. */
DAPPLE_USERESULT dapple_status dp_tiles_manifest_write(const dp_tiles_plan *p, const dp_cli_opts *o,
                                                       const dp_tile_record *r, size_t n,
                                                       dapple_error *err);

#endif
