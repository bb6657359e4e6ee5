/* SPDX-License-Identifier: MIT
 * dapple — variable-density Poisson-disk point sets, and the textures and masks made from them.
 *
 * Simple interface:
 *
 *     dapple_error err;
 *     dapple_field_opts fo;
 *     dapple_field_opts_init(&fo);
 *     fo.width = 512; fo.height = 512; fo.kind = DAPPLE_FIELD_PERLIN; fo.rmin = 2; fo.rmax = 8;
 *     dapple_field *field = NULL;
 *     if (dapple_field_new(&field, &fo, &err) != DAPPLE_OK) { puts(err.message); return 1; }
 *
 *     dapple_sampler_opts so;
 *     dapple_sampler_opts_init(&so);
 *     so.width = 512; so.height = 512; so.seed = 7;
 *     dapple_sampler *s = NULL;
 *     dapple_stop stop;
 *     if (dapple_sampler_new(&s, field, &so, &err) || dapple_sampler_run(s, &stop, &err)) ...
 *     size_t n;
 *     const dapple_point *p = dapple_sampler_points(s, &n);   // owned by s
 *     dapple_sampler_free(s);
 *     dapple_field_free(field);
 *
 * The rule: every pair of points p, q is at least max(r_p, r_q) apart, where r is the
 * field's radius at each point. The library never prints, never exits and keeps no
 * mutable global state, so separate objects may be used from separate threads.
 */
#ifndef DAPPLE_H
#define DAPPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DAPPLE_VERSION "0.9.0"
/* The same version as numbers, kept in step with the string (tests/unit/test_abi.c checks). */
#define DAPPLE_VERSION_MAJOR 0
#define DAPPLE_VERSION_MINOR 9
#define DAPPLE_VERSION_PATCH 0
#define DAPPLE_VERSION_NUMBER \
    (DAPPLE_VERSION_MAJOR * 10000 + DAPPLE_VERSION_MINOR * 100 + DAPPLE_VERSION_PATCH)

#if defined(__GNUC__)
#define DAPPLE_USERESULT __attribute__((warn_unused_result))
/* The library is built with -fvisibility=hidden: only what carries DAPPLE_API is exported. */
#define DAPPLE_API __attribute__((visibility("default")))
#else
#define DAPPLE_USERESULT
#define DAPPLE_API
#endif

/** The version of the library the program runs with, as DAPPLE_VERSION_NUMBER
 * (MAJOR * 10000 + MINOR * 100 + PATCH); it may be newer than the header it was built with. */
DAPPLE_API int dapple_version(void);

/** The same as a static string, "0.9.0". */
DAPPLE_API const char *dapple_version_string(void);

/** Result of every fallible call. DAPPLE_OK is 0; the rest are > 0. */
typedef enum dapple_status {
    DAPPLE_OK = 0,
    DAPPLE_E_INVALID, /* a parameter is out of range; the message names it */
    DAPPLE_E_NOMEM,
    DAPPLE_E_IO,        /* open/read/write/rename failed; the message has path + strerror */
    DAPPLE_E_FORMAT,    /* an image or preset could not be decoded */
    DAPPLE_E_LIMIT,     /* input exceeds a configured size limit */
    DAPPLE_E_RENDER,    /* cairo reported an error */
    DAPPLE_E_CANCELLED, /* a progress callback asked to stop */
} dapple_status;

/** Filled by a failing call when non-NULL. 'message' is one line, no trailing newline,
 * and names the file, line or option at fault. */
typedef struct dapple_error {
    dapple_status status;
    char message[256];
} dapple_error;

/** A short, static name for a status ("invalid argument", ...). */
DAPPLE_API const char *dapple_status_str(dapple_status s);

/** One sample: position in domain units and the field radius there. float keeps the
 * point set compact; the distance rule holds for these stored float values exactly. */
typedef struct dapple_point {
    float x, y, r;
} dapple_point;

/* ---------------------------------------------------------------- limits
 * Every range dapple accepts, defined once: the library's checks, the command line's option
 * table (src/cli/opts.c) and the preset parameter table (src/preset/params.c) all read these
 * macros, so a count, a thread number, a domain side or a field setting that one of them
 * takes, all of them take. Two kinds of value differ by design (docs/library.md, "Limits",
 * says why): lengths a person types in pixels (radius, Perlin scale, dilation) are held to a
 * typing range on the command line and in presets (the _CLI macros), the library takes any
 * length up to its own bound; and an image dapple writes is held to the IMAGE limits. A value
 * outside is DAPPLE_E_INVALID with "NAME: expected a number in [LO, HI], got V". */
