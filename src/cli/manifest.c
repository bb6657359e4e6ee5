/* SPDX-License-Identifier: MIT
 * The pack manifest (see manifest.h). The writer prints one entry per line in a fixed key
 * order, so two packs of the same presets differ only in "seconds". The reader is a small
 * recursive-descent JSON parser: it knows our keys, skips unknown ones (so later versions
 * may add keys) and refuses anything that is not JSON, with the byte offset at fault. */
#include "cli/manifest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/build_id.h"
#include "cli/common.h"
#include "core/dp.h"
#include "preset/parse.h"
#include "io/atomic_file.h"

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
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 64;
        dp_manifest_entry *p = dp_realloc_n(m->entries, cap, sizeof *p);
        if (p == NULL)
            return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu manifest entries", cap);
        m->entries = p;
        m->cap = cap;
    }
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

/* ------------------------------------------------------------------------- writing */

/* A JSON string: quotes, backslashes and control bytes escaped; other bytes as they are
 * (preset names come from file names, which are UTF-8 in practice). */
static void put_string(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(fp, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(fp, "\\u%04x", *p);
        else
            fputc(*p, fp);
    }
    fputc('"', fp);
}

void dp_json_put_string(FILE *fp, const char *s)
{
    put_string(fp, s);
}

static void put_entry(FILE *fp, const dp_manifest_entry *e)
{
    fputs("    {\"file\": ", fp);
    put_string(fp, e->file);
    fputs(", \"preset\": ", fp);
    put_string(fp, e->preset);
    fprintf(fp, ", \"preset_sha256\": \"%s\", \"inputs_sha256\": \"%s\"", e->preset_sha256,
            e->inputs_sha256);
    fprintf(fp, ", \"seed\": %llu, \"size\": [%d, %d]", (unsigned long long)e->seed, e->width,
            e->height);
    if (e->kind != DP_KIND_POINTS)
        fprintf(fp, ", \"bit_depth\": %d, \"colour_space\": \"%s\"", e->bit_depth,
                e->kind == DP_KIND_TEXTURE ? "sRGB" : "linear");
    fprintf(fp, ", \"kind\": \"%s\", \"tileable\": %s, ", dp_output_kind_name(e->kind),
            e->tileable ? "true" : "false");
    if (e->kind == DP_KIND_HEIGHT)
        fprintf(fp, "\"height_scale\": %.9g, ", e->height_scale);
    fputs("\"points\": [", fp);
    for (int i = 0; i < e->n_layers; i++)
        fprintf(fp, "%s%zu", i ? ", " : "", e->points[i]);
    fprintf(fp, "], \"seconds\": %.3f, \"sha256\": \"%s\"}", e->seconds, e->sha256);
}

dapple_status dp_manifest_write(const dp_manifest *m, const char *path, dapple_error *err)
{
    dp_atomic_file af;
    if (dp_atomic_open(&af, path, err) != DAPPLE_OK)
        return err->status;
    fputs("{\n  \"dapple\": ", af.fp);
    put_string(af.fp, m->version);
    fputs(",\n  \"build\": ", af.fp);
    put_string(af.fp, m->build);
    fputs(",\n  \"outputs\": [", af.fp);
    for (size_t i = 0; i < m->n; i++) {
        fputs(i ? ",\n" : "\n", af.fp);
        put_entry(af.fp, &m->entries[i]);
    }
    fputs(m->n ? "\n  ]\n}\n" : "]\n}\n", af.fp);
    return dp_atomic_commit(&af, err);
}

/* ------------------------------------------------------------------------- reading */

typedef struct jreader {
    const char *start, *s, *end;
    const char *problem; /* first error, NULL while all is well */
} jreader;

static bool jfail(jreader *r, const char *problem)
{
    if (r->problem == NULL)
        r->problem = problem;
    return false;
}

