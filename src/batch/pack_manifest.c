/* SPDX-License-Identifier: MIT
 * The pack's keys of a batch manifest entry (see pack_manifest.h), in a fixed order
 * ("preset" ... "seconds"); the engine writes "file", "job_sha256" and "sha256" around
 * them. Reading checks each entry has them, with their types, and keeps the meta as read. */
#include "batch/pack_manifest.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/plan.h"
#include "core/dp.h"
#include "io/sha256.h"
#include "render/texture.h"

static const char *const KIND_NAMES[DP_KIND_COUNT] = { "texture", "height", "normal",    "mask",
                                                       "points",  "albedo", "roughness", "ao" };

const char *dp_output_kind_name(dp_output_kind k)
{
    return (unsigned)k < DP_KIND_COUNT ? KIND_NAMES[k] : "unknown";
}

static bool read_kind(const char *name, dp_output_kind *out)
{
    for (int k = 0; k < DP_KIND_COUNT; k++)
        if (strcmp(name, KIND_NAMES[k]) == 0)
            return *out = (dp_output_kind)k, true;
    return false;
}

dp_output_kind dp_pack_entry_kind(const dp_batch_entry *e)
{
    dp_output_kind k;
    const char *name = json_string_value(json_object_get(e->meta, "kind"));
    return name != NULL && read_kind(name, &k) ? k : DP_KIND_COUNT;
}

void dp_pack_job_sha256(const char *preset_sha256, const char *inputs_sha256, uint64_t seed,
                        dp_output_kind kind, char out[DP_SHA256_HEX])
{
    dp_sha256 h;
    dp_sha256_init(&h);
    dp_batch_hash_line(&h, "preset %s\ninputs %s", preset_sha256, inputs_sha256);
    dp_batch_hash_line(&h, "seed %llu\nkind %s", (unsigned long long)seed,
                       dp_output_kind_name(kind));
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

json_t *dp_pack_meta_new(const char *preset, const char *preset_sha256, const char *inputs_sha256,
                         uint64_t seed)
{
    json_t *o = json_object();
    json_object_set_new(o, "preset", text(preset));
    json_object_set_new(o, "preset_sha256", json_string(preset_sha256));
    json_object_set_new(o, "inputs_sha256", json_string(inputs_sha256));
    json_object_set_new(o, "seed", seed_value(seed));
    return o;
}

void dp_pack_meta_format(json_t *o, dp_output_kind k, int width, int height, int bit_depth,
                         dp_wrap wrap, double height_scale)
{
    json_object_set_new(o, "size", json_pack("[ii]", width, height));
    if (k != DP_KIND_POINTS) {
        json_object_set_new(o, "bit_depth", json_integer(bit_depth));
        json_object_set_new(
                o, "colour_space",
                json_string(k == DP_KIND_TEXTURE || k == DP_KIND_ALBEDO ? "sRGB" : "linear"));
    }
    json_object_set_new(o, "kind", json_string(dp_output_kind_name(k)));
    json_object_set_new(o, "tileable", json_boolean(wrap.x && wrap.y));
    if (wrap.x != wrap.y) /* one axis: a 2 x 2 repeat would show the other's seam */
        json_object_set_new(o, "wrap", json_string(wrap.x ? "x" : "y"));
    if (k == DP_KIND_HEIGHT)
        json_object_set_new(o, "height_scale", json_real(height_scale));
}

void dp_pack_meta_rendered(json_t *o, const size_t *points, int n_layers, double seconds)
{
    json_t *a = json_array();
    for (int i = 0; i < n_layers; i++)
        json_array_append_new(a, json_integer((json_int_t)points[i]));
    json_object_set_new(o, "points", a);
    json_object_set_new(o, "seconds", json_real(round(seconds * 1000) / 1000));
}

/* ------------------------------------------------------------------------- from JSON */

static bool seed_ok(const json_t *v)
{
    char *end;
    if (json_is_integer(v) && json_integer_value(v) >= 0)
        return true;
    if (!json_is_string(v) || json_string_value(v)[0] < '0' || json_string_value(v)[0] > '9')
        return false;
    (void)strtoull(json_string_value(v), &end, 10);
    return *end == '\0';
}

static bool points_ok(const json_t *a)
{
    size_t i;
    const json_t *v;
    if (!json_is_array(a) || json_array_size(a) > DP_MAX_LAYERS)
        return false;
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < 0)
            return false;
    }
    return true;
}

static bool fits(const char *s, size_t cap)
{
    return strlen(s) < cap;
}

/* Whether an entry's meta has the pack's keys, each of its type. */
static bool meta_ok(json_t *meta)
{
    const char *preset, *psha, *isha, *kind;
    json_t *seed, *points;
    int tileable, width, height, depth;
    double seconds, height_scale;
    dp_output_kind k;
    if (json_unpack(meta, "{s:s, s:s, s:s, s:o, s:[ii], s?i, s:s, s:b, s?F, s:o, s:F}", "preset",
                    &preset, "preset_sha256", &psha, "inputs_sha256", &isha, "seed", &seed, "size",
                    &width, &height, "bit_depth", &depth, "kind", &kind, "tileable", &tileable,
                    "height_scale", &height_scale, "points", &points, "seconds", &seconds) != 0)
        return false;
    return fits(preset, DP_NAME_MAX) && fits(psha, DP_SHA256_HEX) && fits(isha, DP_SHA256_HEX) &&
           seed_ok(seed) && read_kind(kind, &k) && points_ok(points);
}

static dapple_status check_entries(const dp_batch_manifest *m, const char *path, dapple_error *err)
{
    for (size_t i = 0; i < m->n; i++)
        if (!meta_ok(m->entries[i].meta))
            return dp_fail(err, DAPPLE_E_FORMAT,
                           "%s: %s: not a pack entry (a key is missing or "
                           "of the wrong type)",
                           path, m->entries[i].file);
    return DAPPLE_OK;
}

dapple_status dp_pack_manifest_read(dp_batch_manifest *m, const char *path, uint64_t max_bytes,
                                    dapple_error *err)
{
    dapple_status st = dp_batch_manifest_read(m, path, max_bytes, err);
    if (st == DAPPLE_OK)
        st = check_entries(m, path, err);
    if (st != DAPPLE_OK) {
        dp_batch_manifest_fini(m);
        dp_batch_manifest_init(m, "pack", "");
    }
    return st;
}

dapple_status dp_pack_manifest_merge(dp_batch_manifest *m, const char *out_dir, uint64_t max_bytes,
                                     int *n_shards, dapple_error *err)
{
    dapple_status st = dp_batch_merge_shards(m, out_dir, "manifest", max_bytes, n_shards, err);
    if (st == DAPPLE_OK)
        st = check_entries(m, out_dir, err);
    return st;
}
