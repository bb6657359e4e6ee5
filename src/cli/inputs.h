/* SPDX-License-Identifier: MIT
 * The files a preset pulls in, by content: what lets `pack` notice that a stamp or a field
 * image changed although the preset did not. */
#ifndef DP_CLI_INPUTS_H
#define DP_CLI_INPUTS_H

#include "dapple.h"
#include "render/texture.h"

/** Into hex (64 digits and a NUL): the sha256 of the lines `sha256sum` prints for every
 * file t reads (field, exclusion, stamp and background images), "HEX  NAME\n" each, sorted
 * by NAME and each NAME once, NAME as the preset wrote it (relative to its folder). So
 * `cd PRESET_DIR && sha256sum NAME... | sha256sum` shows the same digest; a preset that
 * reads no file gets the sha256 of nothing. DAPPLE_E_IO names a file that cannot be read
 * (a FIFO or device included: refused, never waited on). */
DAPPLE_USERESULT dapple_status dp_inputs_sha256(const dp_texture_spec *t, char hex[65],
                                                dapple_error *err);

#endif
