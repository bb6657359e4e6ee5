/* SPDX-License-Identifier: MIT
 * The inputs of a render job beyond its preset: the images it reads, and their hash by
 * content, what lets a batch notice that a stamp or a field image changed although the
 * preset did not. */
#ifndef DP_BATCH_INPUTS_H
#define DP_BATCH_INPUTS_H

#include "dapple.h"
#include "render/texture.h"

/* The most images one spec reads. */
#define DP_BATCH_MAX_INPUTS ((1 + DP_MAX_EXCLUDE + DP_MAX_STAMPS) * DP_MAX_LAYERS + 2)

/** The images t reads (field and exclusion images, stamps, the background image) into
 * in[] (borrowed from t); returns their count. Outputs must never name one of them. */
int dp_batch_spec_images(const dp_texture_spec *t, const char *in[DP_BATCH_MAX_INPUTS]);

/** Into hex (64 digits and a NUL): the sha256 of the lines `sha256sum` prints for every
 * file t reads (field, exclusion, stamp and background images), "HEX  NAME\n" each, sorted
 * by NAME and each NAME once, NAME as the preset wrote it (relative to its folder). So
 * `cd PRESET_DIR && sha256sum NAME... | sha256sum` shows the same digest; a preset that
 * reads no file gets the sha256 of nothing. DAPPLE_E_IO names a file that cannot be read
 * (a FIFO or device included: refused, never waited on). */
DAPPLE_USERESULT dapple_status dp_batch_inputs_sha256(const dp_texture_spec *t, char hex[65],
                                                      dapple_error *err);

#endif
