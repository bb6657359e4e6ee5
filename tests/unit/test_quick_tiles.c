/* SPDX-License-Identifier: MIT
 * The preview's quick pass tiling (render_job.h): the N it suggests after an exact render
 * is one that quick=N accepts, however slow that render was (a sanitizer build took 3 s and
 * was told 9, which the next request was refused for). */
#include <criterion/criterion.h>

#include "preview/render_job.h"

Test(quick_tiles, fast_renders_need_no_quick_pass)
{
    cr_expect_eq(dp_job_quick_tiles(DP_QUICK_SECONDS, 512, 512), 1);
}

Test(quick_tiles, every_suggestion_is_one_quick_accepts)
{
    for (double s = 0.11; s < 1000; s *= 1.7) {
        int n = dp_job_quick_tiles(s, 4096, 4096);
        cr_expect(n >= 2 && n <= DP_QUICK_MAX_TILES, "%.2f s gave %d", s, n);
    }
}

Test(quick_tiles, a_pane_keeps_64_pixels)
{
    cr_expect_eq(dp_job_quick_tiles(100, 200, 300), 3); /* 200 / 64 */
    cr_expect_eq(dp_job_quick_tiles(100, 100, 100), 1);
}
