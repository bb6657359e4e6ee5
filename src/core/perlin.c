/* SPDX-License-Identifier: MIT
 * Perlin fBm (see perlin.h). stb_perlin's implementation is compiled here, not taken from
 * libstb.so: its tables then serve the row evaluator, and the noise is built with our
 * flags on every machine (no fused multiply-add in one build and not in another). The row
 * evaluator repeats stb_perlin_noise3_internal's and stb_perlin_noise3_wrap_nonpow2's
 * arithmetic operation for operation, so each sample gets the same float; what it saves
 * is the hashing and the y and z terms, which change only with the lattice cell. */
#include "core/perlin.h"

#include <limits.h>
#include <math.h>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-prototypes"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wcast-qual"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#define STB_PERLIN_IMPLEMENTATION
#include <stb_perlin.h>
#pragma GCC diagnostic pop

#define EASE(a) (((a * 6 - 15) * a + 10) * a * a * a) /* stb__perlin_ease, as written there */

/* A noise coordinate stb can floor: beyond 2^30 lattice cells (a feature far below a
 * unit, or a huge lacunarity) its (int) cast would overflow, which C leaves undefined.
 * The plain lattice repeats every 256 cells, so such a coordinate is taken modulo 256;
 * every coordinate below that bound is left as it is, bit for bit. */
static float safe(float t)
{
    if (fabsf(t) < 0x1p30f)
        return t;
    return isfinite(t) ? fmodf(t, 256.0f) : 0.0f;
}

static float lerp(float a, float b, float t)
{
    return a + (b - a) * t;
}

float dp_fbm_at(const dp_fbm *p, double x, double y)
{
    float sum = 0;
    for (int i = 0; i < p->octaves; i++) {
        const dp_octave *o = &p->oc[i];
        float nx = safe((float)x * o->fx + p->off[0]), ny = safe((float)y * o->fy + p->off[1]);
        unsigned char s = (unsigned char)(p->seed8 + i);
        float nz = safe(p->off[2]);
        sum += o->amp * (o->wx ? stb_perlin_noise3_wrap_nonpow2(nx, ny, nz, o->wx, o->wy, 0, s)
                               : stb_perlin_noise3_seed(nx, ny, nz, 0, 0, 0, s));
    }
    return sum;
}

/* Lattice coordinates a, a + 1 of cell c: by wrap (stb's nonpow2 rule) or masked to 8 bits. */
static void lattice(int c, int wrap, int *a0, int *a1)
{
    if (wrap == 0) {
        *a0 = c & 255, *a1 = (c + 1) & 255;
        return;
    }
    *a0 = c % wrap;
    *a0 += *a0 < 0 ? wrap : 0;
    *a1 = (*a0 + 1) % wrap;
}

/* The first hash of lattice x coordinate a, as each stb variant takes it. */
static int hash_x(int a, bool wrapped, unsigned char seed)
{
    return wrapped ? stb__perlin_randtab[stb__perlin_randtab[a] + seed]
                   : stb__perlin_randtab[a + seed];
}

/* Component k of stb's gradient number g (its basis rows hold 1, -1 and +0). */
static float basis(int g, int k)
{
    float v = stb__perlin_grad(g, k == 0, k == 1, k == 2);
    return v == 0 ? 0.0f : v;
}

/* What one lattice cell of a row gives each of its 8 corners (index dx * 4 + dy * 2 + dz):
 * the x part of the gradient, and the gradient's y and z terms, already multiplied. */
typedef struct cell {
    float gx[8], gy_y[8], gz_z[8];
} cell;

typedef struct row_octave {
    int y0, y1, z0, z1;
    float yy[2], zz[2], v, w;
    bool wrapped;
    int wx;
    unsigned char seed;
} row_octave;

static void cell_at(const row_octave *r, int px, cell *c)
{
    int x0, x1;
    lattice(px, r->wx, &x0, &x1);
    int rx[2] = { hash_x(x0, r->wrapped, r->seed), hash_x(x1, r->wrapped, r->seed) };
    int ys[2] = { r->y0, r->y1 }, zs[2] = { r->z0, r->z1 };
    for (int k = 0; k < 8; k++) {
        int dx = k >> 2, dy = (k >> 1) & 1, dz = k & 1;
        int g = stb__perlin_randtab_grad_idx[stb__perlin_randtab[rx[dx] + ys[dy]] + zs[dz]];
        c->gx[k] = basis(g, 0);
        c->gy_y[k] = basis(g, 1) * r->yy[dy];
        c->gz_z[k] = basis(g, 2) * r->zz[dz];
    }
}

/* One octave along the row, added to out[]: stb's noise at each sample, same operations. */
static void octave_row(const dp_fbm *p, int k, const double *xs, int n, double y, float *out)
{
    const dp_octave *o = &p->oc[k];
    float ny = safe((float)y * o->fy + p->off[1]), nz = safe(p->off[2]);
    int py = stb__perlin_fastfloor(ny), pz = stb__perlin_fastfloor(nz);
    row_octave r = { .wrapped = o->wx != 0, .wx = o->wx, .seed = (unsigned char)(p->seed8 + k) };
    lattice(py, o->wy, &r.y0, &r.y1);
    lattice(pz, o->wx != 0 ? 256 : 0, &r.z0, &r.z1);
    float fy = ny - (float)py, fz = nz - (float)pz;
    r.yy[0] = fy, r.yy[1] = fy - 1, r.zz[0] = fz, r.zz[1] = fz - 1;
    r.v = EASE(fy), r.w = EASE(fz);
    cell c;
    int last = INT_MIN;
    for (int i = 0; i < n; i++) {
        float nx = safe((float)xs[i] * o->fx + p->off[0]);
        int px = stb__perlin_fastfloor(nx);
        if (px != last)
            cell_at(&r, px, &c), last = px;
        float x = nx - (float)px, xm = x - 1, u = EASE(x);
        float e[8];
        for (int q = 0; q < 4; q++) /* two runs of 4: one SSE vector each */
            e[q] = c.gx[q] * x + c.gy_y[q] + c.gz_z[q];
        for (int q = 4; q < 8; q++)
            e[q] = c.gx[q] * xm + c.gy_y[q] + c.gz_z[q];
        float n00 = lerp(e[0], e[1], r.w), n01 = lerp(e[2], e[3], r.w);
        float n10 = lerp(e[4], e[5], r.w), n11 = lerp(e[6], e[7], r.w);
        float n0 = lerp(n00, n01, r.v), n1 = lerp(n10, n11, r.v);
        out[i] += o->amp * lerp(n0, n1, u);
    }
}

void dp_fbm_row(const dp_fbm *p, const double *xs, int n, double y, float *out)
{
    for (int i = 0; i < n; i++)
        out[i] = 0;
    for (int k = 0; k < p->octaves; k++)
        octave_row(p, k, xs, n, y, out);
}
