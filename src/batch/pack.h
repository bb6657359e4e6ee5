/* SPDX-License-Identifier: MIT
 * `dapple pack`: a folder of presets rendered into a folder of outputs by a pool of worker
 * threads, with a manifest that lets a rerun skip what is up to date, a --check mode that
 * re-renders and compares, sharding over machines and a contact sheet. Every job is
 * independent and deterministic, so the bytes do not depend on the number of workers.
 * The engine prints nothing itself: every line goes through the caller's dp_pack_events
 * (the command prints them, with its progress bar and its interrupt line). */
#ifndef DP_BATCH_PACK_H
#define DP_BATCH_PACK_H

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

/* What the pack tells its caller, all on the calling (main) thread; 'user' is passed back.
 * Every callback must be set. */
typedef struct dp_pack_events {
    void *user;
    /* a line of its own: a warning, an error, the summary (the caller adds "dapple: ") */
    void (*say)(void *user, const char *message);
    /* the jobs are scheduled: 'skipped' of 'total' are up to date (renders, not presets,
     * when 'seeds'), 'to_render' are left, of 'cost' estimated work */
    void (*begin)(void *user, int skipped, int total, bool seeds, int to_render, double cost);
    void (*started)(void *user, const char *label);
    void (*finished)(void *user, const char *label, int files, double seconds, double cost);
    void (*failed)(void *user, const char *message, double cost);
    /* a line while jobs run (above a progress bar) */
    void (*note)(void *user, const char *message);
    void (*tick)(void *user); /* about every quarter second, when 'ticks' */
    void (*end)(void *user);  /* the jobs are over: the summary follows */
    /* the renderer's phase (a string literal), from any worker thread */
    void (*phase)(const char *phase);
    bool ticks;
} dp_pack_events;

/** Renders the pack (or, with o->check, re-renders it into a temporary folder and compares
 * with the manifest), telling ev about progress, failures and the summary. Returns true
 * when everything rendered (or matched) and the manifest was written. */
bool dp_pack_run(const dp_pack_opts *o, const dp_pack_events *ev);

/** Merges OUT_DIR/manifest-shard-*.json into OUT_DIR/manifest.json and draws the contact
 * sheet, saying the result or the error through ev->say. Returns true on success. */
bool dp_pack_merge(const char *out_dir, const dp_pack_events *ev);

#endif
