/* SPDX-License-Identifier: MIT
 * The options structs grow at their end without breaking programs built against an
 * older dapple.h: each carries its struct_size, the public entry points copy the caller's
 * bytes over a copy filled with defaults, and read only that copy (the rule of Linux's
 * copy_struct_from_user: a larger struct from a newer header is fine while the members
 * this library does not know are zero). See "ABI" in docs/library.md. */
#ifndef DP_ABI_H
#define DP_ABI_H

#include <stddef.h>

#include "dapple.h"

/* The end of the last member each struct had in the first release of the .so (ABI 0):
 * the smallest struct_size a caller may pass. Members added later go below the line. */
#define DP_FIELD_OPTS_MIN_SIZE \
    (offsetof(dapple_field_opts, threads) + sizeof(((dapple_field_opts *)0)->threads))
#define DP_SAMPLER_OPTS_MIN_SIZE (offsetof(dapple_sampler_opts, progress_user) + sizeof(void *))
/* dapple_world_opts came in 0.7.0 whole */
#define DP_WORLD_OPTS_MIN_SIZE sizeof(dapple_world_opts)

/** The caller's field options adopted into *local (see opts_adopt in abi.c). */
dapple_status dp_field_opts_adopt(dapple_field_opts *local, const dapple_field_opts *o,
                                  dapple_error *err);

/** The caller's sampler options adopted into *local (see opts_adopt in abi.c). */
dapple_status dp_sampler_opts_adopt(dapple_sampler_opts *local, const dapple_sampler_opts *o,
                                    dapple_error *err);

/** The caller's world options adopted into *local (see opts_adopt in abi.c). */
dapple_status dp_world_opts_adopt(dapple_world_opts *local, const dapple_world_opts *o,
                                  dapple_error *err);

#endif
