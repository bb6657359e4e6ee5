/* SPDX-License-Identifier: MIT
 * The pack's entries (see manifest.h) to and from the batch manifest: each entry's own
 * keys in a fixed order ("preset" ... "seconds"), the engine's "file", "job_sha256" and
 * "sha256" around them. */
#include "cli/manifest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/plan.h"
#include "cli/build_id.h"
#include "core/dp.h"
#include "io/sha256.h"

static const char *const KIND_NAMES[DP_KIND_COUNT] = { "texture", "height", "normal", "mask",
                                                       "points" };

const char *dp_output_kind_name(dp_output_kind k)
{
    return (unsigned)k < DP_KIND_COUNT ? KIND_NAMES[k] : "unknown";
}

void dp_manifest_init(dp_manifest *m)
{
    memset(m, 0, sizeof *m);
    snprintf(m->version, sizeof m->version, "%s", DAPPLE_VERSION);
    snprintf(m->build, sizeof m->build, "%s", dp_build_id());
}

void dp_manifest_fini(dp_manifest *m)
{
    free(m->entries);
    m->entries = NULL;
    m->n = m->cap = 0;
}

dapple_status dp_manifest_add(dp_manifest *m, const dp_manifest_entry *e, dapple_error *err)
{
    dp_manifest_entry *p = dp_grow(m->entries, &m->cap, m->n, sizeof *p);
    if (p == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu manifest entries", m->n + 1);
    m->entries = p;
    m->entries[m->n++] = *e;
    return DAPPLE_OK;
}

static int by_file(const void *a, const void *b)
{
    return strcmp(((const dp_manifest_entry *)a)->file, ((const dp_manifest_entry *)b)->file);
}

void dp_manifest_sort(dp_manifest *m)
{
    if (m->n > 1)
        qsort(m->entries, m->n, sizeof *m->entries, by_file);
}

const dp_manifest_entry *dp_manifest_find(const dp_manifest *m, const char *file)
{
    dp_manifest_entry key;
    if (m->n == 0 || strlen(file) >= sizeof key.file)
        return NULL;
    snprintf(key.file, sizeof key.file, "%s", file);
    return bsearch(&key, m->entries, m->n, sizeof key, by_file);
}

void dp_manifest_job_sha256(const dp_manifest_entry *e, char out[DP_SHA256_HEX])
{
    dp_sha256 h;
    dp_sha256_init(&h);
    dp_batch_hash_line(&h, "preset %s\ninputs %s", e->preset_sha256, e->inputs_sha256);
    dp_batch_hash_line(&h, "seed %llu\nkind %s", (unsigned long long)e->seed,
                       dp_output_kind_name(e->kind));
    dp_sha256_final_hex(&h, out);
}

/* ------------------------------------------------------------------------- to JSON */

/* A string that need not be UTF-8 (a preset named after a file): written as its bytes. */
static json_t *text(const char *s)
{
    json_t *v = json_string(s);
    return v != NULL ? v : json_stringn_nocheck(s, strlen(s));
}

/* JSON integers are 64-bit signed in jansson (and doubles elsewhere): a seed above 2^63 - 1
 * is written as a decimal string. */
static json_t *seed_value(uint64_t seed)
{
    char digits[24];
    if (seed <= INT64_MAX)
        return json_integer((json_int_t)seed);
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)seed);
    return json_string(digits);
}

static json_t *entry_meta(const dp_manifest_entry *e)
{
    json_t *o = json_object(), *points = json_array();
    json_object_set_new(o, "preset", text(e->preset));
    json_object_set_new(o, "preset_sha256", json_string(e->preset_sha256));
    json_object_set_new(o, "inputs_sha256", json_string(e->inputs_sha256));
    json_object_set_new(o, "seed", seed_value(e->seed));
    json_object_set_new(o, "size", json_pack("[ii]", e->width, e->height));
    if (e->kind != DP_KIND_POINTS) {
        json_object_set_new(o, "bit_depth", json_integer(e->bit_depth));
        json_object_set_new(o, "colour_space",
                            json_string(e->kind == DP_KIND_TEXTURE ? "sRGB" : "linear"));
    }
    json_object_set_new(o, "kind", json_string(dp_output_kind_name(e->kind)));
    json_object_set_new(o, "tileable", json_boolean(e->tileable));
    if (e->kind == DP_KIND_HEIGHT)
        json_object_set_new(o, "height_scale", json_real(e->height_scale));
    for (int i = 0; i < e->n_layers; i++)
        json_array_append_new(points, json_integer((json_int_t)e->points[i]));
    json_object_set_new(o, "points", points);
    json_object_set_new(o, "seconds", json_real(round(e->seconds * 1000) / 1000));
    return o;
}

dapple_status dp_manifest_to_batch(const dp_manifest *m, dp_batch_manifest *b, dapple_error *err)
{
    char job[DP_SHA256_HEX];
    for (size_t i = 0; i < m->n; i++) {
        dp_manifest_job_sha256(&m->entries[i], job);
        if (dp_batch_manifest_add(b, m->entries[i].file, job, m->entries[i].sha256,
                                  entry_meta(&m->entries[i]), err) != DAPPLE_OK)
            return err->status;
    }
    return DAPPLE_OK;
}

