/* SPDX-License-Identifier: MIT
 * One table of options for all subcommands: getopt_long's struct option[] and --help are
 * both made from it, so the help cannot drift from what is parsed. Numbers go through the
 * strict dp_expect_* parsers ("10abc" is an error, not 10). */
#include "cli/opts.h"

#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "preset/field_spec.h"
#include "preset/parse.h"

#define ALL_SAMPLING (DP_CMD_POINTS | DP_CMD_FIELD | DP_CMD_MASK | DP_CMD_TILES)
#define FIELD_CMDS   (ALL_SAMPLING | DP_CMD_STATS) /* stats builds a field to compare with */

enum {
    OPT_SIZE = 256,
    OPT_RADIUS,
    OPT_RMIN,
    OPT_RMAX,
    OPT_FIELD,
    OPT_INVERT,
    OPT_DILATE,
    OPT_K,
    OPT_MAX_POINTS,
    OPT_SEED,
    OPT_PERIODIC,
    OPT_PERIODIC_X,
    OPT_PERIODIC_Y,
    OPT_DENSE,
    OPT_RELAX,
    OPT_MAXIMAL,
    OPT_FORMAT,
    OPT_KIND,
    OPT_DEPTH,
    OPT_POINTS,
    OPT_HEIGHT,
    OPT_NORMAL,
    OPT_NORMAL_CONV,
    OPT_JPEG_Q,
    OPT_SET,
    OPT_MASK,
    OPT_FORCE,
    OPT_CHECK,
    OPT_SEEDS,
    OPT_SHARD,
    OPT_MERGE,
    OPT_SIZE_CAP,
    OPT_MAX_PIXELS,
    OPT_MAP,
    OPT_CUTOFF,
    OPT_LEVELS,
    OPT_GAMMA,
    OPT_EXCLUDE,
    OPT_COUNT,
    OPT_DOT_RADIUS,
    OPT_FROM,
    OPT_ROTATION,
    OPT_SCALE_JITTER,
    OPT_VARIANTS,
    OPT_Y_UP,
    OPT_RELATIVE,
    OPT_PLOT,
    OPT_JSON,
    OPT_STRICT,
    OPT_QUIET,
    OPT_REGION,
    OPT_TILE_SIZE,
    OPT_TILE_BASE,
    OPT_TILE_SHARD,
    OPT_TILE_POINTS,
    OPT_TILE_FORCE,
    OPT_SCALE,
    OPT_IMAGE_SIZE,
    OPT_STATS_RADIUS,
    OPT_SCALE_TO,
    OPT_PREVIEW_CAP,
    OPT_PORT,
    OPT_STATS_LAYER,
    OPT_STATS_PRESET,
    OPT_HOST,
    OPT_ALLOW_REMOTE,
    OPT_TIME_LIMIT,
    OPT_ALBEDO,
    OPT_ROUGHNESS,
    OPT_AO,
    OPT_DETAIL,
    OPT_HELP = 'h',
    OPT_OUTPUT = 'o',
    OPT_JOBS = 'j',
};

/* How a value's range is checked and shown: R_NONE has none (a path, a choice, a flag). */
typedef enum range_kind { R_NONE, R_INT, R_REAL, R_U64, R_SIZE } range_kind;

#define ALL_U64 0x1p64 /* hi of R_U64: every uint64_t, shown as 2^64-1 */
#define STR_(x) #x
#define STR(x)  STR_(x)

/* One option. The parser checks a value against [lo, hi], --help shows that range and the
 * default, and tests/cli/test_docs.sh compares what --help shows with the option tables of
 * docs/cli.md and the ranges and defaults docs/dapple.1 states: one source for all four. */
typedef struct cli_option {
    const char *name;
    int id;
    const char *arg; /* NULL: a flag */
    unsigned commands;
    const char *help;
    range_kind range;
    double lo, hi;   /* the accepted values (R_SIZE: of each side) */
    const char *def; /* the default, parsed like a given value by defaults(); NULL: none */
} cli_option;

#define NO_RANGE R_NONE, 0, 0, NULL
#define RADIUS   R_REAL, DAPPLE_LIMIT_RADIUS_CLI_MIN, DAPPLE_LIMIT_RADIUS_CLI_MAX

