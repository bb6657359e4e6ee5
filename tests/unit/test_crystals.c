/* SPDX-License-Identifier: MIT
 * Frost ferns grown on glass (issue #38), measured on what the growth yields and on the
 * shipped preset's crystal mask (fixed seeds): branches fork at the 60 degrees of the ice
 * lattice, the frost gathers where the glass is cold, its outline branches (box-counting
 * dimension between a line's 1 and a blob's 2), the same seed grows the same ice, and a
 * tileable pane tiles. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/frost_growth.h"
#include "preset/preset.h"
#include "render/render.h"

static dp_frost_opts pane(uint64_t seed, bool periodic)
{
    return (dp_frost_opts){ .width = 384,
                            .height = 384,
                            .wrap = dp_wrap_both(periodic),
                            .seed = seed,
                            .length = 120,
                            .stem = 1.5,
                            .seeds = 12,
                            .scratches = 1,
                            .max_segs = 10000000 };
}

static dp_frost_seg *grow(const dp_frost_opts *o, size_t *n)
{
    dp_frost_seg *g = NULL;
    dapple_error err;
    cr_assert_eq(dp_frost_grow(o, &g, n, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_gt(*n, 1000, "a pane of ferns, not %zu segments", *n);
    return g;
}

/* Segments compared field by field (the struct has padding). */
static bool same_ice(const dp_frost_seg *a, const dp_frost_seg *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].x0 != b[i].x0 || a[i].y0 != b[i].y0 || a[i].x1 != b[i].x1 || a[i].y1 != b[i].y1 ||
            a[i].w != b[i].w || a[i].depth != b[i].depth || a[i].prev != b[i].prev)
            return false;
    return true;
}

static double dir(const dp_frost_seg *g)
{
    return atan2((double)(g->y1 - g->y0), (double)(g->x1 - g->x0));
}

/* The turn from a to b, degrees in [0, 180]. */
static double turn_deg(const dp_frost_seg *a, const dp_frost_seg *b)
{
    double d = fabs(dir(b) - dir(a));
    d = fmod(d, 2 * DP_PI);
    return (d > DP_PI ? 2 * DP_PI - d : d) * 180 / DP_PI;
}

Test(crystals, branches_fork_at_sixty_degrees)
{
    dp_frost_opts o = pane(5, true);
    size_t n, forks = 0, near60 = 0, steps = 0, straight = 0;
    dp_frost_seg *g = grow(&o, &n);
    for (size_t i = 0; i < n; i++) {
        if (g[i].prev == UINT32_MAX)
            continue;
        const dp_frost_seg *p = &g[g[i].prev];
        double t = turn_deg(p, &g[i]);
        if (p->depth < g[i].depth) { /* the first segment of a side branch */
            forks++;
            near60 += fabs(t - 60) < 15;
        } else {
            steps++;
            straight += t < 15;
        }
    }
    cr_log_info("%zu of %zu forks near 60 degrees, %zu of %zu steps straight", near60, forks,
                straight, steps);
    cr_assert_gt(forks, 200);
    cr_assert_geq((double)near60, 0.9 * forks, "%zu of %zu forks within 15 degrees of 60", near60,
                  forks);
    cr_assert_geq((double)straight, 0.95 * steps, "branches grow on along their axis");
    free(g);
}

Test(crystals, same_seed_same_ice_other_seed_other_ice)
{
    dp_frost_opts o = pane(9, false);
    size_t n1, n2, n3;
    dp_frost_seg *a = grow(&o, &n1), *b = grow(&o, &n2);
    cr_assert_eq(n1, n2);
    cr_assert(same_ice(a, b, n1));
    o.seed = 10;
    dp_frost_seg *c = grow(&o, &n3);
    cr_assert(n3 != n1 || !same_ice(a, c, n1));
    free(a), free(b), free(c);
}

