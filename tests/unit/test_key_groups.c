/* SPDX-License-Identifier: MIT
 * The preview's key groups (src/preset/key_groups.c): every key of the parameter table has
 * its own row, so a new key cannot fall into a group by accident; and the quick pass's pane
 * (dp_texture_pane in scale_look.c): a smaller size, the same lengths, counts per area. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "preset/key_groups.h"
#include "preset/preset.h"
#include "preset/scale_look.h"

Test(key_groups, every_key_has_a_row)
{
    size_t n;
    const dp_param *ps = dp_params(&n);
    for (size_t i = 0; i < n; i++)
        cr_expect(dp_key_group_listed(&ps[i]), "%s key '%s' has no group in key_groups.c",
                  ps[i].section == DP_SEC_TEXTURE ? "[texture]" : "layer", ps[i].key);
}

Test(key_groups, names_and_a_few_rows)
{
    cr_expect_str_eq(dp_key_group_name(DP_GROUP_DISTRIBUTION), "Distribution");
    cr_expect_str_eq(dp_key_group_name(DP_GROUP_SHAPE), "Shape");
    cr_expect_str_eq(dp_key_group_name(DP_GROUP_SHADING), "Shading");
    cr_expect_str_eq(dp_key_group_name(DP_GROUP_OUTPUT), "Output");
    cr_expect_eq(dp_key_group_of(dp_param_find(DP_SEC_LAYER, "rmin")), DP_GROUP_DISTRIBUTION);
    cr_expect_eq(dp_key_group_of(dp_param_find(DP_SEC_LAYER, "drop_stretch")), DP_GROUP_SHAPE);
    cr_expect_eq(dp_key_group_of(dp_param_find(DP_SEC_LAYER, "colours")), DP_GROUP_SHADING);
    cr_expect_eq(dp_key_group_of(dp_param_find(DP_SEC_TEXTURE, "normal")), DP_GROUP_OUTPUT);
    /* "size" is a key of [texture] only; the layers' "size_jitter" is a shape */
    cr_expect_eq(dp_key_group_of(dp_param_find(DP_SEC_TEXTURE, "size")), DP_GROUP_OUTPUT);
    cr_expect_eq(dp_key_group_of(dp_param_find(DP_SEC_LAYER, "size_jitter")), DP_GROUP_SHAPE);
}

static const char PANE[] = "[texture]\n"
                           "size = 300x200\n"
                           "[layer a]\n"
                           "style = outlines\n"
                           "rmin = 2\n"
                           "rmax = 6\n"
                           "field = perlin:scale=40\n"
                           "count = 1000\n"
                           "stroke_width = 3\n";

Test(key_groups, pane_keeps_lengths_and_points_per_area)
{
    dp_texture_spec *t = calloc(1, sizeof *t);
    dapple_error e;
    cr_assert_eq(dp_preset_parse_string(PANE, strlen(PANE), "t.ini", t, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_assert_eq(dp_texture_pane(t, 1.0 / 3, &e), DAPPLE_OK, "%s", e.message);
    cr_expect_eq(t->width, 100);
    cr_expect_eq(t->height, 67, "200 / 3 rounds up, got %d", t->height); /* tiles cover it */
    cr_expect_eq(t->layers[0].field.rmin, 2);
    cr_expect_eq(t->layers[0].field.rmax, 6);
    cr_expect_eq(t->layers[0].field.perlin.scale, 40);
    cr_expect_eq(t->layers[0].stroke_width, 3);
    /* 1000 points on 300x200: 112 on 100x67 (1000 * 100/300 * 67/200 = 111.7) */
    cr_expect_eq(t->layers[0].count, 112, "count %zu", t->layers[0].count);
    free(t);
}
