/* SPDX-License-Identifier: MIT
 * Presets: a good file fills the spec; every bad input (tests/data/presets/bad/ and inline
 * texts) fails with the exact "FILE:LINE: KEY: message", its line also given as data; each
 * trap of a lenient INI reader (long lines, long section names, indented lines, duplicate
 * sections and keys) is caught; --set overrides; paths are resolved from the preset's
 * folder; the parameter table's defaults match dp_texture_spec_init, and docs/presets.md is
 * what the table generates.
 * Run from the repository root (as `make unit` does). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preset/params.h"
#include "preset/preset.h"

#define DATA "tests/data/presets/"

static dp_texture_spec *spec(void)
{
    dp_texture_spec *t = malloc(sizeof *t);
    cr_assert_not_null(t);
    return t;
}

static dp_texture_spec *load_good(void)
{
    dp_texture_spec *t = spec();
    dapple_error e;
    cr_assert_eq(dp_preset_load(DATA "good.ini", t, &e), DAPPLE_OK, "%s", e.message);
    return t;
}

static void expect_colour(dp_rgba c, int r, int g, int b, int a)
{
    cr_expect(c.r == r / 255.0 && c.g == g / 255.0 && c.b == b / 255.0 && c.a == a / 255.0,
              "got %g %g %g %g, want %d %d %d %d", c.r * 255, c.g * 255, c.b * 255, c.a * 255, r, g,
              b, a);
}

/* ---------------------------------------------------------------- the good preset */

Test(preset, good_texture_section)
{
    dp_texture_spec *t = load_good();
    cr_expect_str_eq(t->name, "good");
    cr_expect_str_eq(t->path, DATA "good.ini");
    cr_expect(t->width == 256 && t->height == 128);
    cr_expect_eq(t->seed, 42);
    cr_expect(t->wrap.x && t->wrap.y);
    cr_expect_eq(t->background, DP_BG_PERLIN);
    expect_colour(t->bg_colour, 0x11, 0x22, 0x33, 0xff);
    expect_colour(t->bg_colour2, 0x10, 0x20, 0x30, 0x40);
    cr_expect_eq(t->bg_scale, 64);
    cr_expect(t->want_texture && t->want_height && t->want_normal && t->normal_dx);
    cr_expect_eq(t->points_format, 1);
    cr_expect_eq(t->mask, DP_MASK_FOOTPRINT);
    cr_expect_eq(t->mask_depth, 16);
    cr_expect_eq(t->mask_scale, 0.75);
    cr_expect_eq(t->n_layers, 3);
    free(t);
}

Test(preset, good_layers)
{
    dp_texture_spec *t = load_good();
    const dp_layer_spec *big = &t->layers[0], *ring = &t->layers[1], *fl = &t->layers[2];
    cr_expect_str_eq(big->name, "big");
    cr_expect_eq(big->line, 20);
    cr_expect_eq(big->style, DP_STYLE_DROPLETS);
    cr_expect_eq(big->field.kind, DAPPLE_FIELD_PERLIN);
    cr_expect(big->field.rmin == 4 && big->field.rmax == 12);
    cr_expect(big->field.perlin.scale == 80 && big->field.perlin.octaves == 3);
    cr_expect(big->field.perlin.lacunarity == 2.5 && big->field.perlin.gain == 0.4);
    cr_expect(big->field.invert && big->field.dilate == -2);
    cr_expect(big->k == 12 && big->max_points == 5000 && big->dense && !big->maximal);
    cr_expect_eq(big->scale, 0.45);
    cr_expect_eq(big->palette_n, 3);
    expect_colour(big->palette[1], 0, 0xff, 0, 0xcc);
    expect_colour(big->palette[2], 0, 0, 0xff, 0xff);
    cr_expect(big->alpha == 0.8 && big->jitter_lightness == 0.1);
    cr_expect(big->jitter_hue == 0.05 && big->jitter_alpha == 0.2);
    cr_expect_eq(big->light_angle_deg, 300);
    cr_expect_eq(big->avoid_mask, 0);

    cr_expect_eq(ring->style, DP_STYLE_OUTLINES);
    cr_expect_eq(ring->field.kind, DAPPLE_FIELD_CONSTANT);
    cr_expect(ring->field.rmin == 3 && ring->field.rmax == 3);
    cr_expect_eq(ring->stroke_width, 1.5);
    cr_expect_eq(ring->avoid_mask, 1u);
    cr_expect_eq(ring->k, 30, "unset keys keep their defaults");

    cr_expect_eq(fl->style, DP_STYLE_STAMPS);
    cr_expect_eq(fl->field.kind, DAPPLE_FIELD_IMAGE);
    cr_expect_eq(fl->stamp_scale_jitter, 0.3);
    cr_expect_eq(fl->avoid_mask, 3u);
    free(t);
}

