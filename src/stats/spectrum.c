/* SPDX-License-Identifier: MIT
 * The power spectrum from pair differentials (Blackman-Tukey): for every centre p and
 * every other point q within REACH r of it, the differential d = (q - p) / r (r = r_p in
 * the differential domain of Wei and Wang 2011, else the mean radius) is deposited with
 * weight w(|d|) into a 512 x 512 histogram by cloud-in-cell. Then
 *     P(f) = 1 + H^(f) / (C K^(f)) - k W^(f)
 * with C the number of centres, K^ the deposit kernel's transform (divided out), k the
 * expected number of points per r^2 (sum of r^2 over the area) and W^ the transform of
 * the taper w over the disc: the Poisson part. It is the periodogram's expectation seen
 * through a lag window of REACH r (resolution about 1 / (REACH r)), from every centre at
 * once, so one set gives a smooth curve: no FFT library is needed, the transforms are
 * separable sums over the histogram at the 161 x 161 frequencies asked for. The radial
 * distribution function g(s) is the same pairs counted in rings. References: Schloemer
 * and Deussen's PSA (radial power, anisotropy), Heck et al. 2013 (spectrum from g). */
#include "stats/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "core/bins.h"

#define HIST     512
#define RDF_STEP (DP_STATS_REACH / DP_STATS_RDF_BINS)
#define F_STEP   (1.0 / (2 * DP_STATS_REACH))
#define BIN      (2 * DP_STATS_REACH / HIST) /* histogram bin width, in r */

double dp_stats_axis_f(int i)
{
    return (i - (DP_STATS_NF - 1) / 2) * F_STEP;
}

double dp_stats_ring_f(int k)
{
    return k * F_STEP;
}

/* The lag window: flat to half the reach, then a cosine down to 0 (Tukey's window). */
static double taper(double s)
{
    double t = s / DP_STATS_REACH;
    if (t >= 1)
        return 0;
    return t <= 0.5 ? 1 : 0.5 * (1 + cos(DP_PI * (2 * t - 1)));
}

typedef struct acc {
    double *hist; /* HIST x HIST */
    double rdf[DP_STATS_RDF_BINS];
    size_t centres;
} acc;

static void deposit(acc *a, double dx, double dy, double wt)
{
    double u = (dx + DP_STATS_REACH) / BIN - 0.5, v = (dy + DP_STATS_REACH) / BIN - 0.5;
    int i = (int)floor(u), j = (int)floor(v);
    double fu = u - i, fv = v - j;
    if (i < 0 || j < 0 || i + 1 >= HIST || j + 1 >= HIST)
        return; /* only beyond the taper's end, where wt = 0 */
    double *row = a->hist + (size_t)j * HIST + i;
    row[0] += wt * (1 - fu) * (1 - fv);
    row[1] += wt * fu * (1 - fv);
    row[HIST] += wt * (1 - fu) * fv;
    row[HIST + 1] += wt * fu * fv;
}

/* Deposits every neighbour of centre i; its unit is 'unit' (r_i or the mean radius). */
static void centre(const dp_bins *b, size_t i, double unit, acc *a)
{
    const dapple_point *p = b->pts;
    double reach = DP_STATS_REACH * unit;
    dp_bins_walk w;
    size_t j;
    dp_bins_walk_start(&w, b, p[i].x, p[i].y, reach);
    while (dp_bins_walk_next(&w, &j)) {
        double dx = dp_bins_dx(b, p[j].x, p[i].x) / unit;
        double dy = dp_bins_dy(b, p[j].y, p[i].y) / unit;
        double s = sqrt(dx * dx + dy * dy);
        if (j == i || s >= DP_STATS_REACH)
            continue;
        a->rdf[(int)(s / RDF_STEP)] += 1;
        deposit(a, dx, dy, taper(s));
    }
    a->centres++;
}

/* A centre's whole reach lies in the domain (along an axis that wraps: no pair is seen
 * twice). */
