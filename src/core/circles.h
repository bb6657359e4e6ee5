/* SPDX-License-Identifier: MIT
 * Internal view of the obstacle circles (dapple_circles in dapple.h). */
#ifndef DP_CIRCLES_H
#define DP_CIRCLES_H
#include <stddef.h>

#include "dapple.h"

/** How many stored circles a dapple_circles_overlap query of (x, y, radius) tests before
 * it answers: the work of one query, for tests that bound it. */
size_t dp_circles_tested(const dapple_circles *c, double x, double y, double radius);

#endif
