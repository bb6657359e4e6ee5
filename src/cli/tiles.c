/* SPDX-License-Identifier: MIT
 * The plan and the manifest of `dapple tiles` (see tiles.h). Tile (x, y) of a grid of
 * square tiles of side T covers [xT, min((x+1)T, W)) x [yT, min((y+1)T, H)): the last
 * column and row are narrower when T does not divide the world. Tiles are numbered row by
 * row, index = y * columns + x, which is what --shard counts. The manifest is our own
 * JSON, one tile a line; the reader only looks for the world's hash and the
 * "file"/"sha256" pairs, so it needs no JSON parser. */
#include "cli/tiles.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/build_id.h"
#include "cli/common.h"
#include "core/dp.h"
#include "io/atomic_file.h"
#include "io/points_write.h"
#include "io/sha256.h"

/* ------------------------------------------------------------------------- plan */

static const char *file_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

static bool names_points(const char *pattern)
{
    size_t n = strlen(pattern);
    return (n >= 4 && strcmp(pattern + n - 4, ".csv") == 0) ||
           (n >= 5 && strcmp(pattern + n - 5, ".json") == 0);
}

/* {x} and {y} in the file name; no quote, backslash or control byte (the manifest's
 * reader takes names verbatim). */
static dapple_status check_pattern(const char *option, const char *pattern, dapple_error *err)
{
    const char *name = file_name(pattern);
    if (strstr(name, "{x}") == NULL || strstr(name, "{y}") == NULL)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s: the file name needs {x} and {y} (the tile's column and row), got '%s'",
                       option, pattern);
    for (const unsigned char *c = (const unsigned char *)name; *c != '\0'; c++)
        if (*c == '"' || *c == '\\' || *c < 0x20)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "%s: no quotes, backslashes or control characters in the file name",
                           option);
    return DAPPLE_OK;
}

/* The folder part of a pattern; "." when it has none. */
static void folder_of(const char *pattern, char *dir, size_t cap)
{
    const char *slash = strrchr(pattern, '/');
    if (slash == NULL)
        snprintf(dir, cap, ".");
    else
        snprintf(dir, cap, "%.*s", slash == pattern ? 1 : (int)(slash - pattern), pattern);
}

static dapple_status check_patterns(dp_tiles_plan *p, const dp_cli_opts *o, dapple_error *err)
{
    char other[DP_PATH_MAX];
    if (check_pattern("-o", o->output, err) != DAPPLE_OK)
        return err->status;
    folder_of(o->output, p->dir, sizeof p->dir);
    if (names_points(o->output)) {
        if (o->points_path != NULL)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "--points: -o already names point lists (.csv or .json)");
        p->points_pattern = o->output;
        return DAPPLE_OK;
    }
    p->mask_pattern = o->output;
    if (o->points_path == NULL)
        return DAPPLE_OK;
    if (check_pattern("--points", o->points_path, err) != DAPPLE_OK)
        return err->status;
    folder_of(o->points_path, other, sizeof other);
    if (strcmp(other, p->dir) != 0)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--points: must name the folder of -o (one manifest lists both)");
    if (strcmp(o->points_path, o->output) == 0)
        return dp_fail(err, DAPPLE_E_INVALID, "--points: the same pattern as -o");
    p->points_pattern = o->points_path;
    return DAPPLE_OK;
}

dapple_status dp_tiles_plan_init(dp_tiles_plan *p, const dp_cli_opts *o, dapple_error *err)
{
    memset(p, 0, sizeof *p);
    if (check_patterns(p, o, err) != DAPPLE_OK)
        return err->status;
    p->size = o->tile_size;
    p->nx = (o->width + p->size - 1) / p->size;
    p->ny = (o->height + p->size - 1) / p->size;
    if ((long)p->nx * p->ny > 65536) /* a record of each is held, and listed in the manifest */
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--tile-size: %d gives %ld tiles, more than 65536: use larger tiles",
                       p->size, (long)p->nx * p->ny);
    return DAPPLE_OK;
}

/* ------------------------------------------------------------------------- world hash */

static void hash_f(dp_sha256 *h, const char *fmt, ...) DP_PRINTF(2, 3);

