/* SPDX-License-Identifier: MIT
 * Command-line options for every subcommand, parsed from one table into one struct.
 * Parsing is pure (no printing, no exiting) so tests can call dp_cli_parse directly;
 * the table also prints each subcommand's --help. */
#ifndef DP_CLI_OPTS_H
#define DP_CLI_OPTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dapple.h"
#include "render/texture.h"

/* Which subcommands take an option: a bit per command. */
enum {
    DP_CMD_POINTS = 1 << 0,
    DP_CMD_FIELD = 1 << 1,
    DP_CMD_MASK = 1 << 2,
    DP_CMD_RENDER = 1 << 3,
    DP_CMD_PACK = 1 << 4,
    DP_CMD_STATS = 1 << 5,
    DP_CMD_TILES = 1 << 6,
    DP_CMD_LAYERS = 1 << 7,
    DP_CMD_PREVIEW = 1 << 8,
};

#define DP_CLI_MAX_SETS 64

typedef struct dp_cli_opts {
    unsigned command; /* one DP_CMD_* bit */
    bool help;
    bool quiet; /* no live progress line and no summary (points, field, mask, render) */

    /* domain and field (points, field, mask; --size and --seed also render) */
    int width, height;
    bool have_size;
    double radius, rmin, rmax;
    bool have_radius, have_rmin, have_rmax;
    const char *field; /* spec string, NULL = constant */
    dapple_field_map map;
    bool have_map;
    double cutoff; /* NaN unless given */
    double black, white, gamma;
    const char *exclude[DP_MAX_EXCLUDE]; /* image:PATH specs, as given */
    int n_exclude;
    bool invert;
    double dilate;
    uint64_t count; /* 0 = none */
    int k;
    uint64_t max_points;
    bool have_max_points;
    uint64_t seed;
    bool have_seed;
    dp_wrap wrap; /* --periodic: the axes that wrap */
    bool dense, maximal, relax;

    /* outputs */
    const char *output;      /* -o */
    const char *format;      /* --format csv|json */
    dp_mask_kind mask_kind;  /* --kind */
    int depth;               /* --depth 8|16 */
    const char *points_path; /* --points */
    const char *from;        /* mask --from: draw this point list instead of sampling */
    double dot_radius;       /* mask dots in pixels; 0 = mask_scale * r */
    bool rotation, y_up;     /* point list columns */
    bool relative;           /* --relative: x, y from the region's corner */
    double scale_jitter;
    int variants;
    bool have_region; /* points --region: only the world's points in this window */
    int region_x, region_y, region_w, region_h;
    const char *height_path, *normal_path, *mask_path;
    const char *albedo_path, *roughness_path, *ao_path; /* render: the material maps */
    bool detail;                                        /* render --detail */
    bool normal_dx, have_normal_conv;
    int jpeg_quality;
    uint64_t max_pixels; /* --max-pixels: limit for decoded input images */

    /* render / pack */
    const char *input; /* the preset file or preset folder (positional) */
    const char *sets[DP_CLI_MAX_SETS];
    int n_sets;
    double scale;               /* render --scale: 0 = not given */
    int scale_to_w, scale_to_h; /* render --scale-to WxH: 0 = not given */
    int jobs; /* pack workers; sampling threads of points, mask, render (0 = cores) */
    bool force, check, merge;
    uint64_t seed_first, seed_last;
    bool have_seeds;
    int shard_index, shard_count; /* 1-based index; count 0 = no sharding */
    int size_cap;                 /* pack: render at most this many pixels per side */
    int tile_size;                /* tiles: side of the square tiles, 0 = not given */
    int tile_base;                /* tiles: the number of the first column and row, 0 or 1 */
    int preview_cap;              /* preview: renders at most this many pixels per side */
    int port;                     /* preview: 0 = a free port */
    const char *host;             /* preview: the address to listen on */
    bool allow_remote;            /* preview: --host may be a non-loopback address */
    int time_limit;               /* preview: seconds a render may run */

    /* stats (the point file is 'input') */
    const char *plot;   /* --plot PREFIX: charts and CSV tables, PREFIX-*.png / .csv */
    const char *layer;  /* --layer N|NAME: only the points of this layer */
    const char *preset; /* --preset FILE: the field, size and periodicity of its layer */
    bool json, strict;
} dp_cli_opts;

/** Parses argv[1..] of one subcommand ('command' is a DP_CMD_* bit). Returns DAPPLE_OK or
 * DAPPLE_E_INVALID with err->message naming the option ("--rmin: expected ..."). Cross-
 * option rules (e.g. --radius or --rmin/--rmax/--field) are checked here too. */
DAPPLE_USERESULT dapple_status dp_cli_parse(unsigned command, int argc, char **argv, dp_cli_opts *o,
                                            dapple_error *err);

/** Prints the options of 'command' with their help text. */
void dp_cli_print_help(FILE *out, unsigned command, const char *usage);

#endif