Test(preset, paths_are_relative_to_the_preset)
{
    dp_texture_spec *t = load_good();
    cr_expect_str_eq(t->layers[2].field_image, DATA "images/ramp.png");
    cr_expect_str_eq(t->layers[2].stamp, DATA "stamps/leaf.png");
    cr_expect_str_eq(t->layers[0].stamp, "daisy");
    free(t);

    /* The same text from memory, as if the file were elsewhere: resolved from there. */
    const char *text = "[texture]\nsize=8x8\nbackground=image\nbackground_image=../presets/"
                       "images/ramp.png\n[layer a]\nstyle=stamps\nradius=2\n"
                       "stamp=/dev/null\n";
    dapple_error e;
    t = spec();
    dapple_status st = dp_preset_parse_string(text, strlen(text), DATA "x.ini", t, &e);
    cr_expect_eq(st, DAPPLE_E_IO, "/dev/null is not a regular file");
    cr_expect_str_eq(e.message, DATA "x.ini:8: stamp: cannot open '/dev/null': not a regular "
                                     "file");
    const char *ok = "[texture]\nsize=8x8\nbackground=image\nbackground_image=../presets/"
                     "images/ramp.png\n[layer a]\nstyle=circles\nradius=2\n";
    cr_assert_eq(dp_preset_parse_string(ok, strlen(ok), DATA "x.ini", t, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_expect_str_eq(t->bg_image, DATA "../presets/images/ramp.png");
    cr_expect_str_eq(t->name, "x");
    free(t);
}

/* ---------------------------------------------------------------- bad files */

static void expect_load_error(const char *file, const char *message)
{
    dp_texture_spec *t = spec();
    dapple_error e = { 0 };
    char path[256], want[512];
    snprintf(path, sizeof path, DATA "bad/%s", file);
    snprintf(want, sizeof want, "%s%s", path, message);
    cr_expect_neq(dp_preset_load(path, t, &e), DAPPLE_OK, "%s loaded", file);
    cr_expect_str_eq(e.message, want);
    free(t);
}

Test(preset, lenient_ini_traps_are_caught)
{
    expect_load_error("long_line.ini",
                      ":3: line too long (300 bytes, max 199 not counting the line break)");
    expect_load_error("indented.ini", ":7: indented line (continuation lines are not "
                                      "supported; remove the leading whitespace)");
    expect_load_error("dup_section.ini", ":7: duplicate section [layer big] (first at line 4)");
    expect_load_error("dup_key.ini", ":8: duplicate key 'colours' in [layer a] (first at line 7)");
}

Test(preset, bad_files_name_file_line_and_key)
{
    static const char *const cases[][2] = {
        { "unknown_key.ini", ":6: unknown key 'rmn' in [layer big] (did you mean 'rmin'?)" },
        { "rmin_gt_rmax.ini", ":8: rmax: 4 is below rmin (10)" },
        { "avoid_later.ini",
          ":7: avoid: 'b' is not an earlier layer (avoid must name earlier layers)" },
        { "avoid_self.ini",
          ":7: avoid: 'a' is not an earlier layer (avoid must name earlier layers)" },
        { "avoid_unknown.ini", ":11: avoid: no layer 'bgi' (did you mean 'big'?)" },
        { "missing_stamp.ini", ":7: stamp: cannot open '" DATA "bad/grass.png' (the path is "
                               "relative to the preset's folder): No such file or directory" },
        { "missing_field_image.ini", ":8: field: cannot open '" DATA "bad/nope.png' (the path is "
                                     "relative to the preset's folder): No such file or "
                                     "directory" },
        { "nan.ini", ":6: radius: expected a number in [0.25, 4096], got 'nan'" },
        { "negative.ini", ":6: radius: expected a number in [0.25, 4096], got '-3'" },
        { "bad_number.ini", ":6: radius: expected a number in [0.25, 4096], got '10abc'" },
        { "zero_k.ini", ":7: k: expected an integer in [1, 1000], got '0'" },
        { "huge_points.ini", ":7: max_points: expected an integer in [1, 1000000000], got "
                             "'99999999999999999999999'" },
        { "side_too_big.ini",
          ":2: size: expected WxH with sides in [1, 32767], got '40000x40000'" },
        { "over_memory.ini", ":2: size: 10000x10000 is 100000000 pixels, over the memory limit of "
                             "67108864 (64 Mpixel)" },
        { "empty.ini", ": no [texture] section" },
        { "binary.ini", ":2: control character 0x1a (not a text file?)" },
        { "unterminated_section.ini", ":4: section header without closing ']'" },
        { "no_style.ini",
          ":4: [layer a] needs style = circles, outlines, droplets, bubbles, "
          "stamps, ellipses, chips, blades, cells, crystals, stars, splatter or snow" },
        { "no_size.ini", ":1: [texture] needs size = WxH" },
        { "no_layers.ini", ": no [layer NAME] section (a texture needs at least one layer)" },
        { "bad_field.ini", ":8: field: unknown perlin key 'scal' (did you mean 'scale'?)" },
        { "quoted.ini", ":5: style: values are taken as written; remove the quotes" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        expect_load_error(cases[i][0], cases[i][1]);
}

Test(preset, unreadable_files)
{
    dp_texture_spec *t = spec();
    dapple_error e;
    cr_expect_eq(dp_preset_load(DATA "missing.ini", t, &e), DAPPLE_E_IO);
    cr_expect_str_eq(e.message, "cannot open '" DATA "missing.ini': No such file or directory");
    cr_expect_eq(dp_preset_load(DATA "bad", t, &e), DAPPLE_E_IO);
    cr_expect_str_eq(e.message, "cannot open '" DATA "bad': Is a directory");
    free(t);
}

/* ---------------------------------------------------------------- bad texts */

#define HEAD "[texture]\nsize = 64x64\n[layer a]\nstyle = circles\n"

static void expect_text_error(const char *text, const char *message)
{
    dp_texture_spec *t = spec();
    dapple_error e = { 0 };
    cr_expect_neq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK,
                  "accepted: %s", text);
    cr_expect_str_eq(e.message, message, "got: %s", e.message);
    free(t);
}

Test(preset, syntax_errors)
{
    expect_text_error("seed = 1\n[texture]\n", "t.ini:1: key 'seed' before any section (start "
                                               "with [texture])");
    expect_text_error("[textur]\n", "t.ini:1: unknown section [textur] (did you mean [texture]?)");
    expect_text_error("[stuff]\n", "t.ini:1: unknown section [stuff] (expected [texture] or "
                                   "[layer NAME])");
    expect_text_error("[layer]\n", "t.ini:1: [layer] needs a name: [layer NAME]");
    expect_text_error("[layer a b]\n", "t.ini:1: bad layer name in [layer a b] (1 to 63 of A-Z "
                                       "a-z 0-9 _ -, not 'texture')");
    expect_text_error("[layer texture]\n", "t.ini:1: bad layer name in [layer texture] (1 to 63 "
                                           "of A-Z a-z 0-9 _ -, not 'texture')");
    expect_text_error("[texture] x\n", "t.ini:1: unexpected text after ']' in section header");
    expect_text_error("[texture]\n[texture]\n", "t.ini:2: duplicate section [texture] (first "
                                                "at line 1)");
    expect_text_error(HEAD "radius 4\n", "t.ini:5: expected 'key = value', a [section] or a "
                                         "comment");
    expect_text_error(HEAD "radius: 4\n", "t.ini:5: expected 'key = value', a [section] or a "
                                          "comment");
    expect_text_error(HEAD "ra:dius = 4\n", "t.ini:5: bad key 'ra:dius ' (letters, digits and "
                                            "'_' only)");
    expect_text_error(HEAD "= 4\n", "t.ini:5: '=' without a key");
    expect_text_error(HEAD "\tradius = 4\n", "t.ini:5: indented line (continuation lines are "
                                             "not supported; remove the leading whitespace)");
    expect_text_error(HEAD "radius = 4\rk = 3\n", "t.ini:5: CR line endings (old Mac); save the "
                                                  "file with LF or CRLF line endings");
}

/* ---------------------------------------------------------------- the line as data */

static int line_of(const char *text, dapple_error *e)
{
    dp_texture_spec *t = spec();
    int line = -1;
    dapple_status st = dp_preset_parse_where(text, strlen(text), "t.ini", t, &line, e);
    free(t);
    cr_assert_neq(st, DAPPLE_OK, "accepted: %s", text);
    return line;
}

/* Each stage of the parse gives its line beside the message: the scan, a key, a rule
 * between keys (the later of two lines), the spec-wide rules (the layer's header); a fault
 * of the file as a whole has none. */
Test(preset, the_failing_line_comes_as_data)
{
    dapple_error e;
    cr_expect_eq(line_of("[texture]\n\n[stuff]\n", &e), 3);
    cr_expect_eq(line_of(HEAD "radius = 4\nrmn = 2\n", &e), 6);
    cr_expect_eq(line_of(HEAD "radius = 4\nk = 3\nrmin = 2\n", &e), 7);
    cr_expect_str_eq(e.message, "t.ini:7: rmin: conflicts with radius at line 5 (use radius, or "
                                "rmin and rmax)");
    cr_expect_eq(line_of(HEAD "radius = 4\ncutoff = 0.5\n", &e), 3);
    cr_expect_str_eq(e.message, "t.ini:3: [layer a] cutoff applies only with map = density");
    cr_expect_eq(line_of("[layer a]\nstyle = circles\nradius = 2\n", &e), 0);
    cr_expect_str_eq(e.message, "t.ini: no [texture] section");
    dp_texture_spec *t = spec();
    int line = -1;
    const char *good = HEAD "radius = 4\n";
    cr_expect_eq(dp_preset_parse_where(good, strlen(good), "t.ini", t, &line, &e), DAPPLE_OK);
    cr_expect_eq(line, 0);
    free(t);
}

/* Every bad preset of the test data: the line given is the one its message names, and a
 * message that names none comes with 0. */
Test(preset, the_line_given_is_the_line_named)
{
    DIR *d = opendir(DATA "bad");
    cr_assert_not_null(d);
    int files = 0;
    for (struct dirent *f; (f = readdir(d)) != NULL;) {
        char path[512], *text, prefix[600];
        size_t len, n = strlen(f->d_name);
        if (n < 5 || strcmp(f->d_name + n - 4, ".ini") != 0)
            continue;
        snprintf(path, sizeof path, DATA "bad/%s", f->d_name);
        dapple_error e;
        int line = -1;
        cr_assert_eq(dp_preset_read(path, &text, &len, &e), DAPPLE_OK, "%s", e.message);
        dp_texture_spec *t = spec();
        cr_expect_neq(dp_preset_parse_where(text, len, path, t, &line, &e), DAPPLE_OK, "%s", path);
        snprintf(prefix, sizeof prefix, "%s:%d: ", path, line);
        if (line > 0)
            cr_expect(strncmp(e.message, prefix, strlen(prefix)) == 0, "line %d: %s", line,
                      e.message);
        else
            cr_expect(strncmp(e.message, path, strlen(path)) == 0 &&
                              e.message[strlen(path)] == ':' && e.message[strlen(path) + 1] == ' ',
                      "line %d: %s", line, e.message);
        free(t);
        free(text);
        files++;
    }
    closedir(d);
    cr_expect_geq(files, 20);
}

/* 199 bytes plus the line break is the longest line; the reader must keep all of it, so a
 * value at the very end of such a line still arrives whole. */
Test(preset, longest_line_is_read_whole)
{
    char line[256], text[512];
    snprintf(line, sizeof line, "seed = %*s", 199 - 7, "12345");
    cr_assert_eq(strlen(line), 199);
    snprintf(text, sizeof text,
             "[texture]\nsize = 8x8\n%s\n[layer a]\nstyle = circles\n"
             "radius = 2\n",
             line);
    dp_texture_spec *t = spec();
    dapple_error e;
    cr_assert_eq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_expect_eq(t->seed, 12345);
    snprintf(line, sizeof line, "seed = %*s", 200 - 7, "12345");
    snprintf(text, sizeof text, "[texture]\nsize = 8x8\n%s\n", line);
    cr_expect_neq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK);
    cr_expect_str_eq(e.message,
                     "t.ini:3: line too long (200 bytes, max 199 not counting the line break)");
    free(t);
}

/* The limit is on the bytes before the line break, whatever the break: LF, CRLF or none
 * at the end of the file. 199 bytes are read whole, 200 are refused by that count. */
Test(preset, line_limit_does_not_count_the_line_break)
{
    static const char *const ends[] = { "\n", "\r\n", "" };
    char line[256], text[512];
    dp_texture_spec *t = spec();
    dapple_error e;
    for (size_t i = 0; i < 3; i++) {
        snprintf(line, sizeof line, "k = %*s", 199 - 4, "777");
        snprintf(text, sizeof text,
                 "[texture]\r\nsize = 8x8\r\n[layer a]\r\nstyle = circles\r\n"
                 "radius = 2\r\n%s%s",
                 line, ends[i]);
        cr_expect_eq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK,
                     "end %zu: %s", i, e.message);
        cr_expect_eq(t->layers[0].k, 777);
        snprintf(line, sizeof line, "seed = %*s", 200 - 7, "777");
        snprintf(text, sizeof text, "[texture]\r\nsize = 8x8\r\n%s%s", line, ends[i]);
        cr_expect_neq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK);
        cr_expect_str_eq(e.message,
                         "t.ini:3: line too long (200 bytes, max 199 not counting the line break)");
    }
    free(t);
}

