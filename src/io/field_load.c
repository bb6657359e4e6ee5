/* SPDX-License-Identifier: MIT
 * dp_field_load: the bridge from an image file to an image field. It lives apart from
 * image_load.c so that programs which only decode images do not pull in the sampler's
 * field code. The pixels are only borrowed by dapple_field_new, so they are freed here. */
#include "io/image_load.h"

#include <stdlib.h>

#include "core/dp.h"

dapple_status dp_field_load(dapple_field **out, const dapple_field_opts *opts,
                            const char *image_path, uint64_t max_pixels, dapple_error *err)
{
    *out = NULL;
    if (opts->kind != DAPPLE_FIELD_IMAGE)
        return dapple_field_new(out, opts, err);
    if (image_path == NULL || image_path[0] == '\0')
        return dp_fail(err, DAPPLE_E_INVALID, "an image field needs an image path");

    uint16_t *pixels = NULL;
    int w = 0, h = 0;
    dapple_status st = dp_image_load_grey16(image_path, max_pixels, &pixels, &w, &h, err);
    if (st != DAPPLE_OK)
        return st;
    dapple_field_opts o = *opts;
    o.image.pixels = pixels;
    o.image.width = w;
    o.image.height = h;
    st = dapple_field_new(out, &o, err);
    free(pixels);
    return st;
}
