/* SPDX-License-Identifier: MIT
 * The report of `dapple stats` as text (one screen) and as JSON. Numbers are printed with
 * a fixed number of significant digits, so the same input gives the same bytes. */
#include "cli/stats_report.h"

#include <math.h>

#include "cli/common.h"
#include "core/dp.h"

/* The radial power at these frequencies (cycles per r) in the text. */
static const double SHOW_F[] = { 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4 };
#define N_SHOW (sizeof SHOW_F / sizeof SHOW_F[0])

/* The column of the values, where a line that explains one goes on. */
enum { IND = 35 };

static double ring_at(const dp_stats_spectrum *s, double f)
{
    return s->radial[(int)lround(f / dp_stats_ring_f(1))];
}

/* From the peak frequency on: below it a blue-noise spectrum is near 0, and the relative
 * spread of near-0 values says nothing about direction. */
static double max_anisotropy(const dp_stats_spectrum *s)
{
    double m = -INFINITY;
    for (int k = 1; k < DP_STATS_RINGS; k++)
        if (dp_stats_ring_f(k) >= s->peak_f)
            m = DP_MAX(m, s->anisotropy[k]);
    return m;
}

/* v as %WIDTH.PRECf, or "undefined" when v is not a finite number (a CV of a zero
 * mean, a ratio with nothing expected): text never shows nan or inf. */
static void tnum(FILE *out, int width, int prec, double v)
{
    if (isfinite(v))
        fprintf(out, "%*.*f", width, prec, v);
    else
        fprintf(out, "undefined");
}

static void text_head(FILE *out, const dp_stats_report *r)
{
    fprintf(out, "%s", r->file);
    if (r->layer >= 0)
        fprintf(out, ", layer %d", r->layer);
    if (r->layer_name[0] != '\0')
        fprintf(out, " ('%s')", r->layer_name);
    fprintf(out, ": %zu %s in %gx%g%s (size from %s), ", r->n, dp_cli_points_word(r->n), r->width,
            r->height,
            r->wrap.x   ? (r->wrap.y ? ", periodic" : ", periodic across (x)")
            : r->wrap.y ? ", periodic down (y)"
                        : "",
            r->size_from);
    if (r->r_lo == r->r_hi)
        fprintf(out, "r = %.4g (from %s)\n", r->r_lo, r->r_from);
    else
        fprintf(out, "r in [%.4g, %.4g] (from %s)\n", r->r_lo, r->r_hi, r->r_from);
}

static void text_pairs(FILE *out, const dp_stats_report *r)
{
    const dp_stats_pairs *p = &r->pairs;
    fprintf(out, "correctness\n");
    fprintf(out, "  points outside the domain        %zu\n", p->outside);
    fprintf(out, "  pairs closer than max(r_p, r_q)  %zu", p->close_max);
    if (p->close_max > 0)
        fprintf(out, "   the pair rule fails: first at lines %zu and %zu\n", r->line_i, r->line_j);
    else
        fprintf(out, "   the pair rule holds\n");
    fprintf(out, "  pairs closer than min(r_p, r_q)  %zu\n", p->close_min);
    if (p->capped)
        fprintf(out,
                "  counting stopped at %zu pairs within 2 r (the cap): the counts are lower "
                "bounds\n",
                p->cap);
    if (p->worst < 2)
        fprintf(out, "  smallest d / max(r_p, r_q)       %.4f\n", p->worst);
    else
        fprintf(out, "  smallest d / max(r_p, r_q)       2 or more\n");
    fprintf(out, "spacing\n");
    if (p->r_constant) {
        fprintf(out, "  relative radius rho              ");
        tnum(out, 0, 3, p->rho);
        fprintf(out, "   (Bridson ~0.75, dense ~0.89, hexagonal 1)\n");
    } else
        fprintf(out, "  relative radius rho              -       (for a constant radius only)\n");
    fprintf(out, "  nearest neighbour / r            mean ");
    tnum(out, 0, 3, p->nn_mean);
    fprintf(out, ", CV ");
    tnum(out, 0, 3, p->nn_cv);
    fprintf(out, "\n  uncovered fraction               ");
    tnum(out, 0, 4, r->uncovered);
    fprintf(out, "  (probes every %.3g", r->probe_step);
    if (r->wrap.x && r->wrap.y)
        fprintf(out, ")\n");
    else
        fprintf(out, ", a border of %.3g left out)\n", r->border);
    /* said in words: 0.76 on a layer with black areas read as a fault where it was not */
    if (r->have_density)
        fprintf(out,
                "%*sthe share of the area the field allows where one\n"
                "%*smore point would fit: 0 for a maximal set\n",
                IND, "", IND, "");
    else
        fprintf(out,
                "%*sthe share of the area farther than r from every\n"
                "%*spoint; with no field given, areas left empty on\n"
                "%*spurpose count too\n",
                IND, "", IND, "", IND, "");
}

