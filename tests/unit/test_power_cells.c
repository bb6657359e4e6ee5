/* SPDX-License-Identifier: MIT
 * Power cells (issue #37) against brute force: 1000 random weighted points, every pixel
 * centre of every third row and column of a 256x200 domain (plus
 * off-centre places), wrapped and not. The cell is the site of least power
 * |p - c|^2 - w (ties to the lower index, copies at +-W, +-H on a torus); the nearest wall
 * is the least (pow_j - pow_i) / (2 |c_i - c_j|) over the other sites, up to the cap. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "core/power_cells.h"
#include "core/rng.h"

#define W 256
#define H 200
#define N 1000

static double x[N], y[N], w[N];
static dp_disc d[N]; /* the same sites as discs, w = r^2 */

static void random_sites(uint64_t seed)
{
    dp_rng rng;
    dp_rng_seed(&rng, seed, 1);
    for (int i = 0; i < N; i++) {
        x[i] = dp_rng_u32(&rng) / 4294967296.0 * W;
        y[i] = dp_rng_u32(&rng) / 4294967296.0 * H;
        double r = 1 + 7 * (dp_rng_u32(&rng) / 4294967296.0);
        w[i] = r * r;
        d[i] = (dp_disc){ x[i], y[i], r };
    }
}

/* Brute force: the cell of (px, py) and the distance to its nearest wall (<= cap). */
static void brute(bool wrap, double px, double py, double cap, size_t *cell, double *edge)
{
    int k = wrap ? 1 : 0;
    double best = INFINITY, bx = 0, by = 0;
    for (int i = 0; i < N; i++)
        for (int j = -k; j <= k; j++)
            for (int m = -k; m <= k; m++) {
                double dx = px - (x[i] + m * W), dy = py - (y[i] + j * H);
                double p = dx * dx + dy * dy - w[i];
                if (p < best || (p == best && (size_t)i < *cell)) {
                    best = p, *cell = (size_t)i;
                    bx = x[i] + m * W, by = y[i] + j * H;
                }
            }
    *edge = cap;
    for (int i = 0; i < N; i++)
        for (int j = -k; j <= k; j++)
            for (int m = -k; m <= k; m++) {
                double cx = x[i] + m * W, cy = y[i] + j * H, gap = hypot(cx - bx, cy - by);
                if (!(gap > 0))
                    continue;
                double p = (px - cx) * (px - cx) + (py - cy) * (py - cy) - w[i];
                *edge = fmin(*edge, (p - best) / (2 * gap));
            }
}

static void compare(bool wrap, uint64_t seed)
{
    random_sites(seed);
    dp_power_cells *c;
    dapple_error err;
    cr_assert_eq(dp_power_cells_new(&c, d, N, W, H, dp_wrap_both(wrap), &err), DAPPLE_OK, "%s",
                 err.message);
    const double cap = 6;
    size_t wrong = 0, walls = 0;
    for (int py = 0; py < H; py += 3)
        for (int px = 0; px < W; px += 3) {
            size_t cell = SIZE_MAX;
            double edge, qx = px + 0.5 + 0.37 * (py % 2), qy = py + 0.5;
            dp_power_hit hit;
            brute(wrap, qx, qy, cap, &cell, &edge);
            dp_power_cells_at(c, qx, qy, cap, &hit);
            wrong += hit.cell != cell;
            if (hit.cell == cell && fabs(hit.edge - fmax(edge, 0)) > 1e-9)
                walls++;
        }
    cr_assert_eq(wrong, 0, "%zu places in the wrong cell (wrap %d)", wrong, wrap);
    cr_assert_eq(walls, 0, "%zu places with the wrong wall distance (wrap %d)", walls, wrap);
    dp_power_cells_free(c);
}

Test(power_cells, every_pixel_in_the_cell_of_least_power)
{
    compare(false, 1);
}

Test(power_cells, every_pixel_in_the_cell_of_least_power_on_a_torus)
{
    compare(true, 2);
}

/* A weight moves the wall toward the lighter site: two sites 40 apart, radii 20 and 0
 * (weights 400 and 0), meet where d1^2 - 400 = d2^2, i.e. 25 from the heavy one (not 20). */
/* The cache (the next place of a row reuses the walls listed near the last) gives the
 * same hits bit for bit as a fresh search, along rows, across the seam and at random. */
static void same_through_cache(bool wrap, uint64_t seed)
{
    random_sites(seed);
    dp_power_cells *c;
    cr_assert_eq(dp_power_cells_new(&c, d, N, W, H, dp_wrap_both(wrap), NULL), DAPPLE_OK);
    dp_power_cache k = { .valid = false };
    dp_rng rng;
    dp_rng_seed(&rng, seed, 2);
    size_t served = 0, total = 0;
    for (int py = 0; py < H; py++)
        for (int px = -3; px < W + 3; px++, total++) {
            double qx = px + 0.5 + (py % 3 == 0 ? 3 * (dp_rng_u32(&rng) / 4294967296.0) : 0);
            dp_power_hit a, b;
            dp_power_cells_at(c, qx, py + 0.5, 5, &a);
            bool was = k.valid;
            dp_power_cells_near(c, &k, qx, py + 0.5, 5, &b);
            served += was && k.x != qx;
            cr_assert(a.cell == b.cell && a.edge == b.edge && a.edge2 == b.edge2,
                      "(%g, %d): fresh %zu %.17g %.17g, cached %zu %.17g %.17g", qx, py, a.cell,
                      a.edge, a.edge2, b.cell, b.edge, b.edge2);
        }
    cr_assert_gt(served, total / 2, "the cache served %zu of %zu places", served, total);
    dp_power_cells_free(c);
}

Test(power_cells, a_cache_changes_nothing)
{
    same_through_cache(false, 3);
    same_through_cache(true, 4);
}

Test(power_cells, weights_move_the_wall)
{
    dp_disc sites[2] = { { 30, 50, 20 }, { 70, 50, 0 } };
    dp_power_cells *c;
    cr_assert_eq(dp_power_cells_new(&c, sites, 2, 100, 100, dp_wrap_both(false), NULL), DAPPLE_OK);
    dp_power_hit hit;
    dp_power_cells_at(c, 54.9, 50, 10, &hit);
    cr_assert_eq(hit.cell, 0);
    cr_assert_float_eq(hit.edge, 0.1, 1e-9);
    dp_power_cells_at(c, 55.1, 50, 10, &hit);
    cr_assert_eq(hit.cell, 1);
    dp_power_cells_free(c);
}