static const cli_option OPTIONS[] = {
    { "size", OPT_SIZE, "WxH", FIELD_CMDS, "domain / image size in pixels", R_SIZE, 1,
      DAPPLE_LIMIT_SIDE, NULL },
    { "size", OPT_IMAGE_SIZE, "WxH", DP_CMD_RENDER, "image size in pixels", R_SIZE, 1,
      DAPPLE_LIMIT_IMAGE_SIDE, NULL },
    { "radius", OPT_RADIUS, "R", ALL_SAMPLING, "constant radius (minimum distance)", RADIUS, NULL },
    /* stats measures sets made by any tool: any r > 0 (a unit square with r = 0.01) */
    { "radius", OPT_STATS_RADIUS, "R", DP_CMD_STATS, "the radius of every point: any R > 0",
      NO_RANGE },
    { "rmin", OPT_RMIN, "A", FIELD_CMDS, "radius where v = 0 (density map: spacing at v = 1)",
      RADIUS, NULL },
    { "rmax", OPT_RMAX, "B", FIELD_CMDS, "radius where v = 1 (density map: largest spacing)",
      RADIUS, NULL },
    { "field", OPT_FIELD, "SPEC", FIELD_CMDS,
      "constant | image:PATH | perlin[:scale=S,octaves=N,lacunarity=L,gain=G]", NO_RANGE },
    { "map", OPT_MAP, "radius|density", FIELD_CMDS, "how v gives spacing: radius or density",
      R_NONE, 0, 0, "radius" },
    { "cutoff", OPT_CUTOFF, "C", FIELD_CMDS, "density map: no points where v <= C", R_REAL, 0,
      DAPPLE_LIMIT_CUTOFF, STR(DAPPLE_DEFAULT_CUTOFF) },
    { "levels", OPT_LEVELS, "B,W", FIELD_CMDS, "tone curve: v = (v - B) / (W - B) first", R_NONE, 0,
      0, "0,1" },
    { "gamma", OPT_GAMMA, "G", FIELD_CMDS, "tone curve: then v = v^G", R_REAL,
      DAPPLE_LIMIT_GAMMA_MIN, DAPPLE_LIMIT_GAMMA_MAX, "1" },
    { "invert", OPT_INVERT, NULL, FIELD_CMDS, "then use 1 - v", NO_RANGE },
    { "dilate", OPT_DILATE, "PX", FIELD_CMDS, "then grow bright areas by PX (< 0 erodes)", R_REAL,
      -DAPPLE_LIMIT_DILATE_CLI, DAPPLE_LIMIT_DILATE_CLI, "0" },
    { "exclude", OPT_EXCLUDE, "image:PATH", FIELD_CMDS,
      "no point on pixels at least half white (repeatable)", NO_RANGE },
    { "count", OPT_COUNT, "N", DP_CMD_POINTS | DP_CMD_MASK,
      "scale the spacing to give N points (within 1 %)", R_U64, 1, DAPPLE_LIMIT_POINTS, NULL },
    { "k", OPT_K, "N", DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES, "candidates per active point",
      R_INT, 1, DAPPLE_LIMIT_K, "30" },
    { "max-points", OPT_MAX_POINTS, "N", DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "bail-out: stop after N points", R_U64, 1, DAPPLE_LIMIT_POINTS, "20000000" },
    { "seed", OPT_SEED, "N", FIELD_CMDS | DP_CMD_RENDER, "random seed", R_U64, 0, ALL_U64, "1" },
    { "periodic", OPT_PERIODIC, NULL, FIELD_CMDS, "wrap at the edges: tileable output", NO_RANGE },
    { "periodic-x", OPT_PERIODIC_X, NULL, FIELD_CMDS,
      "wrap the left and right edges only: tiles across", NO_RANGE },
    { "periodic-y", OPT_PERIODIC_Y, NULL, FIELD_CMDS,
      "wrap the top and bottom edges only: tiles down", NO_RANGE },
    { "dense", OPT_DENSE, NULL, DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "tighter packing: candidates just outside r", NO_RANGE },
    { "maximal", OPT_MAXIMAL, NULL, DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "fill every remaining gap after sampling", NO_RANGE },
    { "relax", OPT_RELAX, NULL, DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "relaxed blue noise: rho ~0.86, no lattice", NO_RANGE },
    { "format", OPT_FORMAT, "csv|json", DP_CMD_POINTS, "point list format (default: from -o)",
      NO_RANGE },
    { "kind", OPT_KIND, "KIND", DP_CMD_MASK | DP_CMD_TILES,
      "footprint | splat | clearance | density", R_NONE, 0, 0, "footprint" },
    { "depth", OPT_DEPTH, "8|16", DP_CMD_MASK | DP_CMD_FIELD | DP_CMD_TILES, "bits per pixel",
      R_NONE, 0, 0, "8" },
    { "points", OPT_POINTS, "FILE", DP_CMD_MASK | DP_CMD_RENDER, "also write the points",
      NO_RANGE },
    { "points", OPT_TILE_POINTS, "PATTERN", DP_CMD_TILES,
      "also write each tile's points (.csv or .json, beside -o)", NO_RANGE },
    { "from", OPT_FROM, "FILE", DP_CMD_MASK, "draw the mask from this point list (CSV/JSON)",
      NO_RANGE },
    { "dot-radius", OPT_DOT_RADIUS, "PX", DP_CMD_MASK | DP_CMD_TILES,
      "footprint and splat dots of PX pixels, whatever the spacing", R_REAL, 0,
      DAPPLE_LIMIT_RADIUS_CLI_MAX, NULL },
    { "rotation", OPT_ROTATION, NULL, DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "point list: a rotation column, degrees", NO_RANGE },
    { "scale-jitter", OPT_SCALE_JITTER, "J", DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "point list: a scale column, 1 - J .. 1 + J", R_REAL, 0, 0.99, NULL },
    { "variants", OPT_VARIANTS, "N", DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "point list: a variant column, 0 .. N-1", R_INT, 1, 65536, NULL },
    { "y-up", OPT_Y_UP, NULL, DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "point list: y measured up from the bottom edge", NO_RANGE },
    { "relative", OPT_RELATIVE, NULL, DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_TILES,
      "point list: x and y from the region's (tile's) corner", NO_RANGE },
    { "height", OPT_HEIGHT, "FILE", DP_CMD_RENDER, "also write a 16-bit height map", NO_RANGE },
    { "normal", OPT_NORMAL, "FILE", DP_CMD_RENDER, "also write a normal map", NO_RANGE },
    { "mask", OPT_MASK, "FILE", DP_CMD_RENDER,
      "also write the preset's mask (footprint if it names none)", NO_RANGE },
    { "albedo", OPT_ALBEDO, "FILE", DP_CMD_RENDER,
      "also write the albedo: the colour with no light baked in", NO_RANGE },
    { "roughness", OPT_ROUGHNESS, "FILE", DP_CMD_RENDER,
      "also write an 8-bit roughness map (by material)", NO_RANGE },
    { "ao", OPT_AO, "FILE", DP_CMD_RENDER,
      "also write an 8-bit ambient occlusion map (from the height)", NO_RANGE },
    { "detail", OPT_DETAIL, NULL, DP_CMD_RENDER,
      "the detail version: the ground flattened to its mean colour", NO_RANGE },
    { "normal-convention", OPT_NORMAL_CONV, "gl|dx", DP_CMD_RENDER,
      "normal map green axis: gl = Y+, dx = Y-", R_NONE, 0, 0, "gl" },
    { "set", OPT_SET, "SECTION.KEY=VALUE", DP_CMD_RENDER, "override a preset key", NO_RANGE },
    { "scale", OPT_SCALE, "F", DP_CMD_RENDER, "size and look x F: radii, strokes, features", R_REAL,
      0.01, 100, NULL },
    { "scale-to", OPT_SCALE_TO, "WxH", DP_CMD_RENDER | DP_CMD_PACK,
      "exactly WxH with the look of --scale (the preset's aspect)", R_SIZE, 1,
      DAPPLE_LIMIT_IMAGE_SIDE, NULL },
    { "scale", OPT_SCALE, "F", DP_CMD_PACK,
      "every preset's size and look x F, as render's (sizes rounded)", R_REAL, 0.01, 100, NULL },
    { "jpeg-quality", OPT_JPEG_Q, "Q", DP_CMD_FIELD | DP_CMD_MASK | DP_CMD_RENDER | DP_CMD_TILES,
      "quality of .jpg outputs", R_INT, 1, 100, "90" },
    { "max-pixels", OPT_MAX_PIXELS, "N", FIELD_CMDS | DP_CMD_RENDER | DP_CMD_PACK,
      "refuse input images with more pixels", R_U64, 1, 0x1p40, "67108864" },
    { "jobs", OPT_JOBS, "N",
      DP_CMD_PACK | DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_RENDER | DP_CMD_TILES | DP_CMD_FIELD,
      "threads (pack: workers), default: cores; same bytes for any N", R_INT, 1,
      DAPPLE_LIMIT_THREADS, NULL },
    { "region", OPT_REGION, "X,Y,WxH", DP_CMD_POINTS | DP_CMD_MASK | DP_CMD_FIELD,
      "only this window of the --size world", NO_RANGE },
    { "tile-size", OPT_TILE_SIZE, "PX", DP_CMD_TILES,
      "square tiles of PX pixels (the last column and row may be narrower)", R_INT, 1, 8192, NULL },
    { "tile-base", OPT_TILE_BASE, "0|1", DP_CMD_TILES,
      "number tiles in names from 0 (default) or 1", R_INT, 0, 1, NULL },
    { "force", OPT_FORCE, NULL, DP_CMD_PACK, "render even outputs that are up to date", NO_RANGE },
    { "force", OPT_TILE_FORCE, NULL, DP_CMD_TILES, "make every tile, even those up to date",
      NO_RANGE },
    { "check", OPT_CHECK, NULL, DP_CMD_PACK, "re-render and compare with the manifest", NO_RANGE },
    { "seeds", OPT_SEEDS, "A..B", DP_CMD_PACK, "render each preset once per seed", NO_RANGE },
    { "shard", OPT_SHARD, "I/N", DP_CMD_PACK, "render jobs (preset x seed) whose index % N == I-1",
      NO_RANGE },
    { "shard", OPT_TILE_SHARD, "I/N", DP_CMD_TILES, "write only tiles whose index % N == I-1",
      NO_RANGE },
    { "merge", OPT_MERGE, NULL, DP_CMD_PACK, "merge OUT_DIR/manifest-*.json shard manifests",
      NO_RANGE },
    { "size-cap", OPT_SIZE_CAP, "PX", DP_CMD_PACK, "render at most PX pixels per side", R_INT, 16,
      DAPPLE_LIMIT_IMAGE_SIDE, NULL },
    { "side", OPT_PREVIEW_CAP, "PX", DP_CMD_PREVIEW,
      "render at most PX pixels per side, as pack --size-cap", R_INT, 16, DAPPLE_LIMIT_IMAGE_SIDE,
      "512" },
    { "port", OPT_PORT, "N", DP_CMD_PREVIEW, "listen on port N (0 = a free one)", R_INT, 0, 65535,
      "0" },
    { "host", OPT_HOST, "ADDR", DP_CMD_PREVIEW,
      "numeric address to listen on (not loopback: needs --allow-remote)", R_NONE, 0, 0,
      "127.0.0.1" },
    { "time-limit", OPT_TIME_LIMIT, "S", DP_CMD_PREVIEW,
      "stop a render still running after S seconds", R_INT, 1, 3600, "60" },
    { "allow-remote", OPT_ALLOW_REMOTE, NULL, DP_CMD_PREVIEW,
      "let --host be an address other machines reach (the token still applies)", NO_RANGE },
    { "plot", OPT_PLOT, "PREFIX", DP_CMD_STATS,
      "charts PREFIX-{spectrum,radial,rdf,points}.png and tables", NO_RANGE },
    { "layer", OPT_STATS_LAYER, "N|NAME", DP_CMD_STATS,
      "only the points of this layer (a layer column; NAME with --preset)", NO_RANGE },
    { "preset", OPT_STATS_PRESET, "FILE", DP_CMD_STATS,
      "compare with the field, size and periodicity of the preset's --layer", NO_RANGE },
    { "json", OPT_JSON, NULL, DP_CMD_STATS, "the report as JSON", NO_RANGE },
    { "strict", OPT_STRICT, NULL, DP_CMD_STATS,
      "exit 3 when a pair breaks the rule or a point is outside", NO_RANGE },
    { "quiet", OPT_QUIET, NULL, ALL_SAMPLING | DP_CMD_RENDER,
      "no progress line, no summary; errors still shown", NO_RANGE },
    { "output", OPT_OUTPUT, "FILE", ~0u & ~(unsigned)(DP_CMD_LAYERS | DP_CMD_PREVIEW),
      "output file ('-' = stdout; render: optional with another output)", NO_RANGE },
    { "help", OPT_HELP, NULL, ~0u, "show this help", NO_RANGE },
};

