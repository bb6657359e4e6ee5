/* SPDX-License-Identifier: MIT
 * Splatter (see splatter.h). Distances and sizes follow the splash of a drop hitting a
 * surface at speed: the crown throws droplets all around to 1.1-2.4 R; the forward spray
 * (within 17 degrees of the flight, whose momentum it keeps) lands 1.3 R to (2.3 + 2.5
 * force) R out, the farther the flatter its impact and so the longer its smear; droplet
 * sizes are skewed small (most spray is fine). Seeded per impact: the same impact throws
 * the same drops wherever it is drawn from (periodic copies, bands). */
#include "core/splatter.h"

#include <math.h>

#include "core/dp.h"
#include "core/rng.h"

#define FORWARD_SPREAD 0.12 /* radians: the spray's spread about the flight (sigma) */
#define FORWARD_MAX    0.30 /* radians: never farther off the flight than this */

/* A normal number (Box-Muller), clamped to +-3. */
static double normal(dp_rng *g)
{
    double u = DP_MAX(dp_rng_unit(g), 1e-12), v = dp_rng_unit(g);
    return DP_MAX(-3.0, DP_MIN(3.0, sqrt(-2 * log(u)) * cos(2 * DP_PI * v)));
}

double dp_splat_blob_radius(const dp_splat_opts *o, uint64_t seed, double psi)
{
    dp_rng g;
    dp_rng_seed(&g, seed, 0x626c6f62u);
    double ahead = DP_MAX(0.0, cos(psi - o->direction_rad));
    double r = 1 + 0.3 * o->force * ahead;
    for (int k = 2; k <= 9; k++) {
        double a = 0.09 / sqrt((double)k) * dp_rng_unit(&g), p = 2 * DP_PI * dp_rng_unit(&g);
        r += a * cos(k * psi + p);
    }
    /* the crown's fingers: narrow lobes where the rim's sheet broke up, longer ahead */
    int fingers = 8 + (int)dp_rng_below(&g, 10);
    for (int i = 0; i < fingers; i++) {
        double at = 2 * DP_PI * dp_rng_unit(&g), h = 0.06 + 0.22 * dp_rng_unit(&g);
        double w = 0.05 + 0.06 * dp_rng_unit(&g), d = remainder(psi - at, 2 * DP_PI) / w;
        r += h * (0.5 + o->force * ahead) * exp(-d * d);
    }
    return r;
}

static size_t crown(const dp_splat_opts *o, double x, double y, double R, dp_rng *g,
                    dp_splat_drop *out)
{
    size_t n = 4 + dp_rng_below(g, 4 + (uint32_t)lround(6 * o->force));
    for (size_t i = 0; i < n; i++) {
        double phi = 2 * DP_PI * dp_rng_unit(g), d = R * (1.15 + 1.25 * dp_rng_unit(g));
        double u = dp_rng_unit(g), s = R * (0.05 + 0.12 * u * u);
        out[i] = (dp_splat_drop){ x + d * cos(phi), y + d * sin(phi), s, s, phi, DP_SPLAT_ROUND };
    }
    return n;
}

/* The spray ahead: the farther a droplet flew, the flatter it hit and the longer its tail. */
static size_t spray(const dp_splat_opts *o, double x, double y, double R, dp_rng *g,
                    dp_splat_drop *out)
{
    size_t n = 3 + dp_rng_below(g, 3 + (uint32_t)lround(12 * o->force));
    for (size_t i = 0; i < n; i++) {
        double off = DP_MAX(-FORWARD_MAX, DP_MIN(FORWARD_MAX, FORWARD_SPREAD * normal(g)));
        double phi = o->direction_rad + off, t = dp_rng_unit(g);
        double d = R * (1.3 + (1 + 2.5 * o->force) * t);
        double u = dp_rng_unit(g), s = R * (0.04 + 0.1 * u * u);
        if (i < 2) /* the sheet's first, largest fragments */
            s = R * (0.14 + 0.16 * u);
        double smear = 1.6 + (1 + 3 * o->force) * t; /* 1 / sin(impact angle) */
        out[i] = (dp_splat_drop){ x + d * cos(phi), y + d * sin(phi), s * smear, s, phi,
                                  DP_SPLAT_TAILED };
    }
    return n;
}

/* Streaks torn from the blob's front, starting on its rim. */
static size_t streaks(const dp_splat_opts *o, uint64_t seed, double x, double y, double R,
                      dp_rng *g, dp_splat_drop *out)
{
    size_t n = dp_rng_below(g, 1 + (uint32_t)lround(3 * o->force));
    for (size_t i = 0; i < n; i++) {
        double phi = o->direction_rad + 0.17 * (2 * dp_rng_unit(g) - 1);
        double rim = 0.9 * R * dp_splat_blob_radius(o, seed, phi);
        double len = R * (0.4 + 0.8 * o->force * dp_rng_unit(g));
        out[i] = (dp_splat_drop){ x + rim * cos(phi), y + rim * sin(phi), len, 0.07 * R, phi,
                                  DP_SPLAT_STREAK };
    }
    return n;
}

size_t dp_splat_throw(const dp_splat_opts *o, double x, double y, double R, uint64_t seed,
                      dp_splat_drop *out)
{
    dp_rng g;
    dp_rng_seed(&g, seed, 0x73706c6174u);
    out[0] = (dp_splat_drop){ x, y, R, R, o->direction_rad, DP_SPLAT_BLOB };
    size_t n = 1;
    n += crown(o, x, y, R, &g, out + n);
    n += spray(o, x, y, R, &g, out + n);
    n += streaks(o, seed, x, y, R, &g, out + n);
    return n;
}
