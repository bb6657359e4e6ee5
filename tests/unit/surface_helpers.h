/* SPDX-License-Identifier: MIT
 * What the render tests read from a cairo surface: one pixel, unpremultiplied only as far
 * as cairo stores it (ARGB32), and a copy written to build/test-out/ for looking at. */
#ifndef DP_TEST_SURFACE_HELPERS_H
#define DP_TEST_SURFACE_HELPERS_H

#include <cairo.h>
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
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

/* One layer "a" of this style over a w x h texture on bg: the spec the render tests draw. */
static inline dp_layer_spec *one_layer_spec(dp_texture_spec *spec, dp_style style, int w, int h,
                                            dp_rgba bg)
{
    dp_texture_spec_init(spec);
    spec->width = w;
    spec->height = h;
    spec->bg_colour = bg;
    spec->n_layers = 1;
    dp_layer_spec *l = &spec->layers[0];
    dp_layer_spec_init(l);
    strcpy(l->name, "a");
    l->style = style;
    return l;
}

/* A scene of one layer holding pts[0 .. n). */
static inline void one_layer_scene(dp_scene *scene, dapple_point *pts, size_t n)
{
    memset(scene, 0, sizeof *scene);
    scene->n_layers = 1;
    scene->layers[0].points = pts;
    scene->layers[0].count = n;
}

#endif