/* A file saved with classic Mac line endings is one long line to everyone else: say so. */
Test(preset, bare_cr_line_endings_are_named)
{
    expect_text_error("[texture]\rsize = 8x8\r[layer a]\rstyle = circles\rradius = 2\r",
                      "t.ini:1: CR line endings (old Mac); save the file with LF or CRLF line "
                      "endings");
}

Test(preset, size_of_the_text_is_bounded)
{
    size_t n = 1024 * 1024 + 1;
    char *text = malloc(n);
    cr_assert_not_null(text);
    memset(text, '\n', n);
    dp_texture_spec *t = spec();
    dapple_error e;
    cr_expect_eq(dp_preset_parse_string(text, n, "t.ini", t, &e), DAPPLE_E_LIMIT);
    cr_expect_str_eq(e.message, "t.ini: too big (max 1048576 bytes)");
    cr_expect_eq(dp_preset_parse_string(text, n - 1, "t.ini", t, &e), DAPPLE_E_FORMAT);
    cr_expect_str_eq(e.message, "t.ini: no [texture] section");
    free(text);
    free(t);
}

Test(preset, binary_garbage_and_nul)
{
    const char text[] = "[texture]\nsize = 8x8\0\n[layer a]\n";
    dp_texture_spec *t = spec();
    dapple_error e;
    cr_expect_eq(dp_preset_parse_string(text, sizeof text - 1, "t.ini", t, &e), DAPPLE_E_FORMAT);
    cr_expect_str_eq(e.message, "t.ini:2: NUL byte (not a text file?)");
    free(t);
}

