/* SPDX-License-Identifier: MIT
 * The public face of the image loader (image_load.c): the same limits, 16-bit handling
 * and luminance rule as the dapple command, for programs that embed the library. */
#include <stdint.h>
#include <stdlib.h>

#include "core/dp.h"
#include "io/image_load.h"

dapple_status dapple_image_load_grey(const char *path, uint64_t max_pixels, dapple_grey *out,
                                     dapple_error *err)
{
    *out = (dapple_grey){ NULL, 0, 0 };
    if (path == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "image path must not be NULL");
    uint16_t *pixels = NULL;
    int w = 0, h = 0;
    dapple_status st = dp_image_load_grey16(path, max_pixels ? max_pixels : DP_DEFAULT_MAX_PIXELS,
                                            &pixels, &w, &h, err);
    if (st == DAPPLE_OK)
        *out = (dapple_grey){ pixels, w, h };
    return st;
}

void dapple_grey_free(dapple_grey *g)
{
    if (g == NULL)
        return;
    free((void *)(uintptr_t)g->pixels); /* ours: malloc'ed by the loader, const for users */
    *g = (dapple_grey){ NULL, 0, 0 };
}
