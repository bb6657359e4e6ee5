/* SPDX-License-Identifier: MIT
 * `dapple stats --plot PREFIX`: which curves go on which chart, and the same numbers as
 * CSV tables. The spectrum image is the differential-domain one when r varies (the plain
 * spectrum of a variable-density set mixes its spacings); the line charts show both. */
#define _XOPEN_SOURCE 700 /* realpath, lstat */
#include "cli/stats_report.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dp.h"
#include "io/atomic_file.h"
#include "io/temps.h"
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
    dp_plot_values power = { .v = s->power,
                             .nx = DP_STATS_NF,
                             .ny = DP_STATS_NF,
                             .vmax = 2,
                             .x0 = lo,
                             .x1 = hi,
                             .y0 = lo,
                             .y1 = hi,
                             .xlabel = "fx (cycles per r)",
                             .ylabel = "fy (cycles per r)" };
    return dp_plot_image(path,
                         r->have_diff ? "differential-domain power spectrum (white = 2 or more)"
                                      : "power spectrum (white = 2 or more)",
                         &power, err);
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

/* Every file of one --plot run is first written under a temporary name beside its target
 * (io/temps: removed on an interrupt, or by the next run after a kill) and renamed only
 * when all are written, so a run failing at its 4th file leaves none of them. A symlink's
 * target is what gets replaced (as dp_atomic_open does); a device is written in place. */
typedef struct staged {
    char tmp[DP_STATS_PLOTS][PATH_MAX + 32];
    char final[DP_STATS_PLOTS][PATH_MAX];
    int slot[DP_STATS_PLOTS]; /* -1: written in place (a device), nothing to rename */
} staged;

static bool stage(staged *st, int i, const char *path)
{
    struct stat sb;
    st->slot[i] = -1;
    snprintf(st->final[i], sizeof st->final[i], "%s", path);
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        snprintf(st->tmp[i], sizeof st->tmp[i], "%s", path);
        return true;
    }
    if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) && realpath(path, st->final[i]) == NULL)
        return false;
    char to[PATH_MAX]; /* a copy: snprintf must not read the struct it writes into */
    snprintf(to, sizeof to, "%s", st->final[i]);
    const char *slash = strrchr(to, '/');
    int dir = slash == NULL ? 0 : (int)(slash - to + 1);
    int n = snprintf(st->tmp[i], sizeof st->tmp[i], "%.*s.%s" DP_TEMP_MARK "XXXXXX", dir, to,
                     to + dir);
    if (n < 0 || (size_t)n >= sizeof st->tmp[i])
        return errno = ENAMETOOLONG, false;
    int fd = dp_temps_mkstemp(st->tmp[i], &st->slot[i]);
    if (fd < 0)
        return false;
    close(fd);
    return true;
}

static void unstage(staged *st, int n)
{
    for (int i = 0; i < n; i++)
        if (st->slot[i] >= 0) {
            unlink(st->tmp[i]);
            dp_temps_forget(st->slot[i]);
        }
}

/* Writes output i (0 .. 5) of the report to path. */
static dapple_status write_one(int i, const char *path, const dp_stats_report *r, dapple_error *err)
{
    switch (i) {
    case 0:
        return spectrum_image(path, r, err);
    case 1:
        return radial_chart(path, r, err);
    case 2:
        return rdf_chart(path, r, err);
    case 3:
        return points_picture(path, r, err);
    default:
        return write_table(path, r, i == 4, err);
    }
}

dapple_status dp_stats_plot(const char *prefix, const dp_stats_report *r, dapple_error *err)
{
    char path[DP_STATS_PLOTS][4096];
    staged st;
    bool spectrum = main_spectrum(r)->power != NULL; /* else only the points picture */
    bool want[DP_STATS_PLOTS];
    axes_values();
    for (int i = 0; i < DP_STATS_PLOTS; i++) {
        snprintf(path[i], sizeof path[i], "%s%s", prefix, dp_stats_plot_suffix[i]);
        want[i] = spectrum || i == 3;
    }
    for (int i = 0; i < DP_STATS_PLOTS; i++) {
        if (!stage(&st, i, path[i])) {
            unstage(&st, i);
            return dp_fail(err, DAPPLE_E_IO, "%s: %s", path[i], strerror(errno));
        }
        if (want[i] && write_one(i, st.tmp[i], r, err) != DAPPLE_OK) {
            unstage(&st, i + 1);
            return st.slot[i] < 0 ? err->status /* the message names the device already */
                                  : dp_fail_prefix(err, err->status, "%s", path[i]);
        }
    }
    /* a chart this run has no data for: an earlier run's goes, so the prefix shows one run */
    int bad = -1;
    for (int i = 0; i < DP_STATS_PLOTS && bad < 0; i++)
        if (!want[i] && unlink(path[i]) != 0 && errno != ENOENT)
            bad = i;
    for (int i = 0; i < DP_STATS_PLOTS && bad < 0; i++)
        if (want[i] && st.slot[i] >= 0 && rename(st.tmp[i], st.final[i]) != 0)
            bad = i;
    int saved = errno;
    unstage(&st, DP_STATS_PLOTS); /* the renamed are gone already; the unwanted were empty */
    if (bad >= 0)
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path[bad], strerror(saved));
    return DAPPLE_OK;
}
