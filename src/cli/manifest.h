/* SPDX-License-Identifier: MIT
 * The pack's entries in the batch manifest (batch/manifest.h): one per output file with
 * the preset, its hash, the hash of the images it reads, the seed, the image format facts
 * and the file's sha256. Here they are plain structs for the pack, its --check and the
 * contact sheet; batch/ reads, writes and merges them. */
#ifndef DP_CLI_MANIFEST_H
#define DP_CLI_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "batch/manifest.h"
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

#define DP_MANIFEST_FILE_MAX DP_BATCH_FILE_MAX

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

/** Writes m (in its current order) as a batch manifest of `pack` (shard I of N when
 * shard_count > 0) through an atomic file. */
DAPPLE_USERESULT dapple_status dp_manifest_write(const dp_manifest *m, int shard_index,
                                                 int shard_count, const char *path,
                                                 dapple_error *err);

/** m's entries as a batch manifest of `pack` (b initialised for "pack"), in m's order. */
DAPPLE_USERESULT dapple_status dp_manifest_to_batch(const dp_manifest *m, dp_batch_manifest *b,
                                                    dapple_error *err);

/** Reads the pack manifest at 'path' into raw (initialised for "pack"), and its entries
 * into m (initialised; emptied first), both sorted. Refused as dp_batch_manifest_read
 * refuses (over max_bytes, not JSON, an older format, another command), or when an entry
 * lacks a key the pack uses. */
DAPPLE_USERESULT dapple_status dp_manifest_read(dp_manifest *m, dp_batch_manifest *raw,
                                                const char *path, uint64_t max_bytes,
                                                dapple_error *err);

/** The hash of everything that decides an output's bytes besides the build: the preset's
 * and its images' hashes, the seed and the kind (the batch manifest's job_sha256). */
void dp_manifest_job_sha256(const dp_manifest_entry *e, char out[DP_SHA256_HEX]);

/** Reads every OUT_DIR/manifest-shard-I-of-N.json into m, sorted by file. Errors: no shard
 * manifest; shards of another N than the newest one's (left from an earlier split, named
 * with what to remove); a shard I of 1..N missing; a shard of another dapple version or
 * build; two shards listing the same file with different checksums. *n_shards says how
 * many were found. */
DAPPLE_USERESULT dapple_status dp_manifest_merge_shards(dp_manifest *m, const char *out_dir,
                                                        uint64_t max_bytes, int *n_shards,
                                                        dapple_error *err);

#endif
