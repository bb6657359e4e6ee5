/* SPDX-License-Identifier: MIT
 * The io room: hostile images refused with a message naming the path and the reason;
 * unusual valid images (16-bit, palette, 1/2/4-bit, interlaced, alpha, RGB, BMP/TGA/JPEG/
 * GIF) read with the right values; written PNGs have the asked layout and read back
 * exactly; atomic writes leave no temp file and no target behind on failure.
 * Fixtures come from tests/data/make_fixtures.c; pixel formulas are repeated here. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <criterion/redirect.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/atomic_file.h"
#include "io/image_load.h"
#include "io/image_save.h"

#include "../data/fixture_pixels.h"

#define DATA "tests/data/"

/* ---------------------------------------------------------------- helpers */

static char *make_tmpdir(void)
{
    char *dir = strdup("/tmp/dapple-io-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    return dir;
}

static char *join(const char *dir, const char *name)
{
    char *p = malloc(strlen(dir) + strlen(name) + 2);
    sprintf(p, "%s/%s", dir, name);
    return p;
}

/* Names in dir, other than . and .., joined with spaces; a leftover temp file shows up. */
static void list_dir(const char *dir, char *out, size_t size)
{
    DIR *d = opendir(dir);
    cr_assert_not_null(d);
    out[0] = '\0';
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            strncat(out, e->d_name, size - strlen(out) - 2);
            strcat(out, " ");
        }
    }
    closedir(d);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void remove_tree(char *dir)
{
    char names[4096];
    list_dir(dir, names, sizeof names);
    for (char *tok = strtok(names, " "); tok != NULL; tok = strtok(NULL, " ")) {
        char *p = join(dir, tok);
        struct stat st;
        if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
            rmdir(p);
        else
            unlink(p);
        free(p);
    }
    rmdir(dir);
    free(dir);
}

static uint16_t *load_grey(const char *path, int *w, int *h)
{
    uint16_t *px = NULL;
    dapple_error err = { 0 };
    dapple_status st = dp_image_load_grey16(path, 0, &px, w, h, &err);
    cr_assert_eq(st, DAPPLE_OK, "%s: %s", path, err.message);
    cr_assert_not_null(px);
    return px;
}

static uint8_t *load_rgba(const char *path, int *w, int *h)
{
    uint8_t *px = NULL;
    dapple_error err = { 0 };
    dapple_status st = dp_image_load_rgba8(path, 0, &px, w, h, &err);
    cr_assert_eq(st, DAPPLE_OK, "%s: %s", path, err.message);
    cr_assert_not_null(px);
    return px;
}