static bool is_centre(const dp_stats_set *s, const dapple_point *p, double unit)
{
    double reach = DP_STATS_REACH * unit, x = p->x, y = p->y;
    bool in_x = s->wrap.x ? 2 * reach <= s->width : x - reach >= 0 && x + reach <= s->width;
    bool in_y = s->wrap.y ? 2 * reach <= s->height : y - reach >= 0 && y + reach <= s->height;
    return in_x && in_y;
}

/* out[k][i] = sum over bins (y, x) of in[y][x] e^{-2 pi i (f_i x_b + f_k y_b)}, real part:
 * one pass over x per row, then one over y per frequency column. */
static bool transform(const double *in, double *out)
{
    double *cs = malloc(sizeof(double) * DP_STATS_NF * HIST);
    double *sn = malloc(sizeof(double) * DP_STATS_NF * HIST);
    double *rr = malloc(sizeof(double) * DP_STATS_NF * HIST);
    double *ri = malloc(sizeof(double) * DP_STATS_NF * HIST);
    if (cs == NULL || sn == NULL || rr == NULL || ri == NULL) {
        free(cs), free(sn), free(rr), free(ri);
        return false;
    }
    for (int k = 0; k < DP_STATS_NF; k++)
        for (int x = 0; x < HIST; x++) {
            double ang = -2 * DP_PI * dp_stats_axis_f(k) * ((x + 0.5) * BIN - DP_STATS_REACH);
            cs[k * HIST + x] = cos(ang);
            sn[k * HIST + x] = sin(ang);
        }
    for (int y = 0; y < HIST; y++)
        for (int k = 0; k < DP_STATS_NF; k++) {
            double re = 0, im = 0;
            const double *row = in + (size_t)y * HIST, *c = cs + k * HIST, *s = sn + k * HIST;
            for (int x = 0; x < HIST; x++)
                re += row[x] * c[x], im += row[x] * s[x];
            rr[k * HIST + y] = re, ri[k * HIST + y] = im;
        }
    for (int ky = 0; ky < DP_STATS_NF; ky++)
        for (int kx = 0; kx < DP_STATS_NF; kx++) {
            double re = 0;
            const double *c = cs + ky * HIST, *s = sn + ky * HIST;
            const double *a = rr + kx * HIST, *b = ri + kx * HIST;
            for (int y = 0; y < HIST; y++)
                re += a[y] * c[y] - b[y] * s[y];
            out[ky * DP_STATS_NF + kx] = re;
        }
    free(cs), free(sn), free(rr), free(ri);
    return true;
}

/* The cloud-in-cell kernel's transform at frequency f along one axis. */
static double cic(double f)
{
    double a = DP_PI * f * BIN;
    double s = a == 0 ? 1 : sin(a) / a;
    return s * s;
}

/* P = 1 + H^ / (C K^) - k W^, with W^ from the taper sampled at the bin centres. */
static bool power(const acc *a, double kappa, double *pw)
{
    double *tw = malloc(sizeof(double) * HIST * HIST);
    double *wt = malloc(sizeof(double) * DP_STATS_NF * DP_STATS_NF);
    bool ok = tw != NULL && wt != NULL && transform(a->hist, pw);
    for (int y = 0; ok && y < HIST; y++)
        for (int x = 0; x < HIST; x++) {
            double dx = (x + 0.5) * BIN - DP_STATS_REACH, dy = (y + 0.5) * BIN - DP_STATS_REACH;
            tw[y * HIST + x] = taper(sqrt(dx * dx + dy * dy)) * BIN * BIN;
        }
    ok = ok && transform(tw, wt);
    for (int ky = 0; ok && ky < DP_STATS_NF; ky++)
        for (int kx = 0; kx < DP_STATS_NF; kx++) {
            double k = cic(dp_stats_axis_f(kx)) * cic(dp_stats_axis_f(ky));
            size_t c = (size_t)ky * DP_STATS_NF + kx;
            pw[c] = 1 + pw[c] / ((double)a->centres * k) - kappa * wt[c];
        }
    free(tw);
    free(wt);
    return ok;
}

