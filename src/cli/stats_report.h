/* SPDX-License-Identifier: MIT
 * What `dapple stats` found, in one struct, and its three renderings: the text a person
 * reads in one screen, JSON for machines, and the charts and tables of --plot. */
#ifndef DP_CLI_STATS_REPORT_H
#define DP_CLI_STATS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dapple.h"
#include "stats/stats.h"

typedef struct dp_stats_report {
    const char *file;
    int layer;               /* the layer measured (--layer, --preset), or -1: every point */
    char layer_name[64];     /* its name when a preset gives it, else "" */
    const dapple_point *pts; /* the points, radii resolved */
    size_t n;
    double width, height;
    dp_wrap wrap;          /* the axes that wrap */
    const char *size_from; /* "--size", "the file", "the points' extent", "the preset" */
    bool size_preset;      /* the size is the --preset's */
    const char *r_from;    /* "the file", "--radius", "the field", "nearest neighbours" */
    double r_lo, r_hi;     /* the smallest and largest r */
    dp_stats_pairs pairs;
    size_t line_i, line_j; /* file lines of the first pair closer than max(r) */
    double uncovered;      /* fraction of probes farther than r_p from every p */
    double probe_step, border;
    dp_stats_spectrum plain, diff; /* diff: the differential domain, when r varies */
    bool have_diff;
    dp_stats_density density;
    bool have_density;
} dp_stats_report;

/** The text report. */
void dp_stats_print_text(FILE *out, const dp_stats_report *r);

/** The report as one JSON object and a newline. */
void dp_stats_print_json(FILE *out, const dp_stats_report *r);

/** The outputs of --plot PREFIX, in the order they are written. */
#define DP_STATS_PLOTS 6
extern const char *const dp_stats_plot_suffix[DP_STATS_PLOTS];

/** Writes PREFIX-spectrum.png, -radial.png, -rdf.png, -points.png, -radial.csv and
 * -rdf.csv (each atomically); stops at the first failure. */
DAPPLE_USERESULT dapple_status dp_stats_plot(const char *prefix, const dp_stats_report *r,
                                             dapple_error *err);

#endif