/* Rec. 709 luminance in floating point: the reference the integer weights must match. */
static double luma_ref(double r, double g, double b)
{
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

static void assert_luma(unsigned got, double r16, double g16, double b16, const char *what)
{
    double want = luma_ref(r16, g16, b16);
    cr_assert(fabs(got - want) <= 1.0, "%s: luminance %u, expected %.2f", what, got, want);
}

/* ---------------------------------------------------------------- hostile input */

/* Arrays, not pointers: Criterion copies parameters into a fresh test process. */
typedef struct bad_case {
    char path[40];
    dapple_status status;
    char reason[64];
} bad_case;

ParameterizedTestParameters(io, hostile_image_refused)
{
    static bad_case cases[] = {
        { DATA "does-not-exist.png", DAPPLE_E_IO, "No such file or directory" },
        { "tests/data", DAPPLE_E_IO, "is a directory" },
        { DATA "empty.png", DAPPLE_E_FORMAT, "empty file" },
        { DATA "text.png", DAPPLE_E_FORMAT, "not a PNG, JPEG, PGM, BMP, TGA, PSD or GIF image" },
        { DATA "make_fixtures.c", DAPPLE_E_FORMAT, "not a PNG" },
        { DATA "images/ppm.ppm", DAPPLE_E_FORMAT, "PPM is not read; convert it to PNG" },
        { DATA "trunc_header.png", DAPPLE_E_FORMAT, "truncated PNG" },
        { DATA "trunc_idat.png", DAPPLE_E_FORMAT, "truncated PNG" },
        { DATA "trunc_no_iend.png", DAPPLE_E_FORMAT, "truncated PNG" },
        { DATA "bad_crc.png", DAPPLE_E_FORMAT, "corrupt PNG: IDAT: CRC error" },
        { DATA "bad_zlib.png", DAPPLE_E_FORMAT, "corrupt PNG" },
        { DATA "bad_signature.png", DAPPLE_E_FORMAT, "corrupted by ASCII conversion" },
        { DATA "zero_width.png", DAPPLE_E_FORMAT, "width is zero" },
        { DATA "huge.png", DAPPLE_E_LIMIT,
          "100000x100000 pixels exceeds the limit of 67108864 pixels" },
        { DATA "huge_width.png", DAPPLE_E_LIMIT, "exceeds the limit of 67108864 pixels" },
        { DATA "huge.gif", DAPPLE_E_LIMIT, "65535x65535 pixels exceeds the limit" },
        { DATA "huge.bmp", DAPPLE_E_LIMIT, "100000x100000 pixels exceeds the limit" },
        { DATA "huge.psd", DAPPLE_E_LIMIT, "30000x30000 pixels exceeds the limit" },
        { DATA "trunc_header.jpg", DAPPLE_E_FORMAT, "truncated JPEG" },
        { DATA "trunc_scan.jpg", DAPPLE_E_FORMAT, "truncated JPEG" },
        { DATA "bad_huffman.jpg", DAPPLE_E_FORMAT, "corrupt JPEG: bad DHT header" },
        { DATA "dht_overflow.jpg", DAPPLE_E_FORMAT, "Huffman table has more than 256 codes" },
        { DATA "dht_overflow_fill.jpg", DAPPLE_E_FORMAT, "corrupt JPEG: a Huffman table" },
        { DATA "undefined_huffman.jpg", DAPPLE_E_FORMAT, "Huffman table that was never defined" },
    };
    return cr_make_param_array(bad_case, cases, sizeof cases / sizeof cases[0]);
}

ParameterizedTest(bad_case *c, io, hostile_image_refused)
{
    dapple_error err = { 0 };
    uint16_t *grey = (uint16_t *)1;
    uint8_t *rgba = (uint8_t *)1;
    int w = -1, h = -1;
    cr_assert_eq(dp_image_load_grey16(c->path, 0, &grey, &w, &h, &err), c->status, "%s: %s",
                 c->path, err.message);
    cr_assert_null(grey);
    cr_assert(w == 0 && h == 0);
    cr_assert_eq(err.status, c->status);
    cr_assert(strncmp(err.message, c->path, strlen(c->path)) == 0, "no path in '%s'", err.message);
    cr_assert_not_null(strstr(err.message, c->reason), "'%s' lacks '%s'", err.message, c->reason);
    memset(&err, 0, sizeof err);
    cr_assert_eq(dp_image_load_rgba8(c->path, 0, &rgba, &w, &h, &err), c->status, "%s",
                 err.message);
    cr_assert_null(rgba);
    cr_assert_not_null(strstr(err.message, c->reason), "%s", err.message);
}

Test(io, pixel_limit_is_settable_and_exact)
{
    dapple_error err = { 0 };
    uint16_t *px = NULL;
    int w, h;
    cr_assert_eq(dp_image_load_grey16(DATA "grey8.png", 127, &px, &w, &h, &err), DAPPLE_E_LIMIT);
    cr_assert_str_eq(err.message, DATA "grey8.png: 16x8 pixels exceeds the limit of 127 pixels");
    cr_assert_eq(dp_image_load_grey16(DATA "rgb.bmp", 255, &px, &w, &h, &err), DAPPLE_E_LIMIT);
    cr_assert_eq(dp_image_load_grey16(DATA "grey8.png", 128, &px, &w, &h, &err), DAPPLE_OK);
    free(px);
}

/* A few hundred single-byte mutations of a valid PNG: each must be refused or decoded,
 * never crash (run under ASan in make check); the fuzz harness goes much further. */
Test(io, mutated_png_never_crashes)
{
    FILE *fp = fopen(DATA "rgba8_interlaced.png", "rb");
    uint8_t buf[512];
    size_t n = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    for (size_t i = 0; i < n; i++) {
        uint8_t keep = buf[i];
        buf[i] ^= (uint8_t)(0x5a + i);
        uint16_t *px = NULL;
        int w, h;
        dapple_error err = { 0 };
        dapple_status st = dp_image_load_grey16_mem(buf, n, "m.png", 0, &px, &w, &h, &err);
        cr_assert(st == DAPPLE_OK || (px == NULL && strncmp(err.message, "m.png: ", 7) == 0));
        free(px);
        buf[i] = keep;
    }
}

/* ---------------------------------------------------------------- valid, unusual images */

Test(io, grey8_scaled_by_257)
{
    int w, h;
    uint16_t *px = load_grey(DATA "grey8.png", &w, &h);
    cr_assert(w == 16 && h == 8);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            cr_assert_eq(px[y * w + x], grey8_at(x, y) * 257, "(%d,%d)", x, y);
    free(px);
}

Test(io, grey16_kept_at_full_precision)
{
    const char *files[] = { DATA "grey16.png", DATA "grey16_interlaced.png" };
    for (int f = 0; f < 2; f++) {
        int w, h;
        uint16_t *px = load_grey(files[f], &w, &h);
        cr_assert(f == 0 ? w == 16 && h == 8 : w == 13 && h == 11);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                cr_assert_eq(px[y * w + x], grey16_at(x, y), "%s (%d,%d)", files[f], x, y);
        free(px);
    }
}

Test(io, low_bit_depth_grey_expanded_to_full_range)
{
    const int depths[] = { 1, 2, 4 };
    for (int d = 0; d < 3; d++) {
        char path[64];
        snprintf(path, sizeof path, DATA "grey%d.png", depths[d]);
        int w, h, levels = 1 << depths[d];
        uint16_t *px = load_grey(path, &w, &h);
        cr_assert(w == 13 && h == 5);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                unsigned want = (unsigned)((x + y) % levels) * 65535u / (unsigned)(levels - 1);
                cr_assert_eq(px[y * w + x], want, "%s (%d,%d)", path, x, y);
            }
        }
        free(px);
    }
}

