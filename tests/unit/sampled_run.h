/* SPDX-License-Identifier: MIT
 * One sampler run over a new field, for the unit tests that sample and then measure the
 * points: the field and the sampler (which owns the points) live until done(). */
#ifndef DP_TEST_SAMPLED_RUN_H
#define DP_TEST_SAMPLED_RUN_H

#include <criterion/criterion.h>

#include "dapple.h"

typedef struct run {
    dapple_field *field;
    dapple_sampler *s;
    const dapple_point *p;
    size_t n;
    dapple_stop stop;
} run;

static inline run run_sampler(const dapple_field_opts *fo, const dapple_sampler_opts *so)
{
    run r = { 0 };
    dapple_error err;
    cr_assert_eq(dapple_field_new(&r.field, fo, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dapple_sampler_new(&r.s, r.field, so, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dapple_sampler_run(r.s, &r.stop, &err), DAPPLE_OK, "%s", err.message);
    r.p = dapple_sampler_points(r.s, &r.n);
    return r;
}

static inline void done(run *r)
{
    dapple_sampler_free(r->s);
    dapple_field_free(r->field);
}

#endif
