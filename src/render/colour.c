/* SPDX-License-Identifier: MIT
 * Palette pick and per-point jitter in HSL (lightness and hue), plus the splitmix64
 * stream behind it (Steele, Lea, Flood 2014). Colours are sRGB-encoded and jittered in
 * that space: the jitter is a look, not a physical quantity. */
#include "render/colour.h"

#include <math.h>

#include "core/dp.h"

typedef struct hsl {
    double h, s, l; /* h in turns [0, 1) */
} hsl;

dp_jitter_rng dp_jitter_rng_for(uint64_t layer_seed, uint64_t index)
{
    dp_jitter_rng g = { layer_seed ^ (index * 0xd1342543de82ef95u) };
    dp_jitter_next(&g); /* one step mixes nearby indices apart */
    return g;
}

uint64_t dp_jitter_next(dp_jitter_rng *g)
{
    uint64_t z = (g->state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

double dp_jitter_unit(dp_jitter_rng *g)
{
    return (double)(dp_jitter_next(g) >> 11) * 0x1.0p-53;
}

double dp_jitter_signed(dp_jitter_rng *g)
{
    return 2.0 * dp_jitter_unit(g) - 1.0;
}

static double clamp01(double v)
{
    return v < 0 ? 0 : (v > 1 ? 1 : v);
}

static hsl to_hsl(dp_rgba c)
{
    double mx = DP_MAX(c.r, DP_MAX(c.g, c.b));
    double mn = DP_MIN(c.r, DP_MIN(c.g, c.b));
    hsl o = { 0, 0, (mx + mn) / 2 };
    double d = mx - mn;
    if (d <= 0)
        return o;
    o.s = o.l > 0.5 ? d / (2 - mx - mn) : d / (mx + mn);
    if (mx == c.r)
        o.h = (c.g - c.b) / d + (c.g < c.b ? 6 : 0);
    else if (mx == c.g)
        o.h = (c.b - c.r) / d + 2;
    else
        o.h = (c.r - c.g) / d + 4;
    o.h /= 6;
    return o;
}

static double hue_channel(double p, double q, double t)
{
    t -= floor(t);
    if (t < 1.0 / 6)
        return p + (q - p) * 6 * t;
    if (t < 0.5)
        return q;
    if (t < 2.0 / 3)
        return p + (q - p) * (2.0 / 3 - t) * 6;
    return p;
}

static dp_rgba from_hsl(hsl c, double a)
{
    if (c.s <= 0)
        return (dp_rgba){ c.l, c.l, c.l, a };
    double q = c.l < 0.5 ? c.l * (1 + c.s) : c.l + c.s - c.l * c.s;
    double p = 2 * c.l - q;
    return (dp_rgba){ hue_channel(p, q, c.h + 1.0 / 3), hue_channel(p, q, c.h),
                      hue_channel(p, q, c.h - 1.0 / 3), a };
}

dp_rgba dp_colour_shade(dp_rgba c, double dl)
{
    hsl h = to_hsl(c);
    h.l = clamp01(h.l + dl);
    return from_hsl(h, c.a);
}

dp_rgba dp_colour_pick_parts(const dp_layer_spec *l, dp_jitter_rng *g, int *pick, dp_rgba *base,
                             double *dl_out, double *dh_out)
{
    int n = l->palette_n > 0 ? DP_MIN(l->palette_n, DP_MAX_PALETTE) : 1;
    int i = (int)(dp_jitter_unit(g) * n);
    /* Draw all three jitters even when zero, so turning one on never reshuffles the rest. */
    double dl = dp_jitter_signed(g) * l->jitter_lightness;
    double dh = dp_jitter_signed(g) * l->jitter_hue;
    double da = dp_jitter_signed(g) * l->jitter_alpha;
    dp_rgba c = l->palette[i];
    double a = clamp01(c.a * l->alpha + da);
    *base = c;
    base->a = a;
    if (dl != 0 || dh != 0) {
        hsl h = to_hsl(c);
        h.l = clamp01(h.l + dl);
        h.h += dh;
        c = from_hsl(h, c.a);
    }
    c.a = a;
    *pick = i;
    *dl_out = dl;
    *dh_out = dh;
    return c;
}