Test(crystals, a_bounded_pane_keeps_its_ice_inside)
{
    dp_frost_opts o = pane(3, false);
    size_t n;
    dp_frost_seg *g = grow(&o, &n);
    for (size_t i = 0; i < n; i++)
        cr_assert(g[i].x1 >= 0 && g[i].x1 < 384 && g[i].y1 >= 0 && g[i].y1 < 384, "seg %zu", i);
    free(g);
}

Test(crystals, the_segment_limit_is_reported)
{
    dp_frost_opts o = pane(3, false);
    o.max_segs = 100;
    dp_frost_seg *g = NULL;
    size_t n;
    dapple_error err;
    cr_assert_eq(dp_frost_grow(&o, &g, &n, &err), DAPPLE_E_LIMIT);
    cr_assert_null(g);
    cr_assert(strstr(err.message, "100 segments") != NULL, "%s", err.message);
}

/* ---------------------------------------------------------------- the preset */

static uint16_t *preset_mask_wrap(const char *path, const char *size, dp_wrap wrap,
                                  dp_texture_spec *t)
{
    dapple_error err;
    dp_scene s;
    cr_assert_eq(dp_preset_load(path, t, &err), DAPPLE_OK, "%s", err.message);
    if (size != NULL)
        cr_assert_eq(sscanf(size, "%dx%d", &t->width, &t->height), 2);
    t->wrap = wrap;
    cr_assert_eq(dp_scene_sample(t, &s, &err), DAPPLE_OK, "%s", err.message);
    uint16_t *m = malloc((size_t)t->width * t->height * sizeof *m);
    dp_render_mask_into(t, &s, DP_MASK_FOOTPRINT, m);
    dp_scene_fini(&s);
    return m;
}

static uint16_t *preset_mask(const char *path, const char *size, bool periodic, dp_texture_spec *t)
{
    return preset_mask_wrap(path, size, dp_wrap_both(periodic), t);
}

/* The mean step between columns x0 and x1 (rows y0 and y1 when 'rows'), 0..65535. */
static double step(const uint16_t *m, int w, int h, bool rows, int a, int b)
{
    double sum = 0;
    for (int i = 0; i < (rows ? w : h); i++)
        sum += rows ? abs((int)m[(size_t)a * w + i] - (int)m[(size_t)b * w + i])
                    : abs((int)m[(size_t)i * w + a] - (int)m[(size_t)i * w + b]);
    return sum / (rows ? w : h);
}

static double cover(const uint16_t *m, int w, int y0, int y1)
{
    double sum = 0;
    for (int y = y0; y < y1; y++)
        for (int x = 0; x < w; x++)
            sum += m[(size_t)y * w + x] / 65535.0;
    return sum / ((double)w * (y1 - y0));
}

