/* SPDX-License-Identifier: MIT
 * Merging the shard manifests of a batch split over machines (see manifest.h): all shards
 * of one split, each of this build, agreeing on every file they share; and reading a set
 * of manifests leniently, for resume, where one that does not fit is passed over. */
#include "batch/manifest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/dp.h"

typedef struct shard_list {
    const char *base;
    char **names;
    size_t n;
} shard_list;

static bool is_json(const char *dir, const char *name)
{
    size_t n = strlen(name);
    (void)dir;
    return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* The listing's filter takes no context: the base is applied here, keeping shards only. */
static void keep_shards(shard_list *s)
{
    size_t kept = 0;
    int i, k;
    for (size_t j = 0; j < s->n; j++) {
        if (dp_batch_manifest_name_of(s->names[j], s->base, &i, &k) && k > 0)
            s->names[kept++] = s->names[j];
        else
            free(s->names[j]);
    }
    s->n = kept;
}

static double mtime_of(const char *dir, const char *name)
{
    char path[DP_BATCH_PATH_MAX];
    struct stat st;
    dp_batch_join(path, sizeof path, dir, name);
    return stat(path, &st) == 0 ? (double)st.st_mtim.tv_sec + 1e-9 * st.st_mtim.tv_nsec : 0;
}

/* The split to merge: the N of the newest shard manifest. Shards of another N are left
 * from an earlier split, and merging them would list outputs of two different runs. */
static dapple_status current_split(const char *dir, const shard_list *s, int *count,
                                   dapple_error *err)
{
    double newest = -1;
    int i, k;
    for (size_t j = 0; j < s->n; j++) {
        double t = mtime_of(dir, s->names[j]);
        if (dp_batch_manifest_name_of(s->names[j], s->base, &i, &k) && t > newest) {
            newest = t;
            *count = k;
        }
    }
    for (size_t j = 0; j < s->n; j++) {
        if (dp_batch_manifest_name_of(s->names[j], s->base, &i, &k) && k != *count)
            return dp_fail(err, DAPPLE_E_FORMAT,
                           "%s/%s: left from an earlier split into %d (the newest shards are of "
                           "%d): remove %s/%s-shard-*-of-%d.json and merge again",
                           dir, s->names[j], k, *count, dir, s->base, k);
    }
    return DAPPLE_OK;
}

/* Every shard 1..N of the split must be there: a merge of some is not the whole run. */
static dapple_status check_complete(const char *dir, const shard_list *s, int count,
                                    const char *command, dapple_error *err)
{
    for (int want = 1; want <= count; want++) {
        bool found = false;
        int i, k;
        for (size_t j = 0; j < s->n && !found; j++)
            found = dp_batch_manifest_name_of(s->names[j], s->base, &i, &k) && i == want;
        if (!found)
            return dp_fail(err, DAPPLE_E_IO,
                           "%s: %s-shard-%d-of-%d.json is missing: run the %s with --shard %d/%d, "
                           "then merge",
                           dir, s->base, want, count, command, want, count);
    }
    return DAPPLE_OK;
}

static dapple_status same_maker(const dp_batch_manifest *m, const dp_batch_manifest *shard,
                                const char *path, dapple_error *err)
{
    if (strcmp(shard->version, m->version) != 0)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: made by dapple %s, not %s", path, shard->version,
                       m->version);
    if (strcmp(shard->build, m->build) != 0)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: made by another build of dapple (%.12s, this is %.12s): render it "
                       "again with this one",
                       path, shard->build[0] != '\0' ? shard->build : "none", m->build);
    return DAPPLE_OK;
}

