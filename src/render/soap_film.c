/* SPDX-License-Identifier: MIT
 * The optics of a soap film (see soap_film.h). Interference: light reflected at the front
 * face (with a phase flip) and at the back face differs in phase by 4 pi n d cos_t / L, so
 * a film reflects 4 R sin^2(2 pi n d cos_t / L) of wavelength L (two-beam; Born & Wolf 7.6).
 * Summed over the spectrum with the CIE 1931 colour matching functions (the analytic fit of
 * Wyman, Sloan and Shirley 2013) this gives Newton's series: black, white, straw, orange,
 * magenta, blue, green, yellow, pink ... paling with each order. Thickness: a bubble's film
 * drains under gravity (Isenberg, The Science of Soap Films and Soap Bubbles, ch. 4): thin
 * at the top, where a black film forms, thickening downward in horizontal bands that
 * marginal regeneration and convection stir into swirls. */
#include "render/soap_film.h"

#include <math.h>

#include "core/dp.h"

#define L0     400.0 /* the spectrum summed, nm */
#define L1     700.0
#define LSTEPS 31 /* 10 nm apart */

/* One lobe of the fit: a Gaussian with different widths left and right of its peak. */
static double lobe(double l, double mu, double s1, double s2)
{
    double t = (l - mu) / (l < mu ? s1 : s2);
    return exp(-0.5 * t * t);
}

/* Linear sRGB response to wavelength l: CIE 1931 x, y, z (Wyman et al. 2013, multi-lobe)
 * through the XYZ to linear sRGB matrix (IEC 61966-2-1). */
static void rgb_of(double l, double out[3])
{
    double x = 1.056 * lobe(l, 599.8, 37.9, 31.0) + 0.362 * lobe(l, 442.0, 16.0, 26.7) -
               0.065 * lobe(l, 501.1, 20.4, 26.2);
    double y = 0.821 * lobe(l, 568.8, 46.9, 40.5) + 0.286 * lobe(l, 530.9, 16.3, 31.1);
    double z = 1.217 * lobe(l, 437.0, 11.8, 36.0) + 0.681 * lobe(l, 459.0, 26.0, 13.8);
    out[0] = 3.2406 * x - 1.5372 * y - 0.4986 * z;
    out[1] = -0.9689 * x + 1.8758 * y + 0.0415 * z;
    out[2] = 0.0557 * x - 0.2040 * y + 1.0570 * z;
}

void dp_film_table_init(dp_film_table *t)
{
    double resp[LSTEPS][3], white[3] = { 0, 0, 0 };
    for (int k = 0; k < LSTEPS; k++) {
        rgb_of(L0 + (L1 - L0) * k / (LSTEPS - 1), resp[k]);
        for (int c = 0; c < 3; c++)
            white[c] += resp[k][c];
    }
    for (int p = 0; p < DP_FILM_STEPS; p++) {
        double sum[3] = { 0, 0, 0 };
        for (int k = 0; k < LSTEPS; k++) {
            double s = sin(2 * DP_PI * p / (L0 + (L1 - L0) * k / (LSTEPS - 1)));
            for (int c = 0; c < 3; c++)
                sum[c] += 2 * s * s * resp[k][c];
        }
        for (int c = 0; c < 3; c++) /* out-of-gamut hues clip at 0 */
            t->rgb[p][c] = (float)DP_MAX(0.0, sum[c] / white[c]);
    }
}

double dp_film_fresnel(double cos_i)
{
    double ci = DP_MAX(0.0, DP_MIN(1.0, cos_i)), n = DP_FILM_INDEX;
    double st = sqrt(1 - ci * ci) / n, ct = sqrt(1 - st * st);
    double rs = (ci - n * ct) / (ci + n * ct), rp = (ct - n * ci) / (ct + n * ci);
    return 0.5 * (rs * rs + rp * rp);
}

/* cos of the angle inside the film, by Snell's law. */
static double cos_inside(double cos_i)
{
    double st = sqrt(DP_MAX(0.0, 1 - cos_i * cos_i)) / DP_FILM_INDEX;
    return sqrt(1 - st * st);
}

double dp_film_reflectance(double d_nm, double lambda_nm, double cos_i)
{
    double s = sin(2 * DP_PI * DP_FILM_INDEX * d_nm * cos_inside(cos_i) / lambda_nm);
    return 4 * dp_film_fresnel(cos_i) * s * s;
}

void dp_film_colour(const dp_film_table *t, double d_nm, double cos_i, double rgb[3])
{
    double p = DP_MAX(0.0, DP_FILM_INDEX * d_nm * cos_inside(cos_i));
    int i = (int)p;
    double f = p - i;
    if (i >= DP_FILM_STEPS - 1)
        i = DP_FILM_STEPS - 2, f = 1;
    double r = dp_film_fresnel(cos_i);
    for (int c = 0; c < 3; c++) {
        /* c2 = 1 - cos(delta), averaged over the spectrum; Airy's sum of all the reflections
           is 2 R c2 / (1 + R^2 - 2 R (1 - c2)), the two-beam 2 R c2 when R is small */
        double c2 = (1 - f) * (double)t->rgb[i][c] + f * (double)t->rgb[i + 1][c];
        rgb[c] = DP_MIN(1.0, 2 * r * c2 / (1 + r * r - 2 * r * (1 - c2)));
    }
}

/* A swirl: the point (u, v) turned about (cx, cy) by an angle that fades with distance. */
static void swirl(double *u, double *v, double cx, double cy, double turn)
{
    double dx = *u - cx, dy = *v - cy, a = turn * exp(-(dx * dx + dy * dy) / 0.15);
    double c = cos(a), s = sin(a);
    *u = cx + c * dx - s * dy;
    *v = cy + s * dx + c * dy;
}

double dp_film_thickness(double u, double v, const dp_film_look *l)
{
    double ph = 2 * DP_PI * l->turn;
    /* two eddies of marginal regeneration, low on either side, turning opposite ways */
    swirl(&u, &v, 0.55 * cos(ph), 0.35 + 0.3 * sin(ph), 2.4);
    swirl(&u, &v, -0.6 * cos(1.7 * ph), 0.1 + 0.3 * cos(ph), -2.0);
    double level =
            v + 0.12 * sin(2.6 * u + 1.7 * v + ph) + 0.06 * sin(5.3 * u - 3.1 * v + 2.3 * ph);
    double s = DP_MAX(0.0, DP_MIN(1.0, (level + 0.92) / 1.84)); /* 0 at the top: drained */
    return l->top_nm + (l->bottom_nm - l->top_nm) * pow(s, 1.4);
}