#define N_OPTIONS (sizeof OPTIONS / sizeof OPTIONS[0])

static const cli_option *find_option(int id)
{
    for (size_t i = 0; i < N_OPTIONS; i++)
        if (OPTIONS[i].id == id)
            return &OPTIONS[i];
    return NULL;
}

/* The value of option 'id' as a number in its table range. */
static dapple_status expect_real(int id, const char *v, double *out, dapple_error *err)
{
    const cli_option *opt = find_option(id);
    return dp_expect_double(v, opt->lo, opt->hi, out, err);
}

/* Any finite number > 0 that a float holds (point radii are floats). */
static dapple_status expect_positive(const char *v, double *out, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if (dp_parse_double(v, 0, FLT_MAX, out) && *out > 0 && (float)*out > 0)
        return DAPPLE_OK;
    dp_quote(v, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected a number > 0, got '%s'", q);
}

static dapple_status expect_int(int id, const char *v, int *out, dapple_error *err)
{
    const cli_option *opt = find_option(id);
    return dp_expect_int(v, (int)opt->lo, (int)opt->hi, out, err);
}

static dapple_status expect_u64(int id, const char *v, uint64_t *out, dapple_error *err)
{
    const cli_option *opt = find_option(id);
    uint64_t hi = opt->hi >= ALL_U64 ? UINT64_MAX : (uint64_t)opt->hi;
    return dp_expect_u64(v, (uint64_t)opt->lo, hi, out, err);
}

/* --count: a count written 1e8 is refused with the number written out and, when that is
 * over the default --max-points, a word of it (the next refusal would be that). */
static dapple_status expect_count(const char *v, uint64_t *out, dapple_error *err)
{
    dapple_status st = expect_u64(OPT_COUNT, v, out, err);
    double n = strtod(v, NULL);
    if (st != DAPPLE_OK && strpbrk(v, "eE") != NULL && n > (double)DAPPLE_DEFAULT_MAX_POINTS &&
        n <= DAPPLE_LIMIT_POINTS) {
        size_t len = strlen(err->message);
        if (len > 0 && err->message[len - 1] == ')')
            snprintf(err->message + len - 1, sizeof err->message - (len - 1),
                     "; over %zu points also needs --max-points N)", DAPPLE_DEFAULT_MAX_POINTS);
    }
    return st;
}

/* A world's "WxH": sides up to DAPPLE_LIMIT_SIDE (the table's). */
static dapple_status parse_world_size(dp_cli_opts *o, const char *v, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    int max = (int)find_option(OPT_SIZE)->hi;
    if (dp_parse_size_max(v, max, &o->width, &o->height))
        return DAPPLE_OK;
    dp_quote(v, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected WxH with sides in [1, %d], got '%s'", max, q);
}

/* "X,Y,WxH": integers, X and Y >= 0, W and H >= 1 (inside the world: checked once the
 * size is known). */
static dapple_status parse_region(dp_cli_opts *o, const char *v, dapple_error *err)
{
    long n[4];
    const char *p = v;
    for (int i = 0; i < 4; i++) {
        char *end;
        errno = 0;
        n[i] = strtol(p, &end, 10);
        bool digits = end != p && *p >= '0' && *p <= '9';
        if (!digits || errno != 0 || n[i] > DAPPLE_LIMIT_SIDE ||
            *end != (i == 3   ? '\0'
                     : i == 2 ? 'x'
                              : ','))
            return dp_fail(err, DAPPLE_E_INVALID, "expected X,Y,WxH, got '%s'", v);
        p = end + 1;
    }
    if (n[2] < 1 || n[3] < 1)
        return dp_fail(err, DAPPLE_E_INVALID, "an empty window ('%s')", v);
    o->have_region = true;
    o->region_x = (int)n[0], o->region_y = (int)n[1];
    o->region_w = (int)n[2], o->region_h = (int)n[3];
    return DAPPLE_OK;
}

/* Prefixes a value error with the option name: "--rmin: expected ...". */
static dapple_status option_fail(dapple_error *err, int id, dapple_status st)
{
    return dp_fail_prefix(err, st, "--%s", find_option(id)->name);
}

/* Index of s among names[0..n); the message lists the choices as the table shows them. */
static dapple_status parse_enum(const char *s, const char *const *names, int n, const char *choices,
                                int *out, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    for (int i = 0; i < n; i++) {
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return DAPPLE_OK;
        }
    }
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected %s, got '%s'", choices, q);
}

/* "A..B" with A <= B. */
static dapple_status parse_range(const char *s, uint64_t *a, uint64_t *b, dapple_error *err)
{
    char buf[64], q[DP_QUOTE_MAX];
    const char *dots = strstr(s, "..");
    size_t n = dots ? (size_t)(dots - s) : 0;
    if (dots != NULL && n < sizeof buf) {
        memcpy(buf, s, n);
        buf[n] = '\0';
        if (dp_parse_u64(buf, 0, UINT64_MAX, a) && dp_parse_u64(dots + 2, *a, *a + 100000, b))
            return DAPPLE_OK;
    }
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected A..B with A <= B <= A+100000, got '%s'", q);
}

/* "I/N" with 1 <= I <= N. */
static dapple_status parse_shard(const char *s, int *i, int *n, dapple_error *err)
{
    char buf[32], q[DP_QUOTE_MAX];
    const char *slash = strchr(s, '/');
    size_t len = slash ? (size_t)(slash - s) : 0;
    if (slash != NULL && len < sizeof buf) {
        memcpy(buf, s, len);
        buf[len] = '\0';
        if (dp_parse_int(slash + 1, 1, 100000, n) && dp_parse_int(buf, 1, *n, i))
            return DAPPLE_OK;
    }
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID, "expected I/N with 1 <= I <= N, got '%s'", q);
}

