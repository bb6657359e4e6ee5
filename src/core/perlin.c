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
#include <string.h>

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

/* The first hash of lattice x coordinate a, as each stb variant takes it (wrap: nonpow2). */
static int hash_x(int a, int wrap, unsigned char seed)
{
    return wrap != 0 ? stb__perlin_randtab[stb__perlin_randtab[a] + seed]
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
    const float (*basis)[3]; /* stb's gradients, read once per row */
    int y0, y1, z0, z1;
    float yy[2], zz[2], v, w;
    int wx;
    unsigned char seed;
} row_octave;

static void cell_at(const row_octave *r, int px, cell *c)
{
    int x0, x1;
    lattice(px, r->wx, &x0, &x1);
    int rx[2] = { hash_x(x0, r->wx, r->seed), hash_x(x1, r->wx, r->seed) };
    int ys[2] = { r->y0, r->y1 }, zs[2] = { r->z0, r->z1 };
    for (int k = 0; k < 8; k++) {
        int dx = k >> 2, dy = (k >> 1) & 1, dz = k & 1;
        int g = stb__perlin_randtab_grad_idx[stb__perlin_randtab[rx[dx] + ys[dy]] + zs[dz]];
        c->gx[k] = r->basis[g][0];
        c->gy_y[k] = r->basis[g][1] * r->yy[dy];
        c->gz_z[k] = r->basis[g][2] * r->zz[dz];
    }
}

/* Four floats, one SSE register: lane by lane IEEE single, as the scalar code. */
typedef float v4f __attribute__((vector_size(16)));

static v4f lerp4(v4f a, v4f b, float t)
{
    return a + (b - a) * t;
}

/* Four samples x (their nx) of one lattice cell at px: stb's noise, lane by lane. */
static v4f cell_noise4(const cell *c, const row_octave *r, float fpx, v4f x)
{
    x = x - fpx;
    v4f xm = x - 1.0f, u = EASE(x);
    v4f n00 = lerp4(c->gx[0] * x + c->gy_y[0] + c->gz_z[0], c->gx[1] * x + c->gy_y[1] + c->gz_z[1],
                    r->w);
    v4f n01 = lerp4(c->gx[2] * x + c->gy_y[2] + c->gz_z[2], c->gx[3] * x + c->gy_y[3] + c->gz_z[3],
                    r->w);
    v4f n10 = lerp4(c->gx[4] * xm + c->gy_y[4] + c->gz_z[4],
                    c->gx[5] * xm + c->gy_y[5] + c->gz_z[5], r->w);
    v4f n11 = lerp4(c->gx[6] * xm + c->gy_y[6] + c->gz_z[6],
                    c->gx[7] * xm + c->gy_y[7] + c->gz_z[7], r->w);
    v4f n0 = lerp4(n00, n01, r->v), n1 = lerp4(n10, n11, r->v);
    return n0 + (n1 - n0) * u;
}

/* Samples nx[0 .. m) of one lattice cell (px), octave amplitude amp, added to out[]: four
 * at a time; the last one to three through a padded copy (lanes do not mix). */
static void cell_run(const cell *c, const row_octave *r, float amp, int px, const float *nx, int m,
                     float *out)
{
    float fpx = (float)px;
    int k = 0;
    for (; k + 4 <= m; k += 4) {
        v4f x, o;
        memcpy(&x, nx + k, sizeof x);
        memcpy(&o, out + k, sizeof o);
        o = o + amp * cell_noise4(c, r, fpx, x);
        memcpy(out + k, &o, sizeof o);
    }
    if (k < m) {
        float xb[4] = { 0 }, ob[4] = { 0 };
        size_t bytes = (size_t)(m - k) * sizeof *xb;
        memcpy(xb, nx + k, bytes);
        memcpy(ob, out + k, bytes);
        v4f x, o;
        memcpy(&x, xb, sizeof x);
        memcpy(&o, ob, sizeof o);
        o = o + amp * cell_noise4(c, r, fpx, x);
        memcpy(ob, &o, sizeof o);
        memcpy(out + k, ob, bytes);
    }
}

/* One octave along the row, added to out[]: runs of samples in one lattice cell, blocks
 * of at most BLOCK samples at a time. */
static void octave_row(const dp_fbm *p, int k, const float (*grads)[3], const double *xs, int n,
                       double y, float *out)
{
    enum { BLOCK = 256 };

    const dp_octave *o = &p->oc[k];
    float ny = safe((float)y * o->fy + p->off[1]), nz = safe(p->off[2]);
    int py = stb__perlin_fastfloor(ny), pz = stb__perlin_fastfloor(nz);
    row_octave r = { .basis = grads, .wx = o->wx, .seed = (unsigned char)(p->seed8 + k) };
    lattice(py, o->wy, &r.y0, &r.y1);
    lattice(pz, o->wx != 0 ? 256 : 0, &r.z0, &r.z1);
    float fy = ny - (float)py, fz = nz - (float)pz;
    r.yy[0] = fy, r.yy[1] = fy - 1, r.zz[0] = fz, r.zz[1] = fz - 1;
    r.v = EASE(fy), r.w = EASE(fz);
    cell c;
    int last = INT_MIN;
    float nx[BLOCK];
    int px[BLOCK];
    for (int b = 0; b < n; b += BLOCK) {
        int m = n - b < BLOCK ? n - b : BLOCK;
        for (int i = 0; i < m; i++) {
            nx[i] = safe((float)xs[b + i] * o->fx + p->off[0]);
            px[i] = stb__perlin_fastfloor(nx[i]);
        }
        for (int i = 0, j; i < m; i = j) {
            for (j = i + 1; j < m && px[j] == px[i]; j++)
                ;
            if (px[i] != last)
                cell_at(&r, px[i], &c), last = px[i];
            cell_run(&c, &r, o->amp, px[i], nx + i, j - i, out + b + i);
        }
    }
}

void dp_fbm_row(const dp_fbm *p, const double *xs, int n, double y, float *out)
{
    for (int i = 0; i < n; i++)
        out[i] = 0;
    float grads[12][3];
    for (int g = 0; g < 12; g++)
        for (int a = 0; a < 3; a++)
            grads[g][a] = basis(g, a);
    for (int k = 0; k < p->octaves; k++)
        octave_row(p, k, (const float(*)[3])grads, xs, n, y, out);
}
