/* SPDX-License-Identifier: MIT
 * `dapple stats POINTS`: reads any point list, settles its domain and radii, measures it
 * (src/stats) and prints the report (text or --json), with charts on request. The pair
 * rule is counted exactly; --strict turns a broken rule into exit status 3 for CI. */
#include "cli/commands.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/stats_report.h"
#include "core/dp.h"
#include "stats/points_check.h"
#include "io/atomic_file.h"
#include "io/points_read.h"
#include "preset/parse.h"
#include "preset/preset.h"
#include "render/render.h"

enum { EXIT_STRICT = 3 }; /* --strict: the set breaks the pair rule or leaves the domain */

static const char USAGE[] = "dapple stats POINTS [--size WxH] [--periodic[-x|-y]] [--radius R]\n"
                            "       [--plot PREFIX] [--json] [--strict] [--layer N|NAME]\n"
                            "       [--rmin A --rmax B --field SPEC [--map radius|density] ... |\n"
                            "        --preset FILE [--layer NAME]] [-o FILE]";

/* The domain: --size, else the JSON's size, else the smallest integer size holding every
 * point. A point beyond the closed domain means the size is wrong: an error naming it. A
 * domain not from --size is held to --size's limit, so no size overflows later. */
static dapple_status settle_domain(const dp_cli_opts *o, const dp_point_list *l, dp_stats_report *r,
                                   dapple_error *err)
{
    double mx = 0, my = 0;
    size_t far = 0; /* the point farthest out, for the message */
    for (size_t i = 0; i < l->count; i++) {
        double x = l->points[i].x, y = l->points[i].y;
        if (DP_MAX(x, y) > DP_MAX(mx, my))
            far = i;
        mx = DP_MAX(mx, x), my = DP_MAX(my, y);
    }
    r->size_from = o->have_size ? "--size" : l->width > 0 ? "the file" : "the points' extent";
    r->width = o->have_size ? o->width : l->width > 0 ? l->width : floor(mx) + 1;
    r->height = o->have_size ? o->height : l->width > 0 ? l->height : floor(my) + 1;
    if (!o->have_size && l->width <= 0 && DP_MAX(mx, my) >= DAPPLE_LIMIT_SIDE)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s:%zu: point (%g, %g) lies beyond the largest domain, %d a side: give "
                       "--size (the domain is taken from the points' extent)",
                       r->file, l->line[far], (double)l->points[far].x, (double)l->points[far].y,
                       DAPPLE_LIMIT_SIDE);
    if (!o->have_size && DP_MAX(r->width, r->height) > DAPPLE_LIMIT_SIDE)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: the size %gx%g in the file is beyond the largest domain, %d a side: "
                       "give --size",
                       r->file, r->width, r->height, DAPPLE_LIMIT_SIDE);
    for (size_t i = 0; i < l->count; i++) {
        double x = l->points[i].x, y = l->points[i].y;
        if (x < 0 || y < 0 || x > r->width || y > r->height)
            return dp_fail(err, DAPPLE_E_FORMAT,
                           "%s:%zu: point (%g, %g) lies outside the %gx%g domain (from %s)",
                           r->file, l->line[i], x, y, r->width, r->height, r->size_from);
    }
    return DAPPLE_OK;
}

/* The mean distance to the nearest neighbour, for a list without radii. */
static dapple_status mean_nn(dp_stats_report *r, dapple_point *p, double *out, dapple_error *err)
{
    dp_stats_set s = { p, r->n, r->width, r->height, r->wrap };
    dp_stats_pairs pr;
    for (size_t i = 0; i < r->n; i++)
        p[i].r = 1;
    if (dp_stats_pairs_run(&s, &pr, err) != DAPPLE_OK)
        return err->status;
    *out = pr.nn_mean;
    return DAPPLE_OK;
}

/* A file row whose r is 0 (or a list without r) takes the field's radius where a field
 * is given; without one it is an error naming the row: one row never sets the others. */
