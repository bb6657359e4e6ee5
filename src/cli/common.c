/* SPDX-License-Identifier: MIT
 * Shared plumbing of the subcommands (see common.h). The only printing outside main.c is
 * here and in the commands' summaries, all on stderr. */
#include "cli/common.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dp.h"
#include "io/image_load.h"
#include "io/atomic_file.h"
#include "io/image_save.h"
#include "io/same_file.h"
#include "io/points_write.h"
#include "io/temps.h"
#include "preset/field_spec.h"
#include "render/texture.h"

int dp_cli_report(const dapple_error *err, int code)
{
    fprintf(stderr, "dapple: %s\n", err->message);
    return code;
}

dapple_status dp_cli_field_opts(const dp_cli_opts *o, dapple_field_opts *fo, char *image,
                                size_t cap, dapple_error *err)
{
    dapple_field_opts_init(fo);
    image[0] = '\0';
    fo->width = o->width;
    fo->height = o->height;
    fo->invert = o->invert;
    fo->dilate = o->dilate;
    fo->map = o->map;
    fo->cutoff = isnan(o->cutoff) ? DAPPLE_DEFAULT_CUTOFF : o->cutoff;
    fo->black = o->black, fo->white = o->white, fo->gamma = o->gamma;
    fo->seed = o->seed;
    fo->periodic = dp_wrap_any(o->wrap), fo->wrap = dp_wrap_enum(o->wrap);
    if (o->have_radius) {
        fo->kind = DAPPLE_FIELD_CONSTANT;
        fo->rmin = fo->rmax = o->radius;
        return DAPPLE_OK;
    }
    fo->rmin = o->rmin;
    fo->rmax = o->have_rmax ? o->rmax : 0; /* the density map's own cap */
    if (o->field == NULL) {                /* mask --from: the field only clips (--exclude) */
        fo->rmin = fo->rmax = 1;
        return DAPPLE_OK;
    }
    if (dp_field_spec_parse(o->field, fo, image, cap, err) != DAPPLE_OK)
        return dp_fail_prefix(err, DAPPLE_E_INVALID, "--field");
    return DAPPLE_OK;
}

void dp_cli_exclude_paths(const dp_cli_opts *o, char paths[][DP_PATH_MAX])
{
    dapple_error ignored; /* the parser checked each spec already */
    for (int i = 0; i < o->n_exclude; i++)
        if (dp_exclude_parse(o->exclude[i], paths[i], DP_PATH_MAX, &ignored) != DAPPLE_OK)
            paths[i][0] = '\0';
}

dapple_status dp_cli_check_field_inputs(const dp_cli_opts *o, const char *output, dapple_error *err)
{
    dapple_field_opts fo;
    char image[DP_PATH_MAX], excl[DP_MAX_EXCLUDE][DP_PATH_MAX];
    if (dp_cli_field_opts(o, &fo, image, sizeof image, err) != DAPPLE_OK)
        return err->status;
    if (dp_cli_check_distinct("-o", output, image[0] ? image : NULL, err) != DAPPLE_OK)
        return err->status;
    dp_cli_exclude_paths(o, excl);
    for (int i = 0; i < o->n_exclude; i++)
        if (dp_cli_check_distinct("-o", output, excl[i], err) != DAPPLE_OK)
            return err->status;
    return DAPPLE_OK;
}

/* An image is stretched over the domain: one line on stderr when that changes its shape
 * by more than 1 % (a 1000x300 density map over a square world), since the result looks
 * plausible and the cause is hard to see. */
void dp_cli_warn_aspect(const char *option, const char *path, const int size[2], int w, int h)
{
    if (size[0] <= 0 || size[1] <= 0)
        return;
    double image = (double)size[0] / size[1], domain = (double)w / h;
    if (fabs(image / domain - 1) <= 0.01)
        return;
    fprintf(stderr,
            "dapple: warning: %s %s is %dx%d (aspect %.3g), stretched over the %dx%d domain "
            "(aspect %.3g)\n",
            option, path, size[0], size[1], image, w, h, domain);
}

dapple_status dp_cli_make_field(const dp_cli_opts *o, dapple_field **out, dapple_error *err)
{
    dapple_field_opts fo;
    char image[DP_PATH_MAX], excl[DP_MAX_EXCLUDE][DP_PATH_MAX];
    const char *paths[DP_MAX_EXCLUDE];
    *out = NULL;
    if (dp_cli_check_field_inputs(o, o->output, err) != DAPPLE_OK ||
        dp_cli_field_opts(o, &fo, image, sizeof image, err) != DAPPLE_OK)
        return err->status;
    dp_cli_exclude_paths(o, excl);
    for (int i = 0; i < o->n_exclude; i++)
        paths[i] = excl[i];
    fo.threads = dp_cli_threads(o);
    dp_field_images sizes;
    dapple_status st =
            dp_field_load_sized(out, &fo, image, paths, o->n_exclude, o->max_pixels, &sizes, err);
    if (st != DAPPLE_OK)
        return o->n_exclude == 0 ? st : dp_fail_prefix(err, st, "--exclude");
    dp_cli_warn_aspect("--field", image, sizes.size[0], o->width,
                       o->height); /* even with --quiet */
    for (int i = 0; i < o->n_exclude; i++)
        dp_cli_warn_aspect("--exclude", excl[i], sizes.size[1 + i], o->width, o->height);
    return DAPPLE_OK;
}