Test(io, grey_alpha_ignores_alpha_for_grey_and_keeps_it_for_rgba)
{
    int w, h;
    uint16_t *g = load_grey(DATA "grey_alpha.png", &w, &h);
    uint8_t *c = load_rgba(DATA "grey_alpha.png", &w, &h);
    uint16_t *g16 = load_grey(DATA "grey_alpha16.png", &w, &h);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            unsigned v = grey8_at(x, y), a = 255 - (unsigned)x * 8;
            const uint8_t *p = c + 4 * (y * w + x);
            cr_assert_eq(g[y * w + x], v * 257);
            cr_assert_eq(g16[y * w + x], grey16_at(x, y));
            cr_assert(p[0] == v && p[1] == v && p[2] == v && p[3] == a, "(%d,%d)", x, y);
        }
    }
    free(g);
    free(c);
    free(g16);
}

Test(io, grey_trns_becomes_alpha_in_rgba_only)
{
    int w, h;
    uint16_t *g = load_grey(DATA "grey8_trns.png", &w, &h);
    uint8_t *c = load_rgba(DATA "grey8_trns.png", &w, &h);
    int transparent = 0;
    for (int i = 0; i < w * h; i++) {
        unsigned v = grey8_at(i % w, i / w);
        cr_assert_eq(g[i], v * 257);
        cr_assert_eq(c[4 * i + 3], v == 48 ? 0 : 255);
        transparent += v == 48;
    }
    cr_assert_gt(transparent, 0, "the fixture must contain the tRNS value");
    free(g);
    free(c);
}

/* Palette entry i is (i*60, 255 - i*60, i*30); pixels use entry (x + y) mod n. */
static void check_palette(const char *path, int n_colours, int n_trns)
{
    int w, h;
    uint16_t *g = load_grey(path, &w, &h);
    uint8_t *c = load_rgba(path, &w, &h);
    cr_assert(w == 9 && h == 7);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            unsigned i = (unsigned)(x + y) % (unsigned)n_colours;
            unsigned r = i * 60, gr = 255 - i * 60, b = i * 30;
            const uint8_t *p = c + 4 * (y * w + x);
            cr_assert(p[0] == r && p[1] == gr && p[2] == b, "%s (%d,%d)", path, x, y);
            cr_assert_eq(p[3], (int)i < n_trns ? 64 * i : 255u, "%s alpha", path);
            assert_luma(g[y * w + x], r * 257.0, gr * 257.0, b * 257.0, path);
        }
    }
    free(g);
    free(c);
}

Test(io, palette_images_expanded)
{
    check_palette(DATA "palette.png", 5, 0);
    check_palette(DATA "palette4_trns.png", 5, 3);
    check_palette(DATA "palette1.png", 2, 0);
}

/* RGB(A) 8-bit images, plain and interlaced: exact RGBA, Rec. 709 grey. */
static void check_rgb8(const char *path, bool has_alpha)
{
    int w, h;
    uint16_t *g = load_grey(path, &w, &h);
    uint8_t *c = load_rgba(path, &w, &h);
    cr_assert(w == 16 && h == 16, "%s", path);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            unsigned k[4];
            rgba_at(x, y, k);
            const uint8_t *p = c + 4 * (y * w + x);
            cr_assert(p[0] == k[0] && p[1] == k[1] && p[2] == k[2], "%s (%d,%d)", path, x, y);
            cr_assert_eq(p[3], has_alpha ? k[3] : 255u, "%s (%d,%d)", path, x, y);
            assert_luma(g[y * w + x], k[0] * 257.0, k[1] * 257.0, k[2] * 257.0, path);
        }
    }
    free(g);
    free(c);
}

Test(io, rgb_and_rgba_8bit_read_exactly)
{
    check_rgb8(DATA "rgb8.png", false);
    check_rgb8(DATA "rgb8_interlaced.png", false);
    check_rgb8(DATA "rgba8.png", true);
    check_rgb8(DATA "rgba8_interlaced.png", true);
    check_rgb8(DATA "rgb.bmp", false);
    check_rgb8(DATA "rgba.tga", true);
}