static dapple_status row_radius(const dp_point_list *l, size_t i, const dapple_field *f,
                                const char *file, dapple_error *err)
{
    dapple_point *p = &l->points[i];
    if (f != NULL)
        p->r = (float)dapple_field_radius_at(f, p->x, p->y);
    if (p->r > 0)
        return DAPPLE_OK;
    if (f != NULL)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s:%zu: the field gives no radius at (%g, %g): give --radius R", file,
                       l->line[i], (double)p->x, (double)p->y);
    return dp_fail(err, DAPPLE_E_FORMAT,
                   "%s:%zu: r is 0: every point needs r > 0 (give --radius R for every point, "
                   "or field options for the rows without r)",
                   file, l->line[i]);
}

/* Every point gets r > 0: --radius, else the file's (per row: the field's where it has
 * none), else the field's, else the mean nearest-neighbour distance. */
static dapple_status settle_radii(const dp_cli_opts *o, dp_point_list *l, const dapple_field *f,
                                  dp_stats_report *r, dapple_error *err)
{
    dapple_point *p = l->points;
    bool all_r = l->have_r;
    for (size_t i = 0; i < l->count; i++)
        all_r &= p[i].r > 0;
    r->r_from = o->have_radius ? "--radius"
                : all_r        ? "the file"
                : f            ? "the field"
                : l->have_r    ? "the file"
                               : "nearest neighbours";
    double fixed = o->radius;
    bool use_fixed = o->have_radius || (!l->have_r && f == NULL);
    if (!o->have_radius && use_fixed && mean_nn(r, p, &fixed, err) != DAPPLE_OK)
        return err->status;
    if (use_fixed && !((float)fixed > 0))
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: the points have no radius and their mean nearest-neighbour "
                       "distance is 0 (they coincide): give --radius R",
                       r->file);
    r->r_lo = INFINITY, r->r_hi = 0;
    for (size_t i = 0; i < l->count; i++) {
        if (use_fixed)
            p[i].r = (float)fixed;
        else if (!(p[i].r > 0) && row_radius(l, i, f, r->file, err) != DAPPLE_OK)
            return err->status;
        r->r_lo = DP_MIN(r->r_lo, (double)p[i].r), r->r_hi = DP_MAX(r->r_hi, (double)p[i].r);
    }
    return DAPPLE_OK;
}

/* Every measurement; the spectra own memory the caller frees (dp_stats_spectrum_fini). */
static dapple_status measure(dp_stats_report *r, const dapple_field *f, dapple_error *err)
{
    dp_stats_set s = { r->pts, r->n, r->width, r->height, r->wrap };
    if (dp_stats_pairs_run(&s, &r->pairs, err) != DAPPLE_OK)
        return err->status;
    r->border = r->wrap.x && r->wrap.y ? 0 : r->r_hi; /* left out along the bounded axes */
    r->probe_step = DP_MAX(r->r_lo / 2, sqrt(r->width * r->height / 4e6));
    /* with the field, only where it allows points, and only where one more would fit: an
     * excluded pond or a black area of a density map is empty on purpose, not uncovered */
    r->uncovered = dp_points_uncovered(r->pts, r->n, r->width, r->height, r->wrap, r->border,
                                       r->probe_step, f);
    if (r->uncovered < 0)
        return dp_fail(err, DAPPLE_E_NOMEM, "stats: out of memory probing the coverage");
    if (dp_stats_spectrum_run(&s, false, &r->plain, err) != DAPPLE_OK)
        return err->status;
    r->have_diff = !r->pairs.r_constant;
    if (r->have_diff && dp_stats_spectrum_run(&s, true, &r->diff, err) != DAPPLE_OK)
        return err->status;
    r->have_density = f != NULL;
    return f ? dp_stats_density_run(&s, f, &r->density, err) : DAPPLE_OK;
}