/* The radial mean at frequency f, linear between the rings' centres. */
static double radial_at(const double *radial, double f)
{
    double u = f / F_STEP;
    int k = (int)floor(u);
    if (k + 1 >= DP_STATS_RINGS)
        return radial[DP_STATS_RINGS - 1];
    return radial[k] + (u - k) * (radial[k + 1] - radial[k]);
}

/* The ring of frequency (kx, ky), and its |f| in *f; -1 beyond the last ring. */
static int ring_of(int kx, int ky, double *f)
{
    *f = hypot(dp_stats_axis_f(kx), dp_stats_axis_f(ky));
    int k = (int)lround(*f / F_STEP);
    return k < DP_STATS_RINGS ? k : -1;
}

/* Radial mean and anisotropy per ring: the variance of the power around the radial curve,
 * over the mean squared, in dB. Each frequency is compared with the curve at its own |f|,
 * not with its ring's mean: a ring is F_STEP wide, and on the flank of a sharp peak the
 * power changes that much across it, which reads as anisotropy where there is none. */
static void rings(dp_stats_spectrum *out, double *estimate)
{
    double sum[DP_STATS_RINGS] = { 0 }, sum2[DP_STATS_RINGS] = { 0 }, f;
    size_t cnt[DP_STATS_RINGS] = { 0 };
    for (int ky = 0; ky < DP_STATS_NF; ky++)
        for (int kx = 0; kx < DP_STATS_NF; kx++) {
            int k = ring_of(kx, ky, &f);
            if (k >= 0)
                sum[k] += out->power[ky * DP_STATS_NF + kx], cnt[k]++;
        }
    for (int k = 0; k < DP_STATS_RINGS; k++)
        out->radial[k] = sum[k] / (double)cnt[k];
    for (int ky = 0; ky < DP_STATS_NF; ky++)
        for (int kx = 0; kx < DP_STATS_NF; kx++) {
            int k = ring_of(kx, ky, &f);
            if (k < 0)
                continue;
            double e = out->power[ky * DP_STATS_NF + kx] - radial_at(out->radial, f);
            sum2[k] += e * e;
        }
    for (int k = 0; k < DP_STATS_RINGS; k++) {
        double m = out->radial[k], var = sum2[k] / (double)cnt[k];
        out->anisotropy[k] = cnt[k] > 1 ? 10 * log10(DP_MAX(var, 1e-30) / (m * m)) : (double)NAN;
    }
    /* Power is never below 0; the estimate is, where the density changes over the domain
     * (its centres, 10 r from the edges, see fewer neighbours than the mean density gives:
     * -0.65 below f = 0.4 for a dense band along an edge), and a newcomer reads a negative
     * power as a fault. Such rings read 0; the anisotropy above and the summary use the
     * estimate (a mean of clamped rings would rise with the noise). */
    for (int k = 0; k < DP_STATS_RINGS; k++)
        estimate[k] = out->radial[k], out->radial[k] = DP_MAX(out->radial[k], 0.0);
}

/* The peak from 0.25 cycles per r on, and the mean power below half of it, from the
 * estimate before rings at 0 were clamped, then itself clamped at 0. */
static void summary(dp_stats_spectrum *out, const double *estimate)
{
    int peak = (int)lround(0.25 / F_STEP);
    for (int k = peak; k < DP_STATS_RINGS; k++)
        if (out->radial[k] > out->radial[peak])
            peak = k;
    out->peak_f = dp_stats_ring_f(peak);
    out->peak_power = out->radial[peak];
    double sum = 0;
    int n = 0;
    for (int k = 1; dp_stats_ring_f(k) < 0.5 * out->peak_f; k++)
        sum += estimate[k], n++;
    out->low_power = n ? DP_MAX(sum / n, 0.0) : (double)NAN;
}

static void finish_rdf(dp_stats_spectrum *out, const acc *a, double kappa)
{
    for (int k = 0; k < DP_STATS_RDF_BINS; k++) {
        double r0 = k * RDF_STEP, r1 = r0 + RDF_STEP;
        double expect = (double)a->centres * kappa * DP_PI * (r1 * r1 - r0 * r0);
        out->rdf[k] = a->rdf[k] / expect;
    }
}

