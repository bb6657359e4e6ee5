/* SPDX-License-Identifier: MIT
 * The one table of limits (DAPPLE_LIMIT_* in dapple.h): the library takes each limit and
 * refuses the next value with the command line's words; the command line and presets take
 * the same maxima and refuse one more; the command line's defaults are the library's. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dapple.h"
#include "cli/opts.h"
#include "preset/preset.h"

#define LAYER "[texture]\nsize = 64x64\n[layer a]\nstyle = circles\nrmin = 4\nrmax = 4\n"

static dapple_field *constant_field(double w, double h)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.width = w, fo.height = h, fo.rmin = fo.rmax = 4;
    dapple_field *f = NULL;
    dapple_error err;
    cr_assert_eq(dapple_field_new(&f, &fo, &err), DAPPLE_OK, "%s", err.message);
    return f;
}

/* The sampler of a 64x64 constant field with k and max_points; its message on failure. */
static dapple_status sampler_with(int k, size_t max_points, char *msg)
{
    dapple_field *f = constant_field(64, 64);
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = so.height = 64, so.k = k, so.max_points = max_points;
    dapple_sampler *s = NULL;
    dapple_error err = { 0 };
    dapple_status st = dapple_sampler_new(&s, f, &so, &err);
    snprintf(msg, sizeof err.message, "%s", st == DAPPLE_OK ? "" : err.message);
    dapple_sampler_free(s);
    dapple_field_free(f);
    return st;
}

/* A 16x16 Perlin field with one setting changed; its message on failure. */
static dapple_status perlin_with(void (*set)(dapple_field_opts *, double), double v, char *msg)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.kind = DAPPLE_FIELD_PERLIN, fo.width = fo.height = 16, fo.rmin = 1, fo.rmax = 2;
    set(&fo, v);
    dapple_field *f = NULL;
    dapple_error err = { 0 };
    dapple_status st = dapple_field_new(&f, &fo, &err);
    snprintf(msg, sizeof err.message, "%s", st == DAPPLE_OK ? "" : err.message);
    dapple_field_free(f);
    return st;
}

static void set_octaves(dapple_field_opts *o, double v)
{
    o->perlin.octaves = (int)v;
}

static void set_lacunarity(dapple_field_opts *o, double v)
{
    o->perlin.lacunarity = v;
}

static void set_gain(dapple_field_opts *o, double v)
{
    o->perlin.gain = v;
}

static void set_gamma(dapple_field_opts *o, double v)
{
    o->gamma = v;
}

static void set_cutoff(dapple_field_opts *o, double v)
{
    o->cutoff = v, o->map = DAPPLE_MAP_DENSITY;
}

static void set_threads(dapple_field_opts *o, double v)
{
    o->threads = (int)v;
}

/* Splits 'line' (changed in place) on spaces into argv; returns argc. */
static int split(char *line, char **argv)
{
    int argc = 0;
    for (char *p = strtok(line, " "); p != NULL && argc < 15; p = strtok(NULL, " "))
        argv[argc++] = p;
    argv[argc] = NULL;
    return argc;
}

/* `dapple points --size 64x64 --radius 4 -o x.csv OPTION VALUE`: its message, or "". */
static dapple_status cli_with(const char *option, const char *value, char *msg)
{
    char line[128], *argv[16];
    snprintf(line, sizeof line, "points --size 64x64 --radius 4 -o x.csv %s %s", option, value);
    int argc = split(line, argv);
    dp_cli_opts o;
    dapple_error err = { 0 };
    dapple_status st = dp_cli_parse(DP_CMD_POINTS, argc, argv, &o, &err);
    snprintf(msg, sizeof err.message, "%s", st == DAPPLE_OK ? "" : err.message);
    return st;
}

/* A one-layer preset with "key = value" added; its message, or "". */
static dapple_status preset_with(const char *key, const char *value, char *msg)
{
    char text[512];
    snprintf(text, sizeof text, LAYER "%s = %s\n", key, value);
    dp_texture_spec *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    dapple_error err = { 0 };
    dapple_status st = dp_preset_parse_string(text, strlen(text), "t.ini", t, &err);
    snprintf(msg, sizeof err.message, "%s", st == DAPPLE_OK ? "" : err.message);
    free(t);
    return st;
}

/* "--k: expected ... got '1001'" as the library says it: "k: expected ... got 1001". */
static void as_library(const char *cli, char *out)
{
    size_t n = 0;
    for (const char *s = cli + (strncmp(cli, "--", 2) == 0 ? 2 : 0); *s != '\0'; s++)
        if (*s != '\'')
            out[n++] = *s == '-' && s[1] == 'p' ? '_' : *s; /* --max-points: max_points */
    out[n] = '\0';
}

