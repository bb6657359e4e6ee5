/* SPDX-License-Identifier: MIT
 * The plan and the manifest of `dapple tiles` (see tiles.h). Tile (x, y) of a grid of
 * square tiles of side T covers [xT, min((x+1)T, W)) x [yT, min((y+1)T, H)): the last
 * column and row are narrower when T does not divide the world. Tiles are numbered row by
 * row, index = y * columns + x, which is what --shard counts. The manifest is the batch
 * engine's (batch/manifest.h): one entry a file, with its tile's index, position and
 * window; the plan holds the world. */
#include "batch/tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/build_id.h"
#include "batch/folder.h"
#include "batch/manifest.h"
#include "batch/plan.h"
#include "core/dp.h"
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

/* A placeholder at s: {x}, {y}, or zero-padded {x:0N}, {y:0N} (N digits at least, 1..9).
 * Returns its length (0: none there); *axis gets 'x' or 'y', *width the padding. */
static size_t placeholder(const char *s, char *axis, int *width)
{
    if (s[0] != '{' || (s[1] != 'x' && s[1] != 'y'))
        return 0;
    *axis = s[1];
    *width = 0;
    if (s[2] == '}')
        return 3;
    if (s[2] == ':' && s[3] == '0' && s[4] >= '1' && s[4] <= '9' && s[5] == '}')
        return *width = s[4] - '0', 6;
    return 0;
}

static bool has_axis(const char *name, char want)
{
    char axis;
    int width;
    for (const char *c = name; *c != '\0'; c++)
        if (placeholder(c, &axis, &width) > 0 && axis == want)
            return true;
    return false;
}

/* {x} and {y} (or their padded forms) in the file name; no quote, backslash or control
 * byte (names stay plain in messages and manifests). */
/* A "{x:" or "{y:" that is no placeholder ({x:00}, {x:2}, {x:0a}): named as written, where
 * the message was "needs {x} and {y}" for all of them. */
static dapple_status check_padding(const char *option, const char *name, dapple_error *err)
{
    char axis;
    int width;
    for (const char *c = name; *c != '\0'; c++) {
        if (c[0] != '{' || (c[1] != 'x' && c[1] != 'y') || c[2] != ':' ||
            placeholder(c, &axis, &width) > 0)
            continue;
        size_t n = strcspn(c, "}");
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s: '%.*s' is not a placeholder: use {%c} or a zero-padded {%c:0N}, N "
                       "from 1 to 9 digits",
                       option, (int)DP_MIN(n + (c[n] == '}'), 16), c, c[1], c[1]);
    }
    return DAPPLE_OK;
}