/* --preset: the layer --layer names (a name, else a number), or the preset's only one. */
static dapple_status pick_layer(const dp_cli_opts *o, const dp_texture_spec *t, int *out,
                                dapple_error *err)
{
    char names[512] = "", q[DP_QUOTE_MAX];
    size_t used = 0;
    for (int i = 0; i < t->n_layers; i++) {
        if (o->layer != NULL && strcmp(o->layer, t->layers[i].name) == 0)
            return *out = i, DAPPLE_OK;
        if (used < sizeof names)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                     t->layers[i].name);
    }
    if (o->layer != NULL && dp_parse_int(o->layer, 0, t->n_layers - 1, out))
        return DAPPLE_OK;
    if (o->layer == NULL && t->n_layers == 1)
        return *out = 0, DAPPLE_OK;
    if (o->layer == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "--preset: %s has %d layers: give --layer NAME (%s)",
                       o->preset, t->n_layers, names);
    dp_quote(o->layer, q);
    return dp_fail(err, DAPPLE_E_INVALID, "--layer: %s has no layer '%s' (its layers: %s)",
                   o->preset, q, names);
}

/* Keeps the points of layer k, with their file lines: render --points writes every layer
 * into one list, and measured as one set its layers broke each other's pair rule. */
static dapple_status keep_layer(dp_point_list *l, int k, const char *file, dapple_error *err)
{
    size_t n = 0;
    if (l->layer == NULL)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: --layer: the file has no layer column", file);
    for (size_t i = 0; i < l->count; i++)
        if (l->layer[i] == k)
            l->points[n] = l->points[i], l->line[n] = l->line[i], l->layer[n++] = k;
    if (n == 0)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: --layer: no point of layer %d", file, k);
    l->count = n;
    return DAPPLE_OK;
}

/* A list of several layers measured as one set: said, since their pairs break the rule. */
static void warn_layers(const dp_point_list *l, const char *file)
{
    int lo = INT_MAX, hi = -1;
    for (size_t i = 0; l->layer != NULL && i < l->count; i++)
        lo = DP_MIN(lo, l->layer[i]), hi = DP_MAX(hi, l->layer[i]);
    if (hi > lo)
        fprintf(stderr,
                "dapple: warning: %s holds layers %d to %d, measured as one set: --layer N "
                "measures one\n",
                file, lo, hi);
}

/* --layer and --preset: the layer's points, and the preset's size (unless --size), seed
 * (unless --seed), periodicity and the layer's field. */
static dapple_status take_layer(dp_cli_opts *o, dp_point_list *list, dapple_field **field,
                                dp_stats_report *r, dapple_error *err)
{
    dp_texture_spec t;
    if (o->preset != NULL && (dp_preset_load(o->preset, &t, err) != DAPPLE_OK ||
                              pick_layer(o, &t, &r->layer, err) != DAPPLE_OK))
        return err->status;
    if (o->preset == NULL && o->layer != NULL)
        (void)dp_parse_int(o->layer, 0, INT_MAX, &r->layer); /* a number: checked by opts */
    if (o->preset == NULL && o->layer == NULL)
        warn_layers(list, r->file);
    if (r->layer >= 0 && (o->layer != NULL || list->layer != NULL) &&
        keep_layer(list, r->layer, r->file, err) != DAPPLE_OK)
        return err->status;
    if (o->preset == NULL)
        return DAPPLE_OK;
    snprintf(r->layer_name, sizeof r->layer_name, "%s", t.layers[r->layer].name);
    if (!o->have_size)
        o->have_size = true, o->width = t.width, o->height = t.height, r->size_preset = true;
    if (o->have_seed)
        t.seed = o->seed;
    o->wrap.x |= t.wrap.x, o->wrap.y |= t.wrap.y;
    return dp_scene_layer_field(&t, r->layer, field, err);
}

