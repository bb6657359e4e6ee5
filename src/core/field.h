/* SPDX-License-Identifier: MIT
 * The radius field's insides, shared with the sampler so that its hot loop can read the
 * raster without a function call. A field is a gw x gh raster of t in [0, 1] whose pixel
 * centres cover the domain; lookups are bilinear and r = rmin + t (rmax - rmin). For the
 * radius map t is the prepared value v itself (after levels, gamma, invert, dilation);
 * the density map stores t of rmin / sqrt(v), so the hot loop is the same for both. A
 * constant field has no raster (t = 1). Where no point may lie (the density map's
 * cutoff, exclusion images) the field keeps byte masks stretched over the domain: a
 * point is refused when the mask pixel under it is set, so no point ever lies on a pixel
 * the user painted black (or white, for an exclusion). */
#ifndef DP_FIELD_H
#define DP_FIELD_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/dp.h"
#include "core/wrap.h"

#define DP_FIELD_MAX_SIDE   4096      /* Perlin rasters: at most this many samples a side */
#define DP_FIELD_MAX_PIXELS (1 << 26) /* image fields: refuse larger images */

/* Pixels refused (1) or not (0), stretched over the domain (or over a chunk's raster). */
typedef struct dp_refusal {
    uint8_t *no;
    int w, h;
    double inv_sx, inv_sy; /* pixels per domain unit */
    double x0, y0;         /* the domain position of pixel (0, 0)'s corner: 0 but in chunks */
    dp_wrap wrap;          /* the axes whose pixels wrap (the field's own), else clamp */
} dp_refusal;

/* A Perlin field over a world too large for one raster (more than DP_FIELD_MAX_SIDE a
 * side) keeps its recipe instead, and is rasterised chunk by chunk (dp_field_chunk_new);
 * a lookup on the field itself evaluates the samples it reads (field.c, "lazy"). */
typedef struct dp_lazy dp_lazy;

#define DP_FIELD_MAX_REFUSALS (DAPPLE_MAX_EXCLUDE + 1)

struct dapple_field {
    dapple_field_kind kind;
    dapple_field_map map;
    double width, height;
    double rmin, rmax;
    dp_wrap wrap;  /* the axes that tile: Perlin noise, lookups and dilation wrap there */
    bool owner;    /* frees the rasters (a scaled view borrows them) */
    double inv_r2; /* the integral of 1 / r^2 over the allowed area */
    /* no point on a pixel set in any of these: v <= cutoff, an exclusion image >= 1/2 */
    dp_refusal refuse[DP_FIELD_MAX_REFUSALS];
    int n_refusals;
    int own_refusals_from; /* an owner frees refuse[own_refusals_from ..]; the rest are
                              borrowed (a chunk's copies of the world's exclusions) */
    dp_lazy *lazy;         /* a lazy Perlin field's recipe (owned by the world field), or NULL */
    float *v;              /* gw * gh values in [0, 1]; NULL for a constant field */
    int gw, gh;
    double inv_sx, inv_sy; /* raster pixels per domain unit */
    double ulim, wlim;     /* gw - 1 and gh - 1: the fast lookup's bounds */
    /* a chunk's view (dp_field_chunk_view): lookups at (x, y) read the raster at (x + ox,
     * y + oy), and the refusal masks at (x + wx, y + wy) of the domain; 0 for a field itself,
     * where the additions are exact no-ops. (A chunk's own raster, dp_field_chunk_new,
     * starts at its corner, so there ox differs from wx.) */
    double ox, oy, wx, wy;
    /* an upper bound on |grad r| anywhere, in radius per domain unit (0 for a constant
     * field): the steepest bilinear patch, found once with the raster */
    double slope;
};

static inline int dp_field_wrap(int i, int n)
{
    i %= n;
    return i < 0 ? i + n : i;
}

/** Bilinear v at (x, y) near the raster's edges (or beyond): clamped to the edge pixels,
 * or wrapped along the axes that wrap. Out of line: the hot loops take the fast path below. */
/** The field's level at (x, y) as the user reads it, 0..1: the relative density of a
 * density map, (r - rmin) / (rmax - rmin) of a radius map (1 when they are equal). What
 * the density mask and `dapple field` show; styles that read the field as a quantity
 * (cold glass, fog, the band of the Milky Way) take it from here. */
double dp_field_level_at(const dapple_field *f, double x, double y);

