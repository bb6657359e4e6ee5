/* SPDX-License-Identifier: MIT
 * The library's promises to programs that embed it (issue #15): the version as numbers,
 * options structs that grow without breaking older programs (struct_size), no silent
 * surprises (a sampler over another domain than its field's, a constant field with
 * rmin < rmax, points asked before a run), progress that can cancel, and the public
 * image loader. Messages are checked exactly: they are part of the interface. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "core/abi.h"
#include "dapple.h"

#define DATA "tests/data/"

static dapple_field *constant_field(double w, double h, double r)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.width = w, fo.height = h, fo.rmin = fo.rmax = r;
    dapple_field *f = NULL;
    dapple_error err;
    cr_assert_eq(dapple_field_new(&f, &fo, &err), DAPPLE_OK, "%s", err.message);
    return f;
}

static dapple_sampler_opts sampler_opts(double w, double h)
{
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = w, so.height = h;
    return so;
}

Test(abi, the_version_numbers_spell_the_version_string)
{
    char s[32];
    snprintf(s, sizeof s, "%d.%d.%d", DAPPLE_VERSION_MAJOR, DAPPLE_VERSION_MINOR,
             DAPPLE_VERSION_PATCH);
    cr_assert_str_eq(s, DAPPLE_VERSION);
    cr_assert_str_eq(dapple_version_string(), DAPPLE_VERSION);
    cr_assert_eq(dapple_version(),
                 DAPPLE_VERSION_MAJOR * 10000 + DAPPLE_VERSION_MINOR * 100 + DAPPLE_VERSION_PATCH);
}

Test(abi, init_records_the_callers_size_and_zeroes_a_newer_tail)
{
    unsigned char big[sizeof(dapple_sampler_opts) + 16];
    memset(big, 0xab, sizeof big);
    dapple_sampler_opts_init_size((dapple_sampler_opts *)big, sizeof big);
    const dapple_sampler_opts *so = (const dapple_sampler_opts *)big;
    cr_assert_eq(so->struct_size, sizeof big);
    cr_assert_eq(so->k, 30);
    for (size_t i = sizeof *so; i < sizeof big; i++)
        cr_assert_eq(big[i], 0, "byte %zu of a newer program's tail", i);
}

Test(abi, a_newer_struct_is_read_while_its_unknown_members_are_zero)
{
    dapple_field *f = constant_field(40, 30, 3);
    unsigned char big[sizeof(dapple_sampler_opts) + 16];
    dapple_sampler_opts_init_size((dapple_sampler_opts *)big, sizeof big);
    dapple_sampler_opts *so = (dapple_sampler_opts *)big;
    so->width = 40, so->height = 30;
    dapple_sampler *s = NULL;
    dapple_error err;
    cr_assert_eq(dapple_sampler_new(&s, f, so, &err), DAPPLE_OK, "%s", err.message);
    dapple_sampler_free(s);

    big[sizeof big - 1] = 1; /* an option this library does not know */
    cr_assert_eq(dapple_sampler_new(&s, f, so, &err), DAPPLE_E_INVALID);
    cr_assert_null(s);
    char want[256];
    snprintf(want, sizeof want,
             "dapple_sampler_opts sets options this libdapple %s does not know (struct_size %zu "
             "> %zu): the program needs a newer library",
             DAPPLE_VERSION, sizeof big, sizeof(dapple_sampler_opts));
    cr_assert_str_eq(err.message, want);
    dapple_field_free(f);
}

Test(abi, a_struct_not_filled_by_init_is_refused)
{
    dapple_field_opts fo;
    memset(&fo, 0, sizeof fo);
    fo.width = fo.height = 10, fo.rmin = fo.rmax = 1;
    dapple_field *f = NULL;
    dapple_error err;
    cr_assert_eq(dapple_field_new(&f, &fo, &err), DAPPLE_E_INVALID);
    cr_assert_null(f);
    char want[256];
    snprintf(want, sizeof want,
             "dapple_field_opts.struct_size is 0, below %zu: fill it with dapple_field_opts_init()",
             (size_t)DP_FIELD_OPTS_MIN_SIZE);
    cr_assert_str_eq(err.message, want);
}

Test(abi, a_sampler_over_another_domain_than_its_fields_is_refused)
{
    dapple_field *f = constant_field(256, 256, 4);
    dapple_sampler_opts so = sampler_opts(512, 256);
    dapple_sampler *s = NULL;
    dapple_error err;
    const char *want = "the sampler's domain 512x256 is not the field's 256x256: give both the "
                       "same width and height";
    cr_assert_eq(dapple_sampler_new(&s, f, &so, &err), DAPPLE_E_INVALID);
    cr_assert_null(s);
    cr_assert_str_eq(err.message, want);
    dapple_point *p = NULL;
    size_t n = 7;
    dapple_stop stop;
    cr_assert_eq(dapple_world_sample(f, &so, NULL, 1, &p, &n, &stop, &err), DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message, want);
    cr_assert_null(p);
    cr_assert_eq(n, 0);
    dapple_field_free(f);
}