/* Outputs must not name the input, and their folders must exist, before any work. */
static dapple_status check_outputs(const dp_cli_opts *o, dapple_error *err)
{
    char path[DP_STATS_PLOTS][4096];
    const char *opt[DP_STATS_PLOTS + 1] = { "-o" }, *out[DP_STATS_PLOTS + 1] = { o->output };
    if (dp_cli_check_distinct("-o", o->output, o->input, err) != DAPPLE_OK ||
        dp_atomic_probe(o->output, err) != DAPPLE_OK)
        return err->status;
    for (int i = 0; o->plot != NULL && i < DP_STATS_PLOTS; i++) {
        snprintf(path[i], sizeof path[i], "%s%s", o->plot, dp_stats_plot_suffix[i]);
        opt[i + 1] = "--plot", out[i + 1] = path[i];
        if (dp_cli_check_distinct("--plot", path[i], o->input, err) != DAPPLE_OK ||
            dp_atomic_probe(path[i], err) != DAPPLE_OK)
            return err->status;
    }
    return dp_cli_check_outputs(o->plot != NULL ? DP_STATS_PLOTS + 1 : 1, opt, out, err);
}

static dapple_status write_report(const dp_cli_opts *o, const dp_stats_report *r, dapple_error *err)
{
    dp_atomic_file af;
    if (dp_atomic_open(&af, o->output ? o->output : "-", err) != DAPPLE_OK)
        return err->status;
    if (o->json)
        dp_stats_print_json(af.fp, r);
    else
        dp_stats_print_text(af.fp, r);
    return dp_atomic_commit(&af, err);
}

/* Reads, settles and measures; *field and *list are the caller's to free. */
static dapple_status run(dp_cli_opts *o, dp_point_list *list, dapple_field **field,
                         dp_stats_report *r, dapple_error *err)
{
    if (check_outputs(o, err) != DAPPLE_OK || dp_points_read(o->input, 0, list, err) != DAPPLE_OK)
        return err->status;
    r->file = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
    if (take_layer(o, list, field, r, err) != DAPPLE_OK)
        return err->status;
    r->n = list->count;
    r->wrap = o->wrap;
    if (list->count < 2)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: stats need at least 2 points, found 1", r->file);
    if (settle_domain(o, list, r, err) != DAPPLE_OK)
        return err->status;
    if (r->size_preset)
        r->size_from = "the preset";
    o->width = (int)ceil(r->width), o->height = (int)ceil(r->height);
    /* --radius R --exclude IMG is a field as in `points` (the exclusion was ignored) */
    if (*field == NULL && (o->field != NULL || o->have_rmin || o->n_exclude > 0) &&
        dp_cli_make_field(o, field, err) != DAPPLE_OK)
        return err->status;
    if (settle_radii(o, list, *field, r, err) != DAPPLE_OK)
        return err->status;
    r->pts = list->points;
    if (measure(r, *field, err) != DAPPLE_OK)
        return err->status;
    if (r->pairs.close_max > 0) /* the report names the file's lines, not our indices */
        r->line_i = list->line[r->pairs.first_i], r->line_j = list->line[r->pairs.first_j];
    if (o->plot != NULL && dp_stats_plot(o->plot, r, err) != DAPPLE_OK)
        return err->status;
    return write_report(o, r, err);
}

int dp_cmd_stats(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dp_point_list list = { 0 };
    dapple_field *field = NULL;
    dp_stats_report r = { .layer = -1 };
    int start = dp_cli_start(DP_CMD_STATS, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    int code = run(&o, &list, &field, &r, &err) == DAPPLE_OK ? DP_EXIT_OK : DP_EXIT_FAIL;
    if (code != DP_EXIT_OK)
        dp_cli_report(&err, code);
    else if (o.strict && (r.pairs.close_max > 0 || r.pairs.outside > 0)) {
        fprintf(stderr,
                "dapple: --strict: the pair rule fails: %zu %s closer than max(r_p, r_q), %zu "
                "%s outside the domain\n",
                r.pairs.close_max, r.pairs.close_max == 1 ? "pair" : "pairs", r.pairs.outside,
                dp_cli_points_word(r.pairs.outside));
        code = EXIT_STRICT;
    }
    dp_stats_spectrum_fini(&r.plain);
    dp_stats_spectrum_fini(&r.diff);
    dapple_field_free(field);
    dp_point_list_free(&list);
    return code;
}