static const char *ordinal(size_t k)
{
    if (k % 100 >= 11 && k % 100 <= 13)
        return "th";
    return k % 10 == 1 ? "st" : k % 10 == 2 ? "nd" : k % 10 == 3 ? "rd" : "th";
}

/* What the low-frequency power says, in words: read bare, 1.70 for a good variable-density
 * set looked like a fault. In the plain spectrum of a set whose r varies it is mostly the
 * change of density itself. */
static void low_power_words(FILE *out, const dp_stats_spectrum *s, bool r_varies)
{
    fprintf(out, "  (mean P below f = %.3g; white noise 1)\n", s->peak_f / 2);
    if (r_varies && !s->differential)
        fprintf(out,
                "%*shere mostly the change of density itself; the\n"
                "%*sdifferential domain below measures the spacing\n",
                IND, "", IND, "");
    else
        fprintf(out,
                "%*sclumps and holes wider than about 2 r, those the\n"
                "%*sfield asks for (a road, a pond) too; blue noise\n"
                "%*salone: below 0.2\n",
                IND, "", IND, "", IND, "");
}

static void text_spectrum(FILE *out, const char *what, const dp_stats_spectrum *s, size_t n,
                          bool r_varies)
{
    fprintf(out, "%s\n", what);
    if (s->centres == 0) {
        fprintf(out,
                "  not measured: no point lies %g r from every edge (the domain is too "
                "small)\n",
                DP_STATS_REACH);
        return;
    }
    fprintf(out, "  centres                          %zu of %zu points (%g r from the edges",
            s->centres, n, DP_STATS_REACH);
    if (s->stride > 1) /* thinned to bound the time: said, so no one thinks it a bug */
        fprintf(out, "; every %zu%s of %zu", s->stride, ordinal(s->stride), s->candidates);
    fprintf(out, ")\n");
    fprintf(out, "  peak                             P = ");
    tnum(out, 0, 3, s->peak_power);
    fprintf(out, " at f = %.3g\n", s->peak_f);
    fprintf(out, "  low-frequency power              ");
    tnum(out, 0, 3, s->low_power);
    low_power_words(out, s, r_varies);
    fprintf(out, "  anisotropy                       max ");
    tnum(out, 0, 1, max_anisotropy(s));
    fprintf(out, " dB from f = %.3g  (isotropic: below -10)\n", s->peak_f);
    fprintf(out, "  radial power    f");
    for (size_t i = 0; i < N_SHOW; i++)
        fprintf(out, " %5.4g", SHOW_F[i]);
    fprintf(out, "\n                  P");
    for (size_t i = 0; i < N_SHOW; i++)
        isfinite(ring_at(s, SHOW_F[i])) ? fprintf(out, " %5.2f", ring_at(s, SHOW_F[i]))
                                        : fprintf(out, "     -");
    fprintf(out, "\n");
}

static void text_density(FILE *out, const dp_stats_density *d)
{
    fprintf(out, "density against the field (a row per level, one radius over 1%% of the area\n"
                 "  or more; the rest in rows of equal area)\n");
    fprintf(out, "  r from .. to        area  density  expected  measured  ratio\n");
    for (int k = 0; k < d->bins; k++) {
        const dp_stats_density_bin *b = &d->bin[k];
        fprintf(out, "  %7.4g .. %-7.4g  %5.1f%%  %7.3f  %8.1f  %8zu  ", b->r_lo, b->r_hi,
                100 * b->area, b->rel_density, b->expected, b->measured);
        tnum(out, 5, 3, b->expected > 0 ? (double)b->measured / b->expected : (double)NAN);
        fprintf(out, "%s\n", b->level ? "  level" : b->edge ? "  edge of a level" : "");
    }
    fprintf(out, "  points where the field allows none: %zu\n", d->refused);
}

void dp_stats_print_text(FILE *out, const dp_stats_report *r)
{
    char what[160];
    text_head(out, r);
    text_pairs(out, r);
    snprintf(what, sizeof what, "spectrum (frequency f in cycles per r, r = %.4g%s)",
             r->plain.r_unit, r->have_diff ? ", the mean radius" : "");
    text_spectrum(out, what, &r->plain, r->n, r->have_diff);
    if (r->have_diff)
        text_spectrum(out, "differential domain (distances over each point's own r)", &r->diff,
                      r->n, true);
    if (r->have_density)
        text_density(out, &r->density);
}

/* ------------------------------------------------------------------------- JSON */

static void num(FILE *out, double v)
{
    if (isfinite(v))
        fprintf(out, "%.6g", v);
    else
        fprintf(out, "null");
}