static void skip_ws(jreader *r)
{
    while (r->s < r->end && (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r'))
        r->s++;
}

/* Consumes c (after white space) if it is next. */
static bool take(jreader *r, char c)
{
    skip_ws(r);
    if (r->s < r->end && *r->s == c) {
        r->s++;
        return true;
    }
    return false;
}

static bool expect(jreader *r, char c, const char *problem)
{
    return take(r, c) || jfail(r, r->s == r->end ? "unexpected end" : problem);
}

/* One escape after the backslash; \uXXXX becomes UTF-8 (surrogates are not paired: our
 * writer never makes them, and a lone one is replaced by '?'). Returns bytes written. */
static int read_escape(jreader *r, char out[4])
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    const char *p = r->s < r->end ? strchr(from, *r->s) : NULL;
    if (p != NULL && *p != '\0') {
        r->s++;
        out[0] = to[p - from];
        return 1;
    }
    if (r->end - r->s < 5 || *r->s != 'u')
        return jfail(r, "bad escape in a string"), -1;
    unsigned v = 0;
    for (int i = 1; i <= 4; i++) {
        int d = dp_hex_digit(r->s[i]);
        if (d < 0)
            return jfail(r, "bad \\u escape"), -1;
        v = v * 16 + (unsigned)d;
    }
    r->s += 5;
    if (v < 0x80 || (v >= 0xd800 && v < 0xe000)) {
        out[0] = v < 0x80 ? (char)v : '?';
        return 1;
    }
    if (v < 0x800) {
        out[0] = (char)(0xc0 | (v >> 6));
        out[1] = (char)(0x80 | (v & 0x3f));
        return 2;
    }
    out[0] = (char)(0xe0 | (v >> 12));
    out[1] = (char)(0x80 | ((v >> 6) & 0x3f));
    out[2] = (char)(0x80 | (v & 0x3f));
    return 3;
}

/* A string into out (cap bytes with the NUL); too long is an error, not a truncation. */
static bool read_string(jreader *r, char *out, size_t cap)
{
    size_t n = 0;
    if (!expect(r, '"', "expected a string"))
        return false;
    while (r->s < r->end && *r->s != '"') {
        char buf[4];
        int len = 1;
        if ((unsigned char)*r->s < 0x20)
            return jfail(r, "control character in a string");
        if (*r->s == '\\') {
            r->s++;
            len = read_escape(r, buf);
            if (len < 0)
                return false;
        } else {
            buf[0] = *r->s++;
        }
        if (n + (size_t)len >= cap)
            return jfail(r, "string too long");
        memcpy(out + n, buf, (size_t)len);
        n += (size_t)len;
    }
    if (r->s == r->end)
        return jfail(r, "unterminated string");
    r->s++;
    out[n] = '\0';
    return true;
}

/* The text of a number token, checked by strtod. */
static bool read_number(jreader *r, double *out, char *text, size_t cap)
{
    size_t n = 0;
    skip_ws(r);
    while (r->s < r->end && strchr("+-0123456789.eE", *r->s) != NULL && *r->s != '\0') {
        if (n + 1 >= cap)
            return jfail(r, "number too long");
        text[n++] = *r->s++;
    }
    text[n] = '\0';
    char *end;
    *out = strtod(text, &end);
    return (n > 0 && *end == '\0') || jfail(r, "expected a number");
}

static bool read_double(jreader *r, double *out)
{
    char text[64];
    return read_number(r, out, text, sizeof text);
}

/* A non-negative integer up to 'max', exactly (seeds are 64-bit: no double detour). */
static bool read_u64(jreader *r, uint64_t max, uint64_t *out)
{
    char text[64], *end;
    double d;
    if (!read_number(r, &d, text, sizeof text))
        return false;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (text[0] == '-' || *end != '\0' || errno == ERANGE || v > max)
        return jfail(r, "expected a non-negative integer");
    *out = v;
    return true;
}

static bool read_int(jreader *r, int *out)
{
    uint64_t v;
    if (!read_u64(r, INT32_MAX, &v))
        return false;
    *out = (int)v;
    return true;
}

static bool read_literal(jreader *r, const char *word)
{
    size_t n = strlen(word);
    skip_ws(r);
    if ((size_t)(r->end - r->s) >= n && memcmp(r->s, word, n) == 0) {
        r->s += n;
        return true;
    }
    return false;
}

static bool read_bool(jreader *r, bool *out)
{
    if (read_literal(r, "true"))
        return *out = true, true;
    if (read_literal(r, "false"))
        return *out = false, true;
    return jfail(r, "expected true or false");
}

static bool skip_value(jreader *r, int depth);

/* The members of an object, each handed to on_key (which reads the value), or skipped
 * when on_key is NULL. */
typedef bool (*key_fn)(jreader *r, const char *key, void *ctx);

static bool read_object(jreader *r, key_fn on_key, void *ctx, int depth)
{
    char key[64];
    if (!expect(r, '{', "expected an object"))
        return false;
    if (take(r, '}'))
        return true;
    do {
        if (!read_string(r, key, sizeof key) || !expect(r, ':', "expected ':'"))
            return false;
        if (!(on_key ? on_key(r, key, ctx) : skip_value(r, depth + 1)))
            return false;
    } while (take(r, ','));
    return expect(r, '}', "expected ',' or '}'");
}

/* Calls on_item for each element of an array. */
typedef bool (*item_fn)(jreader *r, size_t index, void *ctx);

static bool read_array(jreader *r, item_fn on_item, void *ctx)
{
    if (!expect(r, '[', "expected an array"))
        return false;
    if (take(r, ']'))
        return true;
    size_t i = 0;
    do {
        if (!on_item(r, i++, ctx))
            return false;
    } while (take(r, ','));
    return expect(r, ']', "expected ',' or ']'");
}

static bool skip_item(jreader *r, size_t index, void *ctx)
{
    (void)index;
    return skip_value(r, *(int *)ctx);
}

static bool skip_value(jreader *r, int depth)
{
    char text[64];
    double d;
    if (depth > 32)
        return jfail(r, "nested too deeply");
    skip_ws(r);
    if (r->s == r->end)
        return jfail(r, "unexpected end");
    if (*r->s == '{')
        return read_object(r, NULL, NULL, depth);
    if (*r->s == '[') {
        int next = depth + 1;
        return read_array(r, skip_item, &next);
    }
    if (*r->s == '"') {
        char buf[1024];
        return read_string(r, buf, sizeof buf);
    }
    if (read_literal(r, "true") || read_literal(r, "false") || read_literal(r, "null"))
        return true;
    return read_number(r, &d, text, sizeof text);
}

/* --- entries */

static bool size_item(jreader *r, size_t index, void *ctx)
{
    dp_manifest_entry *e = ctx;
    if (index > 1)
        return jfail(r, "size has more than two numbers");
    return read_int(r, index == 0 ? &e->width : &e->height);
}

static bool points_item(jreader *r, size_t index, void *ctx)
{
    dp_manifest_entry *e = ctx;
    uint64_t v;
    if (index >= DP_MAX_LAYERS)
        return jfail(r, "too many layers in points");
    if (!read_u64(r, SIZE_MAX, &v))
        return false;
    e->points[index] = (size_t)v;
    e->n_layers = (int)index + 1;
    return true;
}

static bool read_kind(jreader *r, dp_output_kind *out)
{
    char name[16];
    if (!read_string(r, name, sizeof name))
        return false;
    for (int k = 0; k < DP_KIND_COUNT; k++)
        if (strcmp(name, KIND_NAMES[k]) == 0)
            return *out = (dp_output_kind)k, true;
    return jfail(r, "unknown kind");
}

/* The bit depth of a points entry may be written as null. */
static bool read_depth(jreader *r, int *out)
{
    if (read_literal(r, "null"))
        return *out = 0, true;
    return read_int(r, out);
}

static bool entry_key(jreader *r, const char *key, void *ctx)
{
    dp_manifest_entry *e = ctx;
    if (strcmp(key, "file") == 0)
        return read_string(r, e->file, sizeof e->file);
    if (strcmp(key, "preset") == 0)
        return read_string(r, e->preset, sizeof e->preset);
    if (strcmp(key, "preset_sha256") == 0)
        return read_string(r, e->preset_sha256, sizeof e->preset_sha256);
    if (strcmp(key, "inputs_sha256") == 0)
        return read_string(r, e->inputs_sha256, sizeof e->inputs_sha256);
    if (strcmp(key, "sha256") == 0)
        return read_string(r, e->sha256, sizeof e->sha256);
    if (strcmp(key, "seed") == 0)
        return read_u64(r, UINT64_MAX, &e->seed);
    if (strcmp(key, "size") == 0)
        return read_array(r, size_item, e);
    if (strcmp(key, "bit_depth") == 0)
        return read_depth(r, &e->bit_depth);
    if (strcmp(key, "kind") == 0)
        return read_kind(r, &e->kind);
    if (strcmp(key, "tileable") == 0)
        return read_bool(r, &e->tileable);
    if (strcmp(key, "points") == 0)
        return read_array(r, points_item, e);
    if (strcmp(key, "seconds") == 0)
        return read_double(r, &e->seconds);
    if (strcmp(key, "height_scale") == 0)
        return read_double(r, &e->height_scale);
    return skip_value(r, 2);
}

/* Output names are joined to OUT_DIR: only plain names may come from a file. */
static bool plain_name(const char *s)
{
    return s[0] != '\0' && s[0] != '.' && strchr(s, '/') == NULL;
}

static bool output_item(jreader *r, size_t index, void *ctx)
{
    dp_manifest *m = ctx;
    dp_manifest_entry e;
    (void)index;
    memset(&e, 0, sizeof e);
    if (!read_object(r, entry_key, &e, 1))
        return false;
    if (!plain_name(e.file))
        return jfail(r, "an output's file is not a plain file name");
    if (strlen(e.sha256) != 64)
        return jfail(r, "an output has no sha256");
    return dp_manifest_add(m, &e, NULL) == DAPPLE_OK || jfail(r, "out of memory");
}

static bool top_key(jreader *r, const char *key, void *ctx)
{
    dp_manifest *m = ctx;
    if (strcmp(key, "dapple") == 0)
        return read_string(r, m->version, sizeof m->version);
    if (strcmp(key, "build") == 0)
        return read_string(r, m->build, sizeof m->build);
    if (strcmp(key, "outputs") == 0)
        return read_array(r, output_item, m);
    return skip_value(r, 1);
}

static dapple_status parse_text(dp_manifest *m, const char *text, size_t len, const char *path,
                                dapple_error *err)
{
    jreader r = { text, text, text + len, NULL };
    m->version[0] = '\0';
    m->build[0] = '\0';
    if (read_object(&r, top_key, m, 0)) {
        skip_ws(&r);
        if (r.s != r.end)
            jfail(&r, "text after the end");
        else if (m->version[0] == '\0')
            jfail(&r, "no \"dapple\" version");
    }
    if (r.problem != NULL)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: offset %td: %s", path, r.s - r.start, r.problem);
    dp_manifest_sort(m);
    return DAPPLE_OK;
}

/* The whole file into a malloc'ed buffer; manifests are far below the 1 GiB refused here. */
static dapple_status slurp(const char *path, char **text, size_t *len, dapple_error *err)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, fp);
        if (n < cap || cap >= ((size_t)1 << 30))
            break;
        char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL)
            free(buf);
        buf = bigger;
        cap *= 2;
    }
    bool bad = ferror(fp) || n == cap;
    fclose(fp);
    if (buf == NULL || bad) {
        free(buf);
        return dp_fail(err, buf == NULL ? DAPPLE_E_NOMEM : DAPPLE_E_IO, "%s: cannot read it", path);
    }
    *text = buf;
    *len = n;
    return DAPPLE_OK;
}