Test(limits, the_library_takes_each_limit_and_refuses_one_more)
{
    char msg[256];
    cr_expect_eq(sampler_with(DAPPLE_LIMIT_K, 100, msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(sampler_with(DAPPLE_LIMIT_K + 1, 100, msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "k: expected an integer in [1, 1000], got 1001");
    cr_expect_eq(sampler_with(30, DAPPLE_LIMIT_POINTS, msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(sampler_with(30, (size_t)DAPPLE_LIMIT_POINTS + 1, msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "max_points: expected an integer in [1, 1000000000], got 1000000001");

    cr_expect_eq(perlin_with(set_octaves, DAPPLE_LIMIT_OCTAVES, msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(perlin_with(set_octaves, DAPPLE_LIMIT_OCTAVES + 1, msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "perlin octaves: expected an integer in [1, 12], got 13");
    cr_expect_eq(perlin_with(set_lacunarity, DAPPLE_LIMIT_LACUNARITY, msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(perlin_with(set_lacunarity, 8.5, msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "perlin lacunarity: expected a number in [1, 8], got 8.5");
    cr_expect_eq(perlin_with(set_gain, 0, msg), DAPPLE_OK, "%s", msg); /* the CLI's 0 .. 1 */
    cr_expect_eq(perlin_with(set_gain, 1.5, msg), DAPPLE_E_INVALID);
    cr_expect_eq(perlin_with(set_gamma, DAPPLE_LIMIT_GAMMA_MIN, msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(perlin_with(set_gamma, 0.005, msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "gamma: expected a number in [0.01, 16], got 0.005");
    cr_expect_eq(perlin_with(set_cutoff, DAPPLE_LIMIT_CUTOFF, msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(perlin_with(set_cutoff, 0.9995, msg), DAPPLE_E_INVALID);
    cr_expect_eq(perlin_with(set_threads, DAPPLE_LIMIT_THREADS, msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(perlin_with(set_threads, DAPPLE_LIMIT_THREADS + 1, msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "threads: expected an integer in [0, 256], got 257");
}

Test(limits, a_domain_side_is_the_same_for_field_sampler_and_world)
{
    dapple_field *f = constant_field(DAPPLE_LIMIT_SIDE, 8);
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = DAPPLE_LIMIT_SIDE, so.height = 8;
    dapple_sampler *s = NULL;
    dapple_error err;
    cr_expect_eq(dapple_sampler_new(&s, f, &so, &err), DAPPLE_OK, "%s", err.message);
    dapple_sampler_free(s);
    dapple_field_free(f);

    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.width = DAPPLE_LIMIT_SIDE + 1;
    cr_expect_eq(dapple_field_new(&f, &fo, &err), DAPPLE_E_INVALID);
    cr_expect_str_eq(err.message, "width: expected a number in (0, 2097152], got 2097153");
    f = constant_field(64, 64);
    so.width = so.height = 64;
    dapple_point *pts = NULL;
    size_t n;
    dapple_stop stop;
    cr_expect_eq(dapple_world_sample(f, &so, NULL, DAPPLE_LIMIT_THREADS + 1, &pts, &n, &stop, &err),
                 DAPPLE_E_INVALID);
    cr_expect_str_eq(err.message, "threads: expected an integer in [1, 256], got 257");
    dapple_field_free(f);
}

Test(limits, the_cli_and_presets_take_the_same_maxima_with_the_same_words)
{
    char msg[256], lib[256];
    cr_expect_eq(cli_with("--k", "1000", msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(preset_with("k", "1000", msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(cli_with("--k", "1001", msg), DAPPLE_E_INVALID);
    as_library(msg, lib);
    cr_expect_str_eq(lib, "k: expected an integer in [1, 1000], got 1001"); /* the library's */
    cr_expect_eq(preset_with("k", "1001", msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "t.ini:7: k: expected an integer in [1, 1000], got '1001'");

    cr_expect_eq(cli_with("--max-points", "1000000000", msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(preset_with("max_points", "1000000000", msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(preset_with("max_points", "1000000000\ncount = 1000000000", msg), DAPPLE_OK, "%s",
                 msg);
    cr_expect_eq(cli_with("--max-points", "1000000001", msg), DAPPLE_E_INVALID);
    as_library(msg, lib);
    cr_expect_str_eq(lib, "max_points: expected an integer in [1, 1000000000], got 1000000001");
    cr_expect_eq(preset_with("max_points", "1000000001", msg), DAPPLE_E_INVALID);
    cr_expect_eq(preset_with("count", "1000000001", msg), DAPPLE_E_INVALID);

    cr_expect_eq(cli_with("--gamma", "0.01", msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(preset_with("gamma", "0.01", msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(cli_with("--gamma", "16.5", msg), DAPPLE_E_INVALID);
    cr_expect_eq(preset_with("gamma", "16.5", msg), DAPPLE_E_INVALID);
    cr_expect_eq(cli_with("-j", "256", msg), DAPPLE_OK, "%s", msg);
    cr_expect_eq(cli_with("-j", "257", msg), DAPPLE_E_INVALID);
    cr_expect_str_eq(msg, "--jobs: expected an integer in [1, 256], got '257'");
    /* Perlin keys: one parser for both, the library's octaves and lacunarity */
    cr_expect_eq(preset_with("field", "perlin:octaves=12,lacunarity=8,gain=0", msg), DAPPLE_OK,
                 "%s", msg);
    cr_expect_eq(preset_with("field", "perlin:lacunarity=8.5", msg), DAPPLE_E_INVALID);
}

Test(limits, the_cli_defaults_are_the_librarys)
{
    char line[] = "points --size 64x64 --radius 4 -o x.csv", *argv[16];
    int argc = split(line, argv);
    dp_cli_opts o;
    dapple_error err;
    cr_assert_eq(dp_cli_parse(DP_CMD_POINTS, argc, argv, &o, &err), DAPPLE_OK, "%s", err.message);
    dapple_sampler_opts so;
    dapple_field_opts fo;
    dapple_sampler_opts_init(&so);
    dapple_field_opts_init(&fo);
    cr_expect_eq(o.k, so.k);
    cr_expect_eq(o.max_points, so.max_points);
    cr_expect_eq(o.seed, so.seed);
    cr_expect_eq(o.gamma, fo.gamma);
    cr_expect_eq(o.black, fo.black);
    cr_expect_eq(o.white, fo.white);
    cr_expect_eq(o.map, fo.map);
    cr_expect_eq(o.max_pixels, DAPPLE_DEFAULT_MAX_PIXELS);
    cr_expect(!o.have_max_points && !o.have_seed && !o.have_map, "defaults count as not given");
    cr_expect(isnan(o.cutoff), "a cutoff not given stays NaN (only with --map density)");
}
