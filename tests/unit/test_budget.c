/* SPDX-License-Identifier: MIT
 * The work budget of a layer's points (render/budget.h, issue #40): every shipped preset is
 * within it at 8192x8192, estimated without sampling (its field's promise at the preset's
 * own size, times the area 8192x8192 adds; the presets with crystals grow them there); the
 * issue's cases (leaves at radius 1 on 1024x1024, chips with 64 corners at radius 1) are
 * over it, and max_points brings them back.
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
        if (dp_budget_shape_us(l, 1) == 0)
            continue; /* grown: no points */
        dapple_field *f = NULL;
        cr_assert_eq(dp_scene_layer_field(t, i, &f, &e), DAPPLE_OK, "%s: %s", path, e.message);
        double expected = dapple_field_estimate_points(f) * area;
        dapple_field_free(f);
        cr_expect_eq(dp_budget_check(t, l, expected, &e), DAPPLE_OK, "%s at 8192x8192: %s", path,
                     e.message);
        double share = dp_budget_points(l, expected) * dp_budget_shape_us(l, SIDE * SIDE) /
                       DP_BUDGET_LIMIT_US;
        cr_log_info("%s [%s]: %.3g points, %.2f of the budget", path, l->name,
                    dp_budget_points(l, expected), share);
        worst = share > worst ? share : worst;
    }
    free(t);
    return worst;
}

/* Crystals grow before they are checked: the presets that have them, grown at 8192x8192. */
static void grow_at_8192(const char *path)
{
    dp_texture_spec *t = malloc(sizeof *t);
    dapple_error e;
    dp_scene s;
    cr_assert_not_null(t);
    cr_assert_eq(dp_preset_load(path, t, &e), DAPPLE_OK, "%s: %s", path, e.message);
    bool crystals = false;
    for (int i = 0; i < t->n_layers; i++)
        crystals |= t->layers[i].style == DP_STYLE_CRYSTALS;
    t->width = t->height = (int)SIDE;
    if (crystals) {
        cr_expect_eq(dp_scene_sample(t, &s, &e), DAPPLE_OK, "%s at 8192x8192: %s", path, e.message);
        for (int i = 0; i < s.n_layers; i++)
            if (s.layers[i].n_segs > 0)
                cr_log_info("%s [%s]: %zu segments", path, t->layers[i].name, s.layers[i].n_segs);
        dp_scene_fini(&s);
    }
    free(t);
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
        grow_at_8192(path);
        n++;
    }
    closedir(d);
    cr_expect_geq(n, 20, "only %d presets found", n);
}

/* The layer's estimated cost at its preset's size, as a fraction of the budget. */
static double share_of(const char *text)
{
    static dp_texture_spec t;
    dapple_error e;
    dapple_field *f = NULL;
    cr_assert_eq(dp_preset_parse_string(text, strlen(text), "t.ini", &t, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_assert_eq(dp_scene_layer_field(&t, 0, &f, &e), DAPPLE_OK, "%s", e.message);
    double n = dp_budget_points(&t.layers[0], dapple_field_estimate_points(f));
    dapple_field_free(f);
    return n * dp_budget_shape_us(&t.layers[0], (double)t.width * t.height) / DP_BUDGET_LIMIT_US;
}

Test(budget, the_issue_cases_are_over_it)
{
    cr_expect_gt(share_of("[texture]\nsize=1024x1024\n[layer l]\nstyle=stamps\nstamp=leaves\n"
                          "radius=1\n"),
                 3);
    cr_expect_gt(share_of("[texture]\nsize=4096x4096\n[layer c]\nstyle=chips\ncorners=64\n"
                          "radius=1\n"),
                 1.5);
    cr_expect_lt(share_of("[texture]\nsize=1024x1024\n[layer l]\nstyle=stamps\nstamp=leaves\n"
                          "radius=1\nmax_points=2000\n"),
                 0.01);
    cr_expect_lt(share_of("[texture]\nsize=2048x2048\n[layer c]\nstyle=chips\ncorners=6\n"
                          "radius=1\n"),
                 0.5);
}

Test(budget, crystals_past_it_are_named)
{
    dp_layer_spec l;
    dapple_error e;
    dp_layer_spec_init(&l);
    l.style = DP_STYLE_CRYSTALS, l.crystal_seeds = 100000, l.crystal_length = 4096;
    l.stroke_width = 256;
    size_t n = 40000;
    dp_frost_seg *g = calloc(n, sizeof *g);
    cr_assert_not_null(g);
    for (size_t i = 0; i < n; i++)
        g[i].w = 1.6f;
    cr_expect_eq(dp_budget_check_segs(&l, g, n, &e), DAPPLE_OK); /* 1.3 s */
    for (size_t i = 0; i < n; i++)
        g[i].w = 254;
    cr_assert_eq(dp_budget_check_segs(&l, g, n, &e), DAPPLE_E_LIMIT); /* 158 s */
    cr_expect_str_eq(e.message, "crystal_seeds 100000, crystal_scratches 0, crystal_length "
                                "4096, stroke_width 256: 40000 segments, about 158 s of one core "
                                "to draw, over the budget of 120 s: lower them, or render smaller");
    free(g);
}