static void set_unavailable(dp_stats_spectrum *out)
{
    for (int k = 0; k < DP_STATS_RINGS; k++)
        out->radial[k] = out->anisotropy[k] = (double)NAN;
    for (int k = 0; k < DP_STATS_RDF_BINS; k++)
        out->rdf[k] = (double)NAN;
    out->peak_f = out->peak_power = out->low_power = (double)NAN;
}

/* A point can be a centre: its unit is a length (r = 0 has none) and its reach is inside. */
static bool usable(const dp_stats_set *s, size_t i, double unit)
{
    return unit > 0 && isfinite(unit) && is_centre(s, &s->pts[i], unit);
}

/* Every stride-th possible centre is used, so that about DP_STATS_SPECTRUM_PAIRS pairs are
 * deposited at most: the estimate of millions of centres is as smooth from a regular
 * sample of them, and the time stays bounded (a 5 M-point set took 79 s measuring all). */
static size_t stride(const dp_stats_set *s, bool differential, double rq, size_t *candidates)
{
    double reach2 = 0;
    size_t c = 0;
    for (size_t i = 0; i < s->n; i++) {
        double unit = differential ? (double)s->pts[i].r : rq;
        if (usable(s, i, unit))
            c++, reach2 += DP_STATS_REACH * DP_STATS_REACH * unit * unit;
    }
    *candidates = c;
    /* each centre meets about pi reach^2 n / area points (at most n) */
    double per = c ? DP_MIN((double)s->n,
                            DP_PI * reach2 / (double)c * (double)s->n / (s->width * s->height))
                   : 0;
    double k = ceil((double)c * per / DP_STATS_SPECTRUM_PAIRS);
    return k > 1 ? (size_t)k : 1;
}

static double mean_radius(const dp_stats_set *s, double *sum_r2)
{
    double sum = 0;
    for (size_t i = 0; i < s->n; i++)
        sum += (double)s->pts[i].r * (double)s->pts[i].r;
    *sum_r2 = sum;
    return sqrt(sum / (double)s->n);
}

dapple_status dp_stats_spectrum_run(const dp_stats_set *s, bool differential,
                                    dp_stats_spectrum *out, dapple_error *err)
{
    double sum_r2, rq = mean_radius(s, &sum_r2);
    double kappa = sum_r2 / (s->width * s->height); /* points per r^2, either unit */
    acc *a = calloc(1, sizeof *a);
    dp_bins b = { 0 };
    memset(out, 0, sizeof *out);
    out->differential = differential;
    out->r_unit = rq;
    if (a == NULL || (a->hist = calloc((size_t)HIST * HIST, sizeof(double))) == NULL ||
        !dp_bins_build(&b, s->pts, s->n, s->width, s->height, s->wrap, DP_STATS_REACH * rq / 2))
        goto nomem;
    out->stride = stride(s, differential, rq, &out->candidates);
    for (size_t i = 0, k = 0; i < s->n; i++) {
        double unit = differential ? (double)s->pts[i].r : rq;
        if (usable(s, i, unit) && k++ % out->stride == 0)
            centre(&b, i, unit, a);
    }
    out->centres = a->centres;
    set_unavailable(out);
    if (a->centres > 0) {
        out->power = malloc(sizeof(double) * DP_STATS_NF * DP_STATS_NF);
        if (out->power == NULL || !power(a, kappa, out->power))
            goto nomem;
        double estimate[DP_STATS_RINGS];
        rings(out, estimate);
        summary(out, estimate);
        finish_rdf(out, a, kappa);
    }
    dp_bins_fini(&b);
    free(a->hist);
    free(a);
    return DAPPLE_OK;
nomem:
    dp_bins_fini(&b);
    if (a != NULL)
        free(a->hist);
    free(a);
    dp_stats_spectrum_fini(out);
    return dp_fail(err, DAPPLE_E_NOMEM, "stats: out of memory for the spectrum");
}

void dp_stats_spectrum_fini(dp_stats_spectrum *out)
{
    free(out->power);
    out->power = NULL;
}