Test(preset, value_errors)
{
    expect_text_error(HEAD "radius = inf\n",
                      "t.ini:5: radius: expected a number in [0.25, 4096], got 'inf'");
    expect_text_error(HEAD "radius = 0\n",
                      "t.ini:5: radius: expected a number in [0.25, 4096], got '0'");
    expect_text_error(HEAD "radius = 1e9\n",
                      "t.ini:5: radius: expected a number in [0.25, 4096], got '1e9'");
    expect_text_error(HEAD "radius =\n",
                      "t.ini:5: radius: expected a number in [0.25, 4096], got ''");
    expect_text_error(HEAD "radius = 2\nstyle = drops\n",
                      "t.ini:6: duplicate key 'style' in [layer a] (first at line 4)");
    expect_text_error("[texture]\nsize = 64x64\n[layer a]\nstyle = droplet\n",
                      "t.ini:4: style: expected circles, outlines, droplets, bubbles, stamps, "
                      "ellipses, chips, blades, cells, crystals, stars, splatter or snow, got "
                      "'droplet' (did you mean 'droplets'?)");
    expect_text_error(HEAD "radius = 2\ncolours = #fff,,#000\n",
                      "t.ini:6: colours: expected a colour #rgb, #rrggbb or #rrggbbaa, got ''");
    expect_text_error(HEAD "radius = 2\ncolours = #1,#2,#3,#4,#5,#6,#7,#8,#9\n",
                      "t.ini:6: colours: expected a colour #rgb, #rrggbb or #rrggbbaa, got '#1'");
    expect_text_error(HEAD "radius = 2\ncolours = #111,#222,#333,#444,#555,#666,#777,#888,#999\n",
                      "t.ini:6: colours: expected at most 8 colours");
    expect_text_error("[texture]\nsize = 64x64\nseed = -1\n[layer a]\nstyle = circles\n",
                      "t.ini:3: seed: expected an integer in [0, 18446744073709551615], got '-1'");
    expect_text_error("[texture]\nsize = 64x64\nmask_depth = 12\n[layer a]\n",
                      "t.ini:3: mask_depth: expected 8 or 16, got '12'");
    expect_text_error("[texture]\nsize = 64x64\nbackground = image\n[layer a]\nstyle = circles\n"
                      "radius = 2\n",
                      "t.ini: background = image needs background_image");
}

