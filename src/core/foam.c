/* SPDX-License-Identifier: MIT
 * Foam relaxation (see foam.h). Touching bubbles pull together until their films meet at
 * Plateau's 120 degrees, which for two spheres of radii a, b puts their centres
 * sqrt(a^2 + b^2 - a b) apart (the circles cross at 60 degrees); in a packed foam of like
 * bubbles that spacing makes the triangles of centres equilateral, so the power-diagram
 * walls (power_walls.h) meet at 120 degrees too (Weaire & Hutzler, The Physics of Foams,
 * ch. 2). Bonds are chosen once, from the start: a joining disc's nearest joining
 * neighbours (within 1.3 times its nearest distance, at most 6). Each iteration moves every
 * disc by half of the spring forces on it (Jacobi: the order of the discs does not matter),
 * at most a fifth of its radius, and pushes apart discs that overlap without a bond. */
#include "core/foam.h"

#include <math.h>
#include <stdlib.h>

#include "core/dp.h"

#define MAX_BONDS 8
#define MAX_NEAR  64
#define STIFF     0.15
#define SMOOTH    0.0

/* The centre distance at which the circles of two bubbles of radii a and b cross at 60
 * degrees, so that their two outer films and the wall between them meet at 120 (Plateau):
 * sqrt(a^2 + b^2 - a b); a for two bubbles of radius a. */
static double foam_distance(double a, double b)
{
    return sqrt(a * a + b * b - a * b);
}

typedef struct bonds {
    size_t (*to)[MAX_BONDS];
    int *n;
} bonds;

static void bond(bonds *b, size_t i, size_t j)
{
    for (int k = 0; k < b->n[i]; k++)
        if (b->to[i][k] == j)
            return;
    if (b->n[i] < MAX_BONDS && b->n[j] < MAX_BONDS) {
        b->to[i][b->n[i]++] = j;
        b->to[j][b->n[j]++] = i;
    }
}

static bool bonded(const bonds *b, size_t i, size_t j)
{
    for (int k = 0; k < b->n[i]; k++)
        if (b->to[i][k] == j)
            return true;
    return false;
}

/* Disc i's bonds: its joining neighbours within 1.3 times the nearest one's distance. */
static void bonds_of(const dp_walls *w, const dp_disc *d, const bool *join, size_t i, bonds *b)
{
    size_t idx[MAX_NEAR];
    double ox[MAX_NEAR], oy[MAX_NEAR], near = INFINITY;
    int n = dp_walls_near(w, d[i].x, d[i].y, 4 * d[i].r, idx, ox, oy, MAX_NEAR);
    for (int k = 0; k < n; k++)
        if (idx[k] != i && join[idx[k]])
            near = DP_MIN(near, hypot(ox[k], oy[k]));
    for (int k = 0; k < n; k++) {
        double dist = hypot(ox[k], oy[k]);
        if (idx[k] != i && join[idx[k]] && dist <= 1.3 * near && dist < 2 * (d[i].r + d[idx[k]].r))
            bond(b, i, idx[k]);
    }
}

static double wrap(double v, double n, bool wraps)
{
    return wraps ? v - n * floor(v / n) : DP_MAX(0.0, DP_MIN(nextafter(n, 0), v));
}

/* The offset from disc i to disc j: the nearest copy along the axes that wrap. */
static void offset(const dp_disc *d, size_t i, size_t j, const dp_foam_opts *o, double *ox,
                   double *oy)
{
    *ox = d[j].x - d[i].x, *oy = d[j].y - d[i].y;
    if (o->wrap.x)
        *ox -= o->width * floor(*ox / o->width + 0.5);
    if (o->wrap.y)
        *oy -= o->height * floor(*oy / o->height + 0.5);
}

/* A spring's pull on disc 0 toward the disc at (ox, oy), to 'rest' apart. */
static void pull(double ox, double oy, double rest, double *fx, double *fy)
{
    double dist = hypot(ox, oy);
    if (dist > 1e-9)
        *fx += STIFF * (dist - rest) / dist * ox, *fy += STIFF * (dist - rest) / dist * oy;
}