Test(io, rgb16_luminance_uses_all_16_bits_and_rgba_rounds)
{
    const char *files[] = { DATA "rgb16.png", DATA "rgba16.png" };
    for (int f = 0; f < 2; f++) {
        int w, h;
        uint16_t *g = load_grey(files[f], &w, &h);
        uint8_t *c = load_rgba(files[f], &w, &h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                unsigned k[4], v[4];
                rgba_at(x, y, k);
                for (int i = 0; i < 4; i++)
                    v[i] = wide(k[i], x, y);
                assert_luma(g[y * w + x], v[0], v[1], v[2], files[f]);
                for (int i = 0; i < (f == 0 ? 3 : 4); i++) /* 16 -> 8 bits, rounded */
                    cr_assert_eq(c[4 * (y * w + x) + i], (v[i] * 255 + 32767) / 65535);
            }
        }
        free(g);
        free(c);
    }
}

Test(io, luminance_endpoints_are_exact)
{
    /* rgb8.png (0,0) is black; a white pixel comes from one.gif */
    int w, h;
    uint16_t *g = load_grey(DATA "rgb8.png", &w, &h);
    cr_assert_eq(g[0], 0);
    free(g);
    g = load_grey(DATA "one.gif", &w, &h);
    cr_assert(w == 1 && h == 1);
    cr_assert_eq(g[0], 65535);
    free(g);
}

/* The first frame of a two-frame GIF, with a transparent index (make_fixtures.c). */
Test(io, gif_first_frame_with_transparency)
{
    int w, h;
    uint8_t *c = load_rgba(DATA "anim.gif", &w, &h);
    cr_assert(w == 16 && h == 16);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            unsigned i = (unsigned)(x + y) % 4;
            const uint8_t *p = c + 4 * (y * w + x);
            if (i == 3) {
                cr_assert_eq(p[3], 0, "(%d,%d) is transparent", x, y);
                continue;
            }
            cr_assert(p[0] == i * 60 && p[1] == 255 - i * 60 && p[2] == i * 30 && p[3] == 255,
                      "(%d,%d): %u,%u,%u,%u", x, y, p[0], p[1], p[2], p[3]);
        }
    }
    free(c);
}

Test(io, jpeg_decodes_close_to_its_source)
{
    int w, h;
    uint8_t *c = load_rgba(DATA "rgb.jpg", &w, &h);
    cr_assert(w == 16 && h == 16);
    double err = 0;
    for (int i = 0; i < w * h; i++) {
        unsigned k[4];
        rgba_at(i % w, i / w, k);
        for (int j = 0; j < 3; j++)
            err += fabs((double)c[4 * i + j] - k[j]);
        cr_assert_eq(c[4 * i + 3], 255);
    }
    cr_assert_lt(err / (w * h * 3), 4.0, "mean error %.2f for quality 95", err / (w * h * 3));
    free(c);
}

/* A one-component frame whose only DHT defines DC table 0, and a scan using DC 0 / AC 1.
 * A progressive DC-first scan needs no AC table, so the guard must let stb try it (stb
 * then reports its own complaint or decodes); a baseline scan would read the undefined AC
 * table, so the guard must refuse. */
static dapple_status scan_with_missing_ac(bool progressive, dapple_error *err)
{
    const uint8_t jpg[] = {
        0xff,
        0xd8, /* SOI */
        0xff,
        progressive ? 0xc2 : 0xc0,
        0,
        11,
        8,
        0,
        8,
        0,
        8,
        1,
        1,
        0x11,
        0, /* SOF */
        0xff,
        0xdb,
        0,
        67,
        0,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1,
        1, /* DQT */
        0xff,
        0xc4,
        0,
        20,
        0x00,
        1,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        0, /* DHT DC0 */
        0xff,
        0xda,
        0,
        8,
        1,
        1,
        0x01,
        0,
        progressive ? 0 : 63,
        0, /* SOS */
        0x00,
        0x00,
        0xff,
        0xd9,
    };
    uint8_t *px = NULL;
    int w, h;
    dapple_status st = dp_image_load_rgba8_mem(jpg, sizeof jpg, "scan.jpg", 0, &px, &w, &h, err);
    free(px);
    return st;
}

Test(io, jpeg_guard_knows_which_tables_a_scan_uses)
{
    dapple_error err = { 0 };
    dapple_status st = scan_with_missing_ac(true, &err);
    cr_assert(st == DAPPLE_OK || strstr(err.message, "never defined") == NULL, "%s", err.message);
    cr_assert_eq(scan_with_missing_ac(false, &err), DAPPLE_E_FORMAT);
    cr_assert_str_eq(err.message,
                     "scan.jpg: corrupt JPEG: a scan uses a Huffman table that was never defined");
}