#define DAPPLE_LIMIT_SIDE       2097152    /* domain (world) width and height: (0, 2^21] */
#define DAPPLE_LIMIT_K          1000       /* k, candidates per active point: 1 .. this */
#define DAPPLE_LIMIT_POINTS     1000000000 /* max_points and a target count: 1 .. this */
#define DAPPLE_LIMIT_THREADS    256        /* threads: 1 .. this (a field also takes 0) */
#define DAPPLE_LIMIT_OCTAVES    12         /* Perlin octaves: 1 .. this */
#define DAPPLE_LIMIT_LACUNARITY 8.0        /* Perlin lacunarity: 1 .. this (gain: 0 .. 1) */
#define DAPPLE_LIMIT_GAMMA_MIN  0.01       /* gamma: this .. DAPPLE_LIMIT_GAMMA_MAX */
#define DAPPLE_LIMIT_GAMMA_MAX  16.0
#define DAPPLE_LIMIT_CUTOFF     0.999 /* density cutoff: 0 .. this */
#define DAPPLE_LIMIT_SCALE      1e9   /* library: Perlin scale in (0, this] units */
/* the command line and presets: lengths typed in pixels (see above) */
#define DAPPLE_LIMIT_RADIUS_CLI_MIN 0.25 /* radius, rmin, rmax */
#define DAPPLE_LIMIT_RADIUS_CLI_MAX 4096.0
#define DAPPLE_LIMIT_SCALE_CLI_MIN  1.0 /* Perlin scale (and a preset's background_scale) */
#define DAPPLE_LIMIT_SCALE_CLI_MAX  65536.0
#define DAPPLE_LIMIT_DILATE_CLI     1024.0 /* dilate: -this .. this (library: the side) */
/* an image the command line writes: cairo's side, and memory */
#define DAPPLE_LIMIT_IMAGE_SIDE   32767
#define DAPPLE_LIMIT_IMAGE_PIXELS ((int64_t)1 << 26) /* 64 Mpixel */

/* ---------------------------------------------------------------- radius field */

typedef enum dapple_field_kind {
    DAPPLE_FIELD_CONSTANT, /* r = rmax everywhere (set rmin == rmax == radius) */
    DAPPLE_FIELD_IMAGE,    /* grey image stretched over the domain, bilinear */
    DAPPLE_FIELD_PERLIN,   /* stb_perlin fBm, offset by the seed */
} dapple_field_kind;

/** Perlin fBm parameters: 'scale' is the feature size in domain units. */
typedef struct dapple_perlin {
    double scale;      /* default 64; (0, DAPPLE_LIMIT_SCALE] */
    int octaves;       /* default 4; 1 .. DAPPLE_LIMIT_OCTAVES */
    double lacunarity; /* default 2; 1 .. DAPPLE_LIMIT_LACUNARITY */
    double gain;       /* default 0.5; 0 .. 1 */
} dapple_perlin;

/** A grey image, row-major, values 0..65535 (8-bit images are scaled by 257). */
typedef struct dapple_grey {
    const uint16_t *pixels;
    int width, height;
} dapple_grey;

/** How the field's value v in [0, 1] becomes a radius. */
typedef enum dapple_field_map {
    DAPPLE_MAP_RADIUS,  /* r = rmin + v (rmax - rmin): the Dev.Mag article's rule (default) */
    DAPPLE_MAP_DENSITY, /* v is relative density: r = rmin / sqrt(v), at most rmax; no point
                           at all where v <= cutoff */
} dapple_field_map;

#define DAPPLE_DEFAULT_CUTOFF 0.004 /* 8-bit grey 0 and 1 */
/** Density map with rmax = 0: densities below this floor are read as the floor, so the
 * spacing is at most rmin / sqrt(max(cutoff, DAPPLE_DENSITY_FLOOR)). */
