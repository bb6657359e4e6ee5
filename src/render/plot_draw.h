/* SPDX-License-Identifier: MIT
 * Internal to the plot files: text, a frame's coordinate mapping, axes, and writing the
 * finished surface. */
#ifndef DP_PLOT_DRAW_H
#define DP_PLOT_DRAW_H

#include <cairo.h>

#include "dapple.h"
#include "render/easy_text.h"

/* A plotting frame: the pixel rectangle and the data ranges it shows. */
typedef struct dp_plot_frame {
    double left, top, w, h;
    double x0, x1, y0, y1;
} dp_plot_frame;

/** Pixel x of data x, pixel y of data y (y grows up). */
double dp_plot_px(const dp_plot_frame *f, double x);
double dp_plot_py(const dp_plot_frame *f, double y);

/** Grid lines, ticks with values, the frame and both axis labels. */
void dp_plot_axes(cairo_t *cr, const dp_plot_frame *f, const char *xlabel, const char *ylabel);

void dp_plot_title(cairo_t *cr, const char *title, double width);

/** Checks cairo's status once, writes the PNG atomically, frees cr and s. */
dapple_status dp_plot_finish(const char *path, cairo_surface_t *s, cairo_t *cr, dapple_error *err);

#endif
