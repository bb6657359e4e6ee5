/* SPDX-License-Identifier: MIT
 * The fog of a droplets layer follows the layer's field (issue #38): thicker where v is high,
 * even with frost_follow = 0. Measured on the frost mask over row bands, on a pane whose
 * field (presets/images/cold-pane.png) rises from 0 at the top to 1 at the bottom; the
 * issue found the mask at 204 in every band. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "preset/preset.h"
#include "render/render.h"

/* Mean of the frost mask over rows [y0, y1), 0..1. */
static double band(const uint16_t *m, int w, int y0, int y1)
{
    double sum = 0;
    for (int y = y0; y < y1; y++)
        for (int x = 0; x < w; x++)
            sum += m[(size_t)y * w + x] / 65535.0;
    return sum / ((double)w * (y1 - y0));
}

/* Each test its own preset file: Criterion runs tests in parallel. */
static void fog_bands(const char *ini, const char *follow, double *top, double *bottom)
{
    mkdir("build", 0777), mkdir("build/test-out", 0777);
    FILE *f = fopen(ini, "w");
    cr_assert_not_null(f);
    fprintf(f,
            "[texture]\nsize = 128x128\nmask = frost\n[layer fog]\nstyle = droplets\n"
            "rmin = 2\nrmax = 5\nfield = image:../../presets/images/cold-pane.png\n"
            "frost = 0.8\n%s",
            follow);
    fclose(f);
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cr_assert_eq(dp_preset_load(ini, &t, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    uint16_t *m = malloc((size_t)t.width * t.height * sizeof *m);
    dp_render_mask_into(&t, &s, DP_MASK_FROST, m);
    *top = band(m, t.width, 0, t.height / 4);
    *bottom = band(m, t.width, t.height - t.height / 4, t.height);
    free(m);
    dp_scene_fini(&s);
}

Test(fog_field, the_fog_is_thicker_where_the_field_is_high)
{
    double top, bottom;
    fog_bands("build/test-out/fog_follow.ini", "", &top, &bottom);
    cr_log_info("fog: top quarter %.3f, bottom quarter %.3f", top, bottom);
    cr_assert_geq(bottom, 3 * top, "top %.3f, bottom %.3f", top, bottom);
    cr_assert_gt(bottom, 0.4);
}

Test(fog_field, frost_follow_0_keeps_the_fog_even)
{
    double top, bottom;
    fog_bands("build/test-out/fog_even.ini", "frost_follow = 0\n", &top, &bottom);
    cr_assert_gt(top, 0.5);
    cr_assert_lt(bottom > top ? bottom - top : top - bottom, 0.1, "top %.3f, bottom %.3f", top,
                 bottom);
}
