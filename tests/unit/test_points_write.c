/* SPDX-License-Identifier: MIT
 * Point files: CSV and JSON bytes exactly as documented, numbers identical to
 * printf("%.9g") (the fast formatter is checked against it on a million floats of every
 * magnitude) and read back bitwise by strtof, stable bytes, atomic on failure. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/points_write.h"

static char *tmp_path(const char *name)
{
    char *dir = strdup("/tmp/dapple-pts-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    char *p = malloc(strlen(dir) + strlen(name) + 2);
    sprintf(p, "%s/%s", dir, name);
    free(dir);
    return p;
}

static void remove_file_and_dir(char *path)
{
    unlink(path);
    *strrchr(path, '/') = '\0';
    rmdir(path);
    free(path);
}

static char *slurp(const char *path, size_t *n)
{
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp, "%s", path);
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    rewind(fp);
    char *buf = malloc((size_t)size + 1);
    *n = fread(buf, 1, (size_t)size, fp);
    buf[*n] = '\0';
    fclose(fp);
    return buf;
}

static char *write_and_read(const dp_point_set *sets, size_t n_sets, dp_points_format f, bool layer,
                            size_t *n)
{
    char *path = tmp_path(f == DP_POINTS_CSV ? "p.csv" : "p.json");
    dapple_error err;
    cr_assert_eq(dp_points_write(path, f, sets, n_sets, layer, 100, 50, 7, &err), DAPPLE_OK, "%s",
                 err.message);
    char *text = slurp(path, n);
    remove_file_and_dir(path);
    return text;
}

/* xorshift64*: a fixed stream of bit patterns */
static uint64_t next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static float random_float(uint64_t *s)
{
    for (;;) {
        uint32_t bits = (uint32_t)(next(s) >> 32);
        float f;
        memcpy(&f, &bits, 4);
        if (isfinite(f))
            return f;
    }
}

/* ---------------------------------------------------------------- exact bytes */

Test(points, csv_bytes_are_as_documented)
{
    dapple_point a[2] = { { 1.5f, 2, 0.25f }, { 99.9f, 0.1f, 3 } };
    dapple_point b[1] = { { 1e-5f, 12345678, 1e10f } };
    dp_point_set sets[2] = { { a, 2 }, { b, 1 } };
    size_t n;
    char *text = write_and_read(sets, 2, DP_POINTS_CSV, false, &n);
    cr_assert_str_eq(text, "x,y,r\n1.5,2,0.25\n99.9000015,0.100000001,3\n"
                           "9.99999975e-06,12345678,1e+10\n");
    free(text);
    text = write_and_read(sets, 2, DP_POINTS_CSV, true, &n);
    cr_assert_str_eq(text, "x,y,r,layer\n1.5,2,0.25,0\n99.9000015,0.100000001,3,0\n"
                           "9.99999975e-06,12345678,1e+10,1\n");
    free(text);
}

Test(points, json_bytes_are_as_documented)
{
    dapple_point a[2] = { { 1.5f, 2, 0.25f }, { -0.0f, 3, 4 } };
    dapple_point b[1] = { { 5, 6, 7 } };
    dp_point_set sets[2] = { { a, 2 }, { b, 1 } };
    size_t n;
    char *text = write_and_read(sets, 2, DP_POINTS_JSON, false, &n);
    cr_assert_str_eq(text, "{\"size\":[100,50],\"seed\":7,\"points\":"
                           "[[1.5,2,0.25],[-0,3,4],[5,6,7]]}\n");
    free(text);
    text = write_and_read(sets, 2, DP_POINTS_JSON, true, &n);
    cr_assert_str_eq(text, "{\"size\":[100,50],\"seed\":7,\"points\":"
                           "[[1.5,2,0.25,0],[-0,3,4,0],[5,6,7,1]]}\n");
    free(text);
}

Test(points, empty_sets_still_make_valid_files)
{
    size_t n;
    char *text = write_and_read(NULL, 0, DP_POINTS_JSON, false, &n);
    cr_assert_str_eq(text, "{\"size\":[100,50],\"seed\":7,\"points\":[]}\n");
    free(text);
    text = write_and_read(NULL, 0, DP_POINTS_CSV, false, &n);
    cr_assert_str_eq(text, "x,y,r\n");
    free(text);
}

/* ---------------------------------------------------------------- the number formatter */

/* Every number in the CSV must be byte-identical to %.9g and strtof back to the same bits.
 * The points mix random bit patterns (every exponent) with sampler-like coordinates, and
 * values next to powers of ten and rounding ties, where a fast formatter goes wrong. */
static void fill_hard_floats(dapple_point *p, size_t n)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < n; i++) {
        float v[3];
        for (int k = 0; k < 3; k++) {
            uint64_t kind = next(&s) % 4;
            if (kind == 0)
                v[k] = random_float(&s);
            else if (kind == 1)
                v[k] = (float)(next(&s) % 4096000) / 1024.0f; /* 0..4000, few digits */
            else if (kind == 2)
                v[k] = (float)((double)(next(&s) >> 11) / 9007199254740992.0 * 4096.0);
            else /* a neighbour of a power of ten */
                v[k] = nextafterf((float)pow(10, (int)(next(&s) % 40) - 20),
                                  (next(&s) & 1) ? INFINITY : 0);
        }
        p[i] = (dapple_point){ v[0], v[1], v[2] };
    }
}