static void hash_f(dp_sha256 *h, const char *fmt, ...)
{
    char line[DP_PATH_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    dp_sha256_update(h, line, n < 0 ? 0 : DP_MIN((size_t)n, sizeof line - 1));
    dp_sha256_update(h, "\n", 1);
}

/* An input image: its name and its bytes' hash. */
static dapple_status hash_image(dp_sha256 *h, const char *path, dapple_error *err)
{
    char hex[DP_SHA256_HEX];
    if (dp_sha256_file(path, hex, err) != DAPPLE_OK)
        return err->status;
    hash_f(h, "image %s %s", path, hex);
    return DAPPLE_OK;
}

static void hash_options(dp_sha256 *h, const dp_cli_opts *o)
{
    hash_f(h, "dapple %s build %s", DAPPLE_VERSION, dp_build_id());
    hash_f(h, "size %dx%d tile %d", o->width, o->height, o->tile_size);
    hash_f(h, "-o %s --points %s", file_name(o->output),
           o->points_path ? file_name(o->points_path) : ""); /* the folder may move */
    hash_f(h, "radius %d %.17g rmin %d %.17g rmax %d %.17g field %s", o->have_radius, o->radius,
           o->have_rmin, o->rmin, o->have_rmax, o->rmax, o->field ? o->field : "");
    hash_f(h, "map %d cutoff %.17g levels %.17g %.17g gamma %.17g invert %d dilate %.17g",
           (int)o->map, o->cutoff, o->black, o->white, o->gamma, o->invert, o->dilate);
    for (int i = 0; i < o->n_exclude; i++)
        hash_f(h, "exclude %s", o->exclude[i]);
    hash_f(h, "k %d max %llu seed %llu periodic %d dense %d maximal %d relax %d", o->k,
           (unsigned long long)o->max_points, (unsigned long long)o->seed, o->periodic, o->dense,
           o->maximal, o->relax);
    hash_f(h, "kind %d depth %d dot %.17g jpeg %d max-pixels %llu", (int)o->mask_kind, o->depth,
           o->dot_radius, o->jpeg_quality, (unsigned long long)o->max_pixels);
    hash_f(h, "rotation %d jitter %.17g variants %d y-up %d", o->rotation, o->scale_jitter,
           o->variants, o->y_up);
    if (o->relative) /* only when asked, so that older tiles.json files keep their hash */
        hash_f(h, "relative 1");
}

dapple_status dp_tiles_world_hash(dp_tiles_plan *p, const dp_cli_opts *o, dapple_error *err)
{
    dp_sha256 h;
    dapple_field_opts fo;
    char image[DP_PATH_MAX], paths[DP_MAX_EXCLUDE][DP_PATH_MAX];
    dp_sha256_init(&h);
    hash_options(&h, o);
    if (dp_cli_field_opts(o, &fo, image, sizeof image, err) != DAPPLE_OK)
        return err->status;
    if (image[0] != '\0' && hash_image(&h, image, err) != DAPPLE_OK)
        return err->status;
    dp_cli_exclude_paths(o, paths);
    for (int i = 0; i < o->n_exclude; i++)
        if (hash_image(&h, paths[i], err) != DAPPLE_OK)
            return err->status;
    dp_sha256_final_hex(&h, p->world_sha256);
    return DAPPLE_OK;
}

/* ------------------------------------------------------------------------- tiles */

/* The pattern's file name with {x} and {y} replaced. */
static dapple_status expand(const char *pattern, int tx, int ty, char *out, size_t cap,
                            dapple_error *err)
{
    const char *s = file_name(pattern);
    size_t n = 0;
    while (*s != '\0') {
        char num[16] = { s[0], '\0' };
        size_t step = 1;
        if (strncmp(s, "{x}", 3) == 0 || strncmp(s, "{y}", 3) == 0)
            snprintf(num, sizeof num, "%d", s[1] == 'x' ? tx : ty), step = 3;
        size_t len = strlen(num);
        if (n + len >= cap)
            return dp_fail(err, DAPPLE_E_INVALID, "%s: the tile names are too long", pattern);
        memcpy(out + n, num, len);
        n += len, s += step;
    }
    out[n] = '\0';
    return DAPPLE_OK;
}

dapple_status dp_tiles_record_init(const dp_tiles_plan *p, const dp_cli_opts *o, int index,
                                   dp_tile_record *r, dapple_error *err)
{
    memset(r, 0, sizeof *r);
    r->index = index, r->tx = index % p->nx, r->ty = index / p->nx;
    r->window[0] = r->tx * p->size, r->window[1] = r->ty * p->size;
    r->window[2] = DP_MIN(p->size, o->width - r->window[0]);
    r->window[3] = DP_MIN(p->size, o->height - r->window[1]);
    const char *patterns[2] = { p->mask_pattern, p->points_pattern };
    for (int i = 0; i < 2; i++) {
        if (patterns[i] == NULL)
            continue;
        if (expand(patterns[i], r->tx, r->ty, r->file[r->n_files], sizeof r->file[0], err) !=
            DAPPLE_OK)
            return err->status;
        r->n_files++;
    }
    return DAPPLE_OK;
}

void dp_tiles_file_path(const dp_tiles_plan *p, const dp_tile_record *r, int i, char *out,
                        size_t cap)
{
    if (strcmp(p->dir, ".") == 0) /* as the user wrote it: "x0_y0.png", not "./x0_y0.png" */
        snprintf(out, cap, "%s", r->file[i]);
    else
        snprintf(out, cap, "%s/%s", p->dir, r->file[i]);
}

/* ------------------------------------------------------------------------- manifest */

static const char *manifest_name(const dp_cli_opts *o, char *buf, size_t cap)
{
    if (o->shard_count == 0)
        return "tiles.json";
    snprintf(buf, cap, "tiles-shard-%d-of-%d.json", o->shard_index, o->shard_count);
    return buf;
}

static void put_tile(FILE *fp, const dp_tile_record *r, bool last)
{
    const int *w = r->window;
    fprintf(fp,
            "    {\"index\": %d, \"x\": %d, \"y\": %d, \"window\": [%d, %d, %d, %d], \"files\": [",
            r->index, r->tx, r->ty, w[0], w[1], w[2], w[3]);
    for (int i = 0; i < r->n_files; i++)
        fprintf(fp, "%s{\"file\": \"%s\", \"sha256\": \"%s\"}", i ? ", " : "", r->file[i],
                r->sha256[i]);
    fprintf(fp, "]}%s\n", last ? "" : ",");
}

static void put_world(FILE *fp, const dp_tiles_plan *p, const dp_cli_opts *o)
{
    fprintf(fp, "{\n  \"dapple\": \"%s\",\n  \"build\": \"%s\",\n", DAPPLE_VERSION, dp_build_id());
    fprintf(fp, "  \"world\": {\"size\": [%d, %d], \"seed\": %llu, \"periodic\": %s, \"field\": ",
            o->width, o->height, (unsigned long long)o->seed, o->periodic ? "true" : "false");
    dp_json_put_string(fp, o->field != NULL ? o->field : "constant");
    fprintf(fp, ", \"sha256\": \"%s\"},\n", p->world_sha256);
    fprintf(fp, "  \"tile_size\": %d,\n  \"tiles_x\": %d,\n  \"tiles_y\": %d,\n", p->size, p->nx,
            p->ny);
    if (o->shard_count > 0)
        fprintf(fp, "  \"shard\": [%d, %d],\n", o->shard_index, o->shard_count);
}

dapple_status dp_tiles_manifest_write(const dp_tiles_plan *p, const dp_cli_opts *o,
                                      const dp_tile_record *r, size_t n, dapple_error *err)
{
    char name[64], path[DP_PATH_MAX + 64];
    dp_atomic_file af;
    snprintf(path, sizeof path, "%s/%s", p->dir, manifest_name(o, name, sizeof name));
    if (dp_atomic_open(&af, path, err) != DAPPLE_OK)
        return err->status;
    put_world(af.fp, p, o);
    fputs("  \"tiles\": [\n", af.fp);
    size_t last = n;
    for (size_t i = 0; i < n; i++)
        last = r[i].done ? i : last;
    for (size_t i = 0; i < n; i++)
        if (r[i].done)
            put_tile(af.fp, &r[i], i == last);
    fputs("  ]\n}\n", af.fp);
    return dp_atomic_commit(&af, err);
}

/* The quoted value after 'key' in s ("key": "VALUE"), copied into out; NULL if none. */
static const char *quoted_after(const char *s, const char *key, char *out, size_t cap)
{
    const char *k = strstr(s, key);
    if (k == NULL || strncmp(k + strlen(key), ": \"", 3) != 0)
        return NULL;
    const char *v = k + strlen(key) + 3, *end = strchr(v, '"');
    if (end == NULL || (size_t)(end - v) >= cap)
        return NULL;
    snprintf(out, cap, "%.*s", (int)(end - v), v);
    return end + 1;
}

static dapple_status known_add(dp_tiles_known *k, const char *file, const char *sha,
                               dapple_error *err)
{
    if (k->n == k->cap) {
        size_t cap = k->cap ? 2 * k->cap : 64;
        struct dp_tiles_file *f = dp_realloc_n(k->files, cap, sizeof *f);
        if (f == NULL)
            return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu tile files", cap);
        k->files = f, k->cap = cap;
    }
    snprintf(k->files[k->n].file, sizeof k->files[0].file, "%s", file);
    snprintf(k->files[k->n].sha256, sizeof k->files[0].sha256, "%s", sha);
    k->n++;
    return DAPPLE_OK;
}

/* Adds the files of one manifest (named 'name' in p->dir) when it describes p's world. */
static dapple_status read_one(dp_tiles_known *k, const dp_tiles_plan *p, const char *name,
                              dapple_error *err)
{
    char path[DP_PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", p->dir, name);
    char line[4096], world[DP_SHA256_HEX] = "", file[DP_MANIFEST_FILE_MAX], sha[DP_SHA256_HEX];
    FILE *fp = fopen(path, "r");
    dapple_status st = DAPPLE_OK;
    if (fp == NULL)
        return DAPPLE_OK; /* gone meanwhile: nothing known from it */
    while (st == DAPPLE_OK && fgets(line, sizeof line, fp) != NULL) {
        if (world[0] == '\0') {
            const char *w = strstr(line, "\"world\": {");
            if (w != NULL)
                quoted_after(w, "\"sha256\"", world, sizeof world);
            if (world[0] != '\0' && strcmp(world, p->world_sha256) != 0) {
                if (k->n_other++ == 0)
                    snprintf(k->other, sizeof k->other, "%s", name);
                break;
            }
            continue;
        }
        for (const char *s = line;
             st == DAPPLE_OK && (s = quoted_after(s, "\"file\"", file, sizeof file)) != NULL;)
            if ((s = quoted_after(s, "\"sha256\"", sha, sizeof sha)) != NULL)
                st = known_add(k, file, sha, err);
            else
                break;
    }
    fclose(fp);
    return st;
}

static bool is_manifest_name(const char *dir, const char *name)
{
    (void)dir;
    int i, n, end = 0;
    if (strcmp(name, "tiles.json") == 0)
        return true;
    return sscanf(name, "tiles-shard-%d-of-%d.json%n", &i, &n, &end) == 2 && name[end] == '\0';
}

static int by_file(const void *a, const void *b)
{
    return strcmp(((const struct dp_tiles_file *)a)->file, ((const struct dp_tiles_file *)b)->file);
}

dapple_status dp_tiles_known_read(dp_tiles_known *k, const dp_tiles_plan *p, dapple_error *err)
{
    char **names = NULL;
    size_t n = 0;
    k->n = 0, k->n_other = 0;
    if (dp_cli_list_dir(p->dir, is_manifest_name, &names, &n, err) != DAPPLE_OK)
        return err->status;
    dapple_status st = DAPPLE_OK;
    for (size_t i = 0; i < n && st == DAPPLE_OK; i++)
        st = read_one(k, p, names[i], err);
    dp_cli_free_names(names, n);
    if (k->n > 0)
        qsort(k->files, k->n, sizeof k->files[0], by_file);
    return st;
}

const char *dp_tiles_known_find(const dp_tiles_known *k, const char *file)
{
    struct dp_tiles_file key;
    if (k->n == 0 || strlen(file) >= sizeof key.file)
        return NULL;
    snprintf(key.file, sizeof key.file, "%s", file);
    const struct dp_tiles_file *f = bsearch(&key, k->files, k->n, sizeof key, by_file);
    return f != NULL ? f->sha256 : NULL;
}

void dp_tiles_known_free(dp_tiles_known *k)
{
    free(k->files);
    memset(k, 0, sizeof *k);
}
