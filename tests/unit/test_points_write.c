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

#include "io/points_read.h"
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

/* A 10 x 10 file of seed 1, without columns: what the error tests write. */
static const dp_points_file SMALL_CSV = {
    .format = DP_POINTS_CSV, .width = 10, .height = 10, .seed = 1
};

static char *write_and_read(const dp_point_set *sets, size_t n_sets, dp_points_format f, bool layer,
                            size_t *n)
{
    char *path = tmp_path(f == DP_POINTS_CSV ? "p.csv" : "p.json");
    dapple_error err;
    dp_points_file pf = { .format = f, .with_layer = layer, .width = 100, .height = 50, .seed = 7 };
    cr_assert_eq(dp_points_write(path, &pf, sets, n_sets, &err), DAPPLE_OK, "%s", err.message);
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
    dp_points_file json = SMALL_CSV;
    json.format = DP_POINTS_JSON;
    cr_assert_eq(dp_points_write(path, &json, &set, 1, &err), DAPPLE_E_INVALID);
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
    cr_assert_eq(dp_points_write("/tmp/dapple-missing-98765/p.csv", &SMALL_CSV, &set, 1, &err),
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
    dapple_status s = dp_points_write("-", &SMALL_CSV, &set, 1, &err);
    cr_assert_eq(s, DAPPLE_E_IO);
    cr_assert_not_null(strstr(err.message, "No space left on device"), "%s", err.message);
}

Test(points, dash_writes_stdout, .init = cr_redirect_stdout)
{
    dapple_point p = { 1, 2, 3 };
    dp_point_set set = { &p, 1 };
    dapple_error err;
    dp_points_file layered = SMALL_CSV;
    layered.with_layer = true;
    cr_assert_eq(dp_points_write("-", &layered, &set, 1, &err), DAPPLE_OK);
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

/* ---------------------------------------------------------------- columns for engines */

static char *write_cols(const dp_point_set *sets, size_t n_sets, dp_points_format f, bool layer,
                        uint64_t seed, const dp_points_columns *cols)
{
    char *path = tmp_path(f == DP_POINTS_CSV ? "c.csv" : "c.json");
    dapple_error err;
    dp_points_file pf = {
        .format = f, .with_layer = layer, .width = 100, .height = 50, .seed = seed
    };
    if (cols != NULL)
        pf.cols = *cols;
    cr_assert_eq(dp_points_write(path, &pf, sets, n_sets, &err), DAPPLE_OK, "%s", err.message);
    size_t n;
    char *text = slurp(path, &n);
    remove_file_and_dir(path);
    return text;
}

Test(points, no_columns_keeps_every_byte)
{
    dapple_point pts[500];
    fill_hard_floats(pts, 500);
    dp_point_set sets[2] = { { pts, 200 }, { pts + 200, 300 } };
    const dp_points_columns off = { 0 };
    for (int f = DP_POINTS_CSV; f <= DP_POINTS_JSON; f++) {
        for (int layer = 0; layer <= 1; layer++) {
            size_t n;
            char *plain = write_and_read(sets, 2, (dp_points_format)f, layer, &n);
            char *null_cols = write_cols(sets, 2, (dp_points_format)f, layer, 7, NULL);
            char *all_off = write_cols(sets, 2, (dp_points_format)f, layer, 7, &off);
            cr_assert_str_eq(null_cols, plain);
            cr_assert_str_eq(all_off, plain);
            free(plain);
            free(null_cols);
            free(all_off);
        }
    }
}

Test(points, column_names_in_csv_header_and_json)
{
    dapple_point p = { 1, 2, 3 };
    dp_point_set set = { &p, 1 };
    dp_points_columns all = { .rotation = true, .scale_jitter = 0.5, .variants = 4 };
    char *text = write_cols(&set, 1, DP_POINTS_CSV, true, 1, &all);
    cr_assert_eq(strncmp(text, "x,y,r,layer,rotation,scale,variant\n1,2,3,0,", 43), 0, "%s", text);
    free(text);
    dp_points_columns variant_only = { .variants = 2 };
    text = write_cols(&set, 1, DP_POINTS_CSV, false, 1, &variant_only);
    cr_assert_eq(strncmp(text, "x,y,r,variant\n1,2,3,", 20), 0, "%s", text);
    free(text);
    text = write_cols(&set, 1, DP_POINTS_JSON, true, 1, &all);
    const char *head = "{\"size\":[100,50],\"seed\":1,\"columns\":[\"x\",\"y\",\"r\",\"layer\","
                       "\"rotation\",\"scale\",\"variant\"],\"points\":[[1,2,3,0,";
    cr_assert_eq(strncmp(text, head, strlen(head)), 0, "%s", text);
    free(text);
}

Test(points, attributes_are_pinned)
{
    /* The attributes are part of the output bytes: a change to the hash must be deliberate. */
    dapple_point p = { 12.5f, 7.25f, 1 };
    dp_point_set set = { &p, 1 };
    dp_points_columns all = { .rotation = true, .scale_jitter = 0.25, .variants = 5 };
    char *text = write_cols(&set, 1, DP_POINTS_CSV, false, 42, &all);
    cr_assert_str_eq(text, "x,y,r,rotation,scale,variant\n12.5,7.25,1,74.6279449,1.17305362,0\n");
    free(text);
}

/* Values of one CSV line after x,y,r: rotation, scale, variant. */
typedef struct attrs {
    float x, y, rot, scale;
    long variant;
} attrs;

static attrs *parse_attr_lines(const char *text, size_t count)
{
    attrs *a = malloc(count * sizeof *a);
    const char *p = strchr(text, '\n') + 1;
    for (size_t i = 0; i < count; i++) {
        char *end;
        a[i].x = strtof(p, &end);
        a[i].y = strtof(end + 1, &end);
        strtof(end + 1, &end); /* r */
        a[i].rot = strtof(end + 1, &end);
        a[i].scale = strtof(end + 1, &end);
        a[i].variant = strtol(end + 1, &end, 10);
        cr_assert_eq(*end, '\n');
        p = end + 1;
    }
    cr_assert_eq(*p, '\0');
    return a;
}

static void sample_points(dapple_point *pts, size_t n)
{
    uint64_t s = 77;
    for (size_t i = 0; i < n; i++)
        pts[i] = (dapple_point){ (float)(next(&s) % 100000) / 1000.0f,
                                 (float)(next(&s) % 50000) / 1000.0f, 1 };
}

static void check_ranges(double jitter)
{
    enum { N = 1000 };

    static dapple_point pts[N];
    sample_points(pts, N);
    dp_point_set set = { pts, N };
    dp_points_columns c = { .rotation = true, .scale_jitter = jitter, .variants = 3 };
    char *text = write_cols(&set, 1, DP_POINTS_CSV, false, 5, &c);
    attrs *a = parse_attr_lines(text, N);
    int seen[3] = { 0 };
    float lo = (float)(1 - jitter), hi = (float)(1 + jitter); /* scale is written as a float */
    for (size_t i = 0; i < N; i++) {
        cr_assert(a[i].rot >= 0 && a[i].rot < 360, "rotation %g", (double)a[i].rot);
        cr_assert(a[i].scale >= lo && a[i].scale <= hi, "scale %g", (double)a[i].scale);
        cr_assert(a[i].variant >= 0 && a[i].variant < 3, "variant %ld", a[i].variant);
        seen[a[i].variant]++;
    }
    for (int v = 0; v < 3; v++)
        cr_assert_gt(seen[v], 250, "variant %d occurs %d times in 1000", v, seen[v]);
    free(a);
    free(text);
}

Test(points, attribute_ranges)
{
    check_ranges(0.25); /* 0.75 and 1.25 are exact floats */
    check_ranges(0.1);
    check_ranges(0.999);
}

/* The same point gets the same attributes in a shuffled set that also has other points. */
Test(points, attributes_follow_the_point_not_its_index)
{
    enum { N = 400 };

    static dapple_point pts[N], mixed[N + 100];
    sample_points(pts, N);
    uint64_t s = 3;
    for (size_t i = 0; i < N; i++)
        mixed[i] = pts[i];
    for (size_t i = N; i < N + 100; i++)
        mixed[i] = (dapple_point){ (float)i + 0.5f, (float)i, 2 };
    for (size_t i = N + 99; i > 0; i--) { /* Fisher-Yates */
        size_t k = next(&s) % (i + 1);
        dapple_point t = mixed[i];
        mixed[i] = mixed[k];
        mixed[k] = t;
    }
    dp_points_columns c = { .rotation = true, .scale_jitter = 0.3, .variants = 7 };
    dp_point_set a_set = { pts, N }, b_set = { mixed, N + 100 };
    char *ta = write_cols(&a_set, 1, DP_POINTS_CSV, false, 11, &c);
    char *tb = write_cols(&b_set, 1, DP_POINTS_CSV, false, 11, &c);
    attrs *a = parse_attr_lines(ta, N), *b = parse_attr_lines(tb, N + 100);
    for (size_t i = 0; i < N; i++) {
        size_t k = 0;
        while (k < N + 100 && !(b[k].x == a[i].x && b[k].y == a[i].y))
            k++;
        cr_assert_lt(k, N + 100);
        cr_assert(a[i].rot == b[k].rot && a[i].scale == b[k].scale && a[i].variant == b[k].variant,
                  "point %zu changed its attributes", i);
    }
    free(a);
    free(b);
    free(ta);
    free(tb);
}

Test(points, other_seed_other_attributes)
{
    enum { N = 200 };

    static dapple_point pts[N];
    sample_points(pts, N);
    dp_point_set set = { pts, N };
    dp_points_columns c = { .rotation = true, .scale_jitter = 0.5, .variants = 1000 };
    char *t1 = write_cols(&set, 1, DP_POINTS_CSV, false, 1, &c);
    char *t2 = write_cols(&set, 1, DP_POINTS_CSV, false, 2, &c);
    attrs *a = parse_attr_lines(t1, N), *b = parse_attr_lines(t2, N);
    int same = 0;
    for (size_t i = 0; i < N; i++)
        same += (a[i].rot == b[i].rot) + (a[i].scale == b[i].scale) +
                (a[i].variant == b[i].variant);
    cr_assert_lt(same, 5);
    free(a);
    free(b);
    free(t1);
    free(t2);
}

Test(points, y_up_flips_y_only)
{
    dapple_point pts[2] = { { 1.5f, 2, 0.25f }, { 3, 49.5f, 4 } };
    dp_point_set set = { pts, 2 };
    dp_points_columns up = { .y_up = true };
    char *text = write_cols(&set, 1, DP_POINTS_CSV, false, 7, &up);
    cr_assert_str_eq(text, "x,y,r\n1.5,48,0.25\n3,0.5,4\n");
    free(text);
    text = write_cols(&set, 1, DP_POINTS_JSON, false, 7, &up);
    cr_assert_str_eq(text, "{\"size\":[100,50],\"seed\":7,\"points\":[[1.5,48,0.25],[3,0.5,4]]}\n");
    free(text);
}

Test(points, bad_columns_are_refused)
{
    dapple_point p = { 1, 2, 3 };
    dp_point_set set = { &p, 1 };
    dapple_error err;
    dp_points_file f = SMALL_CSV;
    f.cols = (dp_points_columns){ .scale_jitter = 1 };
    cr_assert_eq(dp_points_write("/tmp/dapple-never.csv", &f, &set, 1, &err), DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message, "/tmp/dapple-never.csv: scale jitter must be in [0, 1), got 1");
    f.cols = (dp_points_columns){ .scale_jitter = NAN };
    cr_assert_eq(dp_points_write("/tmp/dapple-never.csv", &f, &set, 1, &err), DAPPLE_E_INVALID);
    f.cols = (dp_points_columns){ .variants = -1 };
    cr_assert_eq(dp_points_write("/tmp/dapple-never.csv", &f, &set, 1, &err), DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message, "/tmp/dapple-never.csv: variants must be >= 0, got -1");
    struct stat st;
    cr_assert_neq(stat("/tmp/dapple-never.csv", &st), 0);
}

static dapple_status no_sets(void *ctx, dp_point_set *set, bool *more, dapple_error *err)
{
    (void)ctx, (void)set, (void)err;
    *more = false;
    return DAPPLE_OK;
}

/* A stream's sets come one at a time, so none has a layer number to write. */
Test(points, a_stream_refuses_a_layer_column)
{
    dp_points_file f = SMALL_CSV;
    f.with_layer = true;
    dapple_error err;
    cr_assert_eq(dp_points_write_stream("/tmp/dapple-never.csv", &f, no_sets, NULL, &err),
                 DAPPLE_E_INVALID);
    cr_assert_str_eq(err.message, "/tmp/dapple-never.csv: a stream of points has no layers");
    struct stat st;
    cr_assert_neq(stat("/tmp/dapple-never.csv", &st), 0);
}

/* Files with extra columns read back: the points bit for bit, the extras ignored. */
static void read_back(dp_points_format f)
{
    enum { N = 300 };

    static dapple_point pts[N];
    sample_points(pts, N);
    pts[5].x = 1e-7f;
    dp_point_set sets[2] = { { pts, 100 }, { pts + 100, 200 } };
    dp_points_file pf = { .format = f,
                          .with_layer = true,
                          .width = 100,
                          .height = 50,
                          .seed = 3,
                          .cols = { .rotation = true, .scale_jitter = 0.2, .variants = 4 } };
    char *path = tmp_path(f == DP_POINTS_CSV ? "rb.csv" : "rb.json");
    dapple_error err;
    cr_assert_eq(dp_points_write(path, &pf, sets, 2, &err), DAPPLE_OK);
    dp_point_list l;
    cr_assert_eq(dp_points_read(path, 0, &l, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(l.count, N);
    cr_assert_eq(memcmp(l.points, pts, sizeof pts), 0);
    cr_assert_not_null(l.layer);
    for (size_t i = 0; i < N; i++)
        cr_assert_eq(l.layer[i], i < 100 ? 0 : 1);
    dp_point_list_free(&l);
    remove_file_and_dir(path);
}

Test(points, files_with_columns_read_back)
{
    read_back(DP_POINTS_CSV);
    read_back(DP_POINTS_JSON);
}
