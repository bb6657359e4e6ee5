/* SPDX-License-Identifier: MIT
 * Snow on a sill (issue #38): measured on the snowy-window preset's snow coverage (the
 * snow layer's share of the footprint mask) - the bottom tenth under snow, the top half
 * clear - and on the profile the drift yields: its mean depth, no slope past the angle of
 * repose, lumps (not a flat slab), the same seed the same snow, and a sill that wraps
 * across when periodic. The preset tiles across only (periodic = x): its mask runs on over
 * the side seam, and its top rows stay clear, where a torus brings the frost up from the
 * bottom (issue #38's report). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/snow_drift.h"
#include "preset/preset.h"
#include "render/render.h"
#include "render/snow.h"

static double share(const uint16_t *m, int w, int y0, int y1)
{
    double sum = 0;
    for (int y = y0; y < y1; y++)
        for (int x = 0; x < w; x++)
            sum += m[(size_t)y * w + x] / 65535.0;
    return sum / ((double)w * (y1 - y0));
}

Test(snow, snowy_window_has_snow_at_the_bottom_and_none_above)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/snowy-window.ini", &t, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    uint16_t *m = calloc((size_t)t.width * t.height, sizeof *m);
    dp_snow_cover_into(&t, &s, m);
    double bottom = share(m, t.width, t.height - t.height / 10, t.height);
    double top = share(m, t.width, 0, t.height / 2);
    cr_log_info("snowy-window: bottom tenth %.3f snow, top half %.4f", bottom, top);
    cr_assert_geq(bottom, 0.8, "bottom tenth %.3f", bottom);
    cr_assert_lt(top, 0.05, "top half %.4f", top);
    free(m);
    dp_scene_fini(&s);
}

/* The footprint mask of snowy-window wrapping 'wrap'; *seam and *most get the mean step
 * across the side seam and the largest between two columns inside, *top the mean cover
 * of the top three rows. */
static void snowy_mask(dp_wrap wrap, double *seam, double *most, double *top)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/snowy-window.ini", &t, &err), DAPPLE_OK, "%s",
                 err.message);
    t.wrap = wrap;
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    int w = t.width, h = t.height;
    uint16_t *m = calloc((size_t)w * h, sizeof *m);
    dp_render_mask_into(&t, &s, DP_MASK_FOOTPRINT, m);
    *seam = *most = 0;
    for (int x = 0; x < w; x++) {
        double d = 0;
        for (int y = 0; y < h; y++)
            d += abs((int)m[(size_t)y * w + x] - (int)m[(size_t)y * w + (x + 1) % w]);
        if (x + 1 < w)
            *most = fmax(*most, d / h);
        else
            *seam = d / h;
    }
    *top = share(m, w, 0, 3);
    free(m);
    dp_scene_fini(&s);
}

Test(snow, snowy_window_tiles_across_and_keeps_its_top_clear)
{
    dp_texture_spec t;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/snowy-window.ini", &t, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert(t.wrap.x && !t.wrap.y, "snowy-window is periodic = x");
    double seam, most, top, torus_seam, torus_most, torus_top;
    snowy_mask(t.wrap, &seam, &most, &top);
    snowy_mask(dp_wrap_both(true), &torus_seam, &torus_most, &torus_top);
    cr_log_info("snowy-window: seam %.0f (inside up to %.0f), top rows %.4f; a torus: %.4f", seam,
                most, top, torus_top);
    cr_assert_leq(seam, most, "seam across %.0f, inner steps up to %.0f", seam, most);
    cr_assert_lt(top, 0.005, "the top rows of a pane tiling across: %.4f", top);
    cr_assert_gt(torus_top, 0.05, "a torus brings the frost over the top: %.4f", torus_top);
}

static float *drift(int width, bool periodic, uint64_t seed)
{
    dp_snow_opts o = { width, periodic, seed, 60, 10 };
    float *h = malloc((size_t)width * sizeof *h);
    dapple_error err;
    cr_assert_eq(dp_snow_drift(&o, h, &err), DAPPLE_OK, "%s", err.message);
    return h;
}

Test(snow, the_drift_is_deep_lumpy_and_no_steeper_than_repose)
{
    int w = 1024;
    float *h = drift(w, false, 3);
    double sum = 0, sq = 0, steepest = 0;
    for (int x = 0; x < w; x++) {
        sum += (double)h[x], sq += (double)h[x] * (double)h[x];
        if (x > 0)
            steepest = DP_MAX(steepest, fabs((double)h[x] - (double)h[x - 1]));
    }
    double mean = sum / w, sd = sqrt(sq / w - mean * mean);
    cr_log_info("drift: mean %.1f, sd %.2f, steepest %.2f", mean, sd, steepest);
    cr_assert(mean > 58 && mean < 66, "mean depth %.1f", mean);
    cr_assert_gt(sd, 1.0, "lumps: sd %.2f", sd);
    cr_assert_lt(sd, 12, "no spires: sd %.2f", sd);
    cr_assert_leq(steepest, 1.0 + 1e-3, "slope %.3f past the repose", steepest);
    free(h);
}

/* Settled snow is a soft swell (creep, see soften in snow_drift.c), not a sawtooth of
 * peaks at the repose: at most one summit per 4 lumps (the sawtooth had one per 2.8), and
 * the sharpest is rounded (2 h[x] - h[x-1] - h[x+1] at most 0.12 px; it was 0.32). */
Test(snow, the_top_is_a_soft_swell_not_a_sawtooth)
{
    int w = 1024, peaks = 0;
    double sharpest = 0;
    for (unsigned seed = 1; seed <= 4; seed++) {
        float *h = drift(w, true, seed);
        for (int x = 0; x < w; x++) {
            double l = h[(x + w - 1) % w], c = h[x], r = h[(x + 1) % w];
            if (c > l && c >= r)
                peaks++, sharpest = DP_MAX(sharpest, 2 * c - l - r);
        }
        free(h);
    }
    cr_log_info("drift top: %d summits over 4 x %d px, sharpest %.3f", peaks, w, sharpest);
    cr_assert_leq(peaks, 4 * w / 40, "%d summits over 4 x %d px: a sawtooth", peaks, w);
    cr_assert_leq(sharpest, 0.12, "a summit as sharp as %.3f px", sharpest);
}

Test(snow, same_seed_same_snow_and_the_sill_wraps)
{
    float *a = drift(512, true, 8), *b = drift(512, true, 8), *c = drift(512, true, 9);
    bool same = true, other = false;
    for (int x = 0; x < 512; x++)
        same &= a[x] == b[x], other |= a[x] != c[x];
    cr_assert(same);
    cr_assert(other);
    double seam = fabs((double)a[0] - (double)a[511]), inner = 0;
    for (int x = 1; x < 512; x++)
        inner = DP_MAX(inner, fabs((double)a[x] - (double)a[x - 1]));
    cr_assert_leq(seam, inner + 1e-6, "across the wrap %.3f, steepest inside %.3f", seam, inner);
    free(a), free(b), free(c);
}