static const char *const MASK_KINDS[] = { "none", "footprint", "splat", "clearance", "density" };
static const char *const CONVENTIONS[] = { "gl", "dx" };

/* Applies one option's value; err gets a message without the option prefix. */
static dapple_status apply_value(dp_cli_opts *o, int id, const char *v, dapple_error *err)
{
    int tmp = 0;
    dapple_status st;
    switch (id) {
    case OPT_SIZE:
        o->have_size = true;
        /* a world has no pixels: only the image a command writes is held to the image
         * limits (check_image, once --region is known) */
        return parse_world_size(o, v, err);
    case OPT_IMAGE_SIZE: /* render: the image itself (DP_MAX_SIDE, DP_MAX_PIXELS) */
        o->have_size = true;
        return dp_expect_size(v, &o->width, &o->height, err);
    case OPT_RADIUS:
        o->have_radius = true;
        return expect_real(id, v, &o->radius, err);
    case OPT_STATS_RADIUS:
        o->have_radius = true;
        return expect_positive(v, &o->radius, err);
    case OPT_RMIN:
        o->have_rmin = true;
        return expect_real(id, v, &o->rmin, err);
    case OPT_RMAX:
        o->have_rmax = true;
        return expect_real(id, v, &o->rmax, err);
    case OPT_FIELD:
        o->field = v;
        return DAPPLE_OK;
    case OPT_MAP:
        o->have_map = true;
        return dp_map_parse(v, &o->map, err);
    case OPT_CUTOFF:
        return expect_real(id, v, &o->cutoff, err);
    case OPT_LEVELS:
        return dp_levels_parse(v, &o->black, &o->white, err);
    case OPT_GAMMA:
        return expect_real(id, v, &o->gamma, err);
    case OPT_EXCLUDE: {
        char path[DP_PATH_MAX];
        if (o->n_exclude == DP_MAX_EXCLUDE)
            return dp_fail(err, DAPPLE_E_INVALID, "at most %d exclusion images", DP_MAX_EXCLUDE);
        st = dp_exclude_parse(v, path, sizeof path, err);
        if (st == DAPPLE_OK)
            o->exclude[o->n_exclude++] = v;
        return st;
    }
    case OPT_COUNT:
        return expect_count(v, &o->count, err);
    case OPT_REGION:
        return parse_region(o, v, err);
    case OPT_FROM:
        o->from = v;
        return DAPPLE_OK;
    case OPT_PLOT:
        o->plot = v;
        return DAPPLE_OK;
    case OPT_STATS_LAYER:
        o->layer = v;
        return DAPPLE_OK;
    case OPT_STATS_PRESET:
        o->preset = v;
        return DAPPLE_OK;
    case OPT_DOT_RADIUS:
        return expect_real(id, v, &o->dot_radius, err);
    case OPT_SCALE_JITTER:
        return expect_real(id, v, &o->scale_jitter, err);
    case OPT_VARIANTS:
        return expect_int(id, v, &o->variants, err);
    case OPT_DILATE:
        return expect_real(id, v, &o->dilate, err);
    case OPT_K:
        return expect_int(id, v, &o->k, err);
    case OPT_MAX_POINTS:
        o->have_max_points = true;
        return expect_u64(id, v, &o->max_points, err);
    case OPT_SEED:
        o->have_seed = true;
        return expect_u64(id, v, &o->seed, err);
    case OPT_OUTPUT:
        o->output = v;
        return DAPPLE_OK;
    case OPT_FORMAT:
        st = parse_enum(v, (const char *const[]){ "csv", "json" }, 2, "csv or json", &tmp, err);
        o->format = v;
        return st;
    case OPT_KIND:
        st = parse_enum(v, MASK_KINDS + 1, 4, "footprint, splat, clearance or density", &tmp, err);
        o->mask_kind = (dp_mask_kind)(tmp + 1);
        return st;
    case OPT_DEPTH:
        st = parse_enum(v, (const char *const[]){ "8", "16" }, 2, "8 or 16", &tmp, err);
        o->depth = tmp ? 16 : 8;
        return st;
    case OPT_POINTS:
    case OPT_TILE_POINTS:
        o->points_path = v;
        return DAPPLE_OK;
    case OPT_HEIGHT:
        o->height_path = v;
        return DAPPLE_OK;
    case OPT_NORMAL:
        o->normal_path = v;
        return DAPPLE_OK;
    case OPT_MASK:
        o->mask_path = v;
        return DAPPLE_OK;
    case OPT_ALBEDO:
        o->albedo_path = v;
        return DAPPLE_OK;
    case OPT_ROUGHNESS:
        o->roughness_path = v;
        return DAPPLE_OK;
    case OPT_AO:
        o->ao_path = v;
        return DAPPLE_OK;
    case OPT_SCALE:
        return expect_real(id, v, &o->scale, err);
    case OPT_SCALE_TO:
        return dp_expect_size(v, &o->scale_to_w, &o->scale_to_h, err);
    case OPT_NORMAL_CONV:
        o->have_normal_conv = true;
        st = parse_enum(v, CONVENTIONS, 2, "gl or dx", &tmp, err);
        o->normal_dx = tmp == 1;
        return st;
    case OPT_JPEG_Q:
        return expect_int(id, v, &o->jpeg_quality, err);
    case OPT_MAX_PIXELS:
        return expect_u64(id, v, &o->max_pixels, err);
    case OPT_SET: {
        const char *dot = strchr(v, '.'), *eq = strchr(v, '=');
        char q[DP_QUOTE_MAX];
        if (dot == NULL || eq == NULL || dot == v || eq < dot + 2) {
            dp_quote(v, q);
            return dp_fail(err, DAPPLE_E_INVALID, "expected SECTION.KEY=VALUE, got '%s'", q);
        }
        if (o->n_sets == DP_CLI_MAX_SETS)
            return dp_fail(err, DAPPLE_E_INVALID, "at most %d overrides", DP_CLI_MAX_SETS);
        o->sets[o->n_sets++] = v;
        return DAPPLE_OK;
    }
    case OPT_JOBS:
        return expect_int(id, v, &o->jobs, err);
    case OPT_SEEDS:
        o->have_seeds = true;
        return parse_range(v, &o->seed_first, &o->seed_last, err);
    case OPT_SHARD:
    case OPT_TILE_SHARD:
        return parse_shard(v, &o->shard_index, &o->shard_count, err);
    case OPT_TILE_SIZE:
        return expect_int(id, v, &o->tile_size, err);
    case OPT_TILE_BASE:
        return expect_int(id, v, &o->tile_base, err);
    case OPT_SIZE_CAP:
        return expect_int(id, v, &o->size_cap, err);
    case OPT_PREVIEW_CAP:
        return expect_int(id, v, &o->preview_cap, err);
    case OPT_PORT:
        return expect_int(id, v, &o->port, err);
    case OPT_TIME_LIMIT:
        return expect_int(id, v, &o->time_limit, err);
    case OPT_HOST:
        o->host = v;
        return DAPPLE_OK;
    }
    return DAPPLE_OK;
}