Test(io, memory_entry_point_matches_file)
{
    FILE *fp = fopen(DATA "grey16_interlaced.png", "rb");
    uint8_t buf[4096];
    size_t n = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    int w, h, mw, mh;
    uint16_t *a = load_grey(DATA "grey16_interlaced.png", &w, &h), *b = NULL;
    dapple_error err;
    cr_assert_eq(dp_image_load_grey16_mem(buf, n, "mem", 0, &b, &mw, &mh, &err), DAPPLE_OK);
    cr_assert(mw == w && mh == h);
    cr_assert_arr_eq(a, b, (size_t)w * h * 2);
    free(b);
    cr_assert_eq(dp_image_load_grey16_mem(buf, n / 2, "half", 0, &b, &mw, &mh, &err),
                 DAPPLE_E_FORMAT);
    cr_assert_str_eq(err.message, "half: truncated PNG: unexpected end of file");
    free(a);
}

/* ---------------------------------------------------------------- writing PNG */

typedef struct png_facts {
    png_uint_32 w, h;
    int type, depth;
    bool srgb, gama;
} png_facts;

/* Reads the header of a PNG with libpng itself, independent of our loader. */
static png_facts read_facts(const char *path)
{
    png_facts f = { 0 };
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp, "%s", path);
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png)))
        cr_assert_fail("libpng cannot read %s", path);
    png_init_io(png, fp);
    png_read_info(png, info);
    f.w = png_get_image_width(png, info);
    f.h = png_get_image_height(png, info);
    f.type = png_get_color_type(png, info);
    f.depth = png_get_bit_depth(png, info);
    f.srgb = png_get_valid(png, info, PNG_INFO_sRGB) != 0;
    f.gama = png_get_valid(png, info, PNG_INFO_gAMA) != 0;
    png_destroy_read_struct(&png, &info, NULL);
    fclose(fp);
    return f;
}

static uint16_t *grey_ramp(int w, int h)
{
    uint16_t *px = malloc((size_t)w * h * 2);
    for (int i = 0; i < w * h; i++)
        px[i] = (uint16_t)((unsigned)i * 2654435761u >> 16);
    return px;
}

Test(io, grey16_png_round_trips_exactly)
{
    char *dir = make_tmpdir(), *path = join(dir, "mask16.png");
    uint16_t *px = grey_ramp(37, 23);
    dapple_error err;
    cr_assert_eq(dp_image_write_grey(path, px, 37, 23, 16, &err), DAPPLE_OK, "%s", err.message);
    png_facts f = read_facts(path);
    cr_assert(f.w == 37 && f.h == 23 && f.type == PNG_COLOR_TYPE_GRAY && f.depth == 16);
    cr_assert(!f.srgb && !f.gama, "masks are linear data: no colour-space chunk");
    int w, h;
    uint16_t *back = load_grey(path, &w, &h);
    cr_assert_arr_eq(back, px, sizeof(uint16_t) * 37 * 23);
    free(back);
    free(px);
    free(path);
    remove_tree(dir);
}

Test(io, grey8_png_rounds_v_over_257)
{
    static const uint16_t in[8] = { 0, 128, 129, 257, 385, 386, 32896, 65535 };
    static const uint8_t want[8] = { 0, 0, 1, 1, 1, 2, 128, 255 };
    char *dir = make_tmpdir(), *path = join(dir, "mask8.png");
    dapple_error err;
    cr_assert_eq(dp_image_write_grey(path, in, 8, 1, 8, &err), DAPPLE_OK, "%s", err.message);
    png_facts f = read_facts(path);
    cr_assert(f.w == 8 && f.h == 1 && f.type == PNG_COLOR_TYPE_GRAY && f.depth == 8);
    int w, h;
    uint16_t *back = load_grey(path, &w, &h);
    for (int i = 0; i < 8; i++)
        cr_assert_eq(back[i], want[i] * 257, "%u -> %u", in[i], back[i] / 257);
    free(back);
    free(path);
    remove_tree(dir);
}

Test(io, rgb8_png_round_trips)
{
    char *dir = make_tmpdir(), *path = join(dir, "normal.png");
    uint8_t rgb[5 * 3 * 3];
    for (int i = 0; i < 45; i++)
        rgb[i] = (uint8_t)(i * 37);
    dapple_error err;
    cr_assert_eq(dp_image_write_rgb8(path, rgb, 5, 3, &err), DAPPLE_OK, "%s", err.message);
    png_facts f = read_facts(path);
    cr_assert(f.w == 5 && f.h == 3 && f.type == PNG_COLOR_TYPE_RGB && f.depth == 8 && !f.srgb);
    int w, h;
    uint8_t *back = load_rgba(path, &w, &h);
    for (int i = 0; i < 15; i++)
        cr_assert(back[4 * i] == rgb[3 * i] && back[4 * i + 1] == rgb[3 * i + 1] &&
                  back[4 * i + 2] == rgb[3 * i + 2] && back[4 * i + 3] == 255);
    free(back);
    free(path);
    remove_tree(dir);
}

static uint32_t argb(unsigned a, unsigned r, unsigned g, unsigned b)
{
    return a << 24 | r << 16 | g << 8 | b;
}