dapple_status dp_cli_check_budget(const dp_cli_opts *o, double expected, dapple_error *err)
{
    if (o->have_region) /* the window's share of the world's points */
        expected *= (double)o->region_w * o->region_h / ((double)o->width * o->height);
    if (o->have_max_points || !(expected > (double)o->max_points))
        return DAPPLE_OK;
    return dp_fail(err, DAPPLE_E_LIMIT,
                   "about %.3g points expected, over the default limit of %zu: use a larger "
                   "radius, or raise --max-points (the run then stops at that limit)",
                   expected, (size_t)o->max_points);
}

dapple_status dp_cli_check_distinct(const char *option, const char *output, const char *input,
                                    dapple_error *err)
{
    if (output == NULL || input == NULL || strcmp(output, "-") == 0)
        return DAPPLE_OK;
    if (strcmp(output, input) == 0 || dp_same_file(output, input))
        return dp_fail(err, DAPPLE_E_INVALID, "%s: '%s' is also an input; refusing to overwrite it",
                       option, output);
    return DAPPLE_OK;
}

int dp_cli_start(unsigned command, int argc, char **argv, const char *usage, dp_cli_opts *o)
{
    dapple_error err;
    if (dp_cli_parse(command, argc, argv, o, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_USAGE);
    if (o->help) {
        dp_cli_print_help(stdout, command, usage);
        return DP_EXIT_OK;
    }
    dp_image_set_jpeg_quality(o->jpeg_quality);
    return DP_CLI_GO;
}

int dp_cli_threads(const dp_cli_opts *o)
{
    if (o->jobs > 0)
        return o->jobs;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > DAPPLE_LIMIT_THREADS ? DAPPLE_LIMIT_THREADS : (int)n;
}

bool dp_cli_show_progress(const dp_cli_opts *o)
{
    return !o->quiet && isatty(STDERR_FILENO);
}

void dp_cli_print_count(const dp_cli_opts *o, double scale)
{
    if (o->count > 0)
        fprintf(stderr, "dapple: --count %llu: spacing scaled by %.6g\n",
                (unsigned long long)o->count, scale);
}

dp_points_file dp_cli_points_file(const dp_cli_opts *o, const char *path)
{
    int format = dp_points_format_parse(o->format != NULL ? o->format : path);
    dp_points_file f = { .format = format < 0 ? DP_POINTS_CSV : (dp_points_format)format,
                         .width = o->width,
                         .height = o->height,
                         .seed = o->seed,
                         .cols = { .rotation = o->rotation,
                                   .scale_jitter = o->scale_jitter,
                                   .variants = o->variants,
                                   .y_up = o->y_up } };
    if (o->relative && o->have_region) { /* the region's corner nearest the origin */
        f.cols.origin_x = o->region_x;
        f.cols.origin_y = o->y_up ? (double)o->height - o->region_y - o->region_h : o->region_y;
    }
    return f;
}

dapple_status dp_cli_write_points(const dp_cli_opts *o, const char *path, const dapple_point *p,
                                  size_t n, dapple_error *err)
{
    dp_point_set set = { p, n };
    dp_points_file f = dp_cli_points_file(o, path);
    return dp_points_write(path, &f, &set, 1, err);
}

const char *dp_cli_points_word(size_t n)
{
    return n == 1 ? "point" : "points";
}

void dp_cli_print_summary(size_t n, double seconds, dapple_stop stop, size_t limit)
{
    if (stop == DAPPLE_STOP_MAX_POINTS)
        fprintf(stderr, "dapple: stopped at the limit of %zu %s (--max-points)\n", limit,
                dp_cli_points_word(limit));
    fprintf(stderr, "dapple: %zu %s in %.3f s (%s)\n", n, dp_cli_points_word(n), seconds,
            stop == DAPPLE_STOP_MAX_POINTS ? "limit" : "complete");
}

dapple_status dp_cli_check_outputs(int n, const char *const option[], const char *const path[],
                                   dapple_error *err)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (dp_same_file(path[j], path[i]))
                return dp_fail(err, DAPPLE_E_INVALID,
                               "%s and %s both name '%s': give each output its own file", option[j],
                               option[i], path[i]);
    return DAPPLE_OK;
}
