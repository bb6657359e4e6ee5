/* SPDX-License-Identifier: MIT
 * Soap bubbles pixel by pixel (see soap_paint.h). A pixel (u, v) of the disc sees the
 * sphere's normal (u, v, sqrt(1 - u^2 - v^2)); the view ray reflects about it into an
 * environment: a dim room, a brighter sky above, a window with its cross bars behind the
 * viewer (large on the cap, curved by the sphere, different bubble to bubble) and a lamp
 * whose mirror image is the glint. The film reflects that light in its interference colour
 * (soap_film.h), weighted by Fresnel: little on the cap, everything at the rim. What the
 * film does not reflect it lets through, so the alpha is the mean reflectance. A wall
 * shared with a touching bubble is a film seen edge on: a thin bright line. */
#include "render/soap_paint.h"

#include <math.h>

#include "core/dp.h"

#define ROOM   0.02 /* the environment's light, relative to a white of 1 */
#define SKY    1.2
#define FLOOR  0.35
#define WINDOW 5.0
#define LAMP   40.0
#define WALL_W 0.55 /* a wall's half-width, pixels */

static double smooth(double e0, double e1, double x)
{
    double t = DP_MAX(0.0, DP_MIN(1.0, (x - e0) / (e1 - e0)));
    return t * t * (3 - 2 * t);
}

/* Light arriving along the reflected ray (rx, ry, rz), rz toward the viewer, per channel:
 * a blue sky above, green-grey ground below (both ahead, seen near the rim), a dim room
 * behind the viewer with its window and the lamp. */
static void environment(const dp_soap_look *l, double rx, double ry, double rz, double e[3])
{
    static const double sky[3] = { 0.75, 0.9, 1.2 }, ground[3] = { 0.3, 0.36, 0.22 };
    double up = SKY * smooth(-0.15, 0.85, -ry),
           down = FLOOR * smooth(-0.2, 0.8, ry) * smooth(0, 0.5, -rz);
    double win = 0;
    if (rz > 0) { /* behind the viewer: the window, soft-edged, with a cross of bars */
        double fx = fabs(rx - l->wx), fy = fabs(ry - l->wy);
        double in = (1 - smooth(l->ww - 0.03, l->ww + 0.03, fx)) *
                    (1 - smooth(l->wh - 0.03, l->wh + 0.03, fy));
        double bars = DP_MIN(smooth(0.012, 0.03, fx), smooth(0.012, 0.03, fy));
        win = WINDOW * in * (0.08 + 0.92 * bars) * smooth(0, 0.3, rz);
    }
    double lz = 1.1, ln = sqrt(l->lx * l->lx + l->ly * l->ly + lz * lz);
    double dot = (rx * l->lx + ry * l->ly + rz * lz) / ln;
    double lamp = LAMP * exp(-(1 - dot) / 0.0005);
    for (int k = 0; k < 3; k++)
        e[k] = ROOM + up * sky[k] + down * ground[k] / 0.3 + win + lamp;
}

/* How much of the pixel is on this bubble's side of its walls, and how much of it is wall. */
static double cell_cover(const dp_soap_look *l, double dx, double dy, double *wall)
{
    double cover = 1;
    *wall = 0;
    for (int i = 0; i < l->n_walls; i++) {
        double s = l->walls[i].nx * dx + l->walls[i].ny * dy - l->walls[i].c;
        cover *= DP_MAX(0.0, DP_MIN(1.0, 0.5 - s));
        *wall = DP_MAX(*wall, DP_MAX(0.0, DP_MIN(1.0, WALL_W + 0.5 - fabs(s))));
    }
    return cover;
}

bool dp_soap_px(const void *look, double dx, double dy, dp_px *out)
{
    const dp_soap_look *l = look;
    double d = sqrt(dx * dx + dy * dy), wall;
    double cover = DP_MAX(0.0, DP_MIN(1.0, l->a - d + 0.5));
    if (cover <= 0 || (cover *= cell_cover(l, dx, dy, &wall)) <= 0)
        return false;
    double u = dx / l->a, v = dy / l->a, r2 = DP_MIN(0.9995, u * u + v * v), nz = sqrt(1 - r2);
    double film[3], e[3];
    environment(l, 2 * nz * u, 2 * nz * v, 2 * nz * nz - 1, e);
    dp_film_colour(l->table, dp_film_thickness(u, v, &l->film), nz, film);
    double c[3], mean = (film[0] + film[1] + film[2]) / 3;
    for (int k = 0; k < 3; k++) { /* a wall: the film at grazing, lit by the sky */
        double lin = e[k] * l->tint[k] * film[k];
        lin += wall * (0.12 + 0.2 * film[k]) * l->tint[k];
        c[k] = lin * cover;
    }
    *out = (dp_px){ c[0], c[1], c[2], DP_MIN(1.0, DP_MAX(mean, 0.3 * wall)) * cover };
    return true;
}

/* The k-th uniform of 'bits', 0..1. */
static double unit(unsigned long long bits, int k)
{
    unsigned long long h = bits ^ (0x9e3779b97f4a7c15ull * (unsigned long long)(k + 1));
    h ^= h >> 31, h *= 0xbf58476d1ce4e5b9ull, h ^= h >> 29;
    return (double)(h >> 11) / 9007199254740992.0;
}

void dp_soap_look_vary(dp_soap_look *l, unsigned long long bits, double lx, double ly)
{
    l->lx = lx, l->ly = ly;
    l->film.turn = unit(bits, 0);
    l->film.top_nm = 8 + 20 * unit(bits, 1);       /* a black film at the top */
    l->film.bottom_nm = 380 + 320 * unit(bits, 2); /* young bubbles are thicker */
    /* where each bubble floats relative to the window (and how near it is) moves and sizes
       its image: toward the light, anywhere within a third of the cap around that */
    l->wx = (0.4 + 0.5 * unit(bits, 3)) * lx + 0.6 * (unit(bits, 4) - 0.5);
    l->wy = (0.4 + 0.5 * unit(bits, 3)) * ly + 0.6 * (unit(bits, 5) - 0.5);
    l->ww = 0.12 + 0.26 * unit(bits, 6);
    l->wh = 0.18 + 0.3 * unit(bits, 7);
}
