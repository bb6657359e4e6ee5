/* SPDX-License-Identifier: MIT
 * The batch manifest (see manifest.h), through jansson: the header a key a line, then each
 * entry as one compact object on its line ("file", the command's keys, "job_sha256",
 * "sha256" last), so a line-oriented tool (grep, sed) can still pick entries out. Reading
 * takes jansson's parser (depth-limited, strict UTF-8) and checks every field we use. */
#include "batch/manifest.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/json_budget.h"
#include "core/dp.h"
#include "io/atomic_file.h"
#include "io/sha256.h"

void dp_batch_manifest_init(dp_batch_manifest *m, const char *command, const char *build)
{
    memset(m, 0, sizeof *m);
    snprintf(m->command, sizeof m->command, "%s", command);
    snprintf(m->version, sizeof m->version, "%s", DAPPLE_VERSION);
    snprintf(m->build, sizeof m->build, "%s", build);
}

static void clear_entries(dp_batch_manifest *m)
{
    for (size_t i = 0; i < m->n; i++)
        json_decref(m->entries[i].meta);
    m->n = 0;
}

void dp_batch_manifest_fini(dp_batch_manifest *m)
{
    clear_entries(m);
    free(m->entries);
    json_decref(m->plan);
    m->entries = NULL;
    m->plan = NULL;
    m->cap = 0;
}

dapple_status dp_batch_manifest_add(dp_batch_manifest *m, const char *file, const char *job_sha256,
                                    const char *sha256, json_t *meta, dapple_error *err)
{
    dp_batch_entry *p = dp_grow(m->entries, &m->cap, m->n, sizeof *p);
    if (p == NULL) {
        json_decref(meta);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu manifest entries", m->n + 1);
    }
    m->entries = p;
    dp_batch_entry *e = &m->entries[m->n++];
    snprintf(e->file, sizeof e->file, "%s", file);
    snprintf(e->job_sha256, sizeof e->job_sha256, "%s", job_sha256);
    snprintf(e->sha256, sizeof e->sha256, "%s", sha256);
    e->meta = meta;
    return DAPPLE_OK;
}

static int by_file(const void *a, const void *b)
{
    return strcmp(((const dp_batch_entry *)a)->file, ((const dp_batch_entry *)b)->file);
}

void dp_batch_manifest_sort(dp_batch_manifest *m)
{
    if (m->n > 1)
        qsort(m->entries, m->n, sizeof *m->entries, by_file);
}

const dp_batch_entry *dp_batch_manifest_find(const dp_batch_manifest *m, const char *file)
{
    dp_batch_entry key;
    if (m->n == 0 || strlen(file) >= sizeof key.file)
        return NULL;
    snprintf(key.file, sizeof key.file, "%s", file);
    return bsearch(&key, m->entries, m->n, sizeof key, by_file);
}

void dp_batch_manifest_name(char *out, size_t cap, const char *base, int index, int count)
{
    if (count > 0)
        snprintf(out, cap, "%s-shard-%d-of-%d.json", base, index, count);
    else
        snprintf(out, cap, "%s.json", base);
}

bool dp_batch_manifest_name_of(const char *name, const char *base, int *index, int *count)
{
    size_t n = strlen(base);
    int i = 0, k = 0, end = 0;
    if (strncmp(name, base, n) != 0)
        return false;
    name += n;
    if (strcmp(name, ".json") != 0 && !(sscanf(name, "-shard-%d-of-%d.json%n", &i, &k, &end) == 2 &&
                                        name[end] == '\0' && i >= 1 && i <= k))
        return false;
    if (index != NULL)
        *index = i;
    if (count != NULL)
        *count = k;
    return true;
}

bool dp_batch_entry_intact(const dp_batch_entry *e, const char *dir)
{
    char path[DP_BATCH_PATH_MAX], hex[DP_SHA256_HEX];
    dp_batch_join(path, sizeof path, dir, e->file);
    return dp_sha256_file(path, hex, NULL) == DAPPLE_OK && strcmp(hex, e->sha256) == 0;
}

/* ------------------------------------------------------------------------- writing */

/* Reals at 9 significant digits (seconds are rounded to ms by the caller). One object with ", " and
 * ": " between members, as the line format has it. */
static int put_json(FILE *fp, const json_t *v)
{
    char *text = json_dumps(v, JSON_REAL_PRECISION(9) | JSON_ENCODE_ANY);
    if (text == NULL)
        return -1;
    fputs(text, fp);
    free(text);
    return 0;
}

