/* SPDX-License-Identifier: MIT
 * `dapple render`: one preset to a texture (and on request its height map, normal map,
 * material maps, mask and points). Command-line flags override preset keys. */
#include "cli/commands.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "batch/inputs.h"
#include "render/outputs.h"
#include "preset/scale_look.h"
#include "cli/common.h"
#include "cli/progress.h"
#include "core/dp.h"
#include "preset/preset.h"
#include "render/ground_seam.h"
#include "render/layer.h"
#include "render/relief.h"
#include "render/render.h"

static const char USAGE[] =
        "dapple render PRESET.ini -o OUT.png [--seed N]\n"
        "       [--size WxH | --scale F | --scale-to WxH] [--set SECTION.KEY=VALUE]...\n"
        "       [--height H.png] [--normal N.png [--normal-convention gl|dx]]\n"
        "       [--albedo A.png] [--roughness R.png] [--ao AO.png] [--detail]\n"
        "       [--points P.csv] [--mask M.png] [-j N] [--quiet]";

/* The command line over the loaded preset: --seed, --size, --set, then --scale (which
 * scales the preset as overridden). A failure here is a usage error, exit 2. */
static dapple_status apply_options(const dp_cli_opts *o, dp_texture_spec *t, dapple_error *err)
{
    t->max_pixels = o->max_pixels;
    if (o->have_seed)
        t->seed = o->seed;
    if (o->have_size) {
        t->width = o->width;
        t->height = o->height;
    }
    t->normal_dx = o->normal_dx || t->normal_dx;
    t->ground_detail = o->detail || t->ground_detail;
    if (o->n_sets > 0 && dp_preset_set_all(t, o->sets, (size_t)o->n_sets, err) != DAPPLE_OK)
        return dp_fail_prefix(err, err->status, "--set");
    if (o->scale > 0) {
        double w, h;
        /* 768 x 2.6 = 1996.8: say so, to 9 digits (%g said 768 x 1.33333 "gives 1024x1024
         * pixels, rounded to 1024x1024") */
        if (dp_texture_scale_rounds(t, o->scale, &w, &h))
            fprintf(stderr,
                    "dapple: --scale %g gives %.9gx%.9g pixels, rounded to %ldx%ld (--scale-to WxH "
                    "for an exact size)\n",
                    o->scale, w, h, DP_MAX(1, lround(w)), DP_MAX(1, lround(h)));
        if (dp_texture_scale_look(t, o->scale, err) != DAPPLE_OK)
            return dp_fail_prefix(err, err->status, "--scale %g", o->scale);
    }
    if (o->scale_to_w > 0 &&
        dp_texture_scale_to(t, o->scale_to_w, o->scale_to_h, NULL, err) != DAPPLE_OK)
        return dp_fail_prefix(err, err->status, "--scale-to");
    return dp_preset_validate(t, err);
}

/* The files this run writes, with the option that names each; NULL when not asked for. */
#define N_OUTPUTS 8
static const char *const OUTPUT_OPTION[N_OUTPUTS] = { "-o",          "--height", "--normal",
                                                      "--points",    "--mask",   "--albedo",
                                                      "--roughness", "--ao" };

static void output_paths(const dp_cli_opts *o, const char *outs[N_OUTPUTS])
{
    outs[0] = o->output;
    outs[1] = o->height_path;
    outs[2] = o->normal_path;
    outs[3] = o->points_path;
    outs[4] = o->mask_path;
    outs[5] = o->albedo_path;
    outs[6] = o->roughness_path;
    outs[7] = o->ao_path;
}

static dapple_status check_paths(const dp_cli_opts *o, dapple_error *err)
{
    const char *outs[N_OUTPUTS];
    output_paths(o, outs);
    for (int i = 0; i < N_OUTPUTS; i++)
        if (dp_cli_check_distinct(OUTPUT_OPTION[i], outs[i], o->input, err) != DAPPLE_OK)
            return err->status;
    return dp_cli_check_outputs(N_OUTPUTS, OUTPUT_OPTION, outs, err);
}

/* An output naming one of those images would overwrite it before it is read; an output that
 * cannot be created would fail only after the others were written. Both are found first. */
static dapple_status check_outputs(const dp_cli_opts *o, const dp_texture_spec *t,
                                   dapple_error *err)
{
    const char *outs[N_OUTPUTS];
    const char *in[DP_BATCH_MAX_INPUTS];
    int n = dp_batch_spec_images(t, in);
    output_paths(o, outs);
    for (int i = 0; i < N_OUTPUTS; i++)
        for (int j = 0; j < n; j++)
            if (dp_cli_check_distinct(OUTPUT_OPTION[i], outs[i], in[j], err) != DAPPLE_OK)
                return err->status;
    for (int i = 0; i < N_OUTPUTS; i++)
        if (dp_atomic_prepare(outs[i], err) != DAPPLE_OK)
            return err->status;
    return DAPPLE_OK;
}