static void expect_set_error(const char *assignment, const char *message);

/* periodic = x tiles across only, y down only; true and false (and every bool spelling)
 * both axes or none. Anything else names the file, line and key. */
Test(preset, periodic_names_the_axes_that_wrap)
{
    static const struct {
        const char *value;
        bool x, y;
    } CASES[] = { { "x", true, false },      { "y", false, true },  { "true", true, true },
                  { "false", false, false }, { "yes", true, true }, { "0", false, false } };

    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        char text[128];
        snprintf(text, sizeof text,
                 "[texture]\nsize = 64x64\nperiodic = %s\n[layer a]\n"
                 "style = circles\nradius = 2\n",
                 CASES[i].value);
        dp_texture_spec *t = spec();
        dapple_error e;
        cr_assert_eq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK,
                     "periodic = %s: %s", CASES[i].value, e.message);
        cr_expect(t->wrap.x == CASES[i].x && t->wrap.y == CASES[i].y, "periodic = %s",
                  CASES[i].value);
        free(t);
    }
    expect_text_error("[texture]\nsize = 64x64\nperiodic = xy\n[layer a]\n",
                      "t.ini:3: periodic: expected false, true, x or y, got 'xy' (did you mean "
                      "'x'?)");
    expect_text_error("[texture]\nsize = 64x64\nperiodic = X\n[layer a]\n",
                      "t.ini:3: periodic: expected false, true, x or y, got 'X' (did you mean "
                      "'x'?)");
    expect_text_error("[texture]\nsize = 64x64\nperiodic = 2\n[layer a]\n",
                      "t.ini:3: periodic: expected false, true, x or y, got '2'");
    dp_texture_spec *t = load_good();
    dapple_error e;
    cr_assert_eq(dp_preset_set(t, "texture.periodic=x", &e), DAPPLE_OK, "%s", e.message);
    cr_expect(t->wrap.x && !t->wrap.y);
    cr_assert_eq(dp_preset_set(t, "texture.periodic=y", &e), DAPPLE_OK, "%s", e.message);
    cr_expect(!t->wrap.x && t->wrap.y);
    free(t);
    expect_set_error("texture.periodic=across", "texture.periodic: expected false, true, x or y, "
                                                "got 'across'");
}

