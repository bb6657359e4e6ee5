/* SPDX-License-Identifier: MIT
 * Grey netpbm images (PGM): binary P5 with 1- or 2-byte samples, and plain P2 (decimal
 * text). Read by our own code, not stb_image: see pgm_load.c for why. */
#ifndef DP_PGM_LOAD_H
#define DP_PGM_LOAD_H

#include <stdbool.h>
#include <stdint.h>

#include "dapple.h"
#include "io/byte_reader.h"

/** A PGM header. */
typedef struct dp_pgm {
    int width, height; /* as written; each at most INT_MAX (refused above that) */
    unsigned maxval;   /* 1 .. 65535; above 255, binary samples take 2 bytes */
    bool plain;        /* P2: samples are decimal text */
} dp_pgm;

/** Reads "P5" or "P2" and the width, height and maximum value from the reader's first byte,
 * with whitespace and '#' comments between them, up to the single whitespace byte before
 * the raster. DAPPLE_E_FORMAT "NAME: corrupt PGM: ..." or "NAME: truncated PGM: ...". */
DAPPLE_USERESULT dapple_status dp_pgm_header(dp_byte_reader *r, dp_pgm *pgm, const char *name,
                                             dapple_error *err);

/** Reads the width * height samples that follow the header into grey (caller's memory),
 * each scaled to 0..65535 as round(v * 65535 / maxval). A binary raster must fit in the
 * 'file_size' bytes of the file ("NAME: truncated PGM: the file has N bytes, its header
 * promises M"), checked before a sample is read; a plain raster must end its last sample
 * with whitespace, as writers do, or a cut inside it could not be told from a whole file.
 * A sample above maxval is refused. */
DAPPLE_USERESULT dapple_status dp_pgm_raster_into(dp_byte_reader *r, const dp_pgm *pgm,
                                                  uint64_t file_size, uint16_t *grey,
                                                  const char *name, dapple_error *err);

#endif