#define DAPPLE_DENSITY_FLOOR (1.0 / 1024.0)
#define DAPPLE_MAX_EXCLUDE   8 /* exclusion images: 0 .. this */

/** Which edges of the domain meet, for the options' 'wrap' member: a tile that repeats
 * across only (a window pane with snow at its foot) wraps x and leaves the top and bottom
 * edges apart. The field's and the sampler's should say the same. */
typedef enum dapple_wrap {
    DAPPLE_WRAP_AS_PERIODIC, /* the default: as the options' 'periodic' says, both axes or none */
    DAPPLE_WRAP_NONE,        /* a rectangle: no edge wraps */
    DAPPLE_WRAP_X,           /* the left and right edges meet: tiles across */
    DAPPLE_WRAP_Y,           /* the top and bottom edges meet: tiles down */
    DAPPLE_WRAP_XY,          /* a torus, as periodic = true: tiles both ways */
} dapple_wrap;

/** The order of the steps: source value (image, Perlin or 1 for a constant), levels
 * (black, white), gamma, invert, dilate, then the map. */
typedef struct dapple_field_opts {
    size_t struct_size; /* set by dapple_field_opts_init(); see "ABI" in docs/library.md */
    dapple_field_kind kind;
    double width, height; /* the domain the field covers, in units (pixels); (0,
                             DAPPLE_LIMIT_SIDE] */
    double rmin, rmax;    /* 0 < rmin <= rmax; the density map also takes rmax = 0 (see
                             DAPPLE_DENSITY_FLOOR) */
    dapple_field_map map; /* default DAPPLE_MAP_RADIUS */
    double cutoff;        /* density map: no points where v <= cutoff; 0 .. DAPPLE_LIMIT_CUTOFF,
                             default DAPPLE_DEFAULT_CUTOFF; the radius map ignores it */
    double black, white;  /* levels: v = (v - black) / (white - black), clamped to [0, 1];
                             0 <= black < white <= 1, default 0 and 1 */
    double gamma;         /* then v = v^gamma; DAPPLE_LIMIT_GAMMA_MIN .. _MAX, default 1 */
    bool invert;          /* then use 1 - v */
    double dilate;        /* then grow bright areas of v by this many units; < 0 erodes;
                             |dilate| <= DAPPLE_LIMIT_SIDE */
    dapple_perlin perlin;
    dapple_grey image; /* for DAPPLE_FIELD_IMAGE; borrowed for the dapple_field_new call only */
    /* exclusion images, each stretched over the domain like 'image': no point is placed
     * on a pixel at least half white. Borrowed for the call only. */
    const dapple_grey *exclude;
    int n_exclude; /* 0..DAPPLE_MAX_EXCLUDE */
    uint64_t seed; /* offsets the Perlin noise */
    bool periodic; /* the field tiles: Perlin wraps, lookups and dilation wrap */
    int threads;   /* threads that evaluate Perlin noise into the raster, up to DAPPLE_LIMIT_THREADS
                      (0 and the default 1 mean one); the field is the same whatever the number */
    dapple_wrap wrap; /* which axes tile; other than DAPPLE_WRAP_AS_PERIODIC (the default) it
                         wins over 'periodic': DAPPLE_WRAP_X wraps Perlin noise, lookups and
                         dilation across only */
} dapple_field_opts;

typedef struct dapple_field dapple_field;

/** Fills the first 'size' bytes of *o with defaults: constant kind, 512 x 512, rmin = rmax
 * = 1, radius map, cutoff 0.004, levels 0..1, gamma 1, Perlin 64/4/2/0.5, seed 1; and
 * o->struct_size = size. Call it through dapple_field_opts_init(), which passes sizeof. */
DAPPLE_API void dapple_field_opts_init_size(dapple_field_opts *o, size_t size);
#define dapple_field_opts_init(o) dapple_field_opts_init_size((o), sizeof *(o))

/** Builds and rasterises a field. On failure *out is NULL and err says which option. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_field_new(dapple_field **out,
                                                           const dapple_field_opts *o,
                                                           dapple_error *err);

/** The radius at (x, y), bilinear; always inside [rmin, rmax]. Where no point may lie
 * (see dapple_field_allowed_at) it is that of the nearest allowed raster pixels. */
DAPPLE_API double dapple_field_radius_at(const dapple_field *f, double x, double y);

