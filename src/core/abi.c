/* SPDX-License-Identifier: MIT
 * Options structs that can grow (see abi.h), their defaults, and the library's version
 * at run time. */
#include "core/abi.h"

#include <stdint.h>
#include <string.h>

#include "core/dp.h"

int dapple_version(void)
{
    return DAPPLE_VERSION_NUMBER;
}

const char *dapple_version_string(void)
{
    return DAPPLE_VERSION;
}

/* Fills the first 'size' bytes of *dst from a full struct of defaults, zeroing what lies
 * beyond the library's own size, and sets the struct_size member (the first) to 'size'. */
static void opts_init_sized(void *dst, size_t size, const void *defaults, size_t full)
{
    if (dst == NULL || size < sizeof(size_t))
        return;
    memcpy(dst, defaults, DP_MIN(size, full));
    if (size > full) /* a newer header's members: zero, which adopt accepts */
        memset((unsigned char *)dst + full, 0, size - full);
    memcpy(dst, &size, sizeof size);
}

static bool all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != 0)
            return false;
    return true;
}

/* *local = the caller's *o read through its struct_size over local's defaults (already
 * in place). DAPPLE_E_INVALID, naming 'type', when o is NULL, its struct_size is below
 * min_size, or it sets members this library does not know. */
static dapple_status opts_adopt(void *local, size_t full, size_t min_size, const void *o,
                                const char *type, dapple_error *err)
{
    if (o == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "%s must not be NULL", type);
    size_t size;
    memcpy(&size, o, sizeof size);
    if (size < min_size)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s.struct_size is %zu, below %zu: fill it with %s_init()", type, size,
                       min_size, type);
    if (size > full && !all_zero((const unsigned char *)o + full, size - full))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s sets options this libdapple %s does not know (struct_size %zu > %zu): "
                       "the program needs a newer library",
                       type, DAPPLE_VERSION, size, full);
    memcpy(local, o, DP_MIN(size, full));
    memcpy(local, &full, sizeof full); /* local is now a whole struct of this version */
    return DAPPLE_OK;
}

dapple_status dp_field_opts_adopt(dapple_field_opts *local, const dapple_field_opts *o,
                                  dapple_error *err)
{
    dapple_field_opts_init(local);
    return opts_adopt(local, sizeof *local, DP_FIELD_OPTS_MIN_SIZE, o, "dapple_field_opts", err);
}

dapple_status dp_sampler_opts_adopt(dapple_sampler_opts *local, const dapple_sampler_opts *o,
                                    dapple_error *err)
{
    dapple_sampler_opts_init(local);
    return opts_adopt(local, sizeof *local, DP_SAMPLER_OPTS_MIN_SIZE, o, "dapple_sampler_opts",
                      err);
}

dapple_status dp_world_opts_adopt(dapple_world_opts *local, const dapple_world_opts *o,
                                  dapple_error *err)
{
    dapple_world_opts_init(local);
    return opts_adopt(local, sizeof *local, DP_WORLD_OPTS_MIN_SIZE, o, "dapple_world_opts", err);
}

/* The defaults dapple.h promises for each options struct: here, with the adopting, so that
 * the struct code calls nothing back in field.c or sampler.c. */

void dapple_field_opts_init_size(dapple_field_opts *o, size_t size)
{
    dapple_field_opts d;
    memset(&d, 0, sizeof d);
    d.kind = DAPPLE_FIELD_CONSTANT;
    d.width = d.height = 512;
    d.rmin = d.rmax = 1;
    d.map = DAPPLE_MAP_RADIUS;
    d.cutoff = DAPPLE_DEFAULT_CUTOFF;
    d.black = 0, d.white = 1, d.gamma = 1;
    d.perlin = (dapple_perlin){ .scale = 64, .octaves = 4, .lacunarity = 2, .gain = 0.5 };
    d.seed = 1;
    d.threads = 1;
    opts_init_sized(o, size, &d, sizeof d);
}

void dapple_sampler_opts_init_size(dapple_sampler_opts *o, size_t size)
{
    dapple_sampler_opts d;
    memset(&d, 0, sizeof d);
    d.width = d.height = 512;
    d.k = 30;
    d.max_points = DAPPLE_DEFAULT_MAX_POINTS;
    d.seed = 1;
    d.avoid_scale = 1;
    d.spacing_scale = 1;
    opts_init_sized(o, size, &d, sizeof d);
}

void dapple_world_opts_init_size(dapple_world_opts *o, size_t size)
{
    dapple_world_opts d;
    memset(&d, 0, sizeof d);
    d.threads = 1;
    opts_init_sized(o, size, &d, sizeof d);
}
