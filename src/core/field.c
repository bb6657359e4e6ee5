/* SPDX-License-Identifier: MIT
 * Radius fields: constant, a grey image stretched over the domain, or Perlin fBm, read
 * as radius (r = rmin + v (rmax - rmin), Dev.Mag) or as relative density (r = rmin /
 * sqrt(v): points per area proportional to v, none at or below the cutoff).
 * Everything but the constant becomes one float raster at build time (Perlin at about one
 * sample per unit), because the sampler asks for r millions of times and one fBm call
 * costs as much as a whole candidate test; the raster is made a row at a time
 * (core/perlin.c). stb_perlin keys its hash by 8 bits only, so the full 64-bit seed also
 * moves the noise coordinates. Periodic Perlin uses an integer lattice period per octave
 * (stb_perlin_noise3_wrap_nonpow2), so the raster tiles. */
#include "core/field.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/abi.h"
#include "core/morph.h"
#include "core/perlin.h"

/* ---------------------------------------------------------------- validation */

static dapple_status check_extent(const char *name, double v, dapple_error *err)
{
    if (!(v > 0 && v <= DAPPLE_LIMIT_SIDE))
        return dp_fail_range(err, name, "(", 0, DAPPLE_LIMIT_SIDE, v);
    return DAPPLE_OK;
}

static dapple_status check_perlin(const dapple_perlin *p, dapple_error *err)
{
    if (!(p->scale > 0 && p->scale <= DAPPLE_LIMIT_SCALE))
        return dp_fail_range(err, "perlin scale", "(", 0, DAPPLE_LIMIT_SCALE, p->scale);
    if (p->octaves < 1 || p->octaves > DAPPLE_LIMIT_OCTAVES)
        return dp_fail_range_int(err, "perlin octaves", 1, DAPPLE_LIMIT_OCTAVES, p->octaves);
    if (!(p->lacunarity >= 1 && p->lacunarity <= DAPPLE_LIMIT_LACUNARITY))
        return dp_fail_range(err, "perlin lacunarity", "[", 1, DAPPLE_LIMIT_LACUNARITY,
                             p->lacunarity);
    if (!(p->gain >= 0 && p->gain <= 1))
        return dp_fail_range(err, "perlin gain", "[", 0, 1, p->gain);
    return DAPPLE_OK;
}

static dapple_status check_image(const dapple_grey *g, dapple_error *err)
{
    if (g->pixels == NULL || g->width < 1 || g->height < 1)
        return dp_fail(err, DAPPLE_E_INVALID, "image field needs pixels, got %dx%d%s", g->width,
                       g->height, g->pixels == NULL ? " and no buffer" : "");
    if ((double)g->width * g->height > DP_FIELD_MAX_PIXELS)
        return dp_fail(err, DAPPLE_E_LIMIT, "image field %dx%d exceeds the limit of %d pixels",
                       g->width, g->height, DP_FIELD_MAX_PIXELS);
    return DAPPLE_OK;
}

double dapple_field_opts_rmax(const dapple_field_opts *o)
{
    if (o->map != DAPPLE_MAP_DENSITY)
        return o->rmax;
    if (o->kind == DAPPLE_FIELD_CONSTANT) /* full density */
        return o->rmin;
    return o->rmax > 0 ? o->rmax : o->rmin / sqrt(DP_MAX(o->cutoff, DAPPLE_DENSITY_FLOOR));
}

static dapple_status check_mapping(const dapple_field_opts *o, dapple_error *err)
{
    if (o->map != DAPPLE_MAP_RADIUS && o->map != DAPPLE_MAP_DENSITY)
        return dp_fail(err, DAPPLE_E_INVALID, "unknown field map %d", (int)o->map);
    if (!(o->cutoff >= 0 && o->cutoff <= DAPPLE_LIMIT_CUTOFF))
        return dp_fail_range(err, "cutoff", "[", 0, DAPPLE_LIMIT_CUTOFF, o->cutoff);
    if (!(o->black >= 0 && o->black < o->white && o->white <= 1))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "levels must satisfy 0 <= black < white <= 1, got %g and %g", o->black,
                       o->white);
    if (!(o->gamma >= DAPPLE_LIMIT_GAMMA_MIN && o->gamma <= DAPPLE_LIMIT_GAMMA_MAX))
        return dp_fail_range(err, "gamma", "[", DAPPLE_LIMIT_GAMMA_MIN, DAPPLE_LIMIT_GAMMA_MAX,
                             o->gamma);
    if (o->n_exclude < 0 || o->n_exclude > DAPPLE_MAX_EXCLUDE ||
        (o->n_exclude > 0 && o->exclude == NULL))
        return dp_fail(err, DAPPLE_E_INVALID, "n_exclude must be in [0, %d] with images, got %d",
                       DAPPLE_MAX_EXCLUDE, o->n_exclude);
    return DAPPLE_OK;
}