static void apply_flag(dp_cli_opts *o, int id)
{
    switch (id) {
    case OPT_INVERT:
        o->invert = true;
        break;
    case OPT_PERIODIC:
        o->wrap = dp_wrap_both(true);
        break;
    case OPT_PERIODIC_X: /* with --periodic-y: both, as --periodic */
        o->wrap.x = true;
        break;
    case OPT_PERIODIC_Y:
        o->wrap.y = true;
        break;
    case OPT_DENSE:
        o->dense = true;
        break;
    case OPT_MAXIMAL:
        o->maximal = true;
        break;
    case OPT_RELAX:
        o->relax = true;
        break;
    case OPT_FORCE:
    case OPT_TILE_FORCE:
        o->force = true;
        break;
    case OPT_CHECK:
        o->check = true;
        break;
    case OPT_MERGE:
        o->merge = true;
        break;
    case OPT_ROTATION:
        o->rotation = true;
        break;
    case OPT_Y_UP:
        o->y_up = true;
        break;
    case OPT_RELATIVE:
        o->relative = true;
        break;
    case OPT_JSON:
        o->json = true;
        break;
    case OPT_STRICT:
        o->strict = true;
        break;
    case OPT_QUIET:
        o->quiet = true;
        break;
    case OPT_ALLOW_REMOTE:
        o->allow_remote = true;
        break;
    case OPT_DETAIL:
        o->detail = true;
        break;
    case OPT_HELP:
        o->help = true;
        break;
    }
}