static dapple_status check_pattern(const char *option, const char *pattern, dapple_error *err)
{
    const char *name = file_name(pattern);
    if (check_padding(option, name, err) != DAPPLE_OK)
        return err->status;
    if (!has_axis(name, 'x') || !has_axis(name, 'y'))
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

static dapple_status check_patterns(dp_tiles_plan *p, const dp_tiles_opts *o, dapple_error *err)
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

static dapple_status expand(const char *pattern, int tx, int ty, int base, char *out, size_t cap,
                            dapple_error *err);

/* The row {y} names: with --y-up, counted up from the bottom edge as the points' y is (the
 * names counted image rows while the points counted up: tile y0 held the points of the
 * largest y); the window and --shard's index stay in image rows. */
static int name_row(const dp_tiles_plan *p, const dp_tiles_opts *o, int ty)
{
    return o->y_up ? p->ny - 1 - ty : ty;
}

/* ------------------------------------------------------------------------- names */

typedef struct names {
    char (*name)[DP_BATCH_FILE_MAX];
    const char **file;
    size_t *job;
    size_t pair[2]; /* the first two tiles found sharing a name */
    const char *shared;
} names;

static int digits(int v)
{
    int n = 1;
    while (v >= 10)
        v /= 10, n++;
    return n;
}

static bool first_clash(void *ctx, const char *file, size_t first, size_t later)
{
    names *t = ctx;
    t->pair[0] = first, t->pair[1] = later, t->shared = file;
    return false;
}

/* Two tiles of the grid with one name (t{x}{y}: (1, 11) and (11, 1) are both t111), or a
 * tile named as the set's manifest, would overwrite each other: refused before any work,
 * over the whole grid (whatever the shard), naming two tiles. */
static dapple_status unique_names(const dp_tiles_plan *p, const dp_tiles_opts *o,
                                  const char *option, const char *pattern, names *t,
                                  dapple_error *err)
{
    size_t n = (size_t)p->nx * p->ny;
    for (size_t i = 0; i < n; i++) {
        int x = (int)i % p->nx, y = (int)i / p->nx;
        t->file[i] = t->name[i], t->job[i] = i;
        if (expand(pattern, x, name_row(p, o, y), o->tile_base, t->name[i], sizeof t->name[i],
                   err) != DAPPLE_OK)
            return err->status;
        if (dp_batch_manifest_name_of(t->name[i], p->base, NULL, NULL))
            return dp_fail(err, DAPPLE_E_INVALID,
                           "%s: tile (%d, %d) would be named %s, the name of the tile set's "
                           "manifest",
                           option, x + o->tile_base, y + o->tile_base, t->name[i]);
    }
    if (dp_batch_claims(t->file, t->job, n, NULL, 0, first_clash, t, err))
        return DAPPLE_OK;
    if (t->shared == NULL)
        return err->status;
    int a = (int)t->pair[0], b = (int)t->pair[1];
    return dp_fail(err, DAPPLE_E_INVALID,
                   "%s: tiles (%d, %d) and (%d, %d) would both be named %s: separate {x} and {y} "
                   "(t{x}_{y}) or pad them ({x:0%d})",
                   option, a % p->nx + o->tile_base, a / p->nx + o->tile_base,
                   b % p->nx + o->tile_base, b / p->nx + o->tile_base, t->shared,
                   digits(DP_MAX(p->nx, p->ny) - 1 + o->tile_base));
}

static dapple_status check_names(const dp_tiles_plan *p, const dp_tiles_opts *o, dapple_error *err)
{
    size_t n = (size_t)p->nx * p->ny;
    names t = { dp_calloc_n(n, sizeof *t.name),
                dp_calloc_n(n, sizeof *t.file),
                dp_calloc_n(n, sizeof *t.job),
                { 0, 0 },
                NULL };
    dapple_status st = DAPPLE_OK;
    if (t.name == NULL || t.file == NULL || t.job == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for %zu tile names", n);
    if (st == DAPPLE_OK && p->mask_pattern != NULL)
        st = unique_names(p, o, "-o", p->mask_pattern, &t, err);
    if (st == DAPPLE_OK && p->points_pattern != NULL)
        st = unique_names(p, o, p->mask_pattern != NULL ? "--points" : "-o", p->points_pattern, &t,
                          err);
    free(t.name);
    free(t.file);
    free(t.job);
    return st;
}

dapple_status dp_tiles_plan_init(dp_tiles_plan *p, const dp_tiles_opts *o, dapple_error *err)
{
    memset(p, 0, sizeof *p);
    if (check_patterns(p, o, err) != DAPPLE_OK)
        return err->status;
    snprintf(p->base, sizeof p->base, "tiles.%.*s", (int)sizeof p->base - 8,
             file_name(p->mask_pattern != NULL ? p->mask_pattern : p->points_pattern));
    p->size = o->tile_size;
    p->nx = (o->width + p->size - 1) / p->size;
    p->ny = (o->height + p->size - 1) / p->size;
    if ((long)p->nx * p->ny > 65536) /* a record of each is held, and listed in the manifest */
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--tile-size: %d gives %ld tiles, more than 65536: use larger tiles",
                       p->size, (long)p->nx * p->ny);
    return check_names(p, o, err);
}

/* ------------------------------------------------------------------------- world hash */

dapple_status dp_tiles_world_hash(dp_tiles_plan *p, const dp_tiles_events *ev, dapple_error *err)
{
    dp_sha256 h;
    dp_sha256_init(&h);
    dp_batch_hash_line(&h, "dapple %s build %s", DAPPLE_VERSION, dp_build_id());
    if (ev->hash_world(ev->user, &h, err) != DAPPLE_OK)
        return err->status;
    dp_sha256_final_hex(&h, p->world_sha256);
    return DAPPLE_OK;
}

/* ------------------------------------------------------------------------- tiles */

/* The pattern's file name with its placeholders replaced by tx, ty (plus base, 0 or 1). */
static dapple_status expand(const char *pattern, int tx, int ty, int base, char *out, size_t cap,
                            dapple_error *err)
{
    const char *s = file_name(pattern);
    size_t n = 0;
    while (*s != '\0') {
        char num[16] = { s[0], '\0' }, axis;
        int width;
        size_t step = placeholder(s, &axis, &width);
        if (step > 0)
            snprintf(num, sizeof num, "%0*d", width, (axis == 'x' ? tx : ty) + base);
        step = DP_MAX(step, (size_t)1);
        size_t len = strlen(num);
        if (n + len >= cap)
            return dp_fail(err, DAPPLE_E_INVALID, "%s: the tile names are too long", pattern);
        memcpy(out + n, num, len);
        n += len, s += step;
    }
    out[n] = '\0';
    return DAPPLE_OK;
}

dapple_status dp_tiles_record_init(const dp_tiles_plan *p, const dp_tiles_opts *o, int index,
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
        if (expand(patterns[i], r->tx, name_row(p, o, r->ty), o->tile_base, r->file[r->n_files],
                   sizeof r->file[0], err) != DAPPLE_OK)
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

/* Per file, up to 1 KiB with the longest names; 64 KiB for the header and plan. */
uint64_t dp_tiles_manifest_bound(const dp_tiles_plan *p)
{
    return ((uint64_t)64 << 10) + (uint64_t)p->nx * p->ny * 2 * 1024;
}

/* "periodic": true or false for both axes or none, "x" or "y" for one. */
static json_t *wrap_json(dp_wrap w)
{
    return w.x != w.y ? json_string(w.x ? "x" : "y") : json_boolean(w.x);
}

static json_t *world_plan(const dp_tiles_plan *p, const dp_tiles_opts *o)
{
    json_t *field = json_string(o->field != NULL ? o->field : "constant");
    return json_pack("{s:{s:[ii], s:I, s:o, s:o, s:s}, s:i, s:i, s:i}", "world", "size", o->width,
                     o->height, "seed", (json_int_t)o->seed, "periodic", wrap_json(o->wrap),
                     "field", field != NULL ? field : json_string("?"), "sha256", p->world_sha256,
                     "tile_size", p->size, "tiles_x", p->nx, "tiles_y", p->ny);
}

static dapple_status add_tile(dp_batch_manifest *m, const dp_tiles_plan *p, const dp_tile_record *r,
                              dapple_error *err)
{
    const int *w = r->window;
    for (int i = 0; i < r->n_files; i++) {
        json_t *meta = json_pack("{s:i, s:i, s:i, s:[iiii]}", "index", r->index, "x", r->tx, "y",
                                 r->ty, "window", w[0], w[1], w[2], w[3]);
        if (meta == NULL)
            return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the tiles' manifest");
        if (dp_batch_manifest_add(m, r->file[i], p->world_sha256, r->sha256[i], meta, err) !=
            DAPPLE_OK)
            return err->status;
    }
    return DAPPLE_OK;
}

dapple_status dp_tiles_manifest_fill(dp_batch_manifest *m, const dp_tiles_plan *p,
                                     const dp_tiles_opts *o, const dp_tile_record *r, size_t n,
                                     dapple_error *err)
{
    m->shard_index = o->shard_index, m->shard_count = o->shard_count;
    json_decref(m->plan);
    m->plan = world_plan(p, o);
    if (m->plan == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for the tiles' manifest");
    for (size_t i = 0; i < n; i++)
        if (r[i].done && add_tile(m, p, &r[i], err) != DAPPLE_OK)
            return err->status;
    dp_batch_manifest_sort(m);
    return DAPPLE_OK;
}