/** False where the field places no point: the pixel under (x, y) of the density map is
 * at or below its cutoff, or that of an exclusion image at least half white. */
DAPPLE_API bool dapple_field_allowed_at(const dapple_field *f, double x, double y);

/** Relative point density at (x, y): (rmin / r)^2, in (0, 1], or 0 where no point is
 * allowed. The density map gives back v (capped at rmax); the radius map 1/r^2 scaled. */
DAPPLE_API double dapple_field_density_at(const dapple_field *f, double x, double y);

/** DAPPLE_MAP_RADIUS or DAPPLE_MAP_DENSITY. */
DAPPLE_API dapple_field_map dapple_field_map_kind(const dapple_field *f);

/** The largest radius a field built from o can have (its rmax; for the density map with
 * rmax = 0, rmin / sqrt(max(cutoff, DAPPLE_DENSITY_FLOOR)); rmin for a constant density
 * field), without building it. */
DAPPLE_API double dapple_field_opts_rmax(const dapple_field_opts *o);

DAPPLE_API double dapple_field_rmin(const dapple_field *f);
DAPPLE_API double dapple_field_rmax(const dapple_field *f);

/** Expected number of Bridson points for this field (integral of ~0.7 / r^2). */
DAPPLE_API double dapple_field_estimate_points(const dapple_field *f);

/** Writes the prepared field as grey levels into the caller's w x h buffer (row-major,
 * stride w), sampled at pixel centres over the domain: for the radius map
 * 65535 (r - rmin) / (rmax - rmin) (white = sparse); for the density map 65535 times
 * dapple_field_density_at (white = dense, black = no points). */
DAPPLE_API void dapple_field_render_into(const dapple_field *f, uint16_t *buf, int w, int h);

DAPPLE_API void dapple_field_free(dapple_field *f);

/* ---------------------------------------------------------------- obstacles ('avoid') */

/** A set of circles with its own spatial index: the earlier layers a new layer avoids. */
typedef struct dapple_circles dapple_circles;

DAPPLE_API DAPPLE_USERESULT dapple_status dapple_circles_new(dapple_circles **out, double width,
                                                             double height, bool periodic,
                                                             dapple_error *err);

/** As dapple_circles_new, with the axes that wrap named one by one (DAPPLE_WRAP_AS_PERIODIC
 * is DAPPLE_WRAP_NONE here): the circles of a sampler whose 'wrap' is DAPPLE_WRAP_X wrap
 * across only. An unknown value is DAPPLE_E_INVALID. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_circles_new_wrap(dapple_circles **out,
                                                                  double width, double height,
                                                                  dapple_wrap wrap,
                                                                  dapple_error *err);

/** Adds one circle per point, of radius scale * p.r. Points are copied. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_circles_add(dapple_circles *c,
                                                             const dapple_point *pts, size_t n,
                                                             double scale, dapple_error *err);

/** True if the circle at (x, y) of this radius overlaps (intersects) any stored circle. */
DAPPLE_API bool dapple_circles_overlap(const dapple_circles *c, double x, double y, double radius);

DAPPLE_API void dapple_circles_free(dapple_circles *c);

/* ---------------------------------------------------------------- sampler */

typedef enum dapple_stop {
    DAPPLE_STOP_COMPLETE,   /* no active point left: the domain is full */
    DAPPLE_STOP_MAX_POINTS, /* the bail-out limit ended the run */
} dapple_stop;

#define DAPPLE_DEFAULT_MAX_POINTS ((size_t)20000000)

/** Called by dapple_sampler_run() and dapple_world_sample() now and then (from the calling
 * thread) with the fraction done, an estimate in [0, 1]: return 0 to go on, anything else
 * to stop the run with DAPPLE_E_CANCELLED. */
typedef int (*dapple_progress_fn)(void *user, double fraction);

