/* SPDX-License-Identifier: MIT
 * Seeded irregular outlines (outline.h): harmonics for rounded stones, a jittered polygon
 * for chips, each normalised so its largest radius is exactly 1 (the drawn radius). The
 * random stream is the splitmix64 of colour.h, seeded by the shape's own bits, so periodic
 * copies and band threads draw the same outline. */
#include "render/outline.h"

#include <math.h>

#include "core/dp.h"
#include "render/colour.h"

#define MAX_CORNERS 64

/* Adds sum of amp(k) cos(k t + phase) for k in [k0, k1] to every radius; amp(k) = a u / k^p
 * with u uniform, so every shape has its own mix. */
static void add_harmonics(dp_outline *o, dp_jitter_rng *g, int k0, int k1, double a, double p)
{
    for (int k = k0; k <= k1; k++) {
        double amp = a * dp_jitter_unit(g) / pow(k, p), phase = 2 * DP_PI * dp_jitter_unit(g);
        /* cos(k t_i + phase) by rotating a unit vector: two products a sample, not a cos */
        double c = cos(phase), s = sin(phase), dc = cos(k * 2 * DP_PI / DP_OUTLINE_N),
               ds = sin(k * 2 * DP_PI / DP_OUTLINE_N);
        for (int i = 0; i < DP_OUTLINE_N; i++) {
            o->r[i] += (float)(amp * c);
            double t = c * dc - s * ds;
            s = s * dc + c * ds;
            c = t;
        }
    }
}

/* Scales so the largest radius is 1, keeping every radius at least a tenth of it. */
static void normalise(dp_outline *o)
{
    float top = 0;
    for (int i = 0; i < DP_OUTLINE_N; i++)
        top = o->r[i] > top ? o->r[i] : top;
    for (int i = 0; i < DP_OUTLINE_N; i++)
        o->r[i] = top > 0 ? DP_MAX(0.1f, o->r[i] / top) : 1;
}

void dp_outline_round(dp_outline *o, double wobble, double roughness, uint64_t seed)
{
    dp_jitter_rng g = { seed ^ 0x6f75746c696e65u };
    for (int i = 0; i < DP_OUTLINE_N; i++)
        o->r[i] = 1;
    add_harmonics(o, &g, 2, 5, 0.32 * wobble, 0.8);
    add_harmonics(o, &g, 6, 24, 0.09 * roughness, 0.5);
    normalise(o);
}

/* Distance from the centre to segment (a, b) along the ray at angle t, or 0 if missed. */
static double ray_hit(double dx, double dy, double ax, double ay, double bx, double by)
{
    double ex = bx - ax, ey = by - ay;
    double den = dx * ey - dy * ex;
    if (fabs(den) < 1e-12)
        return 0;
    double s = (ax * ey - ay * ex) / den, w = (ax * dy - ay * dx) / den;
    return s > 0 && w >= -1e-9 && w <= 1 + 1e-9 ? s : 0;
}

void dp_outline_polygon(dp_outline *o, int corners, double irregularity, double roughness,
                        uint64_t seed)
{
    int n = DP_MAX(3, DP_MIN(corners, MAX_CORNERS));
    double cx[MAX_CORNERS], cy[MAX_CORNERS], step = 2 * DP_PI / n;
    dp_jitter_rng g = { seed ^ 0x63686970u };
    for (int i = 0; i < n; i++) {
        double t = step * (i + 0.4 * irregularity * dp_jitter_signed(&g));
        double r = 1 - 0.5 * irregularity * dp_jitter_unit(&g);
        cx[i] = r * cos(t);
        cy[i] = r * sin(t);
    }
    /* Corner angles stay in order (each moves < half its share), so the polygon is
       star-shaped around the centre and one edge meets each ray. */
    for (int i = 0; i < DP_OUTLINE_N; i++) {
        double t = 2 * DP_PI * i / DP_OUTLINE_N, hit = 0, dx = cos(t), dy = sin(t);
        for (int j = 0; j < n && hit == 0; j++)
            hit = ray_hit(dx, dy, cx[j], cy[j], cx[(j + 1) % n], cy[(j + 1) % n]);
        o->r[i] = (float)(hit > 0 ? hit : 1);
    }
    add_harmonics(o, &g, 7, 24, 0.1 * roughness, 0.6);
    normalise(o);
}

double dp_outline_at(const dp_outline *o, double theta)
{
    double t = theta / (2 * DP_PI) * DP_OUTLINE_N;
    t -= floor(t / DP_OUTLINE_N) * DP_OUTLINE_N;
    int i = (int)t % DP_OUTLINE_N;
    double f = t - floor(t);
    double a = o->r[i], b = o->r[(i + 1) % DP_OUTLINE_N];
    return a + f * (b - a);
}

void dp_outline_local(const dp_outline_frame *f, double px, double py, double *u, double *v)
{
    double c = cos(f->angle_rad), s = sin(f->angle_rad), dx = px - f->x, dy = py - f->y;
    *u = (c * dx + s * dy) / f->radius;
    *v = (-s * dx + c * dy) / (f->radius * f->aspect) * (f->mirror ? -1 : 1);
}

void dp_outline_path(cairo_t *cr, const dp_outline *o, const dp_outline_frame *f)
{
    double c = cos(f->angle_rad), s = sin(f->angle_rad);
    cairo_new_sub_path(cr);
    for (int i = 0; i < DP_OUTLINE_N; i++) {
        double t = 2 * DP_PI * i / DP_OUTLINE_N, r = (double)o->r[i] * f->radius;
        double x = r * cos(t), y = r * sin(t) * f->aspect * (f->mirror ? -1 : 1);
        cairo_line_to(cr, f->x + c * x - s * y, f->y + s * x + c * y);
    }
    cairo_close_path(cr);
}
