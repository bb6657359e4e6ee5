/* SPDX-License-Identifier: MIT
 * The density keys of a preset layer (map, cutoff, levels, gamma, exclude, count,
 * dot_radius): a good layer fills the field options as `dapple points` would, a density
 * layer needs no rmax, each bad value fails with the exact "FILE:LINE: KEY: message", and
 * --set reaches them too. Run from the repository root (as `make unit` does). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "preset/preset.h"

#define DATA    "tests/data/presets/"
#define HEAD    "[texture]\nsize = 64x64\n[layer a]\nstyle = circles\n"
#define DENSITY HEAD "rmin = 2\nmap = density\nfield = perlin\n"

static dp_texture_spec *parse_ok(const char *text)
{
    dp_texture_spec *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    dapple_error e;
    cr_assert_eq(dp_preset_parse_string(text, strlen(text), DATA "x.ini", t, &e), DAPPLE_OK, "%s",
                 e.message);
    return t;
}

static void expect_error(const char *text, const char *message)
{
    dp_texture_spec *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    dapple_error e = { 0 };
    cr_expect_neq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK,
                  "accepted: %s", text);
    cr_expect_str_eq(e.message, message, "got: %s", e.message);
    free(t);
}

Test(preset_density, keys_fill_the_field_options)
{
    dp_texture_spec *t = parse_ok(DENSITY "cutoff = 0.1\nlevels = 0.2, 0.8\ngamma = 1.5\n"
                                          "exclude = image:images/ramp.png, image:images/ramp.png\n"
                                          "count = 500\ndot_radius = 2\n");
    const dp_layer_spec *l = &t->layers[0];
    cr_expect_eq(l->field.map, DAPPLE_MAP_DENSITY);
    cr_expect_eq(l->field.rmin, 2);
    cr_expect_eq(l->field.rmax, 0, "a density layer without rmax gets the default cap (0)");
    cr_expect_eq(l->field.cutoff, 0.1);
    cr_expect(l->field.black == 0.2 && l->field.white == 0.8);
    cr_expect_eq(l->field.gamma, 1.5);
    cr_expect_eq(l->n_exclude, 2);
    cr_expect_str_eq(l->exclude[1], DATA "images/ramp.png", "resolved from the preset's folder");
    cr_expect_eq(l->count, 500);
    cr_expect_eq(l->dot_radius, 2);
    free(t);
}

Test(preset_density, defaults_are_the_radius_map)
{
    dp_texture_spec *t = parse_ok(HEAD "radius = 3\n");
    const dp_layer_spec *l = &t->layers[0];
    cr_expect_eq(l->field.map, DAPPLE_MAP_RADIUS);
    cr_expect_eq(l->field.cutoff, DAPPLE_DEFAULT_CUTOFF);
    cr_expect(l->field.black == 0 && l->field.white == 1 && l->field.gamma == 1);
    cr_expect(l->n_exclude == 0 && l->count == 0 && l->dot_radius == 0);
    free(t);
}

Test(preset_density, a_density_rmax_is_a_cap)
{
    dp_texture_spec *t = parse_ok(DENSITY "rmax = 10\n");
    cr_expect_eq(t->layers[0].field.rmax, 10);
    free(t);
    expect_error(DENSITY "rmax = 1\n", "t.ini:8: rmax: 1 is below rmin (2)");
    expect_error(HEAD "rmin = 2\nfield = perlin\n",
                 "t.ini:3: [layer a] needs radius, or rmin and rmax");
}

Test(preset_density, bad_values_name_line_and_key)
{
    expect_error(
            HEAD "rmin = 2\nmap = densty\n",
            "t.ini:6: map: expected radius or density, got 'densty' (did you mean 'density'?)");
    expect_error(DENSITY "cutoff = 1\n",
                 "t.ini:8: cutoff: expected a number in [0, 0.999], got '1'");
    expect_error(HEAD "rmin = 2\nrmax = 4\nfield = perlin\ncutoff = 0.1\n",
                 "t.ini:3: [layer a] cutoff applies only with map = density");
    expect_error(DENSITY "levels = 0.6\n",
                 "t.ini:8: levels: expected BLACK,WHITE with 0 <= BLACK < WHITE <= 1, got '0.6'");
    expect_error(DENSITY "levels = 0.6, 0.5\n",
                 "t.ini:8: levels: expected BLACK,WHITE with 0 <= BLACK < WHITE <= 1, got '0.6, "
                 "0.5'");
    expect_error(DENSITY "gamma = 0\n", "t.ini:8: gamma: expected a number in [0.01, 16], got '0'");
    expect_error(DENSITY "exclude = road.png\n",
                 "t.ini:8: exclude: expected image:PATH, got 'road.png'");
    expect_error(DENSITY "exclude = image:nope.png\n",
                 "t.ini:8: exclude: cannot open 'nope.png': No such file or directory");
    expect_error(DENSITY "count = 0\n",
                 "t.ini:8: count: expected an integer in [1, 1000000000], got '0'");
    expect_error(DENSITY "count = 12.5\n",
                 "t.ini:8: count: expected an integer in [1, 1000000000], got '12.5'");
    expect_error(HEAD "radius = 3\ncount = 50\nmax_points = 10\n",
                 "t.ini:3: [layer a] count (50) exceeds max_points (10)");
}

Test(preset_density, at_most_eight_exclusions)
{
    /* any regular file passes the parse (images are read when the layer is sampled) */
    char text[1024] = DENSITY "exclude = ";
    for (int i = 0; i < 9; i++)
        strcat(text, i ? ", image:good.ini" : "image:good.ini");
    strcat(text, "\n");
    dp_texture_spec *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    dapple_error e = { 0 };
    cr_expect_neq(dp_preset_parse_string(text, strlen(text), DATA "x.ini", t, &e), DAPPLE_OK);
    cr_expect_str_eq(e.message, DATA "x.ini:8: exclude: expected at most 8 images");
    free(t);
}

Test(preset_density, set_reaches_the_density_keys)
{
    dp_texture_spec *t = parse_ok(HEAD "rmin = 2\nrmax = 8\nfield = perlin\n");
    dapple_error e;
    cr_assert_eq(dp_preset_set(t, "a.map=density", &e), DAPPLE_OK, "%s", e.message);
    cr_assert_eq(dp_preset_set(t, "a.cutoff=0.2", &e), DAPPLE_OK, "%s", e.message);
    cr_assert_eq(dp_preset_set(t, "a.count=300", &e), DAPPLE_OK, "%s", e.message);
    cr_expect(t->layers[0].field.map == DAPPLE_MAP_DENSITY && t->layers[0].field.cutoff == 0.2);
    cr_expect_eq(t->layers[0].count, 300);
    cr_expect_neq(dp_preset_set(t, "a.map=radius", &e), DAPPLE_OK, "cutoff 0.2 needs density");
    cr_expect_eq(t->layers[0].field.map, DAPPLE_MAP_DENSITY, "a refused --set changes nothing");
    free(t);
}