double dp_field_value_edge(const dapple_field *f, double x, double y);

/** The pixel of a w-wide raster under domain coordinate x (times inv_s): clamped, or
 * wrapped when the axis wraps. */
static inline int dp_field_pixel(double x, double inv_s, int w, bool wraps)
{
    double u = floor(x * inv_s);
    if (wraps)
        u -= w * floor(u / w);
    return (int)DP_MIN(DP_MAX(u, 0.0), w - 1.0);
}

/** Lookups on a lazy field (see dp_lazy): the prepared value v, bilinear, and whether its
 * density map allows a point at (x, y) (the masks aside). Out of line and slow: for masks
 * and checks, never the sampler. */
double dp_field_lazy_value(const dapple_field *f, double x, double y);
bool dp_field_lazy_allowed(const dapple_field *f, double x, double y);

/** True where a point may lie: no refusal mask has the pixel under (x, y) set. */
static inline bool dp_field_allowed(const dapple_field *f, double x, double y)
{
    for (int k = 0; k < f->n_refusals; k++) {
        const dp_refusal *m = &f->refuse[k];
        int i = dp_field_pixel(x + f->wx - m->x0, m->inv_sx, m->w, m->wrap.x);
        int j = dp_field_pixel(y + f->wy - m->y0, m->inv_sy, m->h, m->wrap.y);
        if (m->no[(size_t)j * m->w + i])
            return false;
    }
    return f->lazy == NULL || dp_field_lazy_allowed(f, x, y);
}

/** A view of f with every radius times 'scale': the rasters are borrowed from f, which
 * must outlive the view; the view needs no free. */
void dp_field_scaled_view(const dapple_field *f, double scale, dapple_field *view);

/** dapple_field_render_into for the w x h window at (x0, y0) of a full_w x full_h image
 * of the field: the same values as those pixels of the full image. */
void dp_field_render_window(const dapple_field *f, uint16_t *buf, int w, int h, int x0, int y0,
                            int full_w, int full_h);

/** A view of f (itself not a chunk view, not lazy) for a chunk's sampler, whose local
 * (0, 0) is (ox, oy) of f's domain: lookups at local (x, y) read f at (x + ox, y + oy). */
void dp_field_chunk_view(const dapple_field *f, double ox, double oy, dapple_field *view);

/** For a lazy field f: a field of its own raster over the chunk's domain [ox, ox + w) x
 * [oy, oy + h) (a margin of 2 samples around it), in the chunk's local units as
 * dp_field_chunk_view gives them, with the same values as f's lookups there. Free it with
 * dapple_field_free(). */
DAPPLE_USERESULT dapple_status dp_field_chunk_new(const dapple_field *f, double ox, double oy,
                                                  double w, double h, dapple_field **out,
                                                  dapple_error *err);

/** Bilinear v at raster coordinates (us, ws) = ((x + ox) * inv_sx - 0.5, ...),
 * which must lie in [0, ulim) x [0, wlim): no clamping, no wrapping, truncation is floor. */
static inline double dp_field_bilinear(const dapple_field *f, double us, double ws)
{
    int i = (int)us, j = (int)ws;
    double a = us - i, b = ws - j;
    const float *r0 = f->v + (size_t)j * (size_t)f->gw + i, *r1 = r0 + f->gw;
    double v00 = r0[0], v01 = r0[1], v10 = r1[0], v11 = r1[1];
    double top = v00 + a * (v01 - v00), bot = v10 + a * (v11 - v10);
    return top + b * (bot - top);
}

/** Bilinear v at (x, y). */
static inline double dp_field_value_at(const dapple_field *f, double x, double y)
{
    if (f->v == NULL)
        return f->lazy != NULL ? dp_field_lazy_value(f, x, y) : 1.0;
    double us = (x + f->ox) * f->inv_sx - 0.5, ws = (y + f->oy) * f->inv_sy - 0.5;
    if (!(us >= 0 && ws >= 0 && us < f->ulim && ws < f->wlim))
        return dp_field_value_edge(f, x, y);
    return dp_field_bilinear(f, us, ws);
}

/** The radius at (x, y), always inside [rmin, rmax]. */
static inline double dp_field_r_at(const dapple_field *f, double x, double y)
{
    double r = f->rmin + dp_field_value_at(f, x, y) * (f->rmax - f->rmin);
    return DP_MIN(DP_MAX(r, f->rmin), f->rmax);
}

#endif
