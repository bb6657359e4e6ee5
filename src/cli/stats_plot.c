/* SPDX-License-Identifier: MIT
 * `dapple stats --plot PREFIX`: which curves go on which chart, and the same numbers as
 * CSV tables. The spectrum image is the differential-domain one when r varies (the plain
 * spectrum of a variable-density set mixes its spacings); the line charts show both. */
#include "cli/stats_report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/dp.h"
#include "io/atomic_file.h"
#include "render/plot.h"

const char *const dp_stats_plot_suffix[DP_STATS_PLOTS] = {
    "-spectrum.png", "-radial.png", "-rdf.png", "-points.png", "-radial.csv", "-rdf.csv",
};

#define BLUE         0x1f5fbf
#define ORANGE       0xd9730d
#define GREY         0x888888
#define POINTS_SHOWN 2500 /* a bigger set is shown by a corner holding about this many */

static double FS[DP_STATS_RINGS], SS[DP_STATS_RDF_BINS], ONES[2] = { 1, 1 };

static void axes_values(void)
{
    for (int k = 0; k < DP_STATS_RINGS; k++)
        FS[k] = dp_stats_ring_f(k);
    for (int k = 0; k < DP_STATS_RDF_BINS; k++)
        SS[k] = (k + 0.5) * DP_STATS_REACH / DP_STATS_RDF_BINS;
}

static const dp_stats_spectrum *main_spectrum(const dp_stats_report *r)
{
    return r->have_diff ? &r->diff : &r->plain;
}

static double curve_max(const double *v, int n, double floor_v)
{
    double m = floor_v;
    for (int i = 0; i < n; i++)
        if (isfinite(v[i]))
            m = DP_MAX(m, v[i]);
    return m;
}

static dp_plot_series line(const double *x, const double *y, int n, uint32_t rgb, const char *label)
{
    return (dp_plot_series){ .x = x, .y = y, .n = n, .rgb = rgb, .label = label };
}

static dapple_status radial_chart(const char *path, const dp_stats_report *r, dapple_error *err)
{
    static const double XS[2] = { 0, DP_STATS_FMAX };
    dp_plot_panel p[2] = { { .x0 = 0,
                             .x1 = DP_STATS_FMAX,
                             .y0 = 0,
                             .xlabel = "frequency (cycles per r)",
                             .ylabel = "radial power" },
                           { .x0 = 0,
                             .x1 = DP_STATS_FMAX,
                             .y0 = -30,
                             .y1 = 10,
                             .xlabel = "frequency (cycles per r)",
                             .ylabel = "anisotropy (dB)" } };
    double top = curve_max(r->plain.radial, DP_STATS_RINGS, 2);
    p[0].series[p[0].n_series++] =
            line(FS, r->plain.radial, DP_STATS_RINGS, BLUE, r->have_diff ? "spectrum" : NULL);
    p[1].series[p[1].n_series++] =
            line(FS, r->plain.anisotropy, DP_STATS_RINGS, BLUE, r->have_diff ? "spectrum" : NULL);
    if (r->have_diff) {
        top = DP_MAX(top, curve_max(r->diff.radial, DP_STATS_RINGS, 2));
        p[0].series[p[0].n_series++] =
                line(FS, r->diff.radial, DP_STATS_RINGS, ORANGE, "differential domain");
        p[1].series[p[1].n_series++] =
                line(FS, r->diff.anisotropy, DP_STATS_RINGS, ORANGE, "differential domain");
    }
    p[0].series[p[0].n_series] = line(XS, ONES, 2, GREY, "white noise");
    p[0].series[p[0].n_series++].dashed = true;
    p[0].y1 = ceil(DP_MIN(top, 12) * 1.05 * 2) / 2;
    return dp_plot_lines(path, "radially averaged power spectrum and anisotropy", p, 2, err);
}

