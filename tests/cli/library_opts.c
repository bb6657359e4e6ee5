/* SPDX-License-Identifier: MIT
 * The option tables of docs/library.md, as the library has them: prints one line per row,
 * "member|default|values", the default read from dapple_*_opts_init() and the values from
 * dapple.h's limit macros, and before printing a range it asks the library whether it
 * holds: both ends accepted, the nearest values outside refused (by dapple_field_new and
 * dapple_sampler_new). tests/cli/test_docs.sh compares the lines with the tables' first
 * three columns. Exits 1 (with the reason on stderr) when the library disagrees with a range.
 *
 *     cc -std=c11 -Isrc tests/cli/library_opts.c build/libdapple-core.a -lm -pthread
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "dapple.h"

static int failures;

/* The shortest %g that reads back as v: "0.004", not "0.0040000000000000001". */
static const char *num(double v)
{
    static char buf[8][40];
    static int next;
    char *b = buf[next++ % 8];
    if (v == floor(v) && fabs(v) < 1e15) {
        snprintf(b, sizeof buf[0], "%.0f", v);
        return b;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(b, sizeof buf[0], "%.*g", p, v);
        if (strtod(b, NULL) == v)
            break;
    }
    return b;
}

/* ---------------------------------------------------------------- field options */

typedef void (*field_set)(dapple_field_opts *o, double v);

/* A small constant field of radius 1: every probe changes one member of it. */
static void field_base(dapple_field_opts *o)
{
    dapple_field_opts_init(o);
    o->width = o->height = 64;
}

static bool field_accepts(field_set set, double v)
{
    dapple_field_opts o;
    field_base(&o);
    set(&o, v);
    dapple_field *f = NULL;
    dapple_status st = dapple_field_new(&f, &o, NULL);
    dapple_field_free(f);
    return st == DAPPLE_OK;
}

/* The library takes lo and hi (for an open end, a value a millionth of the range inside)
 * and refuses the nearest numbers outside; step 1 for integers, the next double for reals. */
static void check_range(const char *name, bool (*accepts)(const void *, double), const void *set,
                        double lo, bool lo_open, double hi, double step)
{
    double below = step > 0 ? lo - step : nextafter(lo, -INFINITY);
    double above = step > 0 ? hi + step : nextafter(hi, INFINITY);
    double first = lo_open ? lo + (hi - lo) * 1e-6 : lo;
    if (!accepts(set, first) || !accepts(set, hi)) {
        fprintf(stderr, "library_opts: %s: the library refuses %s or %s\n", name, num(first),
                num(hi));
        failures++;
    }
    if (accepts(set, lo_open ? lo : below) || accepts(set, above)) {
        fprintf(stderr, "library_opts: %s: the library accepts %s or %s\n", name,
                num(lo_open ? lo : below), num(above));
        failures++;
    }
}

static bool field_accepts_v(const void *set, double v)
{
    return field_accepts(*(const field_set *)set, v);
}

#define FIELD_SETTER(fn, stmt)                     \
    static void fn(dapple_field_opts *o, double v) \
    {                                              \
        stmt;                                      \
    }
FIELD_SETTER(set_fwidth, o->width = v; o->rmin = o->rmax = 4096)
FIELD_SETTER(set_fheight, o->height = v; o->rmin = o->rmax = 4096)
FIELD_SETTER(set_cutoff, o->cutoff = v; o->kind = DAPPLE_FIELD_PERLIN; o->rmax = 4;
             o->map = DAPPLE_MAP_DENSITY)
FIELD_SETTER(set_gamma, o->gamma = v)
FIELD_SETTER(set_dilate, o->dilate = v)
FIELD_SETTER(set_scale, o->perlin.scale = v; o->kind = DAPPLE_FIELD_PERLIN; o->rmax = 4)
FIELD_SETTER(set_octaves, o->perlin.octaves = (int)v; o->kind = DAPPLE_FIELD_PERLIN; o->rmax = 4)
FIELD_SETTER(set_lacunarity, o->perlin.lacunarity = v; o->kind = DAPPLE_FIELD_PERLIN; o->rmax = 4)
FIELD_SETTER(set_gain, o->perlin.gain = v; o->kind = DAPPLE_FIELD_PERLIN; o->rmax = 4)
FIELD_SETTER(set_fthreads, o->threads = (int)v)
FIELD_SETTER(set_fwrap, o->wrap = (dapple_wrap)(int)v)

#define CHECK_FIELD(name, fn, lo, open, hi, step) \
    check_range(name, field_accepts_v, &(field_set){ fn }, lo, open, hi, step)