typedef struct dapple_sampler_opts {
    size_t struct_size;          /* set by dapple_sampler_opts_init(); see "ABI" in library.md */
    double width, height;        /* domain: the field's; points lie in [0, width) x [0, height);
                                    (0, DAPPLE_LIMIT_SIDE] */
    int k;                       /* candidates per active point; 1 .. DAPPLE_LIMIT_K, default 30 */
    size_t max_points;           /* bail-out; 1 .. DAPPLE_LIMIT_POINTS, default
                                    DAPPLE_DEFAULT_MAX_POINTS */
    uint64_t seed;               /* default 1 */
    bool periodic;               /* the domain is a torus: tileable point sets */
    bool dense;                  /* candidates on the circle just outside r, swept in angle */
    bool maximal;                /* after sampling, fill every gap (no spot farther than r(x)) */
    const dapple_circles *avoid; /* borrowed; candidates whose circle overlaps are rejected */
    double avoid_scale;          /* a new point's circle for 'avoid' has radius avoid_scale * r */
    double spacing_scale;        /* every radius of the field times this; default 1 (> 0) */
    dapple_progress_fn progress; /* optional (NULL): progress and cancel */
    void *progress_user;         /* passed to 'progress' */
    bool relax;       /* relaxed blue noise: dense mode's sweep with a random shell from scattered
                         seeds, then maximal's gap fill: rho ~0.86, no lattice, no rings
                         (docs/algorithm.md, 7); wins over dense */
    dapple_wrap wrap; /* which axes wrap; other than DAPPLE_WRAP_AS_PERIODIC (the default) it
                         wins over 'periodic': DAPPLE_WRAP_X makes a set that tiles across,
                         whose points near the top edge are not held off by those near the
                         bottom */
} dapple_sampler_opts;

/** As dapple_field_opts_init_size: 512 x 512, k 30, max_points DAPPLE_DEFAULT_MAX_POINTS,
 * seed 1, avoid_scale 1, spacing_scale 1, the rest 0 / false / NULL. */
DAPPLE_API void dapple_sampler_opts_init_size(dapple_sampler_opts *o, size_t size);
#define dapple_sampler_opts_init(o) dapple_sampler_opts_init_size((o), sizeof *(o))

typedef struct dapple_sampler dapple_sampler;

/** Creates a sampler over 'field', which is borrowed: keep it alive (and 'avoid') until
 * dapple_sampler_free(). o's width and height must be the field's (DAPPLE_E_INVALID
 * otherwise: the field would be stretched or cut without a word). On failure *out is NULL
 * and err names the bad option. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_sampler_new(dapple_sampler **out,
                                                             const dapple_field *field,
                                                             const dapple_sampler_opts *o,
                                                             dapple_error *err);

/** Runs to completion or to the bail-out limit; *stop says which. Bail-out is DAPPLE_OK.
 * When o->progress asks to stop: DAPPLE_E_CANCELLED, and the points made so far stay. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_sampler_run(dapple_sampler *s, dapple_stop *stop,
                                                             dapple_error *err);

/** Points in generation order. The array belongs to the sampler and stays valid until the
 * next dapple_sampler_run() or dapple_sampler_free(). Before the first run: NULL and 0. */
DAPPLE_API const dapple_point *dapple_sampler_points(const dapple_sampler *s, size_t *count);

/** Creates and runs a sampler (as dapple_sampler_new and dapple_sampler_run) whose
 * spacing_scale is chosen so that it gives 'count' points within 1 %: deterministic, the
 * same arguments give the same points. *scale gets the factor (relative to o's own
 * spacing_scale). DAPPLE_E_INVALID when count is 0 or above o->max_points, or when no
 * scale reaches it (the message gives the closest count). */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_sampler_new_count(
        dapple_sampler **out, const dapple_field *field, const dapple_sampler_opts *o, size_t count,
        double *scale, dapple_stop *stop, dapple_error *err);

DAPPLE_API void dapple_sampler_free(dapple_sampler *s);

/* ---------------------------------------------------------------- worlds */

/** A window of a world: the points with x <= px < x + width and y <= py < y + height. */
typedef struct dapple_region {
    double x, y, width, height;
} dapple_region;