static dapple_status check_opts(const dapple_field_opts *o, dapple_error *err)
{
    dapple_status st;
    if ((st = check_extent("width", o->width, err)) ||
        (st = check_extent("height", o->height, err)))
        return st;
    if (!(o->rmin > 0) || !isfinite(o->rmin))
        return dp_fail(err, DAPPLE_E_INVALID, "rmin must be > 0, got %g", o->rmin);
    if ((st = check_mapping(o, err)) != DAPPLE_OK)
        return st;
    bool auto_cap = o->map == DAPPLE_MAP_DENSITY && o->rmax == 0;
    if (!isfinite(o->rmax) || !(o->rmin <= o->rmax || auto_cap))
        return dp_fail(err, DAPPLE_E_INVALID, "rmin (%g) must not exceed rmax (%g)", o->rmin,
                       o->rmax);
    /* the CLI and presets refuse this too: the field would silently be rmax everywhere */
    if (o->kind == DAPPLE_FIELD_CONSTANT && o->rmin < dapple_field_opts_rmax(o))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "a constant field has one radius, got rmin %g < rmax %g (set both to it, "
                       "or use a Perlin or image field)",
                       o->rmin, o->rmax);
    if (o->threads < 0 || o->threads > DAPPLE_LIMIT_THREADS)
        return dp_fail_range_int(err, "threads", 0, DAPPLE_LIMIT_THREADS, o->threads);
    if (!dp_wrap_known(o->wrap))
        return dp_fail(err, DAPPLE_E_INVALID, "wrap must be a dapple_wrap value, got %d",
                       (int)o->wrap);
    if (!(fabs(o->dilate) <= DAPPLE_LIMIT_SIDE))
        return dp_fail_range(err, "dilate", "[", -DAPPLE_LIMIT_SIDE, DAPPLE_LIMIT_SIDE, o->dilate);
    for (int i = 0; i < o->n_exclude; i++)
        if ((st = check_image(&o->exclude[i], err)) != DAPPLE_OK)
            return dp_fail_prefix(err, st, "exclusion image %d", i + 1);
    switch (o->kind) {
    case DAPPLE_FIELD_CONSTANT:
        return DAPPLE_OK;
    case DAPPLE_FIELD_PERLIN:
        return check_perlin(&o->perlin, err);
    case DAPPLE_FIELD_IMAGE:
        return check_image(&o->image, err);
    }
    return dp_fail(err, DAPPLE_E_INVALID, "unknown field kind %d", (int)o->kind);
}

/* ---------------------------------------------------------------- rasters */

static void image_raster(dapple_field *f, const dapple_grey *g)
{
    for (size_t i = 0; i < (size_t)f->gw * (size_t)f->gh; i++)
        f->v[i] = (float)(g->pixels[i] * (1.0 / 65535.0));
}

/* Levels, then gamma, on the source value. */
static void tone_curve(float *v, size_t n, const dapple_field_opts *o)
{
    if (o->black == 0 && o->white == 1 && o->gamma == 1)
        return;
    double span = o->white - o->black;
    for (size_t i = 0; i < n; i++) {
        double t = DP_MIN(DP_MAX(((double)v[i] - o->black) / span, 0.0), 1.0);
        v[i] = (float)(o->gamma == 1 ? t : pow(t, o->gamma));
    }
}

/* splitmix64: spreads the 64-bit seed into independent coordinate offsets. */
static uint64_t mix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The noise recipe of a Perlin field: octaves (each with a whole number of lattice
 * periods across the domain along the axes that wrap), offsets from the whole seed. */
static void plan_fbm(const dapple_field *f, const dapple_perlin *p, uint64_t seed, dp_fbm *out)
{
    double freq = 1.0 / p->scale, amp = 1.0;
    uint64_t s = seed;
    /* offsets stay below 256 lattice cells: stb's lattice repeats every 256 anyway */
    for (int i = 0; i < 3; i++)
        out->off[i] = (float)((mix64(&s) >> 40) * (256.0 / 16777216.0));
    if (f->wrap.x)
        out->off[0] = floorf(out->off[0]);
    if (f->wrap.y)
        out->off[1] = floorf(out->off[1]);
    out->octaves = p->octaves, out->seed8 = (int)(seed & 255);
    for (int i = 0; i < p->octaves; i++, freq *= p->lacunarity, amp *= p->gain) {
        dp_octave *o = &out->oc[i];
        o->amp = (float)amp;
        o->fx = o->fy = (float)freq;
        o->wx = o->wy = 0;
        /* a whole number of lattice cells across the domain makes each octave tile */
        if (f->wrap.x) {
            o->wx = (int)DP_MIN(DP_MAX(floor(f->width * freq + 0.5), 1.0), 256.0);
            o->fx = (float)(o->wx / f->width);
        }
        if (f->wrap.y) {
            o->wy = (int)DP_MIN(DP_MAX(floor(f->height * freq + 0.5), 1.0), 256.0);
            o->fy = (float)(o->wy / f->height);
        }
        /* stb's wrapping noise wraps both lattice axes: one that does not tile keeps the
         * plain lattice's period, 256 cells */
        if (o->wx != 0 || o->wy != 0)
            o->wx = o->wx != 0 ? o->wx : 256, o->wy = o->wy != 0 ? o->wy : 256;
    }
}