static void field_rows(void)
{
    dapple_field_opts d;
    dapple_field_opts_init(&d);
    const double side = DAPPLE_LIMIT_SIDE;
    CHECK_FIELD("width", set_fwidth, 0, true, side, 0);
    CHECK_FIELD("height", set_fheight, 0, true, side, 0);
    CHECK_FIELD("cutoff", set_cutoff, 0, false, DAPPLE_LIMIT_CUTOFF, 0);
    CHECK_FIELD("gamma", set_gamma, DAPPLE_LIMIT_GAMMA_MIN, false, DAPPLE_LIMIT_GAMMA_MAX, 0);
    CHECK_FIELD("dilate", set_dilate, -side, false, side, 0);
    CHECK_FIELD("perlin.scale", set_scale, 0, true, DAPPLE_LIMIT_SCALE, 0);
    CHECK_FIELD("perlin.octaves", set_octaves, 1, false, DAPPLE_LIMIT_OCTAVES, 1);
    CHECK_FIELD("perlin.lacunarity", set_lacunarity, 1, false, DAPPLE_LIMIT_LACUNARITY, 0);
    CHECK_FIELD("perlin.gain", set_gain, 0, false, 1, 0);
    CHECK_FIELD("threads", set_fthreads, 0, false, DAPPLE_LIMIT_THREADS, 1);
    CHECK_FIELD("wrap", set_fwrap, DAPPLE_WRAP_AS_PERIODIC, false, DAPPLE_WRAP_XY, 1);

    printf("kind|DAPPLE_FIELD_CONSTANT|%s\n",
           d.kind == DAPPLE_FIELD_CONSTANT ? "`_CONSTANT`, `_IMAGE`, `_PERLIN`" : "?");
    printf("width, height|%s|(0, %s]\n", num(d.width), num(side));
    printf("rmin, rmax|%s|0 < rmin <= rmax (density map: rmax 0 too)\n", num(d.rmin));
    printf("map|%s|`_RADIUS`, `_DENSITY`\n",
           d.map == DAPPLE_MAP_RADIUS ? "DAPPLE_MAP_RADIUS" : "?");
    printf("cutoff|%s|0 .. %s\n", num(d.cutoff), num(DAPPLE_LIMIT_CUTOFF));
    printf("black, white|%s, %s|0 <= black < white <= 1\n", num(d.black), num(d.white));
    printf("gamma|%s|%s .. %s\n", num(d.gamma), num(DAPPLE_LIMIT_GAMMA_MIN),
           num(DAPPLE_LIMIT_GAMMA_MAX));
    printf("invert|%s|true, false\n", d.invert ? "true" : "false");
    printf("dilate|%s|%s .. %s\n", num(d.dilate), num(-side), num(side));
    printf("perlin.scale|%s|(0, %s]\n", num(d.perlin.scale), num(DAPPLE_LIMIT_SCALE));
    printf("perlin.octaves|%d|1 .. %d\n", d.perlin.octaves, DAPPLE_LIMIT_OCTAVES);
    printf("perlin.lacunarity|%s|1 .. %s\n", num(d.perlin.lacunarity),
           num(DAPPLE_LIMIT_LACUNARITY));
    printf("perlin.gain|%s|0 .. 1\n", num(d.perlin.gain));
    printf("image|%s|1 .. %d pixels\n", d.image.pixels == NULL ? "NULL" : "?", 1 << 26);
    printf("exclude, n_exclude|%s, %d|0 .. %d images\n", d.exclude == NULL ? "NULL" : "?",
           d.n_exclude, DAPPLE_MAX_EXCLUDE);
    printf("seed|%s|any 64-bit value\n", num((double)d.seed));
    printf("periodic|%s|true, false\n", d.periodic ? "true" : "false");
    printf("threads|%d|0 .. %d\n", d.threads, DAPPLE_LIMIT_THREADS);
    printf("wrap|%s|`_AS_PERIODIC`, `_NONE`, `_X`, `_Y`, `_XY`\n",
           d.wrap == DAPPLE_WRAP_AS_PERIODIC ? "DAPPLE_WRAP_AS_PERIODIC" : "?");
}

/* ---------------------------------------------------------------- sampler options */

typedef void (*sampler_set)(dapple_sampler_opts *o, double v);

/* A constant field as wide as the sampler's domain (radius 4096, so a side of 2^21 is a
 * small grid): the sampler refuses another domain. */