/* The move of disc i: springs to its bonds, however far, and to the joining discs its cell
 * shares a wall with (a foam's contacts); pushes off other discs it overlaps. */
static void force_on(const dp_walls *w, const dp_disc *d, const bool *join, const bonds *b,
                     const dp_foam_opts *o, size_t i, double *fx, double *fy)
{
    size_t idx[MAX_NEAR];
    double ox[MAX_NEAR], oy[MAX_NEAR], rr[MAX_NEAR], a = d[i].r;
    int n = dp_walls_near(w, d[i].x, d[i].y, 2.5 * a + 4, idx, ox, oy, MAX_NEAR);
    for (int k = 0; k < n; k++)
        rr[k] = idx[k] == i ? 0 : d[idx[k]].r;
    *fx = *fy = 0;
    for (int k = 0; k < b->n[i]; k++) {
        double bx, by;
        offset(d, i, b->to[i][k], o, &bx, &by);
        pull(bx, by, foam_distance(a, d[b->to[i][k]].r), fx, fy);
    }
    double mx = 0, my = 0;
    int walls = 0;
    for (int k = 0; k < n; k++) {
        size_t j = idx[k];
        double dist = hypot(ox[k], oy[k]), c = d[j].r;
        if (j == i || !(dist < a + c))
            continue;
        bool wall = join[i] && join[j] && dp_wall_length(a, ox[k], oy[k], c, ox, oy, rr, n) > 0;
        if (wall)
            mx += ox[k], my += oy[k], walls++;
        if (bonded(b, i, j))
            continue;
        if (!(join[i] && join[j]))
            pull(ox[k], oy[k], a + c + 1, fx, fy);
        else if (wall)
            pull(ox[k], oy[k], foam_distance(a, c), fx, fy);
    }
    if (walls >= 3) /* surrounded: toward the middle of its neighbours, which evens the
                       triangles of centres and so the angles where walls meet */
        *fx += SMOOTH * mx / walls, *fy += SMOOTH * my / walls;
    double len = hypot(*fx, *fy), cap = 0.2 * a;
    if (len > cap)
        *fx *= cap / len, *fy *= cap / len;
}

static bool step(dp_disc *d, const bool *join, size_t n, const dp_foam_opts *o, const bonds *b,
                 double *move)
{
    dp_walls *w = dp_walls_new(d, n, o->width, o->height, o->wrap);
    if (w == NULL)
        return false;
    for (size_t i = 0; i < n; i++)
        force_on(w, d, join, b, o, i, &move[2 * i], &move[2 * i + 1]);
    for (size_t i = 0; i < n; i++) {
        d[i].x = wrap(d[i].x + move[2 * i], o->width, o->wrap.x);
        d[i].y = wrap(d[i].y + move[2 * i + 1], o->height, o->wrap.y);
    }
    dp_walls_free(w);
    return true;
}

dapple_status dp_foam_relax(dp_disc *d, const bool *join, size_t n, const dp_foam_opts *o,
                            dapple_error *err)
{
    bonds b = { dp_calloc_n(n + 1, sizeof *b.to), dp_calloc_n(n + 1, sizeof *b.n) };
    double *move = dp_calloc_n(2 * n + 2, sizeof *move);
    dp_walls *w = b.to && b.n && move ? dp_walls_new(d, n, o->width, o->height, o->wrap) : NULL;
    bool ok = w != NULL;
    for (size_t i = 0; ok && i < n; i++)
        if (join[i])
            bonds_of(w, d, join, i, &b);
    dp_walls_free(w);
    int iterations = o->iterations > 0 ? o->iterations : 150;
    for (int it = 0; ok && it < iterations; it++)
        ok = step(d, join, n, o, &b, move);
    free(b.to);
    free(b.n);
    free(move);
    return ok ? DAPPLE_OK : dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a foam of %zu", n);
}