/* Premultiplied ARGB32 with a padded stride; the file must hold straight alpha. */
Test(io, argb32_png_is_unpremultiplied_and_tagged_srgb)
{
    uint32_t data[2][4] = {
        { argb(255, 10, 20, 30), argb(128, 64, 32, 0), argb(0, 0, 0, 0), 0xdeadbeef },
        { argb(1, 1, 0, 1), argb(200, 200, 100, 50), argb(255, 255, 255, 255), 0xdeadbeef },
    };
    static const uint8_t want[6][4] = { { 10, 20, 30, 255 },   { 128, 64, 0, 128 },
                                        { 0, 0, 0, 0 },        { 255, 0, 255, 1 },
                                        { 255, 128, 64, 200 }, { 255, 255, 255, 255 } };
    char *dir = make_tmpdir(), *path = join(dir, "tex.png");
    dapple_error err;
    cr_assert_eq(dp_image_write_argb32(path, (const uint8_t *)data, 3, 2, 16, &err), DAPPLE_OK,
                 "%s", err.message);
    png_facts f = read_facts(path);
    cr_assert(f.w == 3 && f.h == 2 && f.type == PNG_COLOR_TYPE_RGBA && f.depth == 8 && f.srgb);
    int w, h;
    uint8_t *back = load_rgba(path, &w, &h);
    for (int i = 0; i < 6; i++)
        cr_assert_arr_eq(back + 4 * i, want[i], 4, "pixel %d: %u,%u,%u,%u", i, back[4 * i],
                         back[4 * i + 1], back[4 * i + 2], back[4 * i + 3]);
    free(back);
    free(path);
    remove_tree(dir);
}

/* Unlike cairo's writer, an opaque texture stays RGBA: one layout for every texture. */
Test(io, opaque_argb32_png_is_still_rgba)
{
    uint32_t data[2][3] = { { argb(255, 1, 2, 3), argb(255, 250, 128, 0), argb(255, 0, 0, 0) },
                            { argb(255, 9, 9, 9), argb(255, 255, 255, 255), argb(255, 7, 8, 9) } };
    char *dir = make_tmpdir(), *path = join(dir, "opaque.png");
    dapple_error err;
    cr_assert_eq(dp_image_write_argb32(path, (const uint8_t *)data, 3, 2, 12, &err), DAPPLE_OK);
    png_facts f = read_facts(path);
    cr_assert(f.w == 3 && f.h == 2 && f.type == PNG_COLOR_TYPE_RGBA && f.depth == 8 && f.srgb);
    int w, h;
    uint8_t *back = load_rgba(path, &w, &h);
    for (int i = 0; i < 6; i++) {
        uint32_t p = data[i / 3][i % 3];
        cr_assert(back[4 * i] == (uint8_t)(p >> 16) && back[4 * i + 1] == (uint8_t)(p >> 8) &&
                          back[4 * i + 2] == (uint8_t)p && back[4 * i + 3] == 255,
                  "pixel %d", i);
    }
    free(back);
    free(path);
    remove_tree(dir);
}

/* ---------------------------------------------------------------- writing other formats */

Test(io, format_follows_extension_case_insensitively)
{
    cr_assert_eq(dp_image_format_from_path("a/b.TGA"), DP_FORMAT_TGA);
    cr_assert_eq(dp_image_format_from_path("b.bmp"), DP_FORMAT_BMP);
    cr_assert_eq(dp_image_format_from_path("b.jpg"), DP_FORMAT_JPEG);
    cr_assert_eq(dp_image_format_from_path("b.JPEG"), DP_FORMAT_JPEG);
    cr_assert_eq(dp_image_format_from_path("b.png"), DP_FORMAT_PNG);
    cr_assert_eq(dp_image_format_from_path("b"), DP_FORMAT_PNG);
    cr_assert_eq(dp_image_format_from_path("dir.tga/b"), DP_FORMAT_PNG);
    cr_assert_eq(dp_image_format_from_path("b.webp"), DP_FORMAT_PNG);
}

Test(io, tga_and_bmp_round_trip_exactly)
{
    const char *names[] = { "m.tga", "m.bmp", "t.tga", "t.bmp" };
    uint16_t grey[12];
    for (int i = 0; i < 12; i++)
        grey[i] = (uint16_t)(i * 5000);
    uint32_t tex[12];
    for (int i = 0; i < 12; i++)
        tex[i] = argb(255, (unsigned)i * 20, 255 - (unsigned)i * 20, 7);
    char *dir = make_tmpdir();
    for (int k = 0; k < 4; k++) {
        char *path = join(dir, names[k]);
        dapple_error err;
        dapple_status st =
                k < 2 ? dp_image_write_grey(path, grey, 4, 3, 8, &err)
                      : dp_image_write_argb32(path, (const uint8_t *)tex, 4, 3, 16, &err);
        cr_assert_eq(st, DAPPLE_OK, "%s: %s", names[k], err.message);
        int w, h;
        uint8_t *back = load_rgba(path, &w, &h);
        cr_assert(w == 4 && h == 3, "%s", names[k]);
        for (int i = 0; i < 12; i++) {
            uint8_t want_r = k < 2 ? (uint8_t)((grey[i] + 128) / 257) : (uint8_t)(tex[i] >> 16);
            uint8_t want_g = k < 2 ? want_r : (uint8_t)(tex[i] >> 8);
            cr_assert(back[4 * i] == want_r && back[4 * i + 1] == want_g, "%s px %d", names[k], i);
        }
        free(back);
        free(path);
    }
    remove_tree(dir);
}