static json_t *entry_object(const dp_batch_entry *e)
{
    json_t *o = json_object();
    if (o == NULL)
        return NULL;
    json_object_set_new(o, "file", json_string(e->file));
    if (e->meta != NULL)
        json_object_update(o, e->meta);
    json_object_set_new(o, "job_sha256", json_string(e->job_sha256));
    json_object_set_new(o, "sha256", json_string(e->sha256));
    return o;
}

static int put_header(FILE *fp, const dp_batch_manifest *m)
{
    int bad = 0;
    fprintf(fp, "{\n  \"format\": %d,\n  \"dapple\": ", DP_BATCH_FORMAT);
    json_t *s = json_string(m->version);
    bad |= put_json(fp, s);
    json_decref(s);
    fprintf(fp, ",\n  \"build\": \"%s\",\n  \"command\": \"%s\",\n", m->build, m->command);
    if (m->shard_count > 0)
        fprintf(fp, "  \"shard\": [%d, %d],\n", m->shard_index, m->shard_count);
    if (m->plan != NULL) {
        fputs("  \"plan\": ", fp);
        bad |= put_json(fp, m->plan);
        fputs(",\n", fp);
    }
    return bad;
}

dapple_status dp_batch_manifest_write(const dp_batch_manifest *m, const char *path,
                                      dapple_error *err)
{
    dp_atomic_file af;
    int bad;
    if (dp_atomic_open(&af, path, err) != DAPPLE_OK)
        return err->status;
    bad = put_header(af.fp, m);
    fputs("  \"outputs\": [", af.fp);
    for (size_t i = 0; i < m->n && !bad; i++) {
        json_t *o = entry_object(&m->entries[i]);
        fputs(i ? ",\n    " : "\n    ", af.fp);
        bad |= o == NULL || put_json(af.fp, o);
        json_decref(o);
    }
    fputs(m->n ? "\n  ]\n}\n" : "]\n}\n", af.fp);
    if (bad) {
        dp_atomic_abort(&af);
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: cannot write the manifest (out of memory)", path);
    }
    return dp_atomic_commit(&af, err);
}

/* ------------------------------------------------------------------------- reading */

/* jansson's message may quote the bytes at fault: non-printing ones become '?', so a binary
 * file still gives one readable line. */
static void printable(char *s)
{
    for (unsigned char *c = (unsigned char *)s; *c != '\0'; c++)
        if (*c < 0x20 || *c >= 0x7f)
            *c = '?';
}

static bool is_hex64(const char *s)
{
    size_t n = strspn(s, "0123456789abcdef");
    return n == 64 && s[64] == '\0';
}

/* A string member into out (cap with the NUL): false when absent, not a string or too long. */
static bool get_string(const json_t *o, const char *key, char *out, size_t cap)
{
    const json_t *v = json_object_get(o, key);
    if (!json_is_string(v) || json_string_length(v) >= cap ||
        strlen(json_string_value(v)) != json_string_length(v))
        return false;
    memcpy(out, json_string_value(v), json_string_length(v) + 1);
    return true;
}

/* Output names are joined to the folder: only plain names may come from a file. */
static bool plain_name(const char *s)
{
    return s[0] != '\0' && s[0] != '.' && strchr(s, '/') == NULL;
}

static dapple_status read_entry(dp_batch_manifest *m, const json_t *o, size_t i, const char *path,
                                dapple_error *err)
{
    char file[DP_BATCH_FILE_MAX], job[DP_SHA256_HEX], sha[DP_SHA256_HEX];
    if (!json_is_object(o) || !get_string(o, "file", file, sizeof file) || !plain_name(file))
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: output %zu: no plain file name", path, i + 1);
    if (!get_string(o, "job_sha256", job, sizeof job) || !is_hex64(job) ||
        !get_string(o, "sha256", sha, sizeof sha) || !is_hex64(sha))
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: %s: no job_sha256 or sha256 of 64 hex digits",
                       path, file);
    json_t *meta = json_deep_copy(o);
    if (meta == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    json_object_del(meta, "file");
    json_object_del(meta, "job_sha256");
    json_object_del(meta, "sha256");
    return dp_batch_manifest_add(m, file, job, sha, meta, err);
}

static dapple_status read_shard(dp_batch_manifest *m, const json_t *root, const char *path,
                                dapple_error *err)
{
    const json_t *s = json_object_get(root, "shard");
    m->shard_index = m->shard_count = 0;
    if (s == NULL)
        return DAPPLE_OK;
    if (json_array_size(s) != 2 || !json_is_integer(json_array_get(s, 0)) ||
        !json_is_integer(json_array_get(s, 1)))
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: \"shard\" is not [I, N]", path);
    json_int_t i = json_integer_value(json_array_get(s, 0)),
               n = json_integer_value(json_array_get(s, 1));
    if (i < 1 || i > n || n > INT32_MAX)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: \"shard\" is not [I, N] with 1 <= I <= N", path);
    m->shard_index = (int)i, m->shard_count = (int)n;
    return DAPPLE_OK;
}

