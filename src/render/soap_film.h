/* SPDX-License-Identifier: MIT
 * Thin-film interference over a soap bubble's whole cap, shaded per pixel. */
#ifndef DP_SOAP_FILM_H
#define DP_SOAP_FILM_H

#include <cairo.h>

/** Paints the film of a bubble of radius a at (x, y) onto cr: interference colours of a
 * draining, swirled film, 'turn' (0..1) setting the swirl, at most 'alpha' opaque. */
void dp_soap_film_paint(cairo_t *cr, double x, double y, double a, double turn, double alpha);

#endif