Test(io, jpeg_written_with_the_set_quality)
{
    char *dir = make_tmpdir(), *lo = join(dir, "lo.jpg"), *hi = join(dir, "hi.jpg");
    uint32_t tex[32 * 32];
    for (int i = 0; i < 32 * 32; i++)
        tex[i] = argb(255, (unsigned)(i * 7) & 255, (unsigned)(i * 13) & 255, (unsigned)i & 255);
    dapple_error err;
    dp_image_set_jpeg_quality(10);
    cr_assert_eq(dp_image_write_argb32(lo, (const uint8_t *)tex, 32, 32, 128, &err), DAPPLE_OK);
    dp_image_set_jpeg_quality(100);
    cr_assert_eq(dp_image_write_argb32(hi, (const uint8_t *)tex, 32, 32, 128, &err), DAPPLE_OK);
    dp_image_set_jpeg_quality(90);
    struct stat a, b;
    cr_assert(stat(lo, &a) == 0 && stat(hi, &b) == 0);
    cr_assert_lt(a.st_size, b.st_size, "quality 10: %lld bytes, 100: %lld", (long long)a.st_size,
                 (long long)b.st_size);
    int w, h;
    uint8_t *back = load_rgba(hi, &w, &h);
    cr_assert(w == 32 && h == 32);
    free(back);
    free(lo);
    free(hi);
    remove_tree(dir);
}

Test(io, sixteen_bit_mask_refused_for_non_png)
{
    char *dir = make_tmpdir(), *path = join(dir, "m.tga");
    uint16_t px[4] = { 0 };
    dapple_error err;
    cr_assert_eq(dp_image_write_grey(path, px, 2, 2, 16, &err), DAPPLE_E_INVALID);
    cr_assert_not_null(strstr(err.message, "16-bit masks must be PNG"), "%s", err.message);
    cr_assert(!exists(path));
    cr_assert_eq(dp_image_write_grey(path, px, 2, 2, 12, &err), DAPPLE_E_INVALID);
    free(path);
    remove_tree(dir);
}

/* ---------------------------------------------------------------- atomic files */

Test(io, write_into_missing_directory_names_the_path)
{
    uint16_t px[4] = { 0 };
    dapple_error err;
    const char *path = "/tmp/dapple-no-such-dir-4815162342/out.png";
    cr_assert_eq(dp_image_write_grey(path, px, 2, 2, 8, &err), DAPPLE_E_IO);
    cr_assert_str_eq(err.message, "cannot create /tmp/dapple-no-such-dir-4815162342/out.png: "
                                  "No such file or directory");
}

Test(io, success_leaves_only_the_target_with_normal_permissions)
{
    char *dir = make_tmpdir(), *path = join(dir, "out.png"), names[256];
    uint16_t px[4] = { 1, 2, 3, 4 };
    dapple_error err;
    cr_assert_eq(dp_image_write_grey(path, px, 2, 2, 16, &err), DAPPLE_OK, "%s", err.message);
    list_dir(dir, names, sizeof names);
    cr_assert_str_eq(names, "out.png ");
    mode_t mask = umask(022);
    umask(mask);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0666 & ~mask, "mode %o", st.st_mode & 0777);
    free(path);
    remove_tree(dir);
}

Test(io, replace_is_whole_file)
{
    char *dir = make_tmpdir(), *path = join(dir, "out.txt");
    FILE *fp = fopen(path, "w");
    fputs("an old and much longer content that must vanish entirely\n", fp);
    fclose(fp);
    dp_atomic_file af;
    dapple_error err;
    cr_assert_eq(dp_atomic_open(&af, path, &err), DAPPLE_OK);
    fputs("new\n", af.fp);
    cr_assert_eq(dp_atomic_commit(&af, &err), DAPPLE_OK, "%s", err.message);
    char buf[128] = { 0 };
    fp = fopen(path, "r");
    size_t n = fread(buf, 1, sizeof buf - 1, fp);
    fclose(fp);
    cr_assert_eq(n, 4);
    cr_assert_str_eq(buf, "new\n");
    free(path);
    remove_tree(dir);
}