/* The header: our format, the command the caller expects, a version and a build. */
static dapple_status read_header(dp_batch_manifest *m, const json_t *root, const char *path,
                                 dapple_error *err)
{
    char command[sizeof m->command];
    const json_t *format = json_object_get(root, "format");
    if (!json_is_object(root))
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: not a dapple manifest (not a JSON object)", path);
    if (format == NULL && json_object_get(root, "dapple") != NULL)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: made by an older dapple (before manifest format %d): rerun to make "
                       "it again",
                       path, DP_BATCH_FORMAT);
    if (!json_is_integer(format) || json_integer_value(format) != DP_BATCH_FORMAT)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: not a dapple manifest of format %d: rerun to make it again", path,
                       DP_BATCH_FORMAT);
    if (!get_string(root, "command", command, sizeof command) || strcmp(command, m->command) != 0)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: not a manifest of `dapple %s`", path, m->command);
    if (!get_string(root, "dapple", m->version, sizeof m->version) ||
        !get_string(root, "build", m->build, sizeof m->build))
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: no \"dapple\" version or \"build\"", path);
    json_t *plan = json_object_get(root, "plan");
    m->plan = plan != NULL ? json_incref(plan) : NULL;
    return read_shard(m, root, path, err);
}

static dapple_status read_root(dp_batch_manifest *m, const json_t *root, const char *path,
                               dapple_error *err)
{
    if (read_header(m, root, path, err) != DAPPLE_OK)
        return err->status;
    const json_t *outputs = json_object_get(root, "outputs");
    if (!json_is_array(outputs))
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: no \"outputs\" list", path);
    for (size_t i = 0; i < json_array_size(outputs); i++) {
        if (read_entry(m, json_array_get(outputs, i), i, path, err) == DAPPLE_OK)
            continue;
        if (err->status != DAPPLE_E_FORMAT)
            return err->status;
        if (m->n_skipped++ == 0) /* one bad entry: its output is made again, no other */
            snprintf(m->skipped, sizeof m->skipped, "%s", err->message);
    }
    dp_batch_manifest_sort(m);
    return DAPPLE_OK;
}

/* Opened and measured before a byte is parsed: a manifest larger than the run can need is
 * refused, not loaded (a 1 GB one would cost several GB of tree). */
static dapple_status open_bounded(const char *path, uint64_t max_bytes, int *fd, uint64_t *size,
                                  dapple_error *err)
{
    struct stat st;
    *fd = open(path, O_RDONLY | O_NONBLOCK);
    if (*fd < 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(errno));
    if (fstat(*fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(*fd);
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: not a regular file", path);
    }
    if ((uint64_t)st.st_size > max_bytes) {
        close(*fd);
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "%s: %llu bytes, more than the %llu a manifest of this run can need", path,
                       (unsigned long long)st.st_size, (unsigned long long)max_bytes);
    }
    *size = (uint64_t)st.st_size;
    return DAPPLE_OK;
}

dapple_status dp_batch_manifest_read(dp_batch_manifest *m, const char *path, uint64_t max_bytes,
                                     dapple_error *err)
{
    json_error_t je;
    int fd;
    clear_entries(m);
    json_decref(m->plan);
    m->plan = NULL;
    m->n_skipped = 0;
    m->skipped[0] = '\0';
    uint64_t size = 0;
    if (open_bounded(path, max_bytes, &fd, &size, err) != DAPPLE_OK)
        return err->status;
    size_t budget = (size_t)size * DP_JSON_BUDGET_RATIO + ((size_t)1 << 20);
    dp_json_budget_begin(budget);
    json_t *root = json_loadfd(fd, JSON_REJECT_DUPLICATES, &je);
    bool over = dp_json_budget_end();
    close(fd);
    if (root == NULL && over)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "%s: reading it would take over %zu MiB of memory, %d times its %llu "
                       "bytes: not a manifest dapple wrote",
                       path, budget >> 20, DP_JSON_BUDGET_RATIO, (unsigned long long)size);
    if (root == NULL) {
        printable(je.text);
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: line %d, column %d: %s", path, je.line, je.column,
                       je.text);
    }
    dapple_status st = read_root(m, root, path, err);
    json_decref(root);
    if (st != DAPPLE_OK)
        clear_entries(m);
    return st;
}
