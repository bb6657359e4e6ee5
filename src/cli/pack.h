/* SPDX-License-Identifier: MIT
 * `dapple pack`: a folder of presets rendered into a folder of outputs by a pool of worker
 * threads, with a manifest that lets a rerun skip what is up to date, a --check mode that
 * re-renders and compares, sharding over machines and a contact sheet. Every job is
 * independent and deterministic, so the bytes do not depend on the number of workers. */
#ifndef DP_CLI_PACK_H
#define DP_CLI_PACK_H

#include <stdbool.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

typedef struct dp_pack_opts {
    const char *preset_dir;
    const char *out_dir;
    int jobs; /* worker threads, >= 1 */
    bool force, check;
    bool have_seeds; /* render each preset once per seed in [seed_first, seed_last] */
    uint64_t seed_first, seed_last;
    int shard_index, shard_count; /* 1-based; count 0: every job (preset x seed) */
    double scale;                 /* --scale: 0 = none; else every preset's look x scale */
    int scale_to_w, scale_to_h;   /* --scale-to: 0 = none; else every preset at exactly WxH */
    int size_cap;                 /* 0: none; else at most this many pixels per side */
    uint64_t max_pixels;          /* limit for images the presets read */
} dp_pack_opts;

/** Renders the pack (or, with o->check, re-renders it into a temporary folder and compares
 * with the manifest). Prints progress, failures and a summary on stderr; returns the exit
 * code (1 when anything failed or differed). */
int dp_pack_run(const dp_pack_opts *o);

/** Merges OUT_DIR/manifest-shard-*.json into OUT_DIR/manifest.json and draws the contact
 * sheet. Returns the exit code. */
int dp_pack_merge(const char *out_dir);

#endif