/* Lookups come first and appends after, because appending unsorts m. */
static dapple_status batch_manifest_absorb(dp_batch_manifest *m, dp_batch_manifest *shard,
                                           const char *path, dapple_error *err)
{
    bool *have = dp_calloc_n(shard->n + 1, sizeof *have);
    if (have == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    dapple_status st = DAPPLE_OK;
    for (size_t i = 0; i < shard->n && st == DAPPLE_OK; i++) {
        const dp_batch_entry *old = dp_batch_manifest_find(m, shard->entries[i].file);
        if (old != NULL && strcmp(old->sha256, shard->entries[i].sha256) != 0)
            st = dp_fail(err, DAPPLE_E_FORMAT, "%s: %s: another shard lists other bytes", path,
                         shard->entries[i].file);
        have[i] = old != NULL;
    }
    for (size_t i = 0; st == DAPPLE_OK && i < shard->n; i++) {
        dp_batch_entry *e = &shard->entries[i];
        if (!have[i]) {
            st = dp_batch_manifest_add(m, e->file, e->job_sha256, e->sha256, e->meta, err);
            e->meta = NULL;
        }
    }
    free(have);
    dp_batch_manifest_sort(m);
    return st;
}

static dapple_status merge_one(dp_batch_manifest *m, const char *path, uint64_t max_bytes,
                               dapple_error *err)
{
    dp_batch_manifest shard;
    dp_batch_manifest_init(&shard, m->command, "");
    dapple_status st = dp_batch_manifest_read(&shard, path, max_bytes, err);
    if (st == DAPPLE_OK && shard.n_skipped > 0) /* a merged manifest must lose no entry */
        st = dp_fail(err, DAPPLE_E_FORMAT, "%s", shard.skipped);
    if (st == DAPPLE_OK)
        st = same_maker(m, &shard, path, err);
    if (st == DAPPLE_OK && m->plan == NULL && shard.plan != NULL)
        m->plan = json_incref(shard.plan);
    if (st == DAPPLE_OK)
        st = batch_manifest_absorb(m, &shard, path, err);
    dp_batch_manifest_fini(&shard);
    return st;
}

dapple_status dp_batch_merge_shards(dp_batch_manifest *m, const char *dir, const char *base,
                                    uint64_t max_bytes, int *n_shards, dapple_error *err)
{
    char path[DP_BATCH_PATH_MAX];
    shard_list s = { base, NULL, 0 };
    int count = 0;
    *n_shards = 0;
    if (dp_batch_list_dir(dir, is_json, &s.names, &s.n, err) != DAPPLE_OK)
        return err->status;
    keep_shards(&s);
    dapple_status st = DAPPLE_OK;
    if (s.n == 0)
        st = dp_fail(err, DAPPLE_E_IO, "%s: no %s-shard-I-of-N.json to merge", dir, base);
    else if (current_split(dir, &s, &count, err) != DAPPLE_OK ||
             check_complete(dir, &s, count, m->command, err) != DAPPLE_OK)
        st = err->status;
    for (size_t i = 0; i < s.n && st == DAPPLE_OK; i++) {
        dp_batch_join(path, sizeof path, dir, s.names[i]);
        st = merge_one(m, path, max_bytes, err);
    }
    dp_batch_free_names(s.names, s.n);
    *n_shards = (int)s.n;
    return st;
}

/* ------------------------------------------------------------------------- sets */

static dapple_status read_member(dp_batch_manifest *m, const dp_batch_set *set, const char *name,
                                 bool (*accept)(void *, const json_t *),
                                 void (*note)(void *, const char *, const dapple_error *),
                                 void *ctx, dapple_error *err)
{
    char path[DP_BATCH_PATH_MAX];
    dapple_error why;
    dp_batch_manifest one;
    dp_batch_manifest_init(&one, m->command, "");
    dp_batch_join(path, sizeof path, set->dir, name);
    dapple_status st = DAPPLE_OK;
    if (dp_batch_manifest_read(&one, path, set->max_bytes, &why) != DAPPLE_OK)
        note(ctx, name, &why); /* passed over: its outputs are made again */
    else if (!accept(ctx, one.plan))
        note(ctx, name, NULL);
    else if ((st = batch_manifest_absorb(m, &one, path, err)) == DAPPLE_OK && one.n_skipped > 0) {
        why = (dapple_error){ DAPPLE_OK, "" };
        snprintf(why.message, sizeof why.message, "%.200s (%zu bad entr%s)", one.skipped,
                 one.n_skipped, one.n_skipped == 1 ? "y" : "ies");
        note(ctx, name, &why);
    }
    dp_batch_manifest_fini(&one);
    return st;
}

dapple_status dp_batch_read_set(dp_batch_manifest *m, const dp_batch_set *set,
                                bool (*accept)(void *ctx, const json_t *plan),
                                void (*note)(void *ctx, const char *name, const dapple_error *why),
                                void *ctx, dapple_error *err)
{
    shard_list s = { set->base, NULL, 0 };
    if (dp_batch_list_dir(set->dir, is_json, &s.names, &s.n, err) != DAPPLE_OK)
        return err->status;
    dapple_status st = DAPPLE_OK;
    for (size_t i = 0; i < s.n && st == DAPPLE_OK; i++)
        if (dp_batch_manifest_name_of(s.names[i], set->base, NULL, NULL))
            st = read_member(m, set, s.names[i], accept, note, ctx, err);
    dp_batch_free_names(s.names, s.n);
    return st;
}

/* Whether name is the manifest of another set than 'base': COMMAND.*.json, not base's. */
static bool other_set(const char *name, const char *command, const char *base)
{
    size_t c = strlen(command);
    return strncmp(name, command, c) == 0 && name[c] == '.' &&
           !dp_batch_manifest_name_of(name, base, NULL, NULL);
}

/* The first entry of the manifest name (in set->dir, of 'command') that mine() claims, into
 * file[cap]. */
static bool overlaps(const dp_batch_set *set, const char *name, const char *command,
                     bool (*mine)(void *, const char *), void *ctx, char *file, size_t cap)
{
    char path[DP_BATCH_PATH_MAX];
    dapple_error why;
    dp_batch_manifest one;
    bool hit = false;
    dp_batch_manifest_init(&one, command, "");
    dp_batch_join(path, sizeof path, set->dir, name);
    if (dp_batch_manifest_read(&one, path, set->max_bytes, &why) == DAPPLE_OK) /* else: no set */
        for (size_t i = 0; i < one.n && !hit; i++)
            if ((hit = mine(ctx, one.entries[i].file)))
                snprintf(file, cap, "%s", one.entries[i].file);
    dp_batch_manifest_fini(&one);
    return hit;
}

dapple_status dp_batch_other_sets(const dp_batch_set *set, const char *command,
                                  bool (*mine)(void *ctx, const char *file), void *ctx, char *other,
                                  char *file, size_t cap, dapple_error *err)
{
    char **names;
    size_t n;
    if (dp_batch_list_dir(set->dir, is_json, &names, &n, err) != DAPPLE_OK)
        return err->status;
    bool hit = false;
    for (size_t i = 0; i < n && !hit; i++)
        if (other_set(names[i], command, set->base) &&
            (hit = overlaps(set, names[i], command, mine, ctx, file, cap)))
            snprintf(other, cap, "%s", names[i]);
    dp_batch_free_names(names, n);
    return DAPPLE_OK;
}

/* ------------------------------------------------------------------------- --check */

size_t dp_batch_compare(const dp_batch_manifest *old, const dp_batch_manifest *m, bool whole,
                        void (*differ)(void *ctx, const char *file, const char *sha,
                                       const char *old_sha),
                        void *ctx)
{
    size_t i = 0, k = 0, bad = 0; /* a merge walk of the two sorted lists */
    while (i < m->n || k < old->n) {
        int c = i == m->n ? 1 : k == old->n ? -1 : strcmp(m->entries[i].file, old->entries[k].file);
        const dp_batch_entry *e = c <= 0 ? &m->entries[i] : &old->entries[k];
        if (c < 0 || (c > 0 && whole) ||
            (c == 0 && strcmp(e->sha256, old->entries[k].sha256) != 0)) {
            differ(ctx, e->file, c <= 0 ? e->sha256 : NULL, c >= 0 ? old->entries[k].sha256 : NULL);
            bad++;
        }
        i += c <= 0, k += c >= 0;
    }
    return bad;
}
