/* SPDX-License-Identifier: MIT
 * Which group each key of the parameter table belongs to, for the preview page, which
 * shows a section's keys by group rather than in the table's order (the sampler's
 * internals first): Distribution (where points go: radii, fields, sampling, the grown
 * processes), Shape (what each point draws), Shading (colour, light and relief) and
 * Output (what files a render writes, and their size). */
#ifndef DP_PRESET_KEY_GROUPS_H
#define DP_PRESET_KEY_GROUPS_H

#include <stdbool.h>

#include "preset/params.h"

typedef enum dp_key_group {
    DP_GROUP_DISTRIBUTION,
    DP_GROUP_SHAPE,
    DP_GROUP_SHADING,
    DP_GROUP_OUTPUT,
} dp_key_group;

#define DP_GROUP_COUNT 4

/** "Distribution", "Shape", "Shading" or "Output" (a static string). */
const char *dp_key_group_name(dp_key_group g);

/** The group of p. A key the group table does not list yet goes to Output in [texture] and
 * to Shape in a layer; dp_key_group_listed says whether it is listed (a unit test wants
 * every key listed). */
dp_key_group dp_key_group_of(const dp_param *p);

bool dp_key_group_listed(const dp_param *p);

#endif
