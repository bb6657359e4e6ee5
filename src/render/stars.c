/* SPDX-License-Identifier: MIT
 * Stars (see stars.h). The magnitude is drawn by inverting the distribution's CDF, so one
 * uniform number gives one magnitude, independent of where the point lies. Black-body
 * colours by the fit of Helland (2012) to Charity's tabulation of the CIE 1964 colours of
 * black bodies, good to a few percent from 1000 to 40000 K. */
#include "render/stars.h"

#include <math.h>

#include "core/dp.h"
#include "render/colour.h"

static double clamp01(double v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

dp_rgba dp_blackbody(double kelvin)
{
    double t = DP_MIN(40000.0, DP_MAX(1000.0, kelvin)) / 100, r, g, b;
    if (t <= 66) {
        r = 255;
        g = 99.4708025861 * log(t) - 161.1195681661;
        b = t <= 19 ? 0 : 138.5177312231 * log(t - 10) - 305.0447927307;
    } else {
        r = 329.698727446 * pow(t - 60, -0.1332047592);
        g = 288.1221695283 * pow(t - 60, -0.0755148492);
        b = 255;
    }
    return (dp_rgba){ clamp01(r / 255), clamp01(g / 255), clamp01(b / 255), 1 };
}

double dp_star_unit(uint64_t variety, int k)
{
    dp_jitter_rng g = { variety ^ (0x73746172u + (uint64_t)k * 0x9e3779b97f4a7c15u) };
    return dp_jitter_unit(&g);
}

dp_star dp_star_of(const dp_layer_spec *l, uint64_t variety)
{
    dp_jitter_rng g = { variety ^ 0x73746172u };
    double k = l->star_slope * log(10), span = l->star_magnitudes;
    double u = dp_jitter_unit(&g);
    /* p(m) ~ exp(k m) on [0, span]: m = ln(1 + u (e^(k span) - 1)) / k */
    double m = log1p(u * expm1(k * span)) / k;
    /* cool stars far outnumber hot ones: log T uniform in u^2 */
    double v = dp_jitter_unit(&g);
    double kelvin = DP_STAR_KELVIN_MIN * pow(DP_STAR_KELVIN_MAX / DP_STAR_KELVIN_MIN, v * v);
    return (dp_star){ m, pow(10, -0.4 * m), kelvin, dp_blackbody(kelvin) };
}
