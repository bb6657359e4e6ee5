/* SPDX-License-Identifier: MIT
 * What the render tests read from a cairo surface: one pixel, unpremultiplied only as far
 * as cairo stores it (ARGB32), and a copy written to build/test-out/ for looking at. */
#ifndef DP_TEST_SURFACE_HELPERS_H
#define DP_TEST_SURFACE_HELPERS_H

#include <cairo.h>
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

#include "io/image_save.h"
#include "render/canvas.h"
#include "render/render.h"

typedef struct rgba8 {
    int r, g, b, a;
} rgba8;

static inline rgba8 pixel(cairo_surface_t *s, int x, int y)
{
    const uint8_t *row = cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s);
    uint32_t v = ((const uint32_t *)(const void *)row)[x];
    return (rgba8){ (int)(v >> 16 & 255), (int)(v >> 8 & 255), (int)(v & 255), (int)(v >> 24) };
}

static inline void save(cairo_surface_t *s, const char *name)
{
    char path[256];
    dapple_error err;
    mkdir("build", 0777);
    mkdir("build/test-out", 0777);
    snprintf(path, sizeof path, "build/test-out/%s", name);
    cr_assert_eq(dp_image_write_argb32(path, cairo_image_surface_get_data(s),
                                       cairo_image_surface_get_width(s),
                                       cairo_image_surface_get_height(s),
                                       cairo_image_surface_get_stride(s), &err),
                 DAPPLE_OK, "%s", err.message);
}

/* The scene drawn in one band (the bytes of any -j), flushed for reading. */
static inline cairo_surface_t *render_one_band(const dp_texture_spec *t, const dp_scene *sc)
{
    cairo_surface_t *s = NULL;
    dapple_error err;
    cr_assert_eq(dp_render_texture_bands(t, sc, 1, &s, &err), DAPPLE_OK, "%s", err.message);
    cairo_surface_flush(s);
    return s;
}

#endif