Test(points, csv_numbers_equal_printf_and_round_trip_bitwise, .timeout = 60)
{
    const size_t count = 350000; /* about a million numbers */
    dapple_point *pts = malloc(count * sizeof *pts);
    fill_hard_floats(pts, count);
    dp_point_set set = { pts, count };
    size_t n;
    char *text = write_and_read(&set, 1, DP_POINTS_CSV, false, &n);
    char *line = strchr(text, '\n') + 1;
    for (size_t i = 0; i < count; i++) {
        const float *want = &pts[i].x;
        for (int k = 0; k < 3; k++) {
            char *end;
            float got = strtof(line, &end);
            char ref[32];
            int len = snprintf(ref, sizeof ref, "%.9g", (double)want[k]);
            cr_assert(end - line == len && memcmp(line, ref, (size_t)len) == 0,
                      "point %zu: wrote '%.*s', printf says '%s'", i, (int)(end - line), line, ref);
            cr_assert(memcmp(&got, &want[k], 4) == 0, "point %zu field %d not exact", i, k);
            cr_assert_eq(*end, k < 2 ? ',' : '\n');
            line = end + 1;
        }
    }
    cr_assert_eq(line, text + n);
    free(text);
    free(pts);
}

Test(points, bytes_are_stable)
{
    dapple_point pts[1000];
    fill_hard_floats(pts, 1000);
    dp_point_set set = { pts, 1000 };
    size_t n1, n2;
    char *a = write_and_read(&set, 1, DP_POINTS_JSON, true, &n1);
    char *b = write_and_read(&set, 1, DP_POINTS_JSON, true, &n2);
    cr_assert_eq(n1, n2);
    cr_assert_arr_eq(a, b, n1);
    free(a);
    free(b);
}

/* ---------------------------------------------------------------- failures and formats */

Test(points, json_refuses_non_finite_and_writes_nothing)
{
    dapple_point pts[2] = { { 1, 2, 3 }, { NAN, 2, 3 } };
    dp_point_set set = { pts, 2 };
    char *path = tmp_path("bad.json");
    dapple_error err;
    cr_assert_eq(dp_points_write(path, DP_POINTS_JSON, &set, 1, false, 10, 10, 1, &err),
                 DAPPLE_E_INVALID);
    cr_assert_not_null(strstr(err.message, "point 1 of layer 0 is not finite"), "%s", err.message);
    struct stat st;
    cr_assert_neq(stat(path, &st), 0, "no file may appear");
    remove_file_and_dir(path);
}

Test(points, missing_directory_is_an_io_error_naming_the_path)
{
    dapple_point p = { 1, 2, 3 };
    dp_point_set set = { &p, 1 };
    dapple_error err;
    cr_assert_eq(dp_points_write("/tmp/dapple-missing-98765/p.csv", DP_POINTS_CSV, &set, 1, false,
                                 10, 10, 1, &err),
                 DAPPLE_E_IO);
    cr_assert_str_eq(err.message,
                     "cannot create /tmp/dapple-missing-98765/p.csv: No such file or directory");
}

Test(points, full_disk_reported)
{
    struct stat st;
    if (stat("/dev/full", &st) != 0)
        cr_skip_test("no /dev/full");
    /* /dev/full cannot hold a temp file beside it, so write through stdout instead */
    cr_assert_not_null(freopen("/dev/full", "w", stdout));
    dapple_point p = { 1, 2, 3 };
    dp_point_set set = { &p, 1 };
    dapple_error err;
    dapple_status s = dp_points_write("-", DP_POINTS_CSV, &set, 1, false, 10, 10, 1, &err);
    cr_assert_eq(s, DAPPLE_E_IO);
    cr_assert_not_null(strstr(err.message, "No space left on device"), "%s", err.message);
}

Test(points, dash_writes_stdout, .init = cr_redirect_stdout)
{
    dapple_point p = { 1, 2, 3 };
    dp_point_set set = { &p, 1 };
    dapple_error err;
    cr_assert_eq(dp_points_write("-", DP_POINTS_CSV, &set, 1, true, 10, 10, 1, &err), DAPPLE_OK);
    fflush(stdout);
    cr_assert_stdout_eq_str("x,y,r,layer\n1,2,3,0\n");
}

Test(points, format_names_and_extensions)
{
    cr_assert_eq(dp_points_format_parse("csv"), DP_POINTS_CSV);
    cr_assert_eq(dp_points_format_parse("JSON"), DP_POINTS_JSON);
    cr_assert_eq(dp_points_format_parse("out/pts.CSV"), DP_POINTS_CSV);
    cr_assert_eq(dp_points_format_parse("a.json"), DP_POINTS_JSON);
    cr_assert_eq(dp_points_format_parse("xml"), -1);
    cr_assert_eq(dp_points_format_parse("a.csv.gz"), -1);
    cr_assert_eq(dp_points_format_parse(""), -1);
    cr_assert_eq(dp_points_format_parse(NULL), -1);
}