/** The points of the world that o describes (o->width x o->height over 'field', with o's
 * seed, k, modes, avoid and spacing_scale), sampled as chunks in four phases (see
 * docs/algorithm.md, section 10): any region computed alone, on any number of threads,
 * gives exactly the world's points inside it, bit for bit. This is what `dapple points`
 * writes; a plain dapple_sampler gives another (equally valid) set. region NULL means the
 * whole world; threads in [1, DAPPLE_LIMIT_THREADS]. *points (*count of them, in chunk order: rows
 * of chunks top to bottom, each left to right, each chunk's points in the order made) are the
 * caller's: free them with dapple_points_free(). *stop is DAPPLE_STOP_MAX_POINTS when the
 * world passed o->max_points (the list is cut there; checked every 64 chunks, so at most
 * 64 chunks' worth of points more are made). */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_world_sample(
        const dapple_field *field, const dapple_sampler_opts *o, const dapple_region *region,
        int threads, dapple_point **points, size_t *count, dapple_stop *stop, dapple_error *err);

/** As dapple_world_sample() over the whole world, with every radius scaled so that the
 * world has 'count' points within 1 %: what `dapple points --count` writes. The same search
 * as dapple_sampler_new_count, as deterministic (any number of threads gives the same
 * points). *scale gets the factor (relative to o's own spacing_scale). DAPPLE_E_INVALID
 * when count is 0 or above o->max_points, or when no scale reaches it (the message gives the
 * closest count); on failure *points is NULL and *n 0. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_world_sample_count(
        const dapple_field *field, const dapple_sampler_opts *o, size_t count, int threads,
        dapple_point **points, size_t *n, double *scale, dapple_stop *stop, dapple_error *err);

/** What a world run asks for besides the sampler's options: one struct that grows, in
 * place of the argument lists of dapple_world_sample() and dapple_world_sample_count(). */
typedef struct dapple_world_opts {
    size_t struct_size;   /* set by dapple_world_opts_init(); see "ABI" in docs/library.md */
    dapple_region region; /* the window to compute; width and height 0 (the default): the
                             whole world */
    int threads;          /* 1 .. DAPPLE_LIMIT_THREADS, default 1: the same points for any */
    size_t count;         /* 0 (default): the field's spacing; else every radius scaled so
                             that the world holds 'count' points within 1 % (as
                             dapple_world_sample_count; the region must be the whole world) */
} dapple_world_opts;

/** As dapple_field_opts_init_size: the whole world, one thread, no count. */
DAPPLE_API void dapple_world_opts_init_size(dapple_world_opts *o, size_t size);
#define dapple_world_opts_init(o) dapple_world_opts_init_size((o), sizeof *(o))

/** The points of the world that so describes over 'field', as wo asks: the same points as
 * dapple_world_sample() (or dapple_world_sample_count() when wo->count > 0) with the same
 * arguments. *points (*n of them) are the caller's: dapple_points_free(). On failure
 * *points is NULL and *n 0; err may be NULL. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_world_run(const dapple_field *field,
                                                           const dapple_sampler_opts *so,
                                                           const dapple_world_opts *wo,
                                                           dapple_point **points, size_t *n,
                                                           dapple_stop *stop, dapple_error *err);

/** Frees a point list from dapple_world_sample(); NULL is a no-op. */
DAPPLE_API void dapple_points_free(dapple_point *points);

/* ---------------------------------------------------------------- image files
 * In libdapple only, not in libdapple-core (which needs no libpng). */

#define DAPPLE_DEFAULT_MAX_PIXELS ((uint64_t)64 * 1024 * 1024)

/** Reads a PNG (8 or 16 bit), grey PGM, JPEG, BMP, TGA, PSD or GIF file as grey 0..65535,
 * the way the dapple command reads a field image (docs/formats.md): colour becomes
 * luminance (0.2126 R + 0.7152 G + 0.0722 B), alpha is ignored, 8-bit values are scaled
 * by 257 and 16-bit PNG keeps its precision. An image of more than max_pixels pixels
 * (0: DAPPLE_DEFAULT_MAX_PIXELS) is refused with DAPPLE_E_LIMIT before it is decoded.
 * On success *out holds malloc'ed pixels: free them with dapple_grey_free(). On failure
 * *out is { NULL, 0, 0 } and the message names the path. */
DAPPLE_API DAPPLE_USERESULT dapple_status dapple_image_load_grey(const char *path,
                                                                 uint64_t max_pixels,
                                                                 dapple_grey *out,
                                                                 dapple_error *err);

/** Frees the pixels of a dapple_grey from dapple_image_load_grey(); NULL is a no-op. */
DAPPLE_API void dapple_grey_free(dapple_grey *g);

#ifdef __cplusplus
}
#endif
#endif
