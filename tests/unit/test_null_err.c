/* SPDX-License-Identifier: MIT
 * dapple.h lets a caller pass err = NULL to every fallible function ("err may be NULL"):
 * each is called here with NULL on an input it refuses, on every path that fails (a bad
 * option, a failed run inside a search, a cancelled run), and must return the status, not
 * crash. Issue #42: dapple_sampler_new_count and dapple_world_sample_count read
 * err->status. */
#include <criterion/criterion.h>

#include "dapple.h"

static dapple_field *constant_field(double side, double r)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.width = fo.height = side, fo.rmin = fo.rmax = r;
    dapple_field *f = NULL;
    cr_assert_eq(dapple_field_new(&f, &fo, NULL), DAPPLE_OK);
    return f;
}

static dapple_sampler_opts sampler_opts(double side)
{
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = so.height = side;
    return so;
}

static int cancel_at_once(void *user, double fraction)
{
    (void)user, (void)fraction;
    return 1;
}

Test(null_err, a_bad_field_is_refused)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.rmin = -1;
    dapple_field *f = (dapple_field *)&fo;
    cr_assert_eq(dapple_field_new(&f, &fo, NULL), DAPPLE_E_INVALID);
    cr_assert_null(f);
}

Test(null_err, bad_circles_are_refused)
{
    dapple_circles *c = NULL;
    cr_assert_eq(dapple_circles_new(&c, -1, 10, false, NULL), DAPPLE_E_INVALID);
    cr_assert_eq(dapple_circles_new_wrap(&c, 10, 10, (dapple_wrap)9, NULL), DAPPLE_E_INVALID);
    cr_assert_eq(dapple_circles_new_wrap(&c, -1, 10, DAPPLE_WRAP_X, NULL), DAPPLE_E_INVALID);
    cr_assert_eq(dapple_circles_new(&c, 10, 10, false, NULL), DAPPLE_OK);
    dapple_point p = { 1, 1, 1 };
    cr_assert_eq(dapple_circles_add(c, &p, 1, -1, NULL), DAPPLE_E_INVALID);
    dapple_circles_free(c);
}

Test(null_err, a_sampler_over_another_domain_and_a_cancelled_run_are_refused)
{
    dapple_field *f = constant_field(64, 2);
    dapple_sampler_opts so = sampler_opts(32);
    dapple_sampler *s = NULL;
    cr_assert_eq(dapple_sampler_new(&s, f, &so, NULL), DAPPLE_E_INVALID);
    so = sampler_opts(64);
    so.progress = cancel_at_once;
    cr_assert_eq(dapple_sampler_new(&s, f, &so, NULL), DAPPLE_OK);
    dapple_stop stop;
    cr_assert_eq(dapple_sampler_run(s, &stop, NULL), DAPPLE_E_CANCELLED);
    dapple_sampler_free(s);
    dapple_field_free(f);
}

Test(null_err, a_count_search_refuses_a_bad_count_and_a_failed_run)
{
    dapple_field *f = constant_field(64, 2);
    dapple_sampler_opts so = sampler_opts(64);
    dapple_sampler *s = NULL;
    double scale;
    dapple_stop stop;
    cr_assert_eq(dapple_sampler_new_count(&s, f, &so, 0, &scale, &stop, NULL), DAPPLE_E_INVALID);
    cr_assert_null(s);
    so.progress = cancel_at_once;
    cr_assert_eq(dapple_sampler_new_count(&s, f, &so, 100, &scale, &stop, NULL),
                 DAPPLE_E_CANCELLED);
    cr_assert_null(s);
    dapple_field_free(f);
}

Test(null_err, a_world_refuses_bad_threads_a_bad_count_and_a_failed_run)
{
    dapple_field *f = constant_field(64, 2);
    dapple_sampler_opts so = sampler_opts(64);
    dapple_point *pts = NULL;
    size_t n = 0;
    double scale;
    dapple_stop stop;
    cr_assert_eq(dapple_world_sample(f, &so, NULL, 0, &pts, &n, &stop, NULL), DAPPLE_E_INVALID);
    cr_assert_eq(dapple_world_sample_count(f, &so, 0, 1, &pts, &n, &scale, &stop, NULL),
                 DAPPLE_E_INVALID);
    cr_assert_null(pts);
    so.progress = cancel_at_once;
    cr_assert_eq(dapple_world_sample_count(f, &so, 100, 1, &pts, &n, &scale, &stop, NULL),
                 DAPPLE_E_CANCELLED);
    cr_assert_null(pts);
    cr_assert_eq(n, 0);
    dapple_world_opts wo;
    dapple_world_opts_init(&wo);
    cr_assert_eq(dapple_world_run(f, &so, &wo, &pts, &n, &stop, NULL), DAPPLE_E_CANCELLED);
    wo.threads = 0;
    cr_assert_eq(dapple_world_run(f, &so, &wo, &pts, &n, &stop, NULL), DAPPLE_E_INVALID);
    cr_assert_eq(dapple_world_run(f, &so, NULL, &pts, &n, &stop, NULL), DAPPLE_E_INVALID);
    cr_assert_null(pts);
    dapple_field_free(f);
}

Test(null_err, a_missing_or_bad_image_is_refused)
{
    dapple_grey g;
    cr_assert_eq(dapple_image_load_grey("tests/data/no-such-file.png", 0, &g, NULL), DAPPLE_E_IO);
    cr_assert_null(g.pixels);
    cr_assert_eq(dapple_image_load_grey("tests/data/bad_crc.png", 0, &g, NULL), DAPPLE_E_FORMAT);
    cr_assert_eq(dapple_image_load_grey("tests/data/grey16.png", 1, &g, NULL), DAPPLE_E_LIMIT);
    cr_assert_eq(dapple_image_load_grey(NULL, 0, &g, NULL), DAPPLE_E_INVALID);
}
