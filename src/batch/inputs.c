/* SPDX-License-Identifier: MIT
 * See inputs.h. Each file is hashed here, before a worker reads it to render: a file that
 * changes after its hash was taken shows as changed on the next run, so a pack errs on the
 * side of rendering again, never of skipping. */
#include "batch/inputs.h"

#include <stdlib.h>
#include <string.h>

#include "io/sha256.h"

/* The path as the preset wrote it: its resolved path minus the preset's folder, which
 * the preset loader put in front of every relative path (see resolve() in apply.c). */
static const char *as_written(const dp_texture_spec *t, const char *path)
{
    const char *slash = strrchr(t->path, '/');
    size_t dir = slash == NULL ? 0 : slash == t->path ? 1 : (size_t)(slash - t->path);
    if (dir == 0 || strncmp(path, t->path, dir) != 0)
        return path;
    if (t->path[dir - 1] == '/')
        return path + dir;
    return path[dir] == '/' ? path + dir + 1 : path;
}

int dp_batch_spec_images(const dp_texture_spec *t, const char *in[DP_BATCH_MAX_INPUTS])
{
    int n = 0;
    if (t->background == DP_BG_IMAGE)
        in[n++] = t->bg_image;
    if (t->backdrop == DP_BACKDROP_IMAGE)
        in[n++] = t->backdrop_image;
    for (int j = 0; j < t->n_layers; j++) {
        const dp_layer_spec *l = &t->layers[j];
        if (l->field.kind == DAPPLE_FIELD_IMAGE)
            in[n++] = l->field_image;
        for (int e = 0; e < l->n_exclude; e++)
            in[n++] = l->exclude[e];
        for (int k = 0; l->style == DP_STYLE_STAMPS && k < dp_layer_stamp_count(l); k++) {
            const char *stamp = dp_layer_stamp(l, k);
            if (stamp[0] != '\0' && strcmp(stamp, "daisy") != 0 && strcmp(stamp, "leaves") != 0)
                in[n++] = stamp;
        }
    }
    return n;
}

typedef struct input {
    const char *path; /* resolved, to read */
    const char *name; /* as written, to hash and sort by */
} input;

static int by_name(const void *a, const void *b)
{
    return strcmp(((const input *)a)->name, ((const input *)b)->name);
}

dapple_status dp_batch_inputs_sha256(const dp_texture_spec *t, char hex[65], dapple_error *err)
{
    const char *paths[DP_BATCH_MAX_INPUTS];
    input in[DP_BATCH_MAX_INPUTS];
    char file_hex[65];
    dp_sha256 all;
    int n = dp_batch_spec_images(t, paths);
    for (int i = 0; i < n; i++)
        in[i] = (input){ paths[i], as_written(t, paths[i]) };
    qsort(in, (size_t)n, sizeof in[0], by_name);
    dp_sha256_init(&all);
    for (int i = 0; i < n; i++) {
        if (i > 0 && strcmp(in[i].name, in[i - 1].name) == 0)
            continue;
        if (dp_sha256_file(in[i].path, file_hex, err) != DAPPLE_OK)
            return err->status;
        dp_sha256_update(&all, file_hex, 64);
        dp_sha256_update(&all, "  ", 2);
        dp_sha256_update(&all, in[i].name, strlen(in[i].name));
        dp_sha256_update(&all, "\n", 1);
    }
    dp_sha256_final_hex(&all, hex);
    return DAPPLE_OK;
}
