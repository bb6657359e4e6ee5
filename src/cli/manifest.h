/* SPDX-License-Identifier: MIT
 * The pack manifest: one entry per output file with the preset, its hash, the seed, the
 * image format facts and the file's sha256. Written as JSON in a fixed layout (sorted by
 * file, so the bytes do not depend on the order jobs finished); read back by a small
 * tolerant parser that accepts our own format and skips keys it does not know. */
#ifndef DP_CLI_MANIFEST_H
#define DP_CLI_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dapple.h"
#include "render/texture.h"

typedef enum dp_output_kind {
    DP_KIND_TEXTURE,
    DP_KIND_HEIGHT,
    DP_KIND_NORMAL,
    DP_KIND_MASK,
    DP_KIND_POINTS,
    DP_KIND_COUNT
} dp_output_kind;

#define DP_MANIFEST_FILE_MAX 160
#define DP_SHA256_HEX        65

typedef struct dp_manifest_entry {
    char file[DP_MANIFEST_FILE_MAX]; /* a plain name inside OUT_DIR: no '/', no leading '.' */
    char preset[DP_NAME_MAX];
    char preset_sha256[DP_SHA256_HEX];
    char inputs_sha256[DP_SHA256_HEX]; /* the files the preset reads (see dp_inputs_sha256) */
    uint64_t seed;
    int width, height;
    int bit_depth; /* 8 or 16; 0 for points (no bit depth, no colour space) */
    dp_output_kind kind;
    bool tileable;
    size_t points[DP_MAX_LAYERS];
    int n_layers;
    double seconds;
    double height_scale; /* kind height: pixels that 65535 stands for (0 otherwise) */
    char sha256[DP_SHA256_HEX];
} dp_manifest_entry;

/* Owns its entries; dp_manifest_find needs them sorted (dp_manifest_sort). */
typedef struct dp_manifest {
    char version[32];
    char build[DP_SHA256_HEX]; /* dp_build_id() of the writer; "" in older manifests */
    dp_manifest_entry *entries;
    size_t n, cap;
} dp_manifest;

/** Writes s as a JSON string (quotes, backslashes and control bytes escaped). */
void dp_json_put_string(FILE *fp, const char *s);

/** "texture", "height", ... */
const char *dp_output_kind_name(dp_output_kind k);

/** Empty manifest of this dapple version and build. */
void dp_manifest_init(dp_manifest *m);

/** Frees the entries; m may be re-initialised afterwards. */
void dp_manifest_fini(dp_manifest *m);

/** Appends a copy of *e. */
DAPPLE_USERESULT dapple_status dp_manifest_add(dp_manifest *m, const dp_manifest_entry *e,
                                               dapple_error *err);

/** Sorts entries by file name (byte order). */
void dp_manifest_sort(dp_manifest *m);

/** The entry for 'file' in a sorted manifest, or NULL. */
const dp_manifest_entry *dp_manifest_find(const dp_manifest *m, const char *file);

/** Writes m (in its current order) as JSON through an atomic file. */
DAPPLE_USERESULT dapple_status dp_manifest_write(const dp_manifest *m, const char *path,
                                                 dapple_error *err);

/** Reads the manifest at 'path' into m (initialised by the caller, emptied first) and
 * sorts it. DAPPLE_E_IO when it cannot be opened (errno kept, so ENOENT can be told apart),
 * DAPPLE_E_FORMAT with "PATH: offset N: ..." when it is not our JSON. Entries whose file
 * is not a plain name are refused. */
DAPPLE_USERESULT dapple_status dp_manifest_read(dp_manifest *m, const char *path,
                                                dapple_error *err);

/** Reads every OUT_DIR/manifest-shard-I-of-N.json into m, sorted by file. Errors: no shard
 * manifest; shards of another N than the newest one's (left from an earlier split, named
 * with what to remove); a shard I of 1..N missing; a shard of another dapple version or
 * build; two shards listing the same file with different checksums. *n_shards says how
 * many were found. */
DAPPLE_USERESULT dapple_status dp_manifest_merge_shards(dp_manifest *m, const char *out_dir,
                                                        int *n_shards, dapple_error *err);

#endif