/* rename() over a directory fails at commit time, after the data was written: the temp
 * file must go, and the directory (the "target") must be untouched. Works as root too,
 * unlike a chmod-based unwritable directory. */
Test(io, failed_commit_removes_temp_file)
{
    char *dir = make_tmpdir(), *target = join(dir, "out.png"), names[256];
    cr_assert_eq(mkdir(target, 0755), 0);
    uint16_t px[4] = { 0 };
    dapple_error err;
    cr_assert_eq(dp_image_write_grey(target, px, 2, 2, 8, &err), DAPPLE_E_IO);
    cr_assert_not_null(strstr(err.message, target), "%s", err.message);
    cr_assert_not_null(strstr(err.message, "Is a directory"), "%s", err.message);
    list_dir(dir, names, sizeof names);
    cr_assert_str_eq(names, "out.png ", "leftovers: %s", names);
    free(target);
    remove_tree(dir);
}

Test(io, abort_leaves_nothing)
{
    char *dir = make_tmpdir(), *path = join(dir, "x.csv"), names[256];
    dp_atomic_file af;
    dapple_error err;
    cr_assert_eq(dp_atomic_open(&af, path, &err), DAPPLE_OK);
    cr_assert_not_null(af.tmp_path);
    cr_assert_not_null(strstr(af.tmp_path, "/.x.csv."), "%s", af.tmp_path);
    fputs("partial", af.fp);
    dp_atomic_abort(&af);
    list_dir(dir, names, sizeof names);
    cr_assert_str_eq(names, "");
    cr_assert(!exists(path));
    free(path);
    remove_tree(dir);
}

Test(io, unwritable_place_refused_without_target)
{
    /* /proc refuses file creation even for root */
    dp_atomic_file af;
    dapple_error err;
    cr_assert_eq(dp_atomic_open(&af, "/proc/dapple-out.png", &err), DAPPLE_E_IO);
    cr_assert_not_null(strstr(err.message, "cannot create /proc/dapple-out.png: "), "%s",
                       err.message);
    cr_assert(!exists("/proc/dapple-out.png"));
    cr_assert_null(af.fp);
    dp_atomic_abort(&af); /* safe after a failed open */
}

Test(io, dash_means_stdout, .init = cr_redirect_stdout)
{
    dp_atomic_file af;
    dapple_error err;
    cr_assert_eq(dp_atomic_open(&af, "-", &err), DAPPLE_OK);
    cr_assert_eq(af.fp, stdout);
    cr_assert_null(af.tmp_path);
    fputs("to stdout\n", af.fp);
    cr_assert_eq(dp_atomic_commit(&af, &err), DAPPLE_OK);
    cr_assert_stdout_eq_str("to stdout\n");
}

/* ---------------------------------------------------------------- dp_field_load */

Test(io, field_load_maps_16bit_grey_to_radius)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.kind = DAPPLE_FIELD_IMAGE;
    o.width = 16;
    o.height = 8;
    o.rmin = 1;
    o.rmax = 9;
    dapple_field *f = NULL;
    dapple_error err;
    cr_assert_eq(dp_field_load(&f, &o, DATA "grey16.png", NULL, 0, 0, &err), DAPPLE_OK, "%s",
                 err.message);
    for (int y = 0; y < 8; y++) {
        for (int x = 0; x < 16; x++) {
            double want = 1 + 8 * grey16_at(x, y) / 65535.0;
            double got = dapple_field_radius_at(f, x + 0.5, y + 0.5);
            cr_assert(fabs(got - want) < 1e-4, "(%d,%d): r %.6f, expected %.6f", x, y, got, want);
        }
    }
    dapple_field_free(f);
}

Test(io, field_load_passes_other_kinds_through)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.rmin = o.rmax = 3;
    dapple_field *f = NULL;
    dapple_error err;
    cr_assert_eq(dp_field_load(&f, &o, NULL, NULL, 0, 0, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_float_eq(dapple_field_radius_at(f, 10, 10), 3.0, 1e-12);
    dapple_field_free(f);
}

Test(io, field_load_reports_the_image_error)
{
    dapple_field_opts o;
    dapple_field_opts_init(&o);
    o.kind = DAPPLE_FIELD_IMAGE;
    o.rmin = 1;
    o.rmax = 2;
    dapple_field *f = (dapple_field *)1;
    dapple_error err;
    cr_assert_eq(dp_field_load(&f, &o, DATA "huge.png", NULL, 0, 0, &err), DAPPLE_E_LIMIT);
    cr_assert_null(f);
    cr_assert_str_eq(err.message, DATA "huge.png: 100000x100000 pixels exceeds the limit of "
                                       "67108864 pixels");
    cr_assert_eq(dp_field_load(&f, &o, NULL, NULL, 0, 0, &err), DAPPLE_E_INVALID);
    cr_assert_eq(dp_field_load(&f, &o, DATA "grey8.png", NULL, 0, 100, &err), DAPPLE_E_LIMIT);
}
