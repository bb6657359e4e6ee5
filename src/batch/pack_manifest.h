/* SPDX-License-Identifier: MIT
 * The pack's keys in the batch manifest (batch/manifest.h). A pack output's entry is a
 * dp_batch_entry like every batch output's: its meta holds the preset, its hash, the hash of
 * the images it reads, the seed, the image format facts, the points per layer and the
 * seconds, in that order. The pack builds the meta once while planning and rendering an
 * output, keeps an up-to-date output's meta as the last manifest recorded it, and reads
 * back only the kind (for the contact sheet); there is no second model to convert to. */
#ifndef DP_BATCH_PACK_MANIFEST_H
#define DP_BATCH_PACK_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "batch/manifest.h"
#include "dapple.h"
#include "core/wrap.h"

typedef enum dp_output_kind {
    DP_KIND_TEXTURE,
    DP_KIND_HEIGHT,
    DP_KIND_NORMAL,
    DP_KIND_MASK,
    DP_KIND_POINTS,
    DP_KIND_ALBEDO,
    DP_KIND_ROUGHNESS,
    DP_KIND_AO,
    DP_KIND_COUNT
} dp_output_kind;

/** "texture", "height", ... */
const char *dp_output_kind_name(dp_output_kind k);

/** The kind an entry's meta names; DP_KIND_COUNT when it names none. */
dp_output_kind dp_pack_entry_kind(const dp_batch_entry *e);

/** The hash of everything that decides an output's bytes besides the build: the preset's
 * and its images' hashes, the seed and the kind (the batch manifest's job_sha256). */
void dp_pack_job_sha256(const char *preset_sha256, const char *inputs_sha256, uint64_t seed,
                        dp_output_kind kind, char out[DP_SHA256_HEX]);

/** A new meta (the caller owns it) with the keys that name the job: "preset",
 * "preset_sha256", "inputs_sha256", "seed". NULL when out of memory. */
json_t *dp_pack_meta_new(const char *preset, const char *preset_sha256, const char *inputs_sha256,
                         uint64_t seed);

/** Appends the format keys of an output of kind k: "size", "bit_depth" and "colour_space"
 * (not for points), "kind", "tileable" (true when it tiles both ways), "wrap" ("x" or "y",
 * only when it tiles one way), "height_scale" (height maps only). */
void dp_pack_meta_format(json_t *meta, dp_output_kind k, int width, int height, int bit_depth,
                         dp_wrap wrap, double height_scale);

/** Appends what rendering found: "points" (per layer) and "seconds" (to the millisecond). */
void dp_pack_meta_rendered(json_t *meta, const size_t *points, int n_layers, double seconds);

/** Reads the pack manifest at 'path' into m (initialised for "pack"; sorted). Refused as
 * dp_batch_manifest_read refuses (over max_bytes, not JSON, an older format, another
 * command), or when an entry lacks a key the pack uses; m is then empty again. */
DAPPLE_USERESULT dapple_status dp_pack_manifest_read(dp_batch_manifest *m, const char *path,
                                                     uint64_t max_bytes, dapple_error *err);

/** Merges every OUT_DIR/manifest-shard-I-of-N.json into m (initialised for "pack" with this
 * build), sorted by file. Refused as dp_batch_merge_shards refuses, or when an entry lacks a
 * key the pack uses. *n_shards says how many were found. */
DAPPLE_USERESULT dapple_status dp_pack_manifest_merge(dp_batch_manifest *m, const char *out_dir,
                                                      uint64_t max_bytes, int *n_shards,
                                                      dapple_error *err);

#endif