/* Every default is the table's, parsed as if given (tests/unit/test_limits.c checks that
 * each parses and equals the library's where it has one); then "given" is false again. */
static void defaults(dp_cli_opts *o, unsigned command)
{
    dapple_error err;
    memset(o, 0, sizeof *o);
    o->command = command;
    for (size_t i = 0; i < N_OPTIONS; i++)
        if (OPTIONS[i].def != NULL)
            (void)apply_value(o, OPTIONS[i].id, OPTIONS[i].def, &err);
    o->have_map = o->have_max_points = o->have_seed = o->have_normal_conv = false;
    /* only with --map density, and part of a tiles manifest's hash as "not given": the
     * field gets DAPPLE_DEFAULT_CUTOFF, the table's default */
    o->cutoff = NAN;
}

/* Builds getopt_long's table from the options 'command' accepts; returns its length. */
static size_t build_longopts(unsigned command, struct option *lo, char *shortopts)
{
    size_t n = 0, s = 0;
    shortopts[s++] = ':'; /* report a missing value as ':' instead of '?' */
    for (size_t i = 0; i < N_OPTIONS; i++) {
        if (!(OPTIONS[i].commands & command))
            continue;
        lo[n++] =
                (struct option){ OPTIONS[i].name, OPTIONS[i].arg ? required_argument : no_argument,
                                 NULL, OPTIONS[i].id };
        if (OPTIONS[i].id < 256) {
            shortopts[s++] = (char)OPTIONS[i].id;
            if (OPTIONS[i].arg)
                shortopts[s++] = ':';
        }
    }
    lo[n] = (struct option){ NULL, 0, NULL, 0 };
    shortopts[s] = '\0';
    return n;
}

/* Command names by bit, for naming the commands an option belongs to. */
static const struct {
    unsigned bit;
    const char *name;
} CMD_NAMES[] = { { DP_CMD_POINTS, "points" },  { DP_CMD_FIELD, "field" },
                  { DP_CMD_MASK, "mask" },      { DP_CMD_RENDER, "render" },
                  { DP_CMD_PACK, "pack" },      { DP_CMD_STATS, "stats" },
                  { DP_CMD_TILES, "tiles" },    { DP_CMD_LAYERS, "layers" },
                  { DP_CMD_PREVIEW, "preview" } };

#define N_CMD_NAMES (sizeof CMD_NAMES / sizeof CMD_NAMES[0])

static const char *command_name(unsigned command)
{
    for (size_t i = 0; i < N_CMD_NAMES; i++)
        if (CMD_NAMES[i].bit == command)
            return CMD_NAMES[i].name;
    return "this command";
}

/* The commands that take option 'name' ("points and mask"), for one that does not: a bare
 * "unknown option" read as a typo (tiles --count). False when none does. */
static bool other_commands(const char *name, char *list, size_t cap)
{
    unsigned bits = 0;
    size_t used = 0;
    int n = 0, k = 0;
    for (size_t i = 0; i < N_OPTIONS; i++)
        if (strcmp(OPTIONS[i].name, name) == 0)
            bits |= OPTIONS[i].commands;
    for (size_t i = 0; i < N_CMD_NAMES; i++)
        n += (bits & CMD_NAMES[i].bit) != 0;
    list[0] = '\0';
    for (size_t i = 0; i < N_CMD_NAMES && used < cap; i++)
        if (bits & CMD_NAMES[i].bit)
            k++, used += (size_t)snprintf(list + used, cap - used, "%s%s",
                                          k == 1   ? ""
                                          : k == n ? " and "
                                                   : ", ",
                                          CMD_NAMES[i].name);
    return n > 0;
}

/* "--r": getopt_long refuses a prefix of several options; name them. Otherwise the
 * nearest option of this command, as a typo of it ("--radus": --radius). */
static dapple_status unknown_long(const struct option *lo, const char *arg, unsigned command,
                                  dapple_error *err)
{
    char name[64], q[DP_QUOTE_MAX], list[512] = "";
    size_t len = strcspn(arg + 2, "="), used = 0;
    int n = 0;
    dp_suggest s;
    snprintf(name, sizeof name, "%.*s", (int)DP_MIN(len, sizeof name - 1), arg + 2);
    dp_quote(name, q);
    dp_suggest_init(&s, name);
    for (; lo->name != NULL; lo++) {
        dp_suggest_try(&s, lo->name);
        if (name[0] == '\0' || strncmp(lo->name, name, strlen(name)) != 0 || used >= sizeof list)
            continue;
        used += (size_t)snprintf(list + used, sizeof list - used, "%s--%s", n++ ? ", " : "",
                                 lo->name);
    }
    if (n > 1)
        return dp_fail(err, DAPPLE_E_INVALID, "ambiguous option '--%s': %s", q, list);
    if (other_commands(name, list, sizeof list)) /* tiles --count: not a typo, not here */
        return dp_fail(err, DAPPLE_E_INVALID, "--%s is an option of %s, not of %s (see --help)", q,
                       list, command_name(command));
    if (dp_suggest_best(&s) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "unknown option '--%s' (did you mean --%s?)", q,
                       dp_suggest_best(&s));
    return dp_fail(err, DAPPLE_E_INVALID, "unknown option '--%s' (see --help)", q);
}