dapple_status dp_manifest_read(dp_manifest *m, const char *path, dapple_error *err)
{
    char *text = NULL;
    size_t len = 0;
    m->n = 0;
    dapple_status st = slurp(path, &text, &len, err);
    if (st != DAPPLE_OK)
        return st;
    st = parse_text(m, text, len, path, err);
    free(text);
    if (st != DAPPLE_OK)
        m->n = 0;
    return st;
}

/* ------------------------------------------------------------------------- merging */

static bool shard_numbers(const char *name, int *i, int *n)
{
    int end = 0;
    return sscanf(name, "manifest-shard-%d-of-%d.json%n", i, n, &end) == 2 && name[end] == '\0' &&
           *i >= 1 && *i <= *n;
}

static bool is_shard_name(const char *dir, const char *name)
{
    int i, n;
    (void)dir;
    return shard_numbers(name, &i, &n);
}

static double mtime_of(const char *dir, const char *name)
{
    char path[DP_PATH_MAX + 64];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) == 0 ? (double)st.st_mtim.tv_sec + 1e-9 * st.st_mtim.tv_nsec : 0;
}

/* The split to merge: the N of the newest shard manifest. Shards of another N are left
 * from an earlier split, and merging them would list outputs of two different packs. */
static dapple_status current_split(const char *dir, char **names, size_t n, int *count,
                                   dapple_error *err)
{
    double newest = -1;
    int i, k;
    for (size_t s = 0; s < n; s++) {
        double t = mtime_of(dir, names[s]);
        if (shard_numbers(names[s], &i, &k) && t > newest) {
            newest = t;
            *count = k;
        }
    }
    for (size_t s = 0; s < n; s++) {
        if (shard_numbers(names[s], &i, &k) && k != *count)
            return dp_fail(err, DAPPLE_E_FORMAT,
                           "%s/%s: left from an earlier split into %d (the newest shards are of "
                           "%d): remove %s/manifest-shard-*-of-%d.json and merge again",
                           dir, names[s], k, *count, dir, k);
    }
    return DAPPLE_OK;
}