static dapple_status rdf_chart(const char *path, const dp_stats_report *r, dapple_error *err)
{
    static const double XS[2] = { 0, 4 };
    dp_plot_panel p = { .x0 = 0,
                        .x1 = 4,
                        .y0 = 0,
                        .xlabel = "distance (in r)",
                        .ylabel = "g (pair density / Poisson)" };
    double top = curve_max(r->plain.rdf, DP_STATS_RDF_BINS, 2);
    p.series[p.n_series++] = line(SS, r->plain.rdf, DP_STATS_RDF_BINS, BLUE,
                                  r->have_diff ? "distance over the mean r" : NULL);
    if (r->have_diff) {
        top = DP_MAX(top, curve_max(r->diff.rdf, DP_STATS_RDF_BINS, 2));
        p.series[p.n_series++] =
                line(SS, r->diff.rdf, DP_STATS_RDF_BINS, ORANGE, "distance over own r");
    }
    p.series[p.n_series] = line(XS, ONES, 2, GREY, "white noise");
    p.series[p.n_series++].dashed = true;
    p.y1 = ceil(DP_MIN(top, 12) * 1.05 * 2) / 2;
    return dp_plot_lines(path, "radial distribution function", &p, 1, err);
}

static dapple_status spectrum_image(const char *path, const dp_stats_report *r, dapple_error *err)
{
    const dp_stats_spectrum *s = main_spectrum(r);
    double lo = dp_stats_axis_f(0), hi = dp_stats_axis_f(DP_STATS_NF - 1);
    double range[4] = { lo, hi, lo, hi };
    return dp_plot_image(path,
                         r->have_diff ? "differential-domain power spectrum (white = 2 or more)"
                                      : "power spectrum (white = 2 or more)",
                         s->power, DP_STATS_NF, DP_STATS_NF, 2, range, "fx (cycles per r)",
                         "fy (cycles per r)", err);
}

static dapple_status points_picture(const char *path, const dp_stats_report *r, dapple_error *err)
{
    double share = DP_MIN(1.0, (double)POINTS_SHOWN / (double)r->n), side = sqrt(share);
    double window[4] = { 0, 0, r->width * side, r->height * side };
    char title[96];
    if (share < 1)
        snprintf(title, sizeof title, "the points (top-left corner, %.3g%% of the area)",
                 100 * share);
    else
        snprintf(title, sizeof title, "the points (circles of radius r / 2)");
    return dp_plot_points(path, title, r->pts, r->n, window, err);
}

static dapple_status write_table(const char *path, const dp_stats_report *r, bool radial,
                                 dapple_error *err)
{
    dp_atomic_file af;
    if (dp_atomic_open(&af, path, err) != DAPPLE_OK)
        return err->status;
    int n = radial ? DP_STATS_RINGS : DP_STATS_RDF_BINS;
    fprintf(af.fp, radial ? "f,power,anisotropy_db%s\n" : "s,g%s\n",
            r->have_diff ? (radial ? ",diff_power,diff_anisotropy_db" : ",diff_g") : "");
    for (int k = 0; k < n; k++) {
        if (radial)
            fprintf(af.fp, "%.6g,%.6g,%.6g", FS[k], r->plain.radial[k], r->plain.anisotropy[k]);
        else
            fprintf(af.fp, "%.6g,%.6g", SS[k], r->plain.rdf[k]);
        if (r->have_diff && radial)
            fprintf(af.fp, ",%.6g,%.6g", r->diff.radial[k], r->diff.anisotropy[k]);
        else if (r->have_diff)
            fprintf(af.fp, ",%.6g", r->diff.rdf[k]);
        fputc('\n', af.fp);
    }
    return dp_atomic_commit(&af, err);
}

dapple_status dp_stats_plot(const char *prefix, const dp_stats_report *r, dapple_error *err)
{
    char path[DP_STATS_PLOTS][4096];
    for (int i = 0; i < DP_STATS_PLOTS; i++)
        snprintf(path[i], sizeof path[i], "%s%s", prefix, dp_stats_plot_suffix[i]);
    axes_values();
    bool spectrum = main_spectrum(r)->power != NULL;
    if ((spectrum && spectrum_image(path[0], r, err) != DAPPLE_OK) ||
        (spectrum && radial_chart(path[1], r, err) != DAPPLE_OK) ||
        (spectrum && rdf_chart(path[2], r, err) != DAPPLE_OK) ||
        points_picture(path[3], r, err) != DAPPLE_OK ||
        (spectrum && write_table(path[4], r, true, err) != DAPPLE_OK) ||
        (spectrum && write_table(path[5], r, false, err) != DAPPLE_OK))
        return err->status;
    return DAPPLE_OK;
}