static dapple_status getopt_error(int c, char **argv, const struct option *lo, unsigned command,
                                  dapple_error *err)
{
    const char *arg = argv[optind - 1];
    const cli_option *opt = find_option(optopt);
    char q[DP_QUOTE_MAX];
    if (c == ':' && opt != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "--%s: missing value (%s)", opt->name, opt->arg);
    if (c == '?' && strncmp(arg, "--", 2) == 0 && arg[2] != '\0')
        return unknown_long(lo, arg, command, err);
    dp_quote(arg, q);
    if (c == ':')
        return dp_fail(err, DAPPLE_E_INVALID, "%s: missing value", q);
    return dp_fail(err, DAPPLE_E_INVALID, "unknown option '%s' (see --help)", q);
}

/* The field options of points, field and mask: --radius, or --rmin, --rmax and --field
 * (--rmax optional with --map density); mask --from needs none of them. */
static dapple_status check_field(const dp_cli_opts *o, dapple_error *err)
{
    bool density = o->map == DAPPLE_MAP_DENSITY;
    if (!isnan(o->cutoff) && !density)
        return dp_fail(err, DAPPLE_E_INVALID, "--cutoff: only with --map density");
    if (o->count > 0 && o->count > o->max_points)
        return dp_fail(err, DAPPLE_E_INVALID, "--count (%llu) exceeds --max-points (%llu%s)",
                       (unsigned long long)o->count, (unsigned long long)o->max_points,
                       o->have_max_points ? "" : ", the default: raise it with --max-points N");
    if (o->from != NULL && o->count > 0)
        return dp_fail(err, DAPPLE_E_INVALID, "--count: not with --from (the points are given)");
    if (o->relative && !o->have_region && o->command != DP_CMD_TILES)
        return dp_fail(err, DAPPLE_E_INVALID, "--relative: only with --region");
    if (o->have_region && o->from != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "--region: not with --from (draw the list whole)");
    if (o->have_region && o->count > 0)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--count: not with --region (the count is the whole world's)");
    if (o->have_region &&
        ((long)o->region_x + o->region_w > o->width || (long)o->region_y + o->region_h > o->height))
        return dp_fail(err, DAPPLE_E_INVALID, "--region: %d,%d,%dx%d is not inside the %dx%d world",
                       o->region_x, o->region_y, o->region_w, o->region_h, o->width, o->height);
    if (o->have_radius && (o->have_rmin || o->have_rmax || o->field))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--radius: give either --radius or --rmin, --rmax and --field");
    if (o->have_radius || (o->from != NULL && !o->have_rmin && !o->have_rmax && !o->field))
        return DAPPLE_OK;
    if (o->have_rmin && !o->have_rmax && !density && o->field != NULL)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "missing --rmax B (or --map density, where --rmin alone is the spacing at "
                       "full density)");
    if (!o->have_rmin || (!o->have_rmax && !density) || o->field == NULL)
        return dp_fail(err, DAPPLE_E_INVALID,
                       density ? "missing --radius R (or --rmin A --field SPEC)"
                               : "missing --radius R (or --rmin A --rmax B --field SPEC)");
    if (o->have_rmax && o->rmin > o->rmax)
        return dp_fail(err, DAPPLE_E_INVALID, "--rmin (%g) must not exceed --rmax (%g)", o->rmin,
                       o->rmax);
    /* a typo in the spec is a usage error, found before any work starts */
    dapple_field_opts scratch;
    char image[DP_PATH_MAX];
    dapple_field_opts_init(&scratch);
    if (dp_field_spec_parse(o->field, &scratch, image, sizeof image, err) != DAPPLE_OK)
        return dp_fail_prefix(err, DAPPLE_E_INVALID, "--field");
    return DAPPLE_OK;
}

/* stats: a point file; field options only to compare densities, so all are optional. */
static dapple_status check_stats(const dp_cli_opts *o, dapple_error *err)
{
    if (o->input == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "missing POINTS (a CSV or JSON point file)");
    if (o->preset != NULL && (o->have_rmin || o->have_rmax || o->field != NULL || o->have_map ||
                              !isnan(o->cutoff) || o->n_exclude > 0 || o->have_radius))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--preset: not with --radius or the field options (the preset's layer "
                       "gives the field)");
    if (o->layer != NULL && o->preset == NULL && !dp_parse_int(o->layer, 0, INT_MAX, &(int){ 0 })) {
        char q[DP_QUOTE_MAX];
        dp_quote(o->layer, q);
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--layer: '%s' is not a layer number (a name needs --preset FILE)", q);
    }
    if (o->have_rmin || o->have_rmax || o->field != NULL || o->have_map)
        return check_field(o, err);
    if (!isnan(o->cutoff))
        return dp_fail(err, DAPPLE_E_INVALID, "--cutoff: only with --map density");
    return DAPPLE_OK;
}

/* mask and field write an image of the world, or of its --region: within the image
 * limits (sides, pixels). */
static dapple_status check_image(const dp_cli_opts *o, dapple_error *err)
{
    int w = o->have_region ? o->region_w : o->width, h = o->have_region ? o->region_h : o->height;
    if (dp_check_size(w, h, err) == DAPPLE_OK)
        return DAPPLE_OK;
    return dp_fail_prefix(err, err->status, o->have_region ? "--region" : "--size");
}

static dapple_status check_required(const dp_cli_opts *o, dapple_error *err)
{
    bool sampling = o->command & ALL_SAMPLING;
    if (o->command == DP_CMD_STATS)
        return check_stats(o, err);
    if (o->command == DP_CMD_LAYERS || o->command == DP_CMD_PREVIEW)
        return o->input != NULL ? DAPPLE_OK : dp_fail(err, DAPPLE_E_INVALID, "missing PRESET.ini");
    bool other_output = o->height_path || o->normal_path || o->mask_path || o->points_path ||
                        o->albedo_path || o->roughness_path || o->ao_path;
    if (o->output == NULL && o->command == DP_CMD_RENDER && !other_output)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "missing -o FILE (or --height, --normal, --mask, --points, --albedo, "
                       "--roughness or --ao alone)");
    if (o->output == NULL && o->command != DP_CMD_RENDER)
        return dp_fail(err, DAPPLE_E_INVALID, "missing -o FILE");
    if (sampling && !o->have_size)
        return dp_fail(err, DAPPLE_E_INVALID, "missing --size WxH");
    if (o->command == DP_CMD_TILES && o->tile_size == 0)
        return dp_fail(err, DAPPLE_E_INVALID, "missing --tile-size PX");
    if (sampling && check_field(o, err) != DAPPLE_OK)
        return err->status;
    if (o->command & (DP_CMD_MASK | DP_CMD_FIELD))
        return check_image(o, err);
    if (sampling)
        return DAPPLE_OK;
    if (o->input == NULL && !(o->command == DP_CMD_PACK && o->merge))
        return dp_fail(err, DAPPLE_E_INVALID, "missing %s",
                       o->command == DP_CMD_PACK ? "PRESET_DIR" : "PRESET.ini");
    if (o->have_normal_conv && o->normal_path == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "--normal-convention: only with --normal FILE");
    if (o->scale > 0 && o->have_size)
        return dp_fail(err, DAPPLE_E_INVALID, "--scale: not with --size (the scale sets the size)");
    if (o->scale_to_w > 0 && (o->have_size || o->scale > 0))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "--scale-to: not with %s (it sets the size and scale)",
                       o->have_size ? "--size" : "--scale");
    return DAPPLE_OK;
}