/* Every shard 1..N of the split must be there: a merge of some is not the pack. */
static dapple_status check_complete(const char *dir, char **names, size_t n, int count,
                                    dapple_error *err)
{
    for (int want = 1; want <= count; want++) {
        bool found = false;
        int i, k;
        for (size_t s = 0; s < n && !found; s++)
            found = shard_numbers(names[s], &i, &k) && i == want;
        if (!found)
            return dp_fail(err, DAPPLE_E_IO,
                           "%s: manifest-shard-%d-of-%d.json is missing: run the pack with "
                           "--shard %d/%d, then merge",
                           dir, want, count, want, count);
    }
    return DAPPLE_OK;
}

/* Marks in have[] the entries of shard that m already lists; they must agree on the bytes. */
static dapple_status find_known(const dp_manifest *m, const dp_manifest *shard, bool *have,
                                const char *path, dapple_error *err)
{
    for (size_t i = 0; i < shard->n; i++) {
        const dp_manifest_entry *old = dp_manifest_find(m, shard->entries[i].file);
        if (old != NULL && strcmp(old->sha256, shard->entries[i].sha256) != 0)
            return dp_fail(err, DAPPLE_E_FORMAT, "%s: %s: another shard lists other bytes", path,
                           shard->entries[i].file);
        have[i] = old != NULL;
    }
    return DAPPLE_OK;
}

