/* SPDX-License-Identifier: MIT
 * The optics of a soap film: thin-film interference (the colour a film of a given thickness
 * reflects), Fresnel reflectance, and the thickness of a bubble's draining film. Pure
 * functions, no cairo: soap_paint.c turns them into pixels. */
#ifndef DP_SOAP_FILM_H
#define DP_SOAP_FILM_H

#define DP_FILM_INDEX 1.33 /* soapy water */
#define DP_FILM_STEPS 1601 /* optical paths n d cos(t) of 0 .. 1600 nm, 1 nm apart */

/** The interference colour of every optical path, in linear RGB: the spectral sum (400 to
 * 700 nm, CIE 1931 observer, equal-energy light) of 2 sin^2(2 pi p / L), white-balanced so
 * that a thick film, whose bands average out, is (1, 1, 1). Fill with dp_film_table_init. */
typedef struct dp_film_table {
    float rgb[DP_FILM_STEPS][3];
} dp_film_table;

void dp_film_table_init(dp_film_table *t);

/** Fresnel reflectance of one air-water face for unpolarised light at cos_i (cosine of the
 * angle from the normal, 0..1): 0.020 facing the viewer, 1 at grazing. */
double dp_film_fresnel(double cos_i);

/** The two-beam reflectance of a film d_nm thick at wavelength lambda_nm, seen at cos_i:
 * 4 R sin^2(2 pi n d cos_t / lambda), R = dp_film_fresnel(cos_i), cos_t inside the film.
 * The phase flip at the front face makes a very thin film black. */
double dp_film_reflectance(double d_nm, double lambda_nm, double cos_i);

/** The reflectance in linear RGB (each 0..1) of a film d_nm thick seen at cos_i: the
 * table's colour at its optical path, scaled by Fresnel, with the multiple reflections that
 * keep it at most 1 at grazing (Airy); for a film facing the viewer, the two-beam value. */
void dp_film_colour(const dp_film_table *t, double d_nm, double cos_i, double rgb[3]);

/** One bubble's film: its swirls (phases from 'turn', 0..1) and how far it has drained. */
typedef struct dp_film_look {
    double turn;
    double top_nm, bottom_nm; /* thickness at the top and bottom of the bubble */
} dp_film_look;

/** Thickness (nm) at (u, v) of the unit disc, v down: gravity drains the film, thin (black
 * where under 30 nm) at the top, thicker below, in roughly level bands that swirls stir. */
double dp_film_thickness(double u, double v, const dp_film_look *l);

#endif