static void array(FILE *out, const char *key, const double *v, int n)
{
    fprintf(out, "\"%s\":[", key);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', out);
        num(out, v[i]);
    }
    fputc(']', out);
}

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_spectrum(FILE *out, const char *key, const dp_stats_spectrum *s)
{
    double f[DP_STATS_RINGS], g[DP_STATS_RDF_BINS];
    for (int k = 0; k < DP_STATS_RINGS; k++)
        f[k] = dp_stats_ring_f(k);
    for (int k = 0; k < DP_STATS_RDF_BINS; k++)
        g[k] = (k + 0.5) * DP_STATS_REACH / DP_STATS_RDF_BINS;
    fprintf(out, ",\"%s\":{\"r_unit\":", key);
    num(out, s->r_unit);
    fprintf(out, ",\"centres\":%zu,", s->centres);
    if (s->stride > 1)
        fprintf(out, "\"candidates\":%zu,\"centre_stride\":%zu,", s->candidates, s->stride);
    fprintf(out, "\"peak_f\":");
    num(out, s->peak_f);
    fprintf(out, ",\"peak_power\":");
    num(out, s->peak_power);
    fprintf(out, ",\"low_power\":");
    num(out, s->low_power);
    fputc(',', out);
    array(out, "f", f, DP_STATS_RINGS);
    fputc(',', out);
    array(out, "radial", s->radial, DP_STATS_RINGS);
    fputc(',', out);
    array(out, "anisotropy_db", s->anisotropy, DP_STATS_RINGS);
    fputc(',', out);
    array(out, "rdf_s", g, DP_STATS_RDF_BINS);
    fputc(',', out);
    array(out, "rdf", s->rdf, DP_STATS_RDF_BINS);
    fputc('}', out);
}

static void json_density(FILE *out, const dp_stats_density *d)
{
    fprintf(out, ",\"density\":{\"refused\":%zu,\"quantiles\":[", d->refused);
    for (int k = 0; k < d->bins; k++) {
        const dp_stats_density_bin *b = &d->bin[k];
        const double v[5] = { b->r_lo, b->r_hi, b->area, b->rel_density, b->expected };
        static const char *const key[5] = { "r_lo", "r_hi", "area", "density", "expected" };
        fprintf(out, "%s{", k ? "," : "");
        for (int i = 0; i < 5; i++)
            fprintf(out, "%s\"%s\":", i ? "," : "", key[i]), num(out, v[i]);
        fprintf(out, ",\"measured\":%zu,\"level\":%s,\"edge\":%s}", b->measured,
                b->level ? "true" : "false", b->edge ? "true" : "false");
    }
    fprintf(out, "]}");
}

void dp_stats_print_json(FILE *out, const dp_stats_report *r)
{
    const dp_stats_pairs *p = &r->pairs;
    fprintf(out, "{\"file\":");
    json_string(out, r->file);
    if (r->layer >= 0)
        fprintf(out, ",\"layer\":%d", r->layer);
    if (r->layer_name[0] != '\0') {
        fprintf(out, ",\"layer_name\":");
        json_string(out, r->layer_name);
    }
    fprintf(out, ",\"points\":%zu,\"size\":[%.9g,%.9g],\"periodic\":%s,\"r\":[%.9g,%.9g],", r->n,
            r->width, r->height,
            r->wrap.x != r->wrap.y ? (r->wrap.x ? "\"x\"" : "\"y\"")
            : r->wrap.x            ? "true"
                                   : "false",
            r->r_lo, r->r_hi);
    fprintf(out, "\"r_from\":");
    json_string(out, r->r_from);
    fprintf(out, ",\"outside\":%zu,\"close_max\":%zu,\"close_min\":%zu,", p->outside, p->close_max,
            p->close_min);
    if (p->close_max > 0)
        fprintf(out, "\"first_close_lines\":[%zu,%zu],", r->line_i, r->line_j);
    if (p->capped) /* the counts are lower bounds: measuring stopped at this many pairs */
        fprintf(out, "\"pairs_capped_at\":%zu,", p->cap);
    fprintf(out, "\"worst\":");
    num(out, p->worst);
    fprintf(out, ",\"d_min\":");
    num(out, p->d_min);
    fprintf(out, ",\"rho\":");
    num(out, p->r_constant ? p->rho : (double)NAN);
    fprintf(out, ",\"nn_mean\":");
    num(out, p->nn_mean);
    fprintf(out, ",\"nn_cv\":");
    num(out, p->nn_cv);
    fprintf(out, ",\"uncovered\":");
    num(out, r->uncovered);
    json_spectrum(out, "spectrum", &r->plain);
    if (r->have_diff)
        json_spectrum(out, "differential", &r->diff);
    if (r->have_density)
        json_density(out, &r->density);
    fprintf(out, "}\n");
}
