/* SPDX-License-Identifier: MIT
 * Gas bubbles in a drink (see gas_lens.h). Light going from the liquid (n = 1.33) into the
 * gas bends away from the normal, so a bubble is a diverging lens. A ray through the pixel
 * at r / a = s meets the sphere at sin(i) = s: up to s = 1 / 1.33 = 0.75 it passes through,
 * and the core shows the light behind spread out, brighter than the drink that absorbs it
 * elsewhere; beyond, it is totally reflected (Minnaert's dark ring; Walker, The Flying
 * Circus of Physics 6.97): the edge ring sends the view off into the dark depth of the drink.
 * The lamp leaves a small glint toward the light and, refracted, a softer crescent opposite.
 * Deeper bubbles are out of focus (their edges soften) and seen through more liquid (fainter). */
#include "render/gas_lens.h"

#include <math.h>

#include "core/dp.h"

#define TIR (1 / 1.33) /* the core's edge, in radii */

static double smooth(double e0, double e1, double x)
{
    double t = DP_MAX(0.0, DP_MIN(1.0, (x - e0) / (e1 - e0)));
    return t * t * (3 - 2 * t);
}

/* A soft spot of 'size' radii at (cx, cy) radii from the centre. */
static double spot(double u, double v, double cx, double cy, double size)
{
    double x = (u - cx) / size, y = (v - cy) / size;
    return exp(-2 * (x * x + y * y));
}

bool dp_gas_px(const void *look, double dx, double dy, dp_px *out)
{
    const dp_gas_look *l = look;
    double blur = 0.7 + l->depth * 0.18 * l->a; /* pixels of focus blur */
    double d = sqrt(dx * dx + dy * dy);
    double cover = smooth(l->a + 0.5 * blur, l->a - 0.5 * blur, d);
    if (cover <= 0)
        return false;
    double u = dx / l->a, v = dy / l->a, s = d / l->a, soft = blur / l->a;
    double core = smooth(TIR + 0.5 * soft, TIR - 0.5 * soft - 0.12, s); /* 1 in the core */
    double fade = 1 - 0.55 * l->depth;
    /* the core lightens toward the tint, most in the middle; the TIR ring darkens toward
       black, most just outside the core, a little less at the very edge where the
       reflected light of the drink's surface comes back */
    double lift = 0.42 * core * (1 - 0.6 * s * s);
    double dark = 0.72 * (1 - core) * (1 - 0.35 * smooth(0.88, 1.0, s));
    double glint = l->glint * (1 - 0.7 * l->depth) *
                   (spot(u, v, 0.45 * l->lx, 0.45 * l->ly, 0.15 + 0.6 * soft) +
                    0.45 * spot(u, v, -0.4 * l->lx, -0.4 * l->ly, 0.2 + 0.5 * soft));
    double a = DP_MIN(1.0, (lift + dark) * fade) * cover;
    double w = DP_MIN(1.0, 1.3 * glint) * cover;
    double c[3];
    for (int k = 0; k < 3; k++)
        c[k] = l->tint[k] * lift * fade * cover;
    /* the glint is light added on top, white */
    *out = (dp_px){ c[0] + w * (1 - c[0]), c[1] + w * (1 - c[1]), c[2] + w * (1 - c[2]),
                    a + w * (1 - a) };
    return true;
}