static bool sampler_accepts_v(const void *set, double v)
{
    dapple_sampler_opts o;
    dapple_sampler_opts_init(&o);
    (*(const sampler_set *)set)(&o, v);
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.rmin = fo.rmax = 4096;
    fo.width = o.width > 0 && o.width <= DAPPLE_LIMIT_SIDE ? o.width : 512;
    fo.height = o.height > 0 && o.height <= DAPPLE_LIMIT_SIDE ? o.height : 512;
    dapple_field *f = NULL;
    if (dapple_field_new(&f, &fo, NULL) != DAPPLE_OK)
        return false;
    dapple_sampler *s = NULL;
    dapple_status st = dapple_sampler_new(&s, f, &o, NULL);
    dapple_sampler_free(s);
    dapple_field_free(f);
    return st == DAPPLE_OK;
}

#define SAMPLER_SETTER(fn, stmt)                     \
    static void fn(dapple_sampler_opts *o, double v) \
    {                                                \
        stmt;                                        \
    }
SAMPLER_SETTER(set_swidth, o->width = v)
SAMPLER_SETTER(set_sheight, o->height = v)
SAMPLER_SETTER(set_k, o->k = (int)v)
SAMPLER_SETTER(set_max_points, o->max_points = (size_t)v)
SAMPLER_SETTER(set_avoid_scale, o->avoid_scale = v)
SAMPLER_SETTER(set_spacing_scale, o->spacing_scale = v)
SAMPLER_SETTER(set_swrap, o->wrap = (dapple_wrap)(int)v)

#define CHECK_SAMPLER(name, fn, lo, open, hi, step) \
    check_range(name, sampler_accepts_v, &(sampler_set){ fn }, lo, open, hi, step)

static void sampler_rows(void)
{
    dapple_sampler_opts d;
    dapple_sampler_opts_init(&d);
    const double side = DAPPLE_LIMIT_SIDE;
    CHECK_SAMPLER("width", set_swidth, 0, true, side, 0);
    CHECK_SAMPLER("height", set_sheight, 0, true, side, 0);
    CHECK_SAMPLER("k", set_k, 1, false, DAPPLE_LIMIT_K, 1);
    CHECK_SAMPLER("max_points", set_max_points, 1, false, DAPPLE_LIMIT_POINTS, 1);
    CHECK_SAMPLER("spacing_scale", set_spacing_scale, 0, true, 1e6, 0);
    CHECK_SAMPLER("wrap", set_swrap, DAPPLE_WRAP_AS_PERIODIC, false, DAPPLE_WRAP_XY, 1);
    if (sampler_accepts_v(&(sampler_set){ set_avoid_scale }, -1e-9) ||
        !sampler_accepts_v(&(sampler_set){ set_avoid_scale }, 0)) {
        fprintf(stderr, "library_opts: avoid_scale: not >= 0\n");
        failures++;
    }

    printf("width, height|%s|(0, %s]\n", num(d.width), num(side));
    printf("k|%d|1 .. %d\n", d.k, DAPPLE_LIMIT_K);
    printf("max_points|%zu|1 .. %d\n", d.max_points, DAPPLE_LIMIT_POINTS);
    printf("seed|%s|any 64-bit value\n", num((double)d.seed));
    printf("periodic|%s|true, false\n", d.periodic ? "true" : "false");
    printf("dense|%s|true, false\n", d.dense ? "true" : "false");
    printf("maximal|%s|true, false\n", d.maximal ? "true" : "false");
    printf("avoid|%s|a `dapple_circles *`\n", d.avoid == NULL ? "NULL" : "?");
    printf("avoid_scale|%s|>= 0\n", num(d.avoid_scale));
    printf("spacing_scale|%s|(0, %s]\n", num(d.spacing_scale), num(1e6));
    printf("progress, progress_user|%s|a `dapple_progress_fn`\n",
           d.progress == NULL && d.progress_user == NULL ? "NULL" : "?");
    printf("relax|%s|true, false\n", d.relax ? "true" : "false");
    printf("wrap|%s|`_AS_PERIODIC`, `_NONE`, `_X`, `_Y`, `_XY`\n",
           d.wrap == DAPPLE_WRAP_AS_PERIODIC ? "DAPPLE_WRAP_AS_PERIODIC" : "?");
}

int main(int argc, char **argv)
{
    if (argc != 2 || (argv[1][0] != 'f' && argv[1][0] != 's')) {
        fprintf(stderr, "usage: library_opts field|sampler\n");
        return 2;
    }
    if (argv[1][0] == 'f')
        field_rows();
    else
        sampler_rows();
    return failures != 0;
}