Test(preset, radius_rules)
{
    expect_text_error(HEAD "radius = 2\nrmin = 1\n",
                      "t.ini:6: rmin: conflicts with radius at line 5 (use radius, or rmin and "
                      "rmax)");
    expect_text_error(HEAD "rmax = 4\nradius = 2\n",
                      "t.ini:6: radius: conflicts with rmax at line 5 (use radius, or rmin and "
                      "rmax)");
    expect_text_error(HEAD "radius = 2\nfield = perlin\n",
                      "t.ini:6: field: a varying field needs rmin and rmax, not radius (line 5)");
    expect_text_error(HEAD "rmin = 2\n", "t.ini:3: [layer a] needs radius, or rmin and rmax");
    expect_text_error(HEAD "rmin = 2\nrmax = 4\n",
                      "t.ini:3: [layer a] has rmin < rmax but a constant field (add field = "
                      "perlin or image:PATH, or use radius)");
    expect_text_error(HEAD "rmax = 2\nfield = perlin\nrmin = 4\n",
                      "t.ini:7: rmin: 4 is above rmax (2)");
}

Test(preset, unknown_keys_get_suggestions)
{
    expect_text_error(HEAD "radius = 2\ncolour = #fff\n",
                      "t.ini:6: unknown key 'colour' in [layer a] (did you mean 'colours'?)");
    expect_text_error(HEAD "radius = 2\nseed = 4\n",
                      "t.ini:6: unknown key 'seed' in [layer a] ('seed' belongs in [texture])");
    expect_text_error("[texture]\nsize = 8x8\nstyle = circles\n",
                      "t.ini:3: unknown key 'style' in [texture] ('style' belongs in a [layer "
                      "NAME])");
    expect_text_error(HEAD "radius = 2\nzigzag = 4\n",
                      "t.ini:6: unknown key 'zigzag' in [layer a]");
    expect_text_error("[texture]\nsize = 8x8\nbackground_colr = #fff\n",
                      "t.ini:3: unknown key 'background_colr' in [texture] (did you mean "
                      "'background_colour'?)");
}

Test(preset, layer_limits)
{
    char text[4096] = "[texture]\nsize = 64x64\n";
    for (int i = 0; i < 17; i++) {
        size_t n = strlen(text);
        snprintf(text + n, sizeof text - n, "[layer l%d]\nstyle = circles\nradius = 3\n", i);
    }
    expect_text_error(text, "t.ini:51: too many layers (max 16)");
}

/* A reader that cuts section names (inih keeps 50 bytes) would merge layers: a 63-byte layer
 * name must survive intact, and keys must land in the right layer even when two names
 * share their first 50 bytes. */
Test(preset, long_layer_names_are_not_cut)
{
    char a[64], b[64], text[1024];
    memset(a, 'n', 63);
    a[63] = '\0';
    memcpy(b, a, sizeof b);
    b[62] = 'm';
    snprintf(text, sizeof text,
             "[texture]\nsize=8x8\n[layer %s]\nstyle=circles\nradius=2\n[layer %s]\n"
             "style=outlines\nradius=3\navoid=%s\n",
             a, b, a);
    dp_texture_spec *t = spec();
    dapple_error e;
    cr_assert_eq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_expect_str_eq(t->layers[0].name, a);
    cr_expect_str_eq(t->layers[1].name, b);
    cr_expect(t->layers[0].style == DP_STYLE_CIRCLES && t->layers[1].style == DP_STYLE_OUTLINES);
    cr_expect_eq(t->layers[1].avoid_mask, 1u);
    free(t);
    char longer[80];
    memset(longer, 'n', 64);
    longer[64] = '\0';
    snprintf(text, sizeof text, "[texture]\nsize=8x8\n[layer %s]\n", longer);
    t = spec();
    cr_expect_neq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK);
    cr_expect(strstr(e.message, "t.ini:3: bad layer name") != NULL, "%s", e.message);
    free(t);
}

Test(preset, crlf_bom_comments_and_american_spelling)
{
    const char *text = "\xEF\xBB\xBF; comment\r\n[texture]\r\nsize = 32x16 ; inline\r\n"
                       "  # indented comment\r\n\r\n[layer dots]\r\nstyle = circles\r\n"
                       "radius = 2\r\ncolors = #abc\r\n[texture-free-name]";
    dp_texture_spec *t = spec();
    dapple_error e;
    /* The last header is garbage on purpose: everything before it must have been fine. */
    cr_expect_neq(dp_preset_parse_string(text, strlen(text), "t.ini", t, &e), DAPPLE_OK);
    cr_expect_str_eq(e.message, "t.ini:10: unknown section [texture-free-name] (expected "
                                "[texture] or [layer NAME])");
    size_t good_len = strlen(text) - strlen("[texture-free-name]");
    cr_assert_eq(dp_preset_parse_string(text, good_len, "t.ini", t, &e), DAPPLE_OK, "%s",
                 e.message);
    cr_expect(t->width == 32 && t->height == 16);
    expect_colour(t->layers[0].palette[0], 0xaa, 0xbb, 0xcc, 0xff);
    cr_expect_eq(t->layers[0].line, 6);
    free(t);
}

/* ---------------------------------------------------------------- --set */

