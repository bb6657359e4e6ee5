/* SPDX-License-Identifier: MIT
 * Charts for `dapple stats`, drawn with cairo and written as PNG through the atomic
 * writer: line charts in stacked panels, a value image with axes (a 2D spectrum), and a
 * picture of a point set. Labels use stb_easy_font's quads (easy_text.c), so the bytes depend on no
 * installed font. Every function fails with DAPPLE_E_RENDER or DAPPLE_E_IO naming path. */
#ifndef DP_PLOT_H
#define DP_PLOT_H

#include <stdbool.h>
#include <stdint.h>

#include "dapple.h"

#define DP_PLOT_MAX_SERIES 4
#define DP_PLOT_MAX_PANELS 3

typedef struct dp_plot_series {
    const double *x, *y; /* n values each; NaN values leave a gap */
    int n;
    uint32_t rgb; /* 0xRRGGBB */
    bool dashed;
    const char *label; /* in the legend; NULL = none */
} dp_plot_series;

typedef struct dp_plot_panel {
    double x0, x1, y0, y1; /* the axes' ranges; values beyond are clipped */
    const char *xlabel, *ylabel;
    dp_plot_series series[DP_PLOT_MAX_SERIES];
    int n_series;
} dp_plot_panel;

/** Writes a 900 px wide chart of 1 .. DP_PLOT_MAX_PANELS panels stacked, with a title. */
DAPPLE_USERESULT dapple_status dp_plot_lines(const char *path, const char *title,
                                             const dp_plot_panel *panels, int n_panels,
                                             dapple_error *err);

/** A grid of values shown as grey levels, black at 0 and white at vmax and above, over
 * axes spanning [x0, x1] x [y0, y1]. */
typedef struct dp_plot_values {
    const double *v; /* nx x ny, row-major, row 0 at the bottom: y up */
    int nx, ny;
    double vmax;
    double x0, x1, y0, y1;
    const char *xlabel, *ylabel;
} dp_plot_values;

/** Writes the values as a 640 px square with axes around it, under a title. */
DAPPLE_USERESULT dapple_status dp_plot_image(const char *path, const char *title,
                                             const dp_plot_values *values, dapple_error *err);

/** Writes the points inside the window [x0, x0 + w) x [y0, y0 + h) (y down, as in the
 * file): a dot per point and a circle of radius r / 2, so touching circles mean a pair
 * exactly r apart. */
DAPPLE_USERESULT dapple_status dp_plot_points(const char *path, const char *title,
                                              const dapple_point *pts, size_t n,
                                              const double window[4], dapple_error *err);

#endif
