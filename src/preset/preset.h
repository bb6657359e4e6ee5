/* SPDX-License-Identifier: MIT
 * INI presets into validated texture specs. Every error names the place at fault:
 * "presets/rain.ini:12: rmin: expected a number in [0.25, 4096], got 'abc'". The syntax,
 * the keys and the rules are documented in docs/presets.md (generated from params.c). */
#ifndef DP_PRESET_H
#define DP_PRESET_H

#include <stddef.h>

#include "dapple.h"
#include "render/texture.h"

/** Reads and validates the preset at 'path' into *out (which needs no freeing: the spec
 * owns no memory). out->name is the file name without ".ini", out->path is 'path', and
 * paths inside the preset are resolved relative to its folder and checked to be readable
 * files. On failure err says "FILE:LINE: KEY: message" and *out is not to be used. */
DAPPLE_USERESULT dapple_status dp_preset_load(const char *path, dp_texture_spec *out,
                                              dapple_error *err);

/** Reads the preset file at 'path' into a malloc'ed buffer (*text, *len; free it) without
 * parsing it, so a caller can hash exactly the bytes it then parses. A FIFO, device or
 * folder is refused without blocking ("cannot open 'PATH': not a regular file"). Files over
 * DP_PRESET_MAX_BYTES come back one byte over, for the parser to refuse. */
DAPPLE_USERESULT dapple_status dp_preset_read(const char *path, char **text, size_t *len,
                                              dapple_error *err);

/** Like dp_preset_load, from memory: text[0 .. len) may hold anything (NUL bytes included).
 * 'file' stands for the preset's path: it is used in messages, for out->name and out->path
 * and to resolve relative paths. */
DAPPLE_USERESULT dapple_status dp_preset_parse_string(const char *text, size_t len,
                                                      const char *file, dp_texture_spec *out,
                                                      dapple_error *err);

/** dp_preset_parse_string that also says where the preset is at fault, as data: on
 * failure *line is the 1-based line of the file the message names ("FILE:LINE: ..."), 0 when
 * it names none (the file as a whole: "FILE: no [texture] section", a size over the limit,
 * a bad file name). *line is 0 on success. */
DAPPLE_USERESULT dapple_status dp_preset_parse_where(const char *text, size_t len, const char *file,
                                                     dp_texture_spec *out, int *line,
                                                     dapple_error *err);

/** Applies one override "SECTION.KEY=VALUE" (SECTION is "texture" or a layer name; the
 * value may contain '='), then re-checks the whole spec. Relative paths are taken from the
 * current folder. On failure *t is unchanged and the message starts with the assignment's
 * "SECTION.KEY: ", e.g. "big.rmin: expected a number in [0.25, 4096], got 'x'". */
DAPPLE_USERESULT dapple_status dp_preset_set(dp_texture_spec *t, const char *assignment,
                                             dapple_error *err);

/** Applies n overrides in order and checks the spec once at the end, so that
 * "big.rmin=6" then "big.rmax=10" works from rmin 2, rmax 4. A rule broken at the end is
 * blamed on the assignments that touched the section at fault ("big.rmax, big.k: rmin (20)
 * must not exceed rmax (15)"). On failure *t is unchanged. */
DAPPLE_USERESULT dapple_status dp_preset_set_all(dp_texture_spec *t, const char *const *assignments,
                                                 size_t n, dapple_error *err);

/** Checks the rules that tie keys together (sizes and the memory limit, rmin <= rmax,
 * avoid naming earlier layers only, image fields and backgrounds having a path, layer
 * names) for a spec however it was filled. Messages start with "FILE:LINE: [layer NAME] "
 * when the spec came from a file. */
DAPPLE_USERESULT dapple_status dp_preset_validate(const dp_texture_spec *t, dapple_error *err);

/** dp_preset_validate that also gives the line the message names (the header of the layer
 * at fault) in *line, 0 when it names none. */
DAPPLE_USERESULT dapple_status dp_preset_validate_where(const dp_texture_spec *t, int *line,
                                                        dapple_error *err);

#endif