Test(preset_set, overrides_apply)
{
    dp_texture_spec *t = load_good();
    dapple_error e;
    cr_assert_eq(dp_preset_set(t, "texture.size=100x50", &e), DAPPLE_OK, "%s", e.message);
    cr_expect(t->width == 100 && t->height == 50);
    cr_assert_eq(dp_preset_set(t, "big.rmin=5", &e), DAPPLE_OK, "%s", e.message);
    cr_expect_eq(t->layers[0].field.rmin, 5);
    cr_assert_eq(dp_preset_set(t, "ring_2.radius=7", &e), DAPPLE_OK, "%s", e.message);
    cr_expect(t->layers[1].field.rmin == 7 && t->layers[1].field.rmax == 7);
    cr_assert_eq(dp_preset_set(t, "big.field=perlin:scale=3", &e), DAPPLE_OK, "%s", e.message);
    cr_expect_eq(t->layers[0].field.perlin.scale, 3);
    cr_assert_eq(dp_preset_set(t, "texture.background_color=#000", &e), DAPPLE_OK);
    expect_colour(t->bg_colour, 0, 0, 0, 0xff);
    /* Paths given on the command line are relative to the current folder. */
    cr_assert_eq(dp_preset_set(t, "flowers.stamp=" DATA "stamps/leaf.png", &e), DAPPLE_OK, "%s",
                 e.message);
    cr_expect_str_eq(t->layers[2].stamp, DATA "stamps/leaf.png");
    cr_assert_eq(dp_preset_set(t, "flowers.avoid=ring_2", &e), DAPPLE_OK, "%s", e.message);
    cr_expect_eq(t->layers[2].avoid_mask, 2u);
    free(t);
}

static void expect_set_error(const char *assignment, const char *message)
{
    dp_texture_spec *t = load_good(), *before = spec();
    memcpy(before, t, sizeof *t);
    dapple_error e = { 0 };
    cr_expect_neq(dp_preset_set(t, assignment, &e), DAPPLE_OK, "accepted %s", assignment);
    cr_expect_str_eq(e.message, message);
    cr_expect(memcmp(t, before, sizeof *t) == 0, "%s changed the spec", assignment);
    free(t);
    free(before);
}

Test(preset_set, errors_name_the_assignment)
{
    expect_set_error("big.rmin=abc", "big.rmin: expected a number in [0.25, 4096], got 'abc'");
    expect_set_error("big.rmin=20", "big.rmin: rmin (20) must not exceed rmax (12)");
    expect_set_error("bgi.rmin=2", "bgi.rmin: no layer 'bgi' (did you mean 'big'?)");
    expect_set_error("big.rmn=2", "big.rmn: unknown key 'rmn' in [layer big] (did you mean "
                                  "'rmin'?)");
    expect_set_error("texture.rmin=2", "texture.rmin: unknown key 'rmin' in [texture] ('rmin' "
                                       "belongs in a [layer NAME])");
    expect_set_error("big.avoid=flowers", "big.avoid: 'flowers' is not an earlier layer (avoid "
                                          "must name earlier layers)");
    expect_set_error("flowers.stamp=leaf.png", "flowers.stamp: cannot open 'leaf.png': No such "
                                               "file or directory");
    expect_set_error("texture.size=9000x9000", "texture.size: 9000x9000 is 81000000 pixels, over "
                                               "the memory limit of 67108864 (64 Mpixel)");
    expect_set_error("big.rmin", "expected SECTION.KEY=VALUE, got 'big.rmin'");
    expect_set_error("rmin=3", "expected SECTION.KEY=VALUE, got 'rmin'");
    expect_set_error("", "expected SECTION.KEY=VALUE, got ''");
}

Test(preset_set, all_at_once_checks_at_the_end)
{
    dp_texture_spec *t = load_good();
    dapple_error e;
    const char *const widen[] = { "big.rmin=20", "big.rmax=30" };
    cr_expect_neq(dp_preset_set(t, widen[0], &e), DAPPLE_OK, "one at a time, rmin > rmax");
    cr_assert_eq(dp_preset_set_all(t, widen, 2, &e), DAPPLE_OK, "%s", e.message);
    cr_expect(t->layers[0].field.rmin == 20 && t->layers[0].field.rmax == 30);
    const char *const broken[] = { "big.rmax=15", "ring_2.k=3", "big.k=4", "texture.seed=9" };
    cr_expect_neq(dp_preset_set_all(t, broken, 4, &e), DAPPLE_OK);
    cr_expect_str_eq(e.message, "big.rmax, big.k: rmin (20) must not exceed rmax (15)");
    cr_expect(t->layers[0].field.rmax == 30 && t->seed == 42, "a failed set changed the spec");
    free(t);
}

/* ---------------------------------------------------------------- the table */

