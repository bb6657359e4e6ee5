/* SPDX-License-Identifier: MIT
 * Materials inside outlines (material.h). A shape is drawn from its own small ARGB32
 * surface: every pixel's height first (the dome over the outline: h = sqrt(1 - s^2.5) at
 * s = distance / outline radius, flatter on top than a sphere, as a water-worn stone),
 * then its colour: grain (value noise at two scales plus sparse speckle), veins (noisy
 * bands), and a Lambert shading with a soft sheen from the normal of that height. The
 * surface is painted at a whole-pixel offset through the outline's path, so the bytes do
 * not depend on the band or copy drawing it. */
#include "render/material.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"
#include "render/colour.h"

#define LIGHT_ELEV 0.7 /* radians above the ground */

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* ---------------------------------------------------------------- noise */

static uint64_t hash3(int64_t x, int64_t y, uint64_t seed)
{
    uint64_t z = seed ^ ((uint64_t)x * 0x9e3779b97f4a7c15u) ^ ((uint64_t)y * 0xc2b2ae3d27d4eb4fu);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static double lattice(int64_t x, int64_t y, uint64_t seed)
{
    return (double)(hash3(x, y, seed) >> 11) * (2.0 / 9007199254740992.0) - 1;
}

/* Value noise in [-1, 1] with a smoothstep between lattice points. */
static double vnoise(double x, double y, uint64_t seed)
{
    double fx = floor(x), fy = floor(y), tx = x - fx, ty = y - fy;
    int64_t ix = (int64_t)fx, iy = (int64_t)fy;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    double a = lattice(ix, iy, seed), b = lattice(ix + 1, iy, seed);
    double c = lattice(ix, iy + 1, seed), d = lattice(ix + 1, iy + 1, seed);
    return a + tx * (b - a) + ty * (c + tx * (d - c) - a - tx * (b - a));
}

/* ---------------------------------------------------------------- height */

/* The dome over the outline in [0, 1] at frame point (u, v); 0 outside. */
static double dome(const dp_material *m, const dp_outline *o, double u, double v)
{
    double s = hypot(u, v) / dp_outline_at(o, atan2(v, u));
    if (s >= 1)
        return 0;
    return m->domed ? sqrt(1 - s * s * sqrt(s)) : 1;
}

/* Height in pixels: a stone stands about as high as half its width; grain roughens it. */
static double height_at(const dp_material *m, const dp_outline *o, const dp_outline_frame *f,
                        double u, double v)
{
    double d = dome(m, o, u, v);
    if (d <= 0)
        return 0;
    double thick = (m->domed ? 0.5 : 0.08) * f->radius * f->aspect;
    double gx = u * f->radius, gy = v * f->radius * f->aspect;
    return thick * d + m->grain * 0.006 * f->radius * vnoise(gx / 1.5, gy / 1.5, m->seed);
}

double dp_material_height(const dp_material *m, const dp_outline *o, const dp_outline_frame *f,
                          double px, double py)
{
    double u, v;
    dp_outline_local(f, px, py, &u, &v);
    return DP_MAX(0.0, height_at(m, o, f, u, v));
}

bool dp_material_wanted(const dp_layer_spec *l)
{
    return l->wobble > 0 || l->roughness > 0 || l->grain > 0 || l->veins > 0;
}

/* ---------------------------------------------------------------- colour */

typedef struct rgb {
    double r, g, b;
} rgb;

static rgb scale(rgb c, double k)
{
    return (rgb){ c.r * k, c.g * k, c.b * k };
}

static rgb mixed(rgb a, rgb b, double t)
{
    return (rgb){ a.r + t * (b.r - a.r), a.g + t * (b.g - a.g), a.b + t * (b.b - a.b) };
}

/* Grain: a fine and a coarse value noise plus sparse dark and light specks, in pixels of
 * the shape's frame (gx, gy). Returns a lightness factor around 1. */
static double grain_at(const dp_material *m, double gx, double gy)
{
    double fine = vnoise(gx / 1.1, gy / 1.1, m->seed + 1);
    double coarse = 1.3 * vnoise(gx / 7, gy / 7, m->seed + 2);
    uint64_t h = hash3((int64_t)floor(gx / 1.7), (int64_t)floor(gy / 1.7), m->seed + 4);
    double speck = (h & 1023) < 30 ? -0.35 : (h & 1023) < 50 ? 0.25 : 0;
    return 1 + m->grain * (0.09 * fine + 0.11 * coarse + speck);
}

typedef struct vein {
    double cx, cy, off, width, strength;
} vein;

/* Up to three veins per shape, each a noisy band across it; count from the seed. */
static int veins_of(const dp_material *m, vein *out)
{
    dp_jitter_rng g = { m->seed ^ 0x7665696e73u };
    int n = 0;
    for (int i = 0; i < 3; i++) {
        double p = dp_jitter_unit(&g), a = DP_PI * dp_jitter_unit(&g);
        vein w = { cos(a), sin(a), 0.7 * dp_jitter_signed(&g), 0.02 + 0.05 * dp_jitter_unit(&g),
                   0.45 + 0.5 * dp_jitter_unit(&g) };
        if (p < 0.75 * m->veins)
            out[n++] = w;
    }
    return n;
}

static double vein_at(const dp_material *m, const vein *w, int n, double u, double v)
{
    double a = 0;
    for (int i = 0; i < n; i++) {
        double d = u * w[i].cx + v * w[i].cy - w[i].off;
        if (fabs(d) > w[i].width + 0.1)
            continue; /* the noise moves a vein by at most 0.1 */
        d = fabs(d + 0.1 * vnoise(u * 4, v * 4, m->seed + 5 + (uint64_t)i));
        double t = 1 - d / w[i].width;
        if (t > 0)
            a = DP_MAX(a, w[i].strength * m->veins * t * t * (3 - 2 * t));
    }
    return a;
}

/* Lambert from the height's normal, scaled so flat ground keeps its colour, plus a soft
 * sheen around the mirror direction; dx, dy: the height's slope in pixels. */
static double lit(const dp_material *m, double dx, double dy, double *sheen)
{
    double len = sqrt(dx * dx + dy * dy + 1), nx = -dx / len, ny = -dy / len, nz = 1 / len;
    double ce = cos(LIGHT_ELEV), se = sin(LIGHT_ELEV);
    double lam = nx * m->light_x * ce + ny * m->light_y * ce + nz * se;
    double hx = m->light_x * ce, hy = m->light_y * ce, hz = se + 1,
           hl = sqrt(hx * hx + hy * hy + hz * hz);
    double spec = DP_MAX(0.0, (nx * hx + ny * hy + nz * hz) / hl);
    *sheen = m->shading * 0.22 * pow(spec, 18);
    return 1 + m->shading * 1.1 * (DP_MAX(lam, 0.0) - se);
}

/* ---------------------------------------------------------------- one pixel */

void dp_material_shade(const dp_material *m, double radius, double u, double v, double dx,
                       double dy, dp_rgba colour, double out[3])
{
    vein w[3];
    int nv = veins_of(m, w);
    rgb base = { colour.r, colour.g, colour.b }, pale = mixed(base, (rgb){ 0.93, 0.91, 0.87 }, 0.7);
    double sheen = 0, k = m->shading > 0 ? lit(m, dx, dy, &sheen) : 1;
    rgb c = scale(base, grain_at(m, u * radius, v * radius));
    c = mixed(c, pale, vein_at(m, w, nv, u, v));
    c = scale(c, k);
    out[0] = clamp01(c.r + sheen), out[1] = clamp01(c.g + sheen), out[2] = clamp01(c.b + sheen);
}

/* ---------------------------------------------------------------- the sprite */

typedef struct sprite {
    int x0, y0, w, h;
    float *height; /* (w + 2) x (h + 2): one pixel of margin for the slopes */
} sprite;

/* Frame coordinates of the pixel left of row j's first (i = -1), and their step per pixel
 * along the row: the map is affine, so a row costs no trigonometry. */
static void row_start(const dp_outline_frame *f, const sprite *s, int j, double *u, double *v)
{
    dp_outline_local(f, s->x0 - 0.5, s->y0 + j + 0.5, u, v);
}

static void step_of(const dp_outline_frame *f, double *du, double *dv)
{
    double u0, v0;
    dp_outline_local(f, 0, 0, &u0, &v0);
    dp_outline_local(f, 1, 0, du, dv);
    *du -= u0;
    *dv -= v0;
}

static void fill_heights(const dp_material *m, const dp_outline *o, const dp_outline_frame *f,
                         sprite *s)
{
    double du, dv;
    step_of(f, &du, &dv);
    for (int j = -1; j <= s->h; j++) {
        double u, v;
        row_start(f, s, j, &u, &v);
        float *out = s->height + (size_t)(j + 1) * (s->w + 2);
        for (int i = -1; i <= s->w; i++, u += du, v += dv)
            out[i + 1] = (float)height_at(m, o, f, u, v);
    }
}

static uint32_t pack(rgb c, double a)
{
    double k = 255 * a;
    uint32_t A = (uint32_t)(k + 0.5), R = (uint32_t)(k * clamp01(c.r) + 0.5),
             G = (uint32_t)(k * clamp01(c.g) + 0.5), B = (uint32_t)(k * clamp01(c.b) + 0.5);
    return A << 24 | R << 16 | G << 8 | B;
}

static void fill_colours(const dp_material *m, const dp_outline_frame *f, const sprite *s,
                         dp_rgba colour, uint32_t *px, int stride)
{
    vein w[3];
    int nv = veins_of(m, w), row = s->w + 2;
    rgb base = { colour.r, colour.g, colour.b }, pale = mixed(base, (rgb){ 0.93, 0.91, 0.87 }, 0.7);
    double du, dv;
    step_of(f, &du, &dv);
    for (int j = 0; j < s->h; j++) {
        double u, v;
        row_start(f, s, j, &u, &v);
        for (int i = 0; i < s->w; i++) {
            u += du;
            v += dv;
            double sheen = 0, k = 1;
            const float *hp = s->height + (size_t)(j + 1) * row + (i + 1);
            if (m->shading <= 0) {
                /* unlit: no height needed; the outline's path clips what lies outside */
            } else if (hp[0] <= 0 && hp[-1] <= 0 && hp[1] <= 0 && hp[-row] <= 0 && hp[row] <= 0) {
                px[(size_t)j * stride + i] = 0; /* outside by more than the antialiasing */
                continue;
            } else {
                k = lit(m, (double)(hp[1] - hp[-1]) / 2, (double)(hp[row] - hp[-row]) / 2, &sheen);
            }
            rgb c = scale(base, grain_at(m, u * f->radius, v * f->radius * f->aspect));
            c = mixed(c, pale, vein_at(m, w, nv, u, v));
            c = scale(c, k);
            c = (rgb){ c.r + sheen, c.g + sheen, c.b + sheen };
            px[(size_t)j * stride + i] = pack(c, colour.a);
        }
    }
}

void dp_material_fill(cairo_t *cr, const dp_material *m, const dp_outline *o,
                      const dp_outline_frame *f, dp_rgba colour)
{
    /* The box of the squashed, rotated unit circle the outline keeps inside. */
    double c = cos(f->angle_rad), sn = sin(f->angle_rad), a = f->aspect;
    int rx = (int)ceil(f->radius * sqrt(c * c + a * a * sn * sn)) + 2;
    int ry = (int)ceil(f->radius * sqrt(sn * sn + a * a * c * c)) + 2;
    sprite s = { (int)floor(f->x) - rx, (int)floor(f->y) - ry, 2 * rx + 1, 2 * ry + 1, NULL };
    s.height = malloc((size_t)(s.w + 2) * (size_t)(s.h + 2) * sizeof *s.height);
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, s.w, s.h);
    cairo_new_path(cr);
    dp_outline_path(cr, o, f);
    if (s.height == NULL || cairo_surface_status(surf) != CAIRO_STATUS_SUCCESS) {
        cairo_set_source_rgba(cr, colour.r, colour.g, colour.b, colour.a);
        cairo_fill(cr);
    } else {
        if (m->shading > 0)
            fill_heights(m, o, f, &s);
        cairo_surface_flush(surf);
        fill_colours(m, f, &s, colour, (uint32_t *)(void *)cairo_image_surface_get_data(surf),
                     cairo_image_surface_get_stride(surf) / 4);
        cairo_surface_mark_dirty(surf);
        cairo_set_source_surface(cr, surf, s.x0, s.y0);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0); /* drops the pattern's hold on the surface */
    }
    cairo_surface_destroy(surf);
    free(s.height);
}
