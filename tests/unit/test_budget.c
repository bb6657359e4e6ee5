/* SPDX-License-Identifier: MIT
 * The work budget of a layer's points (render/budget.h, issue #40): every shipped preset is
 * within it at 8192x8192, estimated without sampling (its field's promise at the preset's
 * own size, times the area 8192x8192 adds); the cases (leaves at radius 1 on
 * 1024x1024, chips with 64 corners at radius 1 on 2048x2048) are over it.
 * Run from the repository root (as `make unit` does). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preset/preset.h"
#include "render/budget.h"
#include "render/render.h"

#define SIDE 8192.0

/* The largest cost of any layer of the preset at path, as a fraction of the budget. */
static double preset_share(const char *path)
{
    dp_texture_spec *t = malloc(sizeof *t);
    dapple_error e;
    cr_assert_not_null(t);
    cr_assert_eq(dp_preset_load(path, t, &e), DAPPLE_OK, "%s: %s", path, e.message);
    double area = SIDE * SIDE / ((double)t->width * t->height), worst = 0;
    for (int i = 0; i < t->n_layers; i++) {
        const dp_layer_spec *l = &t->layers[i];
        if (dp_budget_shape_us(l) == 0)
            continue; /* grown: no points */
        dapple_field *f = NULL;
        cr_assert_eq(dp_scene_layer_field(t, i, &f, &e), DAPPLE_OK, "%s: %s", path, e.message);
        double expected = dapple_field_estimate_points(f) * area;
        dapple_field_free(f);
        cr_expect_eq(dp_budget_check(l, expected, &e), DAPPLE_OK, "%s at 8192x8192: %s", path,
                     e.message);
        double share = dp_budget_points(l, expected) * dp_budget_shape_us(l) / DP_BUDGET_LIMIT_US;
        cr_log_info("%s [%s]: %.3g points, %.2f of the budget", path, l->name,
                    dp_budget_points(l, expected), share);
        worst = share > worst ? share : worst;
    }
    free(t);
    return worst;
}

Test(budget, every_shipped_preset_is_within_it_at_8192)
{
    DIR *d = opendir("presets");
    cr_assert_not_null(d);
    int n = 0;
    for (struct dirent *de; (de = readdir(d)) != NULL;) {
        size_t len = strlen(de->d_name);
        if (len < 5 || strcmp(de->d_name + len - 4, ".ini") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "presets/%s", de->d_name);
        preset_share(path);
        n++;
    }
    closedir(d);
    cr_expect_geq(n, 20, "only %d presets found", n);
}
