/* SPDX-License-Identifier: MIT
 * dp_raster_nearest gives, for every pixel, the smallest d2 dp_raster_disc gives it over
 * all points: the max of a decreasing function of d2 is then the same bytes (mask dots of
 * one radius, issue #30), wrapped or not, for points inside, beside and far outside; over
 * a band of rows, the same values indexed from the band's first row. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "core/rng.h"
#include "render/raster.h"

typedef struct best {
    double *d2;
    int *calls;
} best;

static void keep_min(void *ctx, size_t index, double d2)
{
    best *b = ctx;
    if (d2 < b->d2[index])
        b->d2[index] = d2;
    b->calls[index]++;
}

static void compare(int w, int h, bool wrap, size_t n, double reach, uint64_t seed)
{
    dp_rng rng;
    dp_rng_seed(&rng, seed, 1);
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (size_t i = 0; i < n; i++) { /* some beyond the image, as a view's margin has */
        x[i] = (dp_rng_u32(&rng) / 4294967296.0) * (w + 40) - 20;
        y[i] = (dp_rng_u32(&rng) / 4294967296.0) * (h + 40) - 20;
    }
    size_t px = (size_t)w * h;
    double *a = malloc(px * sizeof *a), *b = malloc(px * sizeof *b);
    int *ca = calloc(px, sizeof *ca), *cb = calloc(px, sizeof *cb);
    for (size_t i = 0; i < px; i++)
        a[i] = b[i] = INFINITY;
    best ba = { a, ca }, bb = { b, cb };
    for (size_t i = 0; i < n; i++)
        dp_raster_disc(w, h, dp_wrap_both(wrap), x[i], y[i], reach, keep_min, &ba);
    dp_raster_band whole = { w, h, 0, h, dp_wrap_both(wrap) };
    cr_assert(dp_raster_nearest(&whole, x, y, n, reach, keep_min, &bb));
    for (size_t i = 0; i < px; i++) {
        cr_assert_eq(a[i], b[i], "pixel %zu: disc %.17g, nearest %.17g (%dx%d wrap %d reach %g)", i,
                     a[i], b[i], w, h, wrap, reach);
        cr_assert_leq(cb[i], 1, "pixel %zu called twice", i);
    }
    dp_raster_band band = { w, h, h / 4, h - h / 3, dp_wrap_both(wrap) };
    size_t first = (size_t)band.row0 * w, rows = (size_t)(band.row1 - band.row0) * w;
    for (size_t i = 0; i < px; i++)
        b[i] = INFINITY, cb[i] = 0;
    cr_assert(dp_raster_nearest(&band, x, y, n, reach, keep_min, &bb));
    for (size_t i = 0; i < px; i++) {
        double want = i < rows ? a[first + i] : (double)INFINITY; /* nothing past the band's rows */
        cr_assert_eq(want, b[i], "band pixel %zu: disc %.17g, nearest %.17g", i, want, b[i]);
        cr_assert_leq(cb[i], 1, "band pixel %zu called twice", i);
    }
    free(x), free(y), free(a), free(b), free(ca), free(cb);
}

Test(raster_nearest, same_as_every_disc)
{
    compare(64, 48, false, 30, 9.5, 1);
    compare(64, 48, true, 30, 9.5, 2);
    compare(50, 70, false, 200, 3, 3);
    compare(50, 70, true, 200, 3, 4);
    compare(40, 40, false, 5, 500, 5); /* a dot far bigger than the image */
    compare(40, 40, true, 5, 500, 6);
    compare(33, 17, true, 1, 20, 7);
}
