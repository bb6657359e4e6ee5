/* SPDX-License-Identifier: MIT
 * Points counting-sorted into square-ish cells (a compressed-row layout: one offset per
 * cell, one index per point), and a walk over the points near a spot. The cells are
 * sized by the caller to the distances it asks about; a walk wraps along the axes that
 * do and visits each cell once, however far it reaches. Shared by the stats passes and the checkers
 * of stats/points_check.h (not by the sampler, whose grid is its own). */
#ifndef DP_CORE_BINS_H
#define DP_CORE_BINS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dapple.h"
#include "core/wrap.h"

typedef struct dp_bins {
    /* the layout: the points, their domain (wrapping along wrap's axes) and its cells */
    const dapple_point *pts;
    double width, height;
    dp_wrap wrap; /* the axes that wrap */
    int gw, gh;
    double inv_cw, inv_ch; /* cells per unit */
    /* the sort */
    size_t *start; /* gw * gh + 1 offsets into idx */
    size_t *idx;   /* point indices, cell by cell */
} dp_bins;

/** Bins s's points in cells at least 'cell' wide (fewer cells than 4 n + 16). Points
 * outside the domain go to the nearest edge cell (or wrap, along an axis that wraps). false
 * when out of memory (then b needs only dp_bins_fini). */
bool dp_bins_build(dp_bins *b, const dapple_point *pts, size_t n, double width, double height,
                   dp_wrap wrap, double cell);

/** The same in a layout of the caller's, set in *b: pts (n of them), width, height,
 * wrap, gw x gh cells and inv_cw, inv_ch cells per unit (points beyond the last cell go
 * to it, as above); start and idx are made here. */
bool dp_bins_build_grid(dp_bins *b, size_t n);

/** The most cells dp_bins_build puts along a side for n points: floor(sqrt(4 n + 16)). */
double dp_bins_max_side(size_t n);

void dp_bins_fini(dp_bins *b);

/** The column of the cell an x falls in (and the row of a y), as points are binned. */
int dp_bins_column(const dp_bins *b, double x);
int dp_bins_row(const dp_bins *b, double y);

/** A walk over the points of the cells that meet the square [x - reach, x + reach]. */
typedef struct dp_bins_walk {
    const dp_bins *b;
    int fx, nx, fy, ny; /* first cell and count per axis */
    int i, j;           /* cell being visited (offsets from fx, fy) */
    size_t s, e;        /* range of idx left in that cell */
} dp_bins_walk;

void dp_bins_walk_start(dp_bins_walk *w, const dp_bins *b, double x, double y, double reach);

/** The next point's index into *q; false when the walk is over. */
bool dp_bins_walk_next(dp_bins_walk *w, size_t *q);

/** Minimum-image (where x wraps) or plain difference a - c across (dp_bins_dx), and the
 * same down (dp_bins_dy). */
double dp_bins_dx(const dp_bins *b, double a, double c);
double dp_bins_dy(const dp_bins *b, double a, double c);

#endif