/* Each default the table documents, applied to fresh defaults, changes nothing. */
Test(params, documented_defaults_are_the_real_ones)
{
    size_t n;
    const dp_param *p = dp_params(&n);
    dp_texture_spec *t = spec(), *ref = spec();
    memset(t, 0, sizeof *t);
    dp_texture_spec_init(t);
    t->n_layers = 2;
    dp_layer_spec_init(&t->layers[0]);
    dp_layer_spec_init(&t->layers[1]);
    memcpy(ref, t, sizeof *t);
    for (size_t i = 0; i < n; i++) {
        dapple_error e;
        if (p[i].def == NULL)
            continue;
        int layer = p[i].section == DP_SEC_LAYER ? 1 : -1;
        cr_expect_eq(dp_param_apply(&p[i], t, layer, p[i].def, "", &e), DAPPLE_OK, "%s: %s",
                     p[i].key, e.message);
        cr_expect(memcmp(t, ref, sizeof *t) == 0, "default of '%s' (%s) is not the initial value",
                  p[i].key, p[i].def);
        memcpy(t, ref, sizeof *t);
    }
    free(t);
    free(ref);
}

Test(params, keys_are_unique_and_documented)
{
    size_t n;
    const dp_param *p = dp_params(&n);
    cr_expect_geq(n, 35);
    for (size_t i = 0; i < n; i++) {
        cr_expect(p[i].help != NULL && p[i].help[0] != '\0', "%s has no help", p[i].key);
        cr_expect_eq(dp_param_find(p[i].section, p[i].key), &p[i], "%s", p[i].key);
        for (size_t j = 0; j < i; j++)
            cr_expect(p[i].section != p[j].section || strcmp(p[i].key, p[j].key) != 0, "%s twice",
                      p[i].key);
    }
    cr_expect_eq(dp_param_find(DP_SEC_LAYER, "colors"), dp_param_find(DP_SEC_LAYER, "colours"));
    cr_expect_not_null(dp_param_find(DP_SEC_TEXTURE, "background_color2"));
    cr_expect_null(dp_param_find(DP_SEC_LAYER, "size"));
}

static char *slurp(FILE *f, size_t *len)
{
    char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len + 4096 > cap) {
            cap = cap * 2 + 4096;
            buf = realloc(buf, cap);
            cr_assert_not_null(buf);
        }
        size_t got = fread(buf + *len, 1, cap - *len, f);
        *len += got;
        if (got == 0)
            return buf;
    }
}

Test(params, docs_presets_md_is_generated_from_the_table)
{
    FILE *gen = tmpfile();
    cr_assert_not_null(gen);
    dp_params_write_markdown(gen);
    rewind(gen);
    size_t n_gen, n_doc;
    char *want = slurp(gen, &n_gen);
    fclose(gen);
    FILE *doc = fopen("docs/presets.md", "rb");
    cr_assert_not_null(doc, "docs/presets.md missing (run from the repository root)");
    char *have = slurp(doc, &n_doc);
    fclose(doc);
    bool same = n_gen == n_doc && memcmp(want, have, n_gen) == 0;
    if (!same) {
        FILE *out = fopen("build/presets.md", "wb");
        if (out != NULL) {
            fwrite(want, 1, n_gen, out);
            fclose(out);
        }
    }
    cr_expect(same, "docs/presets.md is stale: cp build/presets.md docs/presets.md");
    free(want);
    free(have);
}

Test(params, perlin_defaults_in_the_docs)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    char row[128];
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    dp_params_write_markdown(f);
    rewind(f);
    size_t n;
    char *md = slurp(f, &n);
    fclose(f);
    md = realloc(md, n + 1);
    md[n] = '\0';
    snprintf(row, sizeof row, "| `scale` | 1 .. 65536 | %g |", o.perlin.scale);
    cr_expect(strstr(md, row) != NULL, "%s", row);
    snprintf(row, sizeof row, "| `octaves` | 1 .. 12 | %d |", o.perlin.octaves);
    cr_expect(strstr(md, row) != NULL, "%s", row);
    snprintf(row, sizeof row, "| `lacunarity` | 1 .. 8 | %g |", o.perlin.lacunarity);
    cr_expect(strstr(md, row) != NULL, "%s", row);
    snprintf(row, sizeof row, "| `gain` | 0 .. 1 | %g |", o.perlin.gain);
    cr_expect(strstr(md, row) != NULL, "%s", row);
    free(md);
}

/* ---------------------------------------------------------------- layer seeds */

Test(texture, layer_seed_mixes_seed_and_name)
{
    uint64_t a = dp_layer_seed(1, "big");
    cr_expect_eq(a, dp_layer_seed(1, "big"), "deterministic");
    cr_expect_neq(a, dp_layer_seed(2, "big"));
    cr_expect_neq(a, dp_layer_seed(1, "bif"));
    cr_expect_neq(a, dp_layer_seed(1, ""));
    cr_expect_neq(dp_layer_seed(0, ""), 0, "even seed 0 and an empty name give a mixed seed");
    /* Neighbouring texture seeds differ in about half the bits (splitmix64 avalanche). */
    int bits = __builtin_popcountll(dp_layer_seed(1, "x") ^ dp_layer_seed(2, "x"));
    cr_expect(bits > 16 && bits < 48, "%d bits differ", bits);
}
