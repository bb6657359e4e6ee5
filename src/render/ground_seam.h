/* SPDX-License-Identifier: MIT
 * Does a texture that tiles refract a seam? Drops show the ground under them flipped; when the
 * texture tiles but its background image does not, every tile repeats a hard edge through
 * the drops. The command line warns about it (one line). */
#ifndef DP_GROUND_SEAM_H
#define DP_GROUND_SEAM_H

#include <stdbool.h>

#include "render/texture.h"

/** True when t wraps (along either axis), its backdrop (or, without one, its background) is an
 * image, a droplet layer refracts it, and the painted background steps across the wraps more than
 * twice as much as between neighbouring pixels inside. False too when the image cannot be painted
 * (the render reports that). */
bool dp_ground_refracts_a_seam(const dp_texture_spec *t);

#endif