static dapple_status take_positional(dp_cli_opts *o, const char *arg, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if ((o->command &
         (DP_CMD_RENDER | DP_CMD_PACK | DP_CMD_STATS | DP_CMD_LAYERS | DP_CMD_PREVIEW)) &&
        o->input == NULL) {
        o->input = arg;
        return DAPPLE_OK;
    }
    dp_quote(arg, q);
    return dp_fail(err, DAPPLE_E_INVALID, "unexpected argument '%s'", q);
}

dapple_status dp_cli_parse(unsigned command, int argc, char **argv, dp_cli_opts *o,
                           dapple_error *err)
{
    struct option lo[N_OPTIONS + 1];
    char shortopts[2 * N_OPTIONS + 2];
    int c;
    defaults(o, command);
    build_longopts(command, lo, shortopts);
    optind = 0; /* GNU: full re-initialisation, so the parser can run more than once */
    opterr = 0;
    while ((c = getopt_long(argc, argv, shortopts, lo, NULL)) != -1) {
        if (c == '?' || c == ':')
            return getopt_error(c, argv, lo, command, err);
        const cli_option *opt = find_option(c);
        if (opt->arg == NULL) {
            apply_flag(o, c);
            continue;
        }
        dapple_status st = apply_value(o, c, optarg, err);
        if (st != DAPPLE_OK)
            return option_fail(err, c, DAPPLE_E_INVALID);
    }
    if (o->help)
        return DAPPLE_OK;
    for (int i = optind; i < argc; i++) {
        if (take_positional(o, argv[i], err) != DAPPLE_OK)
            return DAPPLE_E_INVALID;
    }
    return check_required(o, err);
}

/* A bound as the docs write it: 2^64-1, 2^40, 0.25, 1000000000. */
static void format_bound(double v, char *buf, size_t cap)
{
    int e;
    if (v >= ALL_U64)
        snprintf(buf, cap, "2^64-1");
    else if (v >= 0x1p32 && frexp(v, &e) == 0.5)
        snprintf(buf, cap, "2^%d", e - 1);
    else
        snprintf(buf, cap, "%.12g", v);
}

/* " [1 .. 1000, default 30]": the option's range and default, from its table row; "" when
 * it has neither. test_docs.sh reads this bracket back. */
static void describe_range(const cli_option *opt, char *buf, size_t cap)
{
    char lo[32], hi[32];
    int n = 0;
    buf[0] = '\0';
    if (opt->range == R_NONE && opt->def == NULL)
        return;
    format_bound(opt->lo, lo, sizeof lo);
    format_bound(opt->hi, hi, sizeof hi);
    if (opt->range != R_NONE)
        n = snprintf(buf, cap, " [%s%s .. %s", opt->range == R_SIZE ? "sides " : "", lo, hi);
    if (opt->def != NULL && n >= 0 && (size_t)n < cap)
        n += snprintf(buf + n, cap - (size_t)n, "%sdefault %s", n ? ", " : " [", opt->def);
    if (n >= 0 && (size_t)n < cap)
        snprintf(buf + n, cap - (size_t)n, "]");
}

/* The help column starts at HELP_COL; lines end by column 80. */
enum { HELP_COL = 33, HELP_WIDTH = 80 - HELP_COL };

/* Prints text from the help column on, wrapped at spaces into lines of HELP_WIDTH, then the
 * range bracket whole: at the end of the last line if it fits, else on a line of its own.
 * test_docs.sh joins the lines again. */
static void print_wrapped(FILE *out, const char *text, const char *range)
{
    int col = 0;
    const char *p = text;
    while (*p != '\0') {
        while (*p == ' ')
            p++;
        int len = (int)strcspn(p, " ");
        if (col > 0 && col + 1 + len > HELP_WIDTH) {
            fprintf(out, "\n%*s", HELP_COL, "");
            col = 0;
        }
        fprintf(out, "%s%.*s", col > 0 ? " " : "", len, p);
        col += (col > 0) + len;
        p += len;
    }
    int rlen = (int)strlen(range); /* " [...]", with its leading space */
    if (rlen > 0 && col + rlen > HELP_WIDTH)
        fprintf(out, "\n%*s%s", HELP_COL, "", range + 1);
    else
        fputs(range, out);
    fputc('\n', out);
}

void dp_cli_print_help(FILE *out, unsigned command, const char *usage)
{
    fprintf(out, "usage: %s\n\noptions:\n", usage);
    for (size_t i = 0; i < N_OPTIONS; i++) {
        const cli_option *opt = &OPTIONS[i];
        char left[64], range[96];
        if (!(opt->commands & command))
            continue;
        if (opt->id < 256)
            snprintf(left, sizeof left, "-%c, --%s%s%s", opt->id, opt->name, opt->arg ? " " : "",
                     opt->arg ? opt->arg : "");
        else
            snprintf(left, sizeof left, "    --%s%s%s", opt->name, opt->arg ? " " : "",
                     opt->arg ? opt->arg : "");
        describe_range(opt, range, sizeof range);
        fprintf(out, "  %-30s ", left);
        print_wrapped(out, opt->help, range);
    }
}