/* A layer's field or exclusion image stretched over the texture to another aspect ratio. */
static void warn_stretched(const dp_texture_spec *t, const dp_render_stats *s)
{
    char what[DP_NAME_MAX + 32];
    for (int i = 0; i < s->n_layers; i++) {
        const dp_layer_spec *l = &t->layers[i];
        snprintf(what, sizeof what, "layer '%s' field", l->name);
        dp_cli_warn_aspect(what, l->field_image, s->image_size[i][0], t->width, t->height);
        snprintf(what, sizeof what, "layer '%s' exclude", l->name);
        for (int e = 0; e < l->n_exclude; e++)
            dp_cli_warn_aspect(what, l->exclude[e], s->image_size[i][1 + e], t->width, t->height);
    }
}

/* Frost crystals and snow are grown whole by their process, with no points of their own. */
static bool grown_without_points(const dp_layer_spec *l)
{
    return l->style == DP_STYLE_CRYSTALS || l->style == DP_STYLE_SNOW;
}

/* A layer that draws nothing is almost always a mistake (an 'avoid' that leaves no room, a
 * field cut away): said even with --quiet, as the stretched images are. */
static void warn_empty(const dp_texture_spec *t, const dp_render_stats *s)
{
    for (int i = 0; i < s->n_layers; i++)
        if (s->points[i] == 0 && !grown_without_points(&t->layers[i]))
            fprintf(stderr,
                    "dapple: warning: layer '%s' draws nothing (0 points): its 'avoid', cutoff "
                    "or exclusions leave it no room, or its radius is too large\n",
                    t->layers[i].name);
}

/* The summary: each layer's points, the height map's scale (which --scale changes: a
 * height map alone cannot say what 65535 is), the size and time. */
static void print_summary(const dp_texture_spec *t, const dp_render_stats *s, bool height)
{
    for (int i = 0; i < s->n_layers; i++)
        if (grown_without_points(&t->layers[i]))
            fprintf(stderr, "dapple: layer '%s': grown (no points)\n", t->layers[i].name);
        else
            fprintf(stderr, "dapple: layer '%s': %zu %s (%s)\n", t->layers[i].name, s->points[i],
                    dp_cli_points_word(s->points[i]),
                    s->stop[i] == DAPPLE_STOP_MAX_POINTS ? "limit" : "complete");
    if (height)
        fprintf(stderr, "dapple: height map: height_scale %.9g (65535 = that many pixels high)\n",
                dp_height_unit(t));
    fprintf(stderr, "dapple: rendered %dx%d in %.3f s\n", t->width, t->height, s->seconds);
}

/* --height and --normal: refused when no layer has relief (the maps would be flat); a
 * warning for each layer that adds nothing to them, or to --ao's map, found from them. */
static dapple_status check_relief(const dp_cli_opts *o, const dp_texture_spec *t, dapple_error *err)
{
    bool maps = o->height_path != NULL || o->normal_path != NULL;
    if (maps && dp_relief_check(t, err) != DAPPLE_OK)
        return err->status;
    for (int i = 0; i < t->n_layers; i++) {
        const dp_layer_kind *k = dp_layer_kind_for(t->layers[i].style);
        if (dp_relief_none(&t->layers[i]))
            fprintf(stderr, "dapple: warning: layer '%s' (%s) has no relief: %s\n",
                    t->layers[i].name, k != NULL ? k->name : "?",
                    maps ? "the height and normal maps leave it out"
                         : "the occlusion map leaves it out");
    }
    return DAPPLE_OK;
}

int dp_cmd_render(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dp_texture_spec t;
    dp_render_stats stats;
    int start = dp_cli_start(DP_CMD_RENDER, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    dp_output_paths paths = { .texture = o.output,
                              .height = o.height_path,
                              .normal = o.normal_path,
                              .points = o.points_path,
                              .mask = o.mask_path,
                              .albedo = o.albedo_path,
                              .roughness = o.roughness_path,
                              .ao = o.ao_path,
                              .phase = dp_progress_live_phase };
    if (check_paths(&o, &err) != DAPPLE_OK || dp_preset_load(o.input, &t, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    if (apply_options(&o, &t, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_USAGE);
    if (check_outputs(&o, &t, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    if (dp_output_check(&t, &paths, &err) != DAPPLE_OK) /* before any work */
        return dp_cli_report(&err, DP_EXIT_FAIL);
    if ((o.height_path != NULL || o.normal_path != NULL || o.ao_path != NULL) &&
        check_relief(&o, &t, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    if (dp_ground_refracts_a_seam(&t) && !t.ground_detail) /* a flat ground has no seam */
        fprintf(stderr,
                "dapple: warning: %s: %s %s does not tile, and the "
                "periodic texture's drops refract its seam\n",
                o.input, t.backdrop == DP_BACKDROP_IMAGE ? "backdrop" : "background_image",
                t.backdrop == DP_BACKDROP_IMAGE ? t.backdrop_image : t.bg_image);
    t.points_format = -1; /* --points: the extension decides */
    t.sample_threads = dp_cli_threads(&o);
    dp_progress_live_begin(dp_cli_show_progress(&o));
    dp_progress_live_phase("rendering"); /* layers sampled and drawn in turn: no percentage */
    dapple_status st = dp_render_outputs(&t, &paths, &stats, &err);
    dp_progress_live_end();
    if (st != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    warn_stretched(&t, &stats); /* even with --quiet */
    warn_empty(&t, &stats);
    if (!o.quiet)
        print_summary(&t, &stats, o.height_path != NULL);
    return DP_EXIT_OK;
}