/* The slope of log(boxes holding ice) against log(1 / box side), sides 2 .. 64. */
static double box_dimension(const uint16_t *m, int w, int h)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int k = 0;
    for (int side = 2; side <= 64; side *= 2, k++) {
        double boxes = 0;
        for (int by = 0; by + side <= h; by += side)
            for (int bx = 0; bx + side <= w; bx += side) {
                bool ice = false;
                for (int y = by; y < by + side && !ice; y++)
                    for (int x = bx; x < bx + side && !ice; x++)
                        ice = m[(size_t)y * w + x] > 32768;
                boxes += ice;
            }
        double lx = log(1.0 / side), ly = log(boxes);
        sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
    }
    return (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

Test(crystals, frosted_window_gathers_at_the_cold_bottom_and_branches)
{
    dp_texture_spec t;
    uint16_t *m = preset_mask("presets/frosted-window.ini", NULL, false, &t);
    int w = t.width, h = t.height;
    double top = cover(m, w, 0, h / 4), bottom = cover(m, w, h - h / 4, h);
    cr_assert_geq(bottom, 3 * top, "bottom quarter %.4f, top quarter %.4f", bottom, top);
    cr_assert_gt(bottom, 0.1, "the bottom is frosted over: %.4f", bottom);
    double d = box_dimension(m, w, h);
    cr_log_info("frosted-window: bottom quarter %.4f, top quarter %.4f, dimension %.3f", bottom,
                top, d);
    cr_assert(d > 1.4 && d < 1.9, "box-counting dimension %.3f", d);
    free(m);
}

/* Across the wrap the mask runs on as it does between any two columns (or rows). */
Test(crystals, a_periodic_pane_tiles)
{
    dp_texture_spec t;
    uint16_t *m = preset_mask("presets/frosted-window.ini", "256x256", true, &t);
    int w = t.width, h = t.height;
    double seam_x = 0, inner_x = 0, seam_y = 0, inner_y = 0;
    for (int y = 0; y < h; y++) {
        seam_x += abs((int)m[(size_t)y * w] - (int)m[(size_t)y * w + w - 1]);
        inner_x += abs((int)m[(size_t)y * w + w / 2] - (int)m[(size_t)y * w + w / 2 - 1]);
    }
    for (int x = 0; x < w; x++) {
        seam_y += abs((int)m[x] - (int)m[(size_t)(h - 1) * w + x]);
        inner_y += abs((int)m[(size_t)(h / 2) * w + x] - (int)m[(size_t)(h / 2 - 1) * w + x]);
    }
    cr_assert_gt(inner_x, 0);
    cr_assert_lt(seam_x, 2 * inner_x + 65535, "seam across %.0f, inside %.0f", seam_x, inner_x);
    cr_assert_lt(seam_y, 2 * inner_y + 65535, "seam down %.0f, inside %.0f", seam_y, inner_y);
    free(m);
}

/* Frost grown up from the cold bottom of a pane that tiles across only: the side seam runs
 * on as any two columns do, and no ice crosses the bottom edge into the top rows, as it
 * does on a torus. */
Test(crystals, a_pane_wrapping_across_only_tiles_across_and_keeps_its_top_clear)
{
    dp_texture_spec t;
    uint16_t *m =
            preset_mask_wrap("presets/frosted-window.ini", "256x256", (dp_wrap){ true, false }, &t);
    int w = t.width, h = t.height;
    double most = 0;
    for (int x = 0; x + 1 < w; x++)
        most = fmax(most, step(m, w, h, false, x, x + 1));
    double seam = step(m, w, h, false, w - 1, 0), top = cover(m, w, 0, 3);
    cr_log_info("across only: seam %.0f, largest inner step %.0f, top rows %.4f", seam, most, top);
    cr_assert_leq(seam, most, "seam across %.0f, inner steps up to %.0f", seam, most);
    free(m);
    m = preset_mask("presets/frosted-window.ini", "256x256", true, &t);
    double torus_top = cover(m, w, 0, 3);
    free(m);
    cr_log_info("torus: top rows %.4f", torus_top);
    cr_assert_gt(torus_top, 0.02, "the torus's ice reaches the top: %.4f", torus_top);
    cr_assert_lt(top, torus_top / 4, "ice in the top rows %.4f, the torus's %.4f", top, torus_top);
}

/* A warm drop keeps its glass clear: no ice nucleates or grows inside the avoided circle. */
Test(crystals, ice_keeps_off_what_it_avoids)
{
    dapple_circles *c = NULL;
    dapple_error err;
    cr_assert_eq(dapple_circles_new(&c, 384, 384, true, &err), DAPPLE_OK);
    dapple_point drop = { 192, 192, 60 };
    cr_assert_eq(dapple_circles_add(c, &drop, 1, 1, &err), DAPPLE_OK);
    dp_frost_opts o = pane(4, true);
    o.seeds = 60;
    o.avoid = c;
    size_t n, near = 0;
    dp_frost_seg *g = grow(&o, &n);
    for (size_t i = 0; i < n; i++) {
        double dx = (double)g[i].x1 - 192, dy = (double)g[i].y1 - 192;
        cr_assert_gt(hypot(dx, dy), 60, "segment %zu ends inside the drop", i);
        near += hypot(dx, dy) < 70;
    }
    cr_assert_gt(near, 10, "ice grows up to the drop's edge (%zu ends within 10 px)", near);
    free(g);
    dapple_circles_free(c);
}
