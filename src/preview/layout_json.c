/* SPDX-License-Identifier: MIT
 * The page's layout (layout_json.h), built with jansson. */
#include "preview/layout_json.h"

#include <jansson.h>
#include <string.h>

#include "preset/key_groups.h"
#include "preset/params.h"
#include "preview/views.h"

static json_t *groups_json(void)
{
    json_t *a = json_array();
    for (int g = 0; a != NULL && g < DP_GROUP_COUNT; g++)
        json_array_append_new(a, json_string(dp_key_group_name((dp_key_group)g)));
    return a;
}

/* {"texture": {KEY: GROUP}, "layer": {KEY: GROUP}} */
static json_t *keys_json(void)
{
    size_t n;
    const dp_param *ps = dp_params(&n);
    json_t *tex = json_object(), *layer = json_object(), *keys = json_object();
    for (size_t i = 0; tex != NULL && layer != NULL && i < n; i++)
        json_object_set_new(ps[i].section == DP_SEC_TEXTURE ? tex : layer, ps[i].key,
                            json_string(dp_key_group_name(dp_key_group_of(&ps[i]))));
    json_object_set_new(keys, "texture", tex);
    json_object_set_new(keys, "layer", layer);
    return keys;
}

/* The mask kinds but "none". */
static json_t *mask_kinds(void)
{
    const dp_param *mask = dp_param_find(DP_SEC_TEXTURE, "mask");
    json_t *a = json_array();
    for (const dp_choice *c = mask->choices; a != NULL && c->name != NULL; c++)
        if (strcmp(c->name, "none") != 0)
            json_array_append_new(a, json_string(c->name));
    return a;
}

static json_t *views_json(void)
{
    json_t *a = json_array();
    for (int i = 0; a != NULL && i < dp_view_count(); i++) {
        json_t *v = json_pack("{s:s, s:s}", "name", dp_view_name(i), "label", dp_view_label(i));
        if (v != NULL && dp_view_is_mask(i))
            json_object_set_new(v, "kinds", mask_kinds());
        json_array_append_new(a, v);
    }
    return a;
}

char *dp_layout_json(size_t *len)
{
    json_t *root = json_pack("{s:o, s:o, s:o}", "groups", groups_json(), "keys", keys_json(),
                             "views", views_json());
    char *text = root != NULL ? json_dumps(root, JSON_COMPACT) : NULL;
    json_decref(root);
    *len = text != NULL ? strlen(text) : 0;
    return text;
}
