/* SPDX-License-Identifier: MIT
 * The power (Laguerre) diagram of discs, queried pixel by pixel: which cell a place lies in
 * (the site of least power distance |p - c|^2 - w, its weight w = r^2) and how far it lies
 * from the cell's walls. Periodic domains wrap. Pure computation: no I/O, no drawing. */
#ifndef DP_POWER_CELLS_H
#define DP_POWER_CELLS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/disc.h"
#include "core/wrap.h"
#include "dapple.h"

typedef struct dp_power_cells dp_power_cells;

/** What one query finds. */
typedef struct dp_power_hit {
    size_t cell;  /* index of the site whose cell holds the place */
    size_t other; /* the neighbour across the nearest wall; SIZE_MAX when none within cap */
    double edge;  /* distance to the nearest wall of the cell, at most cap */
    double edge2; /* distance to the nearest wall shared with another neighbour, <= cap */
} dp_power_hit;

/** Builds the search structure over the n discs d (sites at their centres, weighing r^2)
 * in a width x height domain that wraps along the axes in 'wrap' (a torus with both). The
 * discs are copied. On failure *out is NULL and err says why. */
DAPPLE_USERESULT dapple_status dp_power_cells_new(dp_power_cells **out, const dp_disc *d, size_t n,
                                                  double width, double height, dp_wrap wrap,
                                                  dapple_error *err);

/** The cell of place (px, py) (wrapped into the domain where it wraps) and its distances to
 * the walls, exact up to 'cap' pixels (farther walls read as cap). Ties go to the lower
 * index. With no sites, hit->cell is SIZE_MAX. */
void dp_power_cells_at(const dp_power_cells *c, double px, double py, double cap,
                       dp_power_hit *hit);

#define DP_POWER_CACHE_N    96
#define DP_POWER_CACHE_STEP 8.0

/** What a query leaves for the next one nearby (the next pixel of a row): the place's
 * site and every site whose wall lies within cap + DP_POWER_CACHE_STEP of it. One per
 * thread; zero it (or set valid false) before the first query. */
typedef struct dp_power_cache {
    double x, y, cap;
    size_t best; /* a copy index */
    size_t near[DP_POWER_CACHE_N];
    double gap2[DP_POWER_CACHE_N]; /* |c_near - c_best|^2, computed once per fill */
    double den[DP_POWER_CACHE_N];  /* 2 sqrt(gap2) */
    size_t n;
    bool valid;
} dp_power_cache;

/** dp_power_cells_at through a cache: the same hit, bit for bit, at the cost of checking
 * the listed walls when the place is near the cache's; else a full search that refills
 * it. k may be NULL. */
void dp_power_cells_near(const dp_power_cells *c, dp_power_cache *k, double px, double py,
                         double cap, dp_power_hit *hit);

/** dp_power_cells_near trying a second cache 'alt' (may be NULL; read only) when k does
 * not serve: the same hit, bit for bit. A full search refills k. */
void dp_power_cells_near2(const dp_power_cells *c, dp_power_cache *k, const dp_power_cache *alt,
                          double px, double py, double cap, dp_power_hit *hit);

/** The number of sites. */
size_t dp_power_cells_count(const dp_power_cells *c);

void dp_power_cells_free(dp_power_cells *c);

#endif