Test(abi, a_constant_field_with_two_radii_is_refused)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.rmin = 2, fo.rmax = 8;
    dapple_field *f = NULL;
    dapple_error err;
    cr_assert_eq(dapple_field_new(&f, &fo, &err), DAPPLE_E_INVALID);
    cr_assert_null(f);
    cr_assert_str_eq(err.message, "a constant field has one radius, got rmin 2 < rmax 8 (set both "
                                  "to it, or use a Perlin or image field)");
}

Test(abi, points_before_a_run_are_null_and_zero)
{
    dapple_field *f = constant_field(64, 64, 3);
    dapple_sampler_opts so = sampler_opts(64, 64);
    dapple_sampler *s = NULL;
    cr_assert_eq(dapple_sampler_new(&s, f, &so, NULL), DAPPLE_OK);
    size_t n = 99;
    cr_assert_null(dapple_sampler_points(s, &n));
    cr_assert_eq(n, 0);
    dapple_stop stop;
    cr_assert_eq(dapple_sampler_run(s, &stop, NULL), DAPPLE_OK);
    cr_assert_not_null(dapple_sampler_points(s, &n));
    cr_assert_gt(n, 100);
    dapple_sampler_free(s);
    dapple_field_free(f);
}

typedef struct calls {
    int n, stop_after;
    double last;
    bool ascending;
} calls;

static int count_calls(void *user, double fraction)
{
    calls *c = user;
    c->ascending = c->ascending && fraction >= c->last && fraction <= 1;
    c->last = fraction;
    return ++c->n == c->stop_after;
}

Test(abi, progress_rises_to_one_and_changes_no_point)
{
    dapple_field *f = constant_field(400, 400, 1.5);
    dapple_sampler_opts so = sampler_opts(400, 400);
    dapple_sampler *plain = NULL, *watched = NULL;
    dapple_stop stop;
    cr_assert_eq(dapple_sampler_new(&plain, f, &so, NULL), DAPPLE_OK);
    cr_assert_eq(dapple_sampler_run(plain, &stop, NULL), DAPPLE_OK);
    calls c = { .ascending = true };
    so.progress = count_calls, so.progress_user = &c;
    cr_assert_eq(dapple_sampler_new(&watched, f, &so, NULL), DAPPLE_OK);
    cr_assert_eq(dapple_sampler_run(watched, &stop, NULL), DAPPLE_OK);
    size_t n1, n2;
    const dapple_point *p1 = dapple_sampler_points(plain, &n1);
    const dapple_point *p2 = dapple_sampler_points(watched, &n2);
    cr_assert_eq(n1, n2);
    cr_assert_eq(memcmp(p1, p2, n1 * sizeof *p1), 0);
    cr_assert_gt(c.n, 2, "%d calls for %zu points", c.n, n1);
    cr_assert(c.ascending);
    cr_assert_eq(c.last, 1.0);
    dapple_sampler_free(plain);
    dapple_sampler_free(watched);
    dapple_field_free(f);
}

Test(abi, progress_can_cancel_a_sampler_and_a_world)
{
    dapple_field *f = constant_field(400, 400, 1.5);
    dapple_sampler_opts so = sampler_opts(400, 400);
    calls c = { .ascending = true, .stop_after = 2 };
    so.progress = count_calls, so.progress_user = &c;
    dapple_sampler *s = NULL;
    dapple_stop stop;
    dapple_error err;
    cr_assert_eq(dapple_sampler_new(&s, f, &so, NULL), DAPPLE_OK);
    cr_assert_eq(dapple_sampler_run(s, &stop, &err), DAPPLE_E_CANCELLED);
    cr_assert_str_eq(err.message, "cancelled by the progress callback after 4096 points");
    size_t n;
    dapple_sampler_points(s, &n);
    cr_assert_eq(n, 4096, "the points made so far stay");
    dapple_sampler_free(s);

    c = (calls){ .ascending = true, .stop_after = 1 };
    dapple_point *p = NULL;
    cr_assert_eq(dapple_world_sample(f, &so, NULL, 2, &p, &n, &stop, &err), DAPPLE_E_CANCELLED);
    cr_assert_str_eq(err.message, "cancelled by the progress callback");
    dapple_points_free(p);
    dapple_field_free(f);
}

Test(abi, the_image_loader_reads_16_bit_and_refuses_with_the_path)
{
    dapple_grey g;
    dapple_error err;
    cr_assert_eq(dapple_image_load_grey(DATA "grey16.png", 0, &g, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert_eq(g.width, 16);
    cr_assert_eq(g.height, 8);
    cr_assert_not_null(g.pixels);
    dapple_grey_free(&g);
    cr_assert_null(g.pixels);

    cr_assert_eq(dapple_image_load_grey(DATA "grey16.png", 100, &g, &err), DAPPLE_E_LIMIT);
    cr_assert_str_eq(err.message, DATA "grey16.png: 16x8 pixels exceeds the limit of 100 pixels");
    cr_assert_null(g.pixels);
    cr_assert_eq(dapple_image_load_grey(DATA "no-such.png", 0, &g, &err), DAPPLE_E_IO);
    cr_assert(strncmp(err.message, DATA "no-such.png: ", strlen(DATA) + 13) == 0, "%s",
              err.message);
}
