/* SPDX-License-Identifier: MIT
 * The radius-field spec string shared by `--field` and the preset key `field`:
 *   constant | perlin | perlin:scale=80,octaves=4,lacunarity=2,gain=0.5 | image:PATH
 * PATH is taken verbatim after "image:" and may itself contain ':' and ','. */
#ifndef DP_FIELD_SPEC_H
#define DP_FIELD_SPEC_H

#include <stddef.h>

#include "dapple.h"

/** Parses 'spec' into o->kind and o->perlin (Perlin keys not given take the defaults of
 * dapple_field_opts_init, whatever o held before) and copies an image PATH, unresolved,
 * into image_path (cap bytes; "" for other kinds). Other fields of *o are untouched.
 * On failure *o and image_path are unchanged and err has a message without a location
 * prefix, e.g. "unknown perlin key 'scal' (did you mean 'scale'?)". */
DAPPLE_USERESULT dapple_status dp_field_spec_parse(const char *spec, dapple_field_opts *o,
                                                   char *image_path, size_t cap, dapple_error *err);

/** "radius" or "density" into *map; otherwise "expected radius or density, got 'densty'
 * (did you mean 'density'?)". */
DAPPLE_USERESULT dapple_status dp_map_parse(const char *s, dapple_field_map *map,
                                            dapple_error *err);

/** Levels "BLACK,WHITE", two numbers with 0 <= BLACK < WHITE <= 1. */
DAPPLE_USERESULT dapple_status dp_levels_parse(const char *s, double *black, double *white,
                                               dapple_error *err);

/** An exclusion spec "image:PATH": copies PATH, unresolved, into path (cap bytes). */
DAPPLE_USERESULT dapple_status dp_exclude_parse(const char *spec, char *path, size_t cap,
                                                dapple_error *err);

#endif
