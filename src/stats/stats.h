/* SPDX-License-Identifier: MIT
 * Measurements of any point set (`dapple stats`): the pair rule, spacing, coverage, the
 * spectrum and the radial distribution function, and density against a field. Pure
 * computation (libc, libm): no printing, no files. Every function reads the points, never
 * changes them, and fills a caller's struct; spectra own arrays freed by their _fini.
 * Distances are measured in double from the stored floats; along an axis that wraps they
 * take the minimum image, as the sampler does. Every point must have r > 0. */
#ifndef DP_STATS_H
#define DP_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "dapple.h"
#include "core/wrap.h"

/** The set and its domain [0, width) x [0, height). */
typedef struct dp_stats_set {
    const dapple_point *pts;
    size_t n;
    double width, height;
    dp_wrap wrap; /* the axes that wrap */
} dp_stats_set;

/* ------------------------------------------------------------------ pairs and spacing */

/* Pairs within reach (closer than 2 r of the point that owns them) measured at most: a set
 * keeping the pair rule has fewer than about 20 per point, so only a set whose radius
 * dwarfs its spacing reaches the cap, and then its counts are lower bounds. */
#define DP_STATS_PAIR_CAP_PER_POINT 64
#define DP_STATS_PAIR_CAP_BASE      10000000

typedef struct dp_stats_pairs {
    size_t outside;        /* points not in [0, width) x [0, height) */
    size_t within_reach;   /* pairs measured: closer than 2 r of their owner */
    size_t cap;            /* the most pairs measured (DP_STATS_PAIR_CAP_*) */
    bool capped;           /* the cap was hit: the counts below are lower bounds */
    size_t close_max;      /* pairs closer than max(r_p, r_q): the pair rule broken */
    size_t close_min;      /* pairs closer than min(r_p, r_q) */
    size_t first_i;        /* the first pair in file order (lowest i, then j) below max(r): */
    size_t first_j;        /* valid when close_max > 0 */
    double worst;          /* min over pairs of d / max(r_p, r_q), or 2 when none is below 2 */
    double d_min;          /* the smallest distance between two points (0 for duplicates) */
    double rho;            /* relative radius d_min / sqrt(2 A / (sqrt(3) N)) (Lagae, Dutre) */
    double nn_mean, nn_cv; /* nearest-neighbour distance / r_p: mean, coefficient of variation */
    bool r_constant;       /* every point has the same r */
} dp_stats_pairs;

/** Counts the pair rule exactly through a grid (never all pairs; at most out->cap pairs
 * within reach, then out->capped) and measures nearest neighbours. n >= 2.
 * DAPPLE_E_NOMEM (message says so) or DAPPLE_OK. */
DAPPLE_USERESULT dapple_status dp_stats_pairs_run(const dp_stats_set *s, dp_stats_pairs *out,
                                                  dapple_error *err);

/* ------------------------------------------------------------------ spectrum and RDF */

/* Frequencies are in cycles per r and distances in units of r: per point its own r_p in
 * the differential domain (Wei and Wang 2011), the set's quadratic mean radius otherwise. */
#define DP_STATS_REACH    10.0 /* pairs up to REACH r apart feed the spectrum and RDF */
#define DP_STATS_FMAX     4.0  /* the spectrum is given up to this frequency */
#define DP_STATS_NF       161  /* frequencies per axis: -FMAX .. FMAX in steps of 1/(2 REACH) */
#define DP_STATS_RINGS    81   /* radial rings 0 .. FMAX, 1/(2 REACH) wide */
#define DP_STATS_RDF_BINS 200  /* g(s) for s in [0, REACH), 0.05 wide */

/* Pairs deposited into one spectrum at most, about: possible centres beyond it are thinned
 * to every k-th (dp_stats_spectrum.stride). */
#define DP_STATS_SPECTRUM_PAIRS 32e6

typedef struct dp_stats_spectrum {
    bool differential; /* distances over r_p (true) or over the mean radius */
    double r_unit;     /* the mean radius (the unit when !differential) */
    size_t centres;    /* centres used: every stride-th of the candidates */
    size_t candidates; /* points whose whole reach lies in the domain */
    size_t stride;     /* 1 unless the candidates would deposit over SPECTRUM_PAIRS */
    double *power;     /* NF x NF, row-major, y frequency major; NULL when centres == 0 */
    double radial[DP_STATS_RINGS];     /* mean power per ring */
    double anisotropy[DP_STATS_RINGS]; /* 10 log10(variance / mean^2) per ring; NaN at 0 */
    double rdf[DP_STATS_RDF_BINS];     /* radial distribution function g(s) */
    double peak_f, peak_power;         /* the highest ring from 0.25 on */
    double low_power;                  /* mean power of the rings below peak_f / 2 */
} dp_stats_spectrum;

/** The power spectrum of the set, estimated from pair differentials (a Blackman-Tukey
 * estimate: the Fourier transform of the tapered pair correlation), its radial average,
 * anisotropy and the RDF. A point is a centre when its reach (REACH r) lies inside the
 * domain (on a torus: is at most half the shorter side); every point is a neighbour.
 * DAPPLE_E_NOMEM or DAPPLE_OK; with no centre, power is NULL and the rest is NaN. */
DAPPLE_USERESULT dapple_status dp_stats_spectrum_run(const dp_stats_set *s, bool differential,
                                                     dp_stats_spectrum *out, dapple_error *err);

/** The frequency of ring k or of axis index i (cycles per r). */
double dp_stats_ring_f(int k);
double dp_stats_axis_f(int i);

/** Frees out->power; safe on a zeroed struct. */
void dp_stats_spectrum_fini(dp_stats_spectrum *out);

/* ------------------------------------------------------------------ density */

#define DP_STATS_QUANTILES    8  /* rows of equal area over a field without levels */
#define DP_STATS_LEVELS       12 /* levels given a row of their own, at most */
#define DP_STATS_DENSITY_ROWS 40 /* rows at most: the levels and the stretches between */

typedef struct dp_stats_density_bin {
    double r_lo, r_hi; /* the field's radius over the bin */
    bool level;        /* one radius over 1 % of the area or more (and its blended edge) */
    bool edge;   /* a row under 1/16 of the area beside a level: the blend at its edge, where the
                    denser side's points keep their distance and fewer fit than
                    1/r^2 says (a ratio well under 1 here is no fault) */
    double area; /* share of the allowed area */
    double rel_density; /* mean (rmin / r)^2: 1 = densest the field asks for */
    double expected;    /* points expected: N * (integral of 1/r^2 here) / (whole) */
    size_t measured;    /* points whose field radius falls in the bin */
} dp_stats_density_bin;

typedef struct dp_stats_density {
    int bins; /* 1 .. DP_STATS_DENSITY_ROWS */
    dp_stats_density_bin bin[DP_STATS_DENSITY_ROWS];
    size_t refused; /* points on spots where the field allows none */
} dp_stats_density;

/** Splits the allowed area into rows by the field's radius (on a lattice of at most
 * 512 x 512 probes): a row per level (a radius over 1 % of the area), the rest in rows of
 * about equal area (DP_STATS_QUANTILES over a field without levels), and compares the
 * points each gets with the share 1/r^2 predicts.
 * DAPPLE_E_NOMEM or DAPPLE_OK. */
DAPPLE_USERESULT dapple_status dp_stats_density_run(const dp_stats_set *s, const dapple_field *f,
                                                    dp_stats_density *out, dapple_error *err);

#endif