/* Min-max stretch to [0, 1], so that rmin and rmax are both reached. */
static void normalise(float *v, size_t n)
{
    float lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < n; i++)
        lo = DP_MIN(lo, v[i]), hi = DP_MAX(hi, v[i]);
    float span = hi > lo ? hi - lo : 1.0f;
    for (size_t i = 0; i < n; i++)
        v[i] = DP_MIN(DP_MAX((v[i] - lo) / span, 0.0f), 1.0f);
}

/* Rows [j0, j1) of a Perlin raster: each sample on its own, so any split gives the same
 * raster. */
typedef struct perlin_rows {
    dapple_field *f;
    const dp_fbm *fbm;
    int j0, j1;
} perlin_rows;

static void *perlin_rows_run(void *arg)
{
    const perlin_rows *r = arg;
    dapple_field *f = r->f;
    double *xs = dp_calloc_n((size_t)f->gw, sizeof *xs);
    for (int i = 0; xs != NULL && i < f->gw; i++)
        xs[i] = (i + 0.5) / f->inv_sx;
    for (int j = r->j0; j < r->j1; j++) {
        float *row = f->v + (size_t)j * f->gw;
        double y = (j + 0.5) / f->inv_sy;
        if (xs != NULL)
            dp_fbm_row(r->fbm, xs, f->gw, y, row);
        else /* no memory for the row's x: one sample at a time, the same values */
            for (int i = 0; i < f->gw; i++)
                row[i] = dp_fbm_at(r->fbm, (i + 0.5) / f->inv_sx, y);
    }
    free(xs);
    return NULL;
}

