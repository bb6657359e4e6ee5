/* SPDX-License-Identifier: MIT
 * The one manifest of a batch run (`pack`, `tiles`): which command wrote it, with which
 * dapple and build, for which shard, the command's own plan (tiles: the world), and one
 * entry per output file: its name, the hash of everything that decided its bytes (the
 * job's inputs) and the file's sha256, plus keys of the command's own. Written one entry a
 * line in a fixed key order, sorted by file, so the bytes do not depend on the order jobs
 * finished; read and written through jansson. docs/pack.md describes the format. */
#ifndef DP_BATCH_MANIFEST_H
#define DP_BATCH_MANIFEST_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "batch/folder.h"
#include "dapple.h"

/* Bumped when the layout changes; a manifest of another format is refused (rerun). */
#define DP_BATCH_FORMAT 2
#define DP_SHA256_HEX   65

typedef struct dp_batch_entry {
    char file[DP_BATCH_FILE_MAX]; /* a plain name inside the batch folder */
    char job_sha256[DP_SHA256_HEX];
    char sha256[DP_SHA256_HEX];
    json_t *meta; /* owned: the command's own keys, an object (written between the two) */
} dp_batch_entry;

typedef struct dp_batch_manifest {
    char command[16]; /* "pack" or "tiles" */
    char version[32]; /* DAPPLE_VERSION of the writer */
    char build[DP_SHA256_HEX];
    int shard_index, shard_count; /* 0 0: the whole run */
    json_t *plan;                 /* owned; NULL: none */
    dp_batch_entry *entries;
    size_t n, cap;
    /* entries a read left out (no plain file name, no hash of 64 hex digits): their outputs
     * are made again, the others' kept; 'skipped' holds the first one's message */
    size_t n_skipped;
    char skipped[256];
} dp_batch_manifest;

/** An empty manifest of 'command' written by this dapple, 'build' (the caller's build id). */
void dp_batch_manifest_init(dp_batch_manifest *m, const char *command, const char *build);

/** Frees entries, metas and plan; m may be initialised again. */
void dp_batch_manifest_fini(dp_batch_manifest *m);

/** Appends an entry; takes 'meta' (may be NULL) whatever the result. */
DAPPLE_USERESULT dapple_status dp_batch_manifest_add(dp_batch_manifest *m, const char *file,
                                                     const char *job_sha256, const char *sha256,
                                                     json_t *meta, dapple_error *err);

/** Sorts entries by file name (byte order); dp_batch_manifest_find needs it. */
void dp_batch_manifest_sort(dp_batch_manifest *m);

/** The entry of 'file' in a sorted manifest, or NULL. */
const dp_batch_entry *dp_batch_manifest_find(const dp_batch_manifest *m, const char *file);

/** Writes m (in its current order) through an atomic file. */
DAPPLE_USERESULT dapple_status dp_batch_manifest_write(const dp_batch_manifest *m, const char *path,
                                                       dapple_error *err);

/** Reads 'path' into m (initialised; emptied first) and sorts it. A file over max_bytes is
 * refused before it is read (DAPPLE_E_LIMIT). DAPPLE_E_IO when it cannot be opened (errno
 * kept, so ENOENT can be told apart); DAPPLE_E_FORMAT, one line naming the path, when it is
 * not JSON, not of this format (an older dapple's: "rerun") or of another command than
 * m->command. An entry that lacks a plain file name or its checksums is left out and
 * counted in m->n_skipped (one bad entry costs one output made again, not all of them). */
DAPPLE_USERESULT dapple_status dp_batch_manifest_read(dp_batch_manifest *m, const char *path,
                                                      uint64_t max_bytes, dapple_error *err);

/** The file name of a manifest: "BASE.json", or "BASE-shard-I-of-N.json" with count > 0. */
void dp_batch_manifest_name(char *out, size_t cap, const char *base, int index, int count);

/** Whether 'name' is BASE's manifest or one of its shards'; *index, *count (may be NULL)
 * get the shard's numbers (0 0 for the whole run's). */
bool dp_batch_manifest_name_of(const char *name, const char *base, int *index, int *count);

/** Whether the file at dir/entry->file still has entry's sha256. */
bool dp_batch_entry_intact(const dp_batch_entry *e, const char *dir);

/** The manifests of a set of outputs in folder 'dir': BASE.json and BASE-shard-I-of-N.json,
 * each read only when it holds at most max_bytes. */
typedef struct dp_batch_set {
    const char *dir;
    const char *base;
    uint64_t max_bytes;
} dp_batch_set;

/** Reads every manifest of the set into m (initialised, of the command to read), absorbing
 * the entries of those whose plan accept(ctx, plan) takes. One that cannot be read (refused
 * as dp_batch_manifest_read refuses: over max_bytes, not JSON, an older format) or whose
 * plan is not accepted is handed to note(ctx, name, why), why NULL for a plan not accepted,
 * and passed over: its outputs are made again. Errors: the folder cannot be listed, out of
 * memory. */
DAPPLE_USERESULT dapple_status dp_batch_read_set(dp_batch_manifest *m, const dp_batch_set *set,
                                                 bool (*accept)(void *ctx, const json_t *plan),
                                                 void (*note)(void *ctx, const char *name,
                                                              const dapple_error *why),
                                                 void *ctx, dapple_error *err);
/* (note is also called, with why->status DAPPLE_OK, for a member read whose bad entries
 * were left out: why->message names the first of them.) */

/** Looks for another set's files among this one's: each manifest COMMAND.*.json in
 * set->dir that is not one of set's is read (over set->max_bytes, or unreadable: passed
 * over) and mine(ctx, file) asked of its entries. The first claimed file goes into
 * file[cap] and its manifest's name into other[cap] (other[0] stays '\0' when none is).
 * Fails only when set->dir cannot be listed. */
DAPPLE_USERESULT dapple_status dp_batch_other_sets(const dp_batch_set *set, const char *command,
                                                   bool (*mine)(void *ctx, const char *file),
                                                   void *ctx, char *other, char *file, size_t cap,
                                                   dapple_error *err);

/** A --check: each fresh output (sorted m) against 'old' (sorted). differ(ctx, file, sha,
 * old_sha) is called for an output whose bytes differ, or that old does not list (old_sha
 * NULL), and, when 'whole' (the fresh outputs are the whole run), for each entry of old
 * that no output names (sha NULL). Returns how many differences. */
size_t dp_batch_compare(const dp_batch_manifest *old, const dp_batch_manifest *m, bool whole,
                        void (*differ)(void *ctx, const char *file, const char *sha,
                                       const char *old_sha),
                        void *ctx);

/** Merges the shard manifests BASE-shard-I-of-N.json in dir into m (initialised, of the
 * same command and build). Refused: no shard; shards of another N than the newest one's
 * (left from an earlier split, named with what to remove); a shard 1..N missing (saying
 * how to make it); a shard of another version or build; two shards listing one file with
 * other bytes. *n_shards says how many were read. */
DAPPLE_USERESULT dapple_status dp_batch_merge_shards(dp_batch_manifest *m, const char *dir,
                                                     const char *base, uint64_t max_bytes,
                                                     int *n_shards, dapple_error *err);

#endif
