/* SPDX-License-Identifier: MIT
 * dp_field_load: the bridge from image files (a field image, exclusion images) to a
 * field. It lives apart from image_load.c so that programs which only decode images do
 * not pull in the sampler's field code. The pixels are only borrowed by
 * dapple_field_new, so they are freed here. */
#include "io/image_load.h"

#include <stdbool.h>
#include <stdlib.h>

#include "core/dp.h"

/* Loads one grey image into g; *owned gets the pixels for the caller to free. */
static dapple_status load_grey(const char *path, uint64_t max_pixels, dapple_grey *g,
                               uint16_t **owned, dapple_error *err)
{
    dapple_status st = dp_image_load_grey16(path, max_pixels, owned, &g->width, &g->height, err);
    g->pixels = *owned;
    return st;
}

dapple_status dp_field_load(dapple_field **out, const dapple_field_opts *opts,
                            const char *image_path, const char *const *exclude_paths, int n_exclude,
                            uint64_t max_pixels, dapple_error *err)
{
    return dp_field_load_sized(out, opts, image_path, exclude_paths, n_exclude, max_pixels, NULL,
                               err);
}

dapple_status dp_field_load_sized(dapple_field **out, const dapple_field_opts *opts,
                                  const char *image_path, const char *const *exclude_paths,
                                  int n_exclude, uint64_t max_pixels, dp_field_images *sizes,
                                  dapple_error *err)
{
    *out = NULL;
    int extra = opts->exclude != NULL ? opts->n_exclude : 0; /* in memory, kept after ours */
    if (n_exclude < 0 || extra < 0 || n_exclude + extra > DAPPLE_MAX_EXCLUDE)
        return dp_fail(err, DAPPLE_E_INVALID, "at most %d exclusion images, got %d",
                       DAPPLE_MAX_EXCLUDE, n_exclude + extra);
    bool image = opts->kind == DAPPLE_FIELD_IMAGE;
    if (image && (image_path == NULL || image_path[0] == '\0'))
        return dp_fail(err, DAPPLE_E_INVALID, "an image field needs an image path");
    dapple_field_opts o = *opts;
    dapple_grey ex[DAPPLE_MAX_EXCLUDE];
    uint16_t *owned[DAPPLE_MAX_EXCLUDE + 1] = { NULL };
    dapple_status st = DAPPLE_OK;
    if (image)
        st = load_grey(image_path, max_pixels, &o.image, &owned[n_exclude], err);
    for (int i = 0; i < n_exclude && st == DAPPLE_OK; i++)
        st = load_grey(exclude_paths[i], max_pixels, &ex[i], &owned[i], err);
    for (int i = 0; i < extra; i++)
        ex[n_exclude + i] = opts->exclude[i];
    o.exclude = ex, o.n_exclude = n_exclude + extra;
    if (st == DAPPLE_OK)
        st = dapple_field_new(out, &o, err);
    if (st == DAPPLE_OK && sizes != NULL) {
        *sizes = (dp_field_images){ { { image ? o.image.width : 0, image ? o.image.height : 0 } } };
        for (int i = 0; i < n_exclude; i++)
            sizes->size[1 + i][0] = ex[i].width, sizes->size[1 + i][1] = ex[i].height;
    }
    for (int i = 0; i <= n_exclude; i++)
        free(owned[i]);
    return st;
}
