/* SPDX-License-Identifier: MIT
 * The canvas: ARGB32 surfaces made from our own pixels, and the one place where cairo's
 * sticky error status is read and turned into DAPPLE_E_RENDER. */
#ifndef DP_CANVAS_H
#define DP_CANVAS_H

#include <cairo.h>
#include <stdint.h>

#include "dapple.h"
#include "render/texture.h"

struct dp_scene;

/** Loads an image file (any format dp_image_load_rgba8 reads, at most max_pixels and at
 * most DP_MAX_SIDE pixels on a side, cairo's limit: DAPPLE_E_LIMIT naming the path) as a
 * surface. */
DAPPLE_USERESULT dapple_status dp_canvas_load(const char *path, uint64_t max_pixels,
                                              cairo_surface_t **out, dapple_error *err);

/** DAPPLE_E_RENDER "<what>: cairo: <reason>" when cr (or its target) is in error. */
DAPPLE_USERESULT dapple_status dp_canvas_check(cairo_t *cr, const char *what, dapple_error *err);

/** Same for a surface alone. */
DAPPLE_USERESULT dapple_status dp_canvas_check_surface(cairo_surface_t *s, const char *what,
                                                       dapple_error *err);

/** Sets image surface img as cr's source at user (0, 0) (call it after the transform that
 * draws img scaled by k), read beyond its edges as a texture that wraps along 'wrap' reads
 * across its own: repeated where it wraps, its edge pixels continued where it does not. */
DAPPLE_USERESULT dapple_status dp_canvas_set_image_source(cairo_t *cr, cairo_surface_t *img,
                                                          dp_wrap wrap, double k,
                                                          dapple_error *err);

/** Paints t's background over the whole of cr's target, a fresh transparent surface of
 * t->width x t->height. DP_BG_IMAGE loads t->bg_image; errors name it. */
DAPPLE_USERESULT dapple_status dp_canvas_background(cairo_t *cr, const dp_texture_spec *t,
                                                    dapple_error *err);

/** dp_render_texture with an explicit number of horizontal bands, each drawn by its own
 * thread (1 = all on the calling thread). The pixels do not depend on 'bands'. */
DAPPLE_USERESULT dapple_status dp_render_texture_bands(const dp_texture_spec *t,
                                                       const struct dp_scene *s, int bands,
                                                       cairo_surface_t **out, dapple_error *err);

#endif