static void perlin_raster(dapple_field *f, const dapple_perlin *p, uint64_t seed, int threads)
{
    dp_fbm fbm;
    plan_fbm(f, p, seed, &fbm);

    /* bands of rows on up to 'threads' threads (this one among them) */
    enum { MAX_THREADS = 64 };

    int n = DP_MAX(1, DP_MIN(DP_MIN(threads, MAX_THREADS), f->gh));
    perlin_rows rows[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    bool started[MAX_THREADS] = { false };
    for (int t = 0; t < n; t++)
        rows[t] = (perlin_rows){ f, &fbm, (int)((long)f->gh * t / n),
                                 (int)((long)f->gh * (t + 1) / n) };
    for (int t = 1; t < n; t++)
        started[t] = pthread_create(&tid[t], NULL, perlin_rows_run, &rows[t]) == 0;
    perlin_rows_run(&rows[0]);
    for (int t = 1; t < n; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            perlin_rows_run(&rows[t]); /* no thread: do its rows here */
    }
    normalise(f->v, (size_t)f->gw * f->gh);
}

static int raster_side(double extent)
{
    return (int)DP_MIN(DP_MAX(ceil(extent), 2.0), (double)DP_FIELD_MAX_SIDE);
}

static dapple_status dilate(dapple_field *f, double radius, dapple_error *err)
{
    size_t n = (size_t)f->gw * f->gh;
    float *out = dp_calloc_n(n, sizeof *out);
    dp_morph_raster r = { f->gw, f->gh, 1.0 / f->inv_sx, 1.0 / f->inv_sy, f->wrap };
    float *scratch = dp_calloc_n(dp_morph_scratch_floats(&r, radius), sizeof *scratch);
    if (out == NULL || scratch == NULL) {
        free(out);
        free(scratch);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory dilating a %dx%d field", f->gw, f->gh);
    }
    dp_morph_disc_into(&r, f->v, out, scratch, radius);
    free(scratch);
    free(f->v);
    f->v = out;
    return DAPPLE_OK;
}

/* The squared slope bound of the bilinear patch between pixels (i0, row r0) and (i1,
 * row r1), in raster units: along u it blends the top and bottom differences, along w
 * the left and right ones, and its largest gradient lies at a corner, where one of each
 * meet. */
static inline float patch_slope2(const float *r0, const float *r1, int i0, int i1, float su2,
                                 float sw2)
{
    float gu = DP_MAX(fabsf(r0[i1] - r0[i0]), fabsf(r1[i1] - r1[i0]));
    float gw = DP_MAX(fabsf(r1[i0] - r0[i0]), fabsf(r1[i1] - r0[i1]));
    return gu * gu * su2 + gw * gw * sw2;
}

static double raster_slope(const dapple_field *f)
{
    int w = f->gw, h = f->gh, rows = f->wrap.y ? h : h - 1;
    float su2 = (float)(f->inv_sx * f->inv_sx), sw2 = (float)(f->inv_sy * f->inv_sy), best = 0;
    for (int j = 0; j < rows; j++) {
        const float *r0 = f->v + (size_t)j * w, *r1 = f->v + (size_t)((j + 1) % h) * w;
        for (int i = 0; i + 1 < w; i++)
            best = DP_MAX(best, patch_slope2(r0, r1, i, i + 1, su2, sw2));
        if (f->wrap.x) /* the patch across the seam */
            best = DP_MAX(best, patch_slope2(r0, r1, w - 1, 0, su2, sw2));
    }
    /* with room for the float arithmetic */
    return sqrt((double)best) * (f->rmax - f->rmin) * (1 + 1e-5);
}

/* ---------------------------------------------------------------- refusals and the density map */

/* A new refusal mask of w x h over the domain, all clear. */
/* A new refusal mask of w x h, all clear: stretched over the domain, or (raster) on the
 * field's own raster, whose pixel (0, 0) has its corner at (x0, y0). */
static uint8_t *add_refusal(dapple_field *f, int w, int h, bool raster, double x0, double y0)
{
    dp_refusal *m = &f->refuse[f->n_refusals];
    m->no = dp_calloc_n((size_t)w * (size_t)h, 1);
    if (m->no == NULL)
        return NULL;
    m->w = w, m->h = h;
    m->inv_sx = raster ? f->inv_sx : w / f->width, m->inv_sy = raster ? f->inv_sy : h / f->height;
    m->x0 = x0, m->y0 = y0;
    m->wrap = f->wrap;
    f->n_refusals++;
    return m->no;
}

/* An exclusion image refuses its pixels that are at least half white; one with none
 * adds no mask. */
static dapple_status add_exclusion(dapple_field *f, const dapple_grey *g, dapple_error *err)
{
    size_t n = (size_t)g->width * (size_t)g->height;
    bool any = false;
    for (size_t i = 0; i < n && !any; i++)
        any = g->pixels[i] >= 32768;
    if (!any)
        return DAPPLE_OK;
    uint8_t *no = add_refusal(f, g->width, g->height, false, 0, 0);
    if (no == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d exclusion image", g->width,
                       g->height);
    for (size_t i = 0; i < n; i++)
        no[i] = g->pixels[i] >= 32768;
    return DAPPLE_OK;
}

/* Density map: the pixels at or below the cutoff are refused. (x0, y0): the domain
 * position of the raster's corner. */
static dapple_status add_cutoff(dapple_field *f, double cutoff, double x0, double y0,
                                dapple_error *err)
{
    size_t n = (size_t)f->gw * f->gh;
    bool any = false;
    for (size_t i = 0; i < n && !any; i++)
        any = (double)f->v[i] <= cutoff;
    if (!any)
        return DAPPLE_OK;
    uint8_t *no = add_refusal(f, f->gw, f->gh, true, x0, y0);
    if (no == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d field", f->gw, f->gh);
    for (size_t i = 0; i < n; i++)
        no[i] = (double)f->v[i] <= cutoff;
    return DAPPLE_OK;
}

/* The smallest t among the allowed pixels of the 3 x 3 block around (i, j), or 1. */
static float nearest_allowed_t(const dapple_field *f, const float *t, int i, int j)
{
    float best = 1;
    for (int dj = -1; dj <= 1; dj++)
        for (int di = -1; di <= 1; di++) {
            int a = i + di, b = j + dj;
            if (f->wrap.x)
                a = dp_field_wrap(a, f->gw);
            if (f->wrap.y)
                b = dp_field_wrap(b, f->gh);
            if (a < 0 || b < 0 || a >= f->gw || b >= f->gh)
                continue;
            float u = t[(size_t)b * f->gw + a];
            if (u == u) /* not NaN: allowed */
                best = DP_MIN(best, u);
        }
    return best;
}

/* v (density) -> t of r = rmin / sqrt(v), at most rmax. A refused pixel takes the radius
 * of its allowed neighbours, so that bilinear reads beside the cutoff's edge stay the
 * radius of the allowed side rather than jumping towards rmax. */
static dapple_status density_to_radius(dapple_field *f, double cutoff, dapple_error *err)
{
    size_t n = (size_t)f->gw * f->gh;
    float *t = dp_calloc_n(n, sizeof *t);
    if (t == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d field", f->gw, f->gh);
    double span = f->rmax - f->rmin;
    for (size_t i = 0; i < n; i++) {
        double v = f->v[i];
        double r = DP_MIN(f->rmin / sqrt(DP_MAX(v, 1e-30)), f->rmax);
        t[i] = v <= cutoff ? NAN : span > 0 ? (float)DP_MAX((r - f->rmin) / span, 0.0) : 0.0f;
    }
    for (int j = 0; j < f->gh; j++)
        for (int i = 0; i < f->gw; i++)
            if ((double)f->v[(size_t)j * f->gw + i] <= cutoff)
                f->v[(size_t)j * f->gw + i] = nearest_allowed_t(f, t, i, j);
            else
                f->v[(size_t)j * f->gw + i] = t[(size_t)j * f->gw + i];
    free(t);
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- building */

static dapple_status build_raster(dapple_field *f, const dapple_field_opts *o, dapple_error *err)
{
    dapple_status st;
    bool img = o->kind == DAPPLE_FIELD_IMAGE;
    f->gw = img ? o->image.width : raster_side(o->width);
    f->gh = img ? o->image.height : raster_side(o->height);
    f->inv_sx = f->gw / o->width;
    f->inv_sy = f->gh / o->height;
    f->ulim = f->gw - 1, f->wlim = f->gh - 1;
    size_t n = (size_t)f->gw * f->gh;
    f->v = dp_calloc_n(n, sizeof *f->v);
    if (f->v == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d field", f->gw, f->gh);
    if (img)
        image_raster(f, &o->image);
    else
        perlin_raster(f, &o->perlin, o->seed, o->threads);
    tone_curve(f->v, n, o);
    if (o->invert)
        for (size_t i = 0; i < n; i++)
            f->v[i] = 1.0f - f->v[i];
    if (o->dilate != 0 && (st = dilate(f, o->dilate, err)) != DAPPLE_OK)
        return st;
    if (o->map == DAPPLE_MAP_DENSITY && ((st = add_cutoff(f, o->cutoff, 0, 0, err)) != DAPPLE_OK ||
                                         (st = density_to_radius(f, o->cutoff, err)) != DAPPLE_OK))
        return st;
    f->slope = raster_slope(f);
    return DAPPLE_OK;
}

/* The integral of 1 / r^2 over the allowed area, at the raster's pixel centres (or a
 * 256 x 256 grid of them for a constant field). */
static double integral_inv_r2(const dapple_field *f)
{
    int w = f->v ? f->gw : 256, h = f->v ? f->gh : 256;
    double sx = f->width / w, sy = f->height / h, sum = 0;
    if (f->v == NULL && f->n_refusals == 0)
        return f->width * f->height / (f->rmax * f->rmax);
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            double x = (i + 0.5) * sx, y = (j + 0.5) * sy;
            if (f->n_refusals > 0 && !dp_field_allowed(f, x, y))
                continue;
            double r = f->v ? f->rmin + (double)f->v[(size_t)j * w + i] * (f->rmax - f->rmin)
                            : f->rmax;
            sum += 1.0 / (r * r);
        }
    return sum * sx * sy;
}

/* ---------------------------------------------------------------- lazy Perlin (worlds) */

/* A Perlin field over a world wider or taller than DP_FIELD_MAX_SIDE keeps its recipe
 * and is rasterised chunk by chunk, one sample per world unit (the whole-raster field
 * would be coarser than a unit there). The normalisation cannot be the raster's min-max
 * (no raster holds the world), so it is that of a fixed 256 x 256 grid of samples over
 * the world; values beyond are clamped. Dilation needs a neighbourhood and is refused. */
#define LAZY_PROBES 256

struct dp_lazy {
    dp_fbm fbm;
    float lo, span; /* normalisation */
    double black, white, gamma, cutoff;
    bool invert;
};

static float lazy_fbm(const dapple_field *f, long i, long j)
{
    const dp_lazy *z = f->lazy;
    return dp_fbm_at(&z->fbm, (i + 0.5) / f->inv_sx, (j + 0.5) / f->inv_sy);
}

/* The sample index along an axis: wrapped when the axis wraps, else clamped; false when a
 * bounded axis has no sample there and 'strict'. */
static bool lazy_index(long *i, int n, bool wraps, bool strict)
{
    if (wraps) {
        *i %= n;
        *i += *i < 0 ? n : 0;
        return true;
    }
    if (strict && (*i < 0 || *i >= n))
        return false;
    *i = *i < 0 ? 0 : *i >= n ? n - 1 : *i;
    return true;
}

/* The prepared value v of a raw fBm sample: normalised, levels, gamma, invert. */
static float lazy_prepare(const dp_lazy *z, float raw)
{
    float n = (raw - z->lo) / z->span; /* once: DP_MIN/DP_MAX are macros */
    float v = DP_MIN(DP_MAX(n, 0.0f), 1.0f);
    dapple_field_opts tone = { .black = z->black, .white = z->white, .gamma = z->gamma };
    tone_curve(&v, 1, &tone);
    return z->invert ? 1.0f - v : v;
}

/* The prepared value v of sample (i, j). */
static float lazy_v(const dapple_field *f, long i, long j)
{
    lazy_index(&i, f->gw, f->wrap.x, false);
    lazy_index(&j, f->gh, f->wrap.y, false);
    return lazy_prepare(f->lazy, lazy_fbm(f, i, j));
}

/* Samples i0 .. i0 + n - 1 of row j, as lazy_v gives them, a row at a time; xs holds n. */
static void lazy_row(const dapple_field *f, long i0, long j, int n, double *xs, float *out)
{
    for (int k = 0; k < n; k++) {
        long i = i0 + k;
        lazy_index(&i, f->gw, f->wrap.x, false);
        xs[k] = (i + 0.5) / f->inv_sx;
    }
    lazy_index(&j, f->gh, f->wrap.y, false);
    dp_fbm_row(&f->lazy->fbm, xs, n, (j + 0.5) / f->inv_sy, out);
    for (int k = 0; k < n; k++)
        out[k] = lazy_prepare(f->lazy, out[k]);
}

/* t of a value v (the raster's stored quantity, see field.h); NAN where refused. */
static float lazy_t_of(const dapple_field *f, float v)
{
    if (f->map != DAPPLE_MAP_DENSITY)
        return v;
    if ((double)v <= f->lazy->cutoff)
        return NAN;
    double span = f->rmax - f->rmin, r = DP_MIN(f->rmin / sqrt(DP_MAX((double)v, 1e-30)), f->rmax);
    return span > 0 ? (float)DP_MAX((r - f->rmin) / span, 0.0) : 0.0f;
}

/* t of sample (i, j), a refused one taking the smallest t of its allowed 3 x 3 neighbours
 * (as density_to_radius does on a raster). */
static float lazy_t(const dapple_field *f, long i, long j)
{
    float t = lazy_t_of(f, lazy_v(f, i, j));
    if (t == t)
        return t;
    float best = 1;
    for (long dj = -1; dj <= 1; dj++)
        for (long di = -1; di <= 1; di++) {
            long a = i + di, b = j + dj;
            if (!lazy_index(&a, f->gw, f->wrap.x, true) || !lazy_index(&b, f->gh, f->wrap.y, true))
                continue;
            float u = lazy_t_of(f, lazy_v(f, a, b));
            if (u == u)
                best = DP_MIN(best, u);
        }
    return best;
}

double dp_field_lazy_value(const dapple_field *f, double x, double y)
{
    double u = (x + f->ox) * f->inv_sx - 0.5, w = (y + f->oy) * f->inv_sy - 0.5;
    double fu = floor(u), fw = floor(w), a = u - fu, b = w - fw;
    long i = (long)fu, j = (long)fw;
    double v00 = lazy_t(f, i, j), v01 = a > 0 ? (double)lazy_t(f, i + 1, j) : v00;
    double v10 = b > 0 ? (double)lazy_t(f, i, j + 1) : v00;
    double v11 = a > 0 && b > 0 ? (double)lazy_t(f, i + 1, j + 1) : a > 0 ? v01 : v10;
    double top = v00 + a * (v01 - v00), bot = v10 + a * (v11 - v10);
    return top + b * (bot - top);
}

bool dp_field_lazy_allowed(const dapple_field *f, double x, double y)
{
    if (f->map != DAPPLE_MAP_DENSITY)
        return true;
    long i = dp_field_pixel(x + f->ox, f->inv_sx, f->gw, f->wrap.x);
    long j = dp_field_pixel(y + f->oy, f->inv_sy, f->gh, f->wrap.y);
    return (double)lazy_v(f, i, j) > f->lazy->cutoff;
}

/* The recipe, its normalisation from the probe grid, and the integral of 1 / r^2 from
 * the same grid. */
static dapple_status make_lazy(dapple_field *f, const dapple_field_opts *o, dapple_error *err)
{
    if (o->dilate != 0)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "dilate: not yet for a Perlin field over more than %d units a side",
                       DP_FIELD_MAX_SIDE);
    dp_lazy *z = calloc(1, sizeof *z);
    if (z == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a field");
    f->lazy = z;
    f->gw = (int)ceil(o->width), f->gh = (int)ceil(o->height);
    f->inv_sx = f->gw / o->width, f->inv_sy = f->gh / o->height;
    plan_fbm(f, &o->perlin, o->seed, &z->fbm);
    z->black = o->black, z->white = o->white, z->gamma = o->gamma, z->invert = o->invert;
    z->cutoff = o->cutoff;
    float lo = INFINITY, hi = -INFINITY;
    for (int b = 0; b < LAZY_PROBES; b++)
        for (int a = 0; a < LAZY_PROBES; a++) {
            float v = lazy_fbm(f, (long)((a + 0.5) * f->gw / LAZY_PROBES),
                               (long)((b + 0.5) * f->gh / LAZY_PROBES));
            lo = DP_MIN(lo, v), hi = DP_MAX(hi, v);
        }
    z->lo = lo, z->span = hi > lo ? hi - lo : 1.0f;
    double sum = 0, cell = o->width * o->height / ((double)LAZY_PROBES * LAZY_PROBES);
    for (int b = 0; b < LAZY_PROBES; b++)
        for (int a = 0; a < LAZY_PROBES; a++) {
            double x = (a + 0.5) * o->width / LAZY_PROBES, y = (b + 0.5) * o->height / LAZY_PROBES;
            if (!dp_field_allowed(f, x, y))
                continue;
            double r = f->rmin + dp_field_lazy_value(f, x, y) * (f->rmax - f->rmin);
            sum += 1.0 / (r * r);
        }
    f->inv_r2 = sum * cell;
    return DAPPLE_OK;
}

dapple_status dp_field_chunk_new(const dapple_field *f, double ox, double oy, double w, double h,
                                 dapple_field **out, dapple_error *err)
{
    *out = NULL;
    long i0 = (long)floor(ox * f->inv_sx) - 2, i1 = (long)ceil((ox + w) * f->inv_sx) + 2;
    long j0 = (long)floor(oy * f->inv_sy) - 2, j1 = (long)ceil((oy + h) * f->inv_sy) + 2;
    if ((double)(i1 - i0) * (double)(j1 - j0) > (double)DP_FIELD_MAX_PIXELS)
        return dp_fail(err, DAPPLE_E_LIMIT,
                       "a chunk of %ldx%ld field samples: the radius is too large for a Perlin "
                       "field this size",
                       i1 - i0, j1 - j0);
    dapple_field *c = calloc(1, sizeof *c);
    if (c == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a field");
    *c = *f;
    c->lazy = NULL, c->owner = true, c->wrap = dp_wrap_both(false);
    c->gw = (int)(i1 - i0), c->gh = (int)(j1 - j0);
    c->ulim = c->gw - 1, c->wlim = c->gh - 1;
    double x0 = i0 / f->inv_sx, y0 = j0 / f->inv_sy; /* the raster's corner, world units */
    c->ox = ox - x0, c->oy = oy - y0, c->wx = ox, c->wy = oy;
    c->own_refusals_from = c->n_refusals; /* the world's exclusions, borrowed */
    c->v = dp_calloc_n((size_t)c->gw * (size_t)c->gh, sizeof *c->v);
    double *xs = dp_calloc_n((size_t)c->gw, sizeof *xs);
    dapple_status st = DAPPLE_OK;
    if (c->v == NULL || xs == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d field", c->gw, c->gh);
    for (long j = 0; st == DAPPLE_OK && j < c->gh; j++)
        lazy_row(f, i0, j0 + j, c->gw, xs, c->v + (size_t)j * c->gw);
    free(xs);
    if (st == DAPPLE_OK && c->map == DAPPLE_MAP_DENSITY &&
        (st = add_cutoff(c, f->lazy->cutoff, x0, y0, err)) == DAPPLE_OK)
        st = density_to_radius(c, f->lazy->cutoff, err);
    if (st != DAPPLE_OK) {
        dapple_field_free(c);
        return st;
    }
    c->slope = raster_slope(c);
    *out = c;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- public API */

dapple_status dapple_field_new(dapple_field **out, const dapple_field_opts *caller,
                               dapple_error *err)
{
    *out = NULL;
    dapple_field_opts local; /* read through the caller's struct_size (core/abi.h) */
    dapple_status st = dp_field_opts_adopt(&local, caller, err);
    const dapple_field_opts *o = &local;
    if (st == DAPPLE_OK)
        st = check_opts(o, err);
    if (st != DAPPLE_OK)
        return st;
    dapple_field *f = calloc(1, sizeof *f);
    if (f == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a field");
    /* a constant field's radius is rmax: for the density map that is full density */
    *f = (dapple_field){ .kind = o->kind,
                         .map = o->map,
                         .width = o->width,
                         .height = o->height,
                         .rmin = o->rmin,
                         .rmax = dapple_field_opts_rmax(o),
                         .wrap = dp_wrap_of(o->periodic, o->wrap),
                         .owner = true };
    bool lazy = o->kind == DAPPLE_FIELD_PERLIN &&
                (o->width > DP_FIELD_MAX_SIDE || o->height > DP_FIELD_MAX_SIDE);
    for (int i = 0; i < o->n_exclude && st == DAPPLE_OK; i++)
        st = add_exclusion(f, &o->exclude[i], err);
    if (st == DAPPLE_OK && o->kind != DAPPLE_FIELD_CONSTANT)
        st = lazy ? make_lazy(f, o, err) : build_raster(f, o, err);
    if (st != DAPPLE_OK) {
        dapple_field_free(f);
        return st;
    }
    if (!lazy)
        f->inv_r2 = integral_inv_r2(f);
    *out = f;
    return DAPPLE_OK;
}

void dp_field_scaled_view(const dapple_field *f, double scale, dapple_field *view)
{
    *view = *f;
    view->owner = false;
    view->rmin *= scale, view->rmax *= scale, view->slope *= scale;
    view->inv_r2 /= scale * scale;
}

void dp_field_chunk_view(const dapple_field *f, double ox, double oy, dapple_field *view)
{
    *view = *f;
    view->owner = false;
    view->ox = ox, view->oy = oy;
    view->wx = ox, view->wy = oy;
}

double dp_field_value_edge(const dapple_field *f, double x, double y)
{
    double u = (x + f->ox) * f->inv_sx - 0.5, w = (y + f->oy) * f->inv_sy - 0.5;
    /* a torus wraps first: clamped first, a point more than a pixel beyond the seam read
     * the row next to it (a dense sweep's circle round a parent there came out too small
     * for the spot it had to fill, and maximal mode left it open) */
    if (f->wrap.x)
        u -= f->gw * floor(u / f->gw);
    if (f->wrap.y)
        w -= f->gh * floor(w / f->gh);
    /* (a NaN, as from an infinite coordinate wrapped, reads the edge) */
    u = DP_MIN(DP_MAX(u, -2.0), f->gw + 1.0);
    w = DP_MIN(DP_MAX(w, -2.0), f->gh + 1.0);
    double fu = floor(u), fw = floor(w);
    double a = u - fu, b = w - fw;
    int i0 = (int)fu, j0 = (int)fw, i1 = i0 + 1, j1 = j0 + 1;
    if (f->wrap.x)
        i0 = dp_field_wrap(i0, f->gw), i1 = dp_field_wrap(i1, f->gw);
    else
        i0 = DP_MIN(DP_MAX(i0, 0), f->gw - 1), i1 = DP_MIN(DP_MAX(i1, 0), f->gw - 1);
    if (f->wrap.y)
        j0 = dp_field_wrap(j0, f->gh), j1 = dp_field_wrap(j1, f->gh);
    else
        j0 = DP_MIN(DP_MAX(j0, 0), f->gh - 1), j1 = DP_MIN(DP_MAX(j1, 0), f->gh - 1);
    const float *r0 = f->v + (size_t)j0 * (size_t)f->gw;
    const float *r1 = f->v + (size_t)j1 * (size_t)f->gw;
    double v00 = r0[i0], v01 = r0[i1], v10 = r1[i0], v11 = r1[i1];
    double top = v00 + a * (v01 - v00);
    double bot = v10 + a * (v11 - v10);
    return top + b * (bot - top);
}

/* Non-finite coordinates read the origin: a lookup never fails. */
static void finite_xy(double *x, double *y)
{
    if (!isfinite(*x) || !isfinite(*y))
        *x = *y = 0;
}

double dapple_field_radius_at(const dapple_field *f, double x, double y)
{
    finite_xy(&x, &y);
    return dp_field_r_at(f, x, y);
}

bool dapple_field_allowed_at(const dapple_field *f, double x, double y)
{
    finite_xy(&x, &y);
    return dp_field_allowed(f, x, y);
}

double dapple_field_density_at(const dapple_field *f, double x, double y)
{
    finite_xy(&x, &y);
    if (!dp_field_allowed(f, x, y))
        return 0;
    double q = f->rmin / dp_field_r_at(f, x, y);
    return q * q;
}

dapple_field_map dapple_field_map_kind(const dapple_field *f)
{
    return f->map;
}

double dapple_field_rmin(const dapple_field *f)
{
    return f->rmin;
}

double dapple_field_rmax(const dapple_field *f)
{
    return f->rmax;
}

double dapple_field_estimate_points(const dapple_field *f)
{
    return 0.7 * f->inv_r2;
}

void dapple_field_render_into(const dapple_field *f, uint16_t *buf, int w, int h)
{
    dp_field_render_window(f, buf, w, h, 0, 0, w, h);
}

double dp_field_level_at(const dapple_field *f, double x, double y)
{
    double span = f->rmax - f->rmin;
    return f->map == DAPPLE_MAP_DENSITY ? dapple_field_density_at(f, x, y)
           : span > 0                   ? (dp_field_r_at(f, x, y) - f->rmin) / span
                                        : 1.0;
}

void dp_field_render_window(const dapple_field *f, uint16_t *buf, int w, int h, int x0, int y0,
                            int full_w, int full_h)
{
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            double x = ((x0 + i) + 0.5) * f->width / full_w,
                   y = ((y0 + j) + 0.5) * f->height / full_h;
            double v = dp_field_level_at(f, x, y);
            buf[(size_t)j * w + i] = (uint16_t)floor(DP_MIN(DP_MAX(v, 0.0), 1.0) * 65535 + 0.5);
        }
}

void dapple_field_free(dapple_field *f)
{
    if (f == NULL)
        return;
    if (f->owner) {
        free(f->v);
        for (int i = f->own_refusals_from; i < f->n_refusals; i++)
            free(f->refuse[i].no);
        if (f->lazy != NULL && f->v == NULL) /* the world field owns its recipe */
            free(f->lazy);
    }
    free(f);
}