/* Appends the entries of the shard at path that m lacks. Lookups come first and appends
 * after, because appending unsorts m (and may move it). */
static dapple_status merge_one(dp_manifest *m, const char *path, dapple_error *err)
{
    dp_manifest shard;
    dp_manifest_init(&shard);
    dapple_status st = dp_manifest_read(&shard, path, err);
    bool *have = st == DAPPLE_OK ? dp_calloc_n(shard.n + 1, sizeof *have) : NULL;
    if (st == DAPPLE_OK && have == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    if (st == DAPPLE_OK && strcmp(shard.version, m->version) != 0)
        st = dp_fail(err, DAPPLE_E_FORMAT, "%s: made by dapple %s, not %s", path, shard.version,
                     m->version);
    if (st == DAPPLE_OK && strcmp(shard.build, m->build) != 0)
        st = dp_fail(err, DAPPLE_E_FORMAT,
                     "%s: made by another build of dapple (%.12s, this is %.12s): render it "
                     "again with this one",
                     path, shard.build[0] != '\0' ? shard.build : "none", m->build);
    if (st == DAPPLE_OK)
        st = find_known(m, &shard, have, path, err);
    for (size_t i = 0; st == DAPPLE_OK && i < shard.n; i++)
        if (!have[i])
            st = dp_manifest_add(m, &shard.entries[i], err);
    free(have);
    dp_manifest_fini(&shard);
    dp_manifest_sort(m);
    return st;
}

dapple_status dp_manifest_merge_shards(dp_manifest *m, const char *out_dir, int *n_shards,
                                       dapple_error *err)
{
    char **names, path[DP_PATH_MAX + 64];
    size_t n;
    *n_shards = 0;
    if (dp_cli_list_dir(out_dir, is_shard_name, &names, &n, err) != DAPPLE_OK)
        return err->status;
    dapple_status st = DAPPLE_OK;
    int count = 0;
    if (n == 0)
        st = dp_fail(err, DAPPLE_E_IO, "%s: no manifest-shard-I-of-N.json to merge", out_dir);
    else if (current_split(out_dir, names, n, &count, err) != DAPPLE_OK ||
             check_complete(out_dir, names, n, count, err) != DAPPLE_OK)
        st = err->status;
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", out_dir, names[i]);
        if (st == DAPPLE_OK)
            st = merge_one(m, path, err);
        free(names[i]);
    }
    free(names);
    *n_shards = (int)n;
    return st;
}
