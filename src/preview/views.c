/* SPDX-License-Identifier: MIT
 * The preview's views (views.h): each a row naming the output path it fills, so the
 * server, the render job and /api/layout all read the one list. */
#include "preview/views.h"

#include <stddef.h>
#include <string.h>

typedef struct view {
    const char *name, *label;
    size_t path; /* offset of its const char * in dp_output_paths */
} view;

static const view views[] = {
    { "texture", "colour", offsetof(dp_output_paths, texture) },
    { "height", "height map", offsetof(dp_output_paths, height) },
    { "normal", "normal map", offsetof(dp_output_paths, normal) },
    { "mask", "mask", offsetof(dp_output_paths, mask) },
    { "albedo", "albedo", offsetof(dp_output_paths, albedo) },
    { "roughness", "roughness", offsetof(dp_output_paths, roughness) },
    { "ao", "ambient occlusion", offsetof(dp_output_paths, ao) },
};

#define N_VIEWS ((int)(sizeof views / sizeof views[0]))

int dp_view_count(void)
{
    return N_VIEWS;
}

int dp_view_find(const char *name)
{
    for (int i = 0; name != NULL && i < N_VIEWS; i++)
        if (strcmp(views[i].name, name) == 0)
            return i;
    return -1;
}

const char *dp_view_name(int i)
{
    return i >= 0 && i < N_VIEWS ? views[i].name : "";
}

const char *dp_view_label(int i)
{
    return i >= 0 && i < N_VIEWS ? views[i].label : "";
}

bool dp_view_is_mask(int i)
{
    return strcmp(dp_view_name(i), "mask") == 0;
}

void dp_view_set_path(int i, dp_output_paths *paths, const char *path)
{
    if (i >= 0 && i < N_VIEWS)
        memcpy((char *)paths + views[i].path, &path, sizeof path);
}