dapple_status dp_manifest_write(const dp_manifest *m, int shard_index, int shard_count,
                                const char *path, dapple_error *err)
{
    dp_batch_manifest b;
    dp_batch_manifest_init(&b, "pack", m->build);
    b.shard_index = shard_index, b.shard_count = shard_count;
    dapple_status st = dp_manifest_to_batch(m, &b, err);
    if (st == DAPPLE_OK)
        st = dp_batch_manifest_write(&b, path, err);
    dp_batch_manifest_fini(&b);
    return st;
}

/* ------------------------------------------------------------------------- from JSON */

static bool read_seed(const json_t *v, uint64_t *out)
{
    char *end;
    if (json_is_integer(v) && json_integer_value(v) >= 0)
        return *out = (uint64_t)json_integer_value(v), true;
    if (!json_is_string(v) || json_string_value(v)[0] < '0' || json_string_value(v)[0] > '9')
        return false;
    *out = strtoull(json_string_value(v), &end, 10);
    return *end == '\0';
}

static bool read_kind(const char *name, dp_output_kind *out)
{
    for (int k = 0; k < DP_KIND_COUNT; k++)
        if (strcmp(name, KIND_NAMES[k]) == 0)
            return *out = (dp_output_kind)k, true;
    return false;
}

static bool read_points(const json_t *a, dp_manifest_entry *e)
{
    size_t i;
    const json_t *v;
    if (!json_is_array(a) || json_array_size(a) > DP_MAX_LAYERS)
        return false;
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < 0)
            return false;
        e->points[i] = (size_t)json_integer_value(v);
    }
    e->n_layers = (int)json_array_size(a);
    return true;
}

static bool copy_text(char *out, size_t cap, const char *s)
{
    return (size_t)snprintf(out, cap, "%s", s) < cap;
}

/* The pack's keys of one entry; false when one is missing or of the wrong type. */
static bool read_meta(json_t *meta, dp_manifest_entry *e)
{
    const char *preset, *psha, *isha, *kind;
    json_t *seed, *points;
    int tileable = 0;
    e->bit_depth = 0, e->height_scale = 0;
    if (json_unpack(meta, "{s:s, s:s, s:s, s:o, s:[ii], s?i, s:s, s:b, s?F, s:o, s:F}", "preset",
                    &preset, "preset_sha256", &psha, "inputs_sha256", &isha, "seed", &seed, "size",
                    &e->width, &e->height, "bit_depth", &e->bit_depth, "kind", &kind, "tileable",
                    &tileable, "height_scale", &e->height_scale, "points", &points, "seconds",
                    &e->seconds) != 0)
        return false;
    e->tileable = tileable;
    return copy_text(e->preset, sizeof e->preset, preset) &&
           copy_text(e->preset_sha256, sizeof e->preset_sha256, psha) &&
           copy_text(e->inputs_sha256, sizeof e->inputs_sha256, isha) &&
           read_seed(seed, &e->seed) && read_kind(kind, &e->kind) && read_points(points, e);
}

static dapple_status from_batch(dp_manifest *m, const dp_batch_manifest *b, const char *path,
                                dapple_error *err)
{
    dp_manifest_entry e;
    m->n = 0;
    snprintf(m->version, sizeof m->version, "%s", b->version);
    snprintf(m->build, sizeof m->build, "%s", b->build);
    for (size_t i = 0; i < b->n; i++) {
        memset(&e, 0, sizeof e);
        memcpy(e.file, b->entries[i].file, sizeof e.file);
        memcpy(e.sha256, b->entries[i].sha256, sizeof e.sha256);
        if (!read_meta(b->entries[i].meta, &e))
            return dp_fail(err, DAPPLE_E_FORMAT,
                           "%s: %s: not a pack entry (a key is missing or "
                           "of the wrong type)",
                           path, e.file);
        if (dp_manifest_add(m, &e, err) != DAPPLE_OK)
            return err->status;
    }
    dp_manifest_sort(m);
    return DAPPLE_OK;
}

dapple_status dp_manifest_read(dp_manifest *m, dp_batch_manifest *raw, const char *path,
                               uint64_t max_bytes, dapple_error *err)
{
    m->n = 0;
    dapple_status st = dp_batch_manifest_read(raw, path, max_bytes, err);
    if (st == DAPPLE_OK)
        st = from_batch(m, raw, path, err);
    if (st != DAPPLE_OK) {
        m->n = 0;
        dp_batch_manifest_fini(raw);
        dp_batch_manifest_init(raw, "pack", "");
    }
    return st;
}

dapple_status dp_manifest_merge_shards(dp_manifest *m, const char *out_dir, uint64_t max_bytes,
                                       int *n_shards, dapple_error *err)
{
    dp_batch_manifest b;
    dp_batch_manifest_init(&b, "pack", m->build);
    dapple_status st = dp_batch_merge_shards(&b, out_dir, "manifest", max_bytes, n_shards, err);
    if (st == DAPPLE_OK)
        st = from_batch(m, &b, out_dir, err);
    dp_batch_manifest_fini(&b);
    return st;
}
