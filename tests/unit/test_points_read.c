/* SPDX-License-Identifier: MIT
 * Reading point files: what dp_points_write writes comes back bit for bit; plain CSV from
 * other tools (no header, other columns, CRLF, ';' or tabs) is understood; every refusal
 * has its exact one-line message; FIFOs and oversized files are refused without reading. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/points_read.h"
#include "io/points_write.h"

/* A fresh folder per test; files go in it and are removed with it. */
static char dir[64];

static void make_dir(void)
{
    strcpy(dir, "/tmp/dapple-ptr-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

TestSuite(points_read, .init = make_dir, .fini = remove_dir);

static const char *path_of(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

static const char *write_text(const char *name, const char *text)
{
    const char *path = path_of(name);
    FILE *fp = fopen(path, "wb");
    cr_assert_not_null(fp);
    fputs(text, fp);
    fclose(fp);
    return path;
}

/* Reads 'text' from a file called 'name'; the status must be 'want'. */
static dp_point_list read_text(const char *name, const char *text, dapple_status want,
                               dapple_error *err)
{
    dp_point_list l;
    dapple_status st = dp_points_read(write_text(name, text), 0, &l, err);
    cr_assert_eq(st, want, "status %d: %s", (int)st, st != DAPPLE_OK ? err->message : "");
    return l;
}

/* The message for 'text' in a file called 'name', which must fail with 'want'. */
static void expect_error(const char *name, const char *text, dapple_status want, const char *msg)
{
    dapple_error err;
    dp_point_list l = read_text(name, text, want, &err);
    cr_assert_null(l.points);
    cr_assert_eq(l.count, 0);
    char full[256];
    snprintf(full, sizeof full, "%s/%s", dir, msg);
    cr_assert_str_eq(err.message, full, "for %s", text);
}

/* ---------------------------------------------------------------- round trips */

/* Floats of every magnitude and sign; radii >= 0 (the reader refuses a negative one). */
static void fill_points(dapple_point *p, size_t n)
{
    uint64_t s = 0x2545f4914f6cdd1dull;
    for (size_t i = 0; i < n; i++) {
        float v[3];
        for (int k = 0; k < 3; k++) {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            uint32_t bits = (uint32_t)((s * 2685821657736338717ull) >> 32);
            memcpy(&v[k], &bits, 4);
            if (!isfinite(v[k]))
                v[k] = (float)i * 0.37f;
        }
        p[i] = (dapple_point){ v[0], v[1], fabsf(v[2]) };
    }
}

static void round_trip(dp_points_format f, bool with_layer)
{
    enum { N = 3000 };

    static dapple_point pts[N];
    fill_points(pts, N);
    dp_point_set sets[3] = { { pts, 1000 }, { pts + 1000, 1500 }, { pts + 2500, 500 } };
    const char *path = path_of(f == DP_POINTS_CSV ? "rt.csv" : "rt.json");
    dapple_error err;
    dp_points_file pf = {
        .format = f, .with_layer = with_layer, .width = 640.5, .height = 480, .seed = 9
    };
    cr_assert_eq(dp_points_write(path, &pf, sets, 3, &err), DAPPLE_OK);
    dp_point_list l;
    cr_assert_eq(dp_points_read(path, 0, &l, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(l.count, N);
    cr_assert(l.have_r);
    cr_assert_eq(memcmp(l.points, pts, sizeof pts), 0, "points must come back bit for bit");
    cr_assert_eq(l.layer != NULL, with_layer);
    for (size_t i = 0; with_layer && i < N; i++)
        cr_assert_eq(l.layer[i], i < 1000 ? 0 : i < 2500 ? 1 : 2);
    cr_assert_eq(l.width, f == DP_POINTS_JSON ? 640.5 : 0);
    cr_assert_eq(l.height, f == DP_POINTS_JSON ? 480 : 0);
    dp_point_list_free(&l);
    cr_assert_null(l.points);
}

Test(points_read, csv_round_trip_is_bit_exact)
{
    round_trip(DP_POINTS_CSV, false);
}

Test(points_read, csv_with_layers_round_trip)
{
    round_trip(DP_POINTS_CSV, true);
}

Test(points_read, json_round_trip_is_bit_exact)
{
    round_trip(DP_POINTS_JSON, false);
}

Test(points_read, json_with_layers_round_trip)
{
    round_trip(DP_POINTS_JSON, true);
}

/* ---------------------------------------------------------------- foreign CSV */

static void expect_point(const dp_point_list *l, size_t i, float x, float y, float r)
{
    cr_assert_lt(i, l->count);
    cr_assert(l->points[i].x == x && l->points[i].y == y && l->points[i].r == r,
              "point %zu is (%g, %g, %g)", i, (double)l->points[i].x, (double)l->points[i].y,
              (double)l->points[i].r);
}

Test(points_read, plain_xy_without_header)
{
    dapple_error err;
    dp_point_list l = read_text("a.csv", "1.5,2\n3,4.25\n-1e3,+.5\n", DAPPLE_OK, &err);
    cr_assert_eq(l.count, 3);
    cr_assert_not(l.have_r);
    cr_assert_null(l.layer);
    expect_point(&l, 0, 1.5f, 2, 0);
    expect_point(&l, 2, -1000, 0.5f, 0);
    dp_point_list_free(&l);
}

Test(points_read, xyr_without_header_extra_columns_ignored)
{
    dapple_error err;
    dp_point_list l = read_text("a.csv", "1,2,3,99\n4,5,6,abc\n", DAPPLE_OK, &err);
    cr_assert_eq(l.count, 2);
    cr_assert(l.have_r);
    cr_assert_null(l.layer, "no header: a fourth column is not a layer");
    expect_point(&l, 1, 4, 5, 6);
    dp_point_list_free(&l);
}

Test(points_read, header_finds_columns_by_name_in_any_order)
{
    dapple_error err;
    dp_point_list l =
            read_text("a.csv", "id,Y,x,label,R,Layer,note\n7,2.5,3.5,tree,1,4,\n", DAPPLE_OK, &err);
    cr_assert_eq(l.count, 1);
    expect_point(&l, 0, 3.5f, 2.5f, 1);
    cr_assert_not_null(l.layer);
    cr_assert_eq(l.layer[0], 4);
    dp_point_list_free(&l);
}

Test(points_read, quoted_header_and_fields)
{
    dapple_error err;
    dp_point_list l = read_text("a.csv", "\"x\",\"y\"\n\"1\", \"2\"\n", DAPPLE_OK, &err);
    cr_assert_eq(l.count, 1);
    expect_point(&l, 0, 1, 2, 0);
    dp_point_list_free(&l);
}

Test(points_read, crlf_blank_lines_comments_and_bom)
{
    dapple_error err;
    dp_point_list l = read_text("a.csv",
                                "\xef\xbb\xbf# made by hand\r\n\r\nx,y,r\r\n1,2,3\r\n"
                                "  # another\r\n \r\n4 , 5 ,6\r\n",
                                DAPPLE_OK, &err);
    cr_assert_eq(l.count, 2);
    expect_point(&l, 0, 1, 2, 3);
    expect_point(&l, 1, 4, 5, 6);
    dp_point_list_free(&l);
}

Test(points_read, semicolons_and_tabs)
{
    dapple_error err;
    dp_point_list l = read_text("a.csv", "x;y\n1;2\n", DAPPLE_OK, &err);
    expect_point(&l, 0, 1, 2, 0);
    dp_point_list_free(&l);
    l = read_text("b.tsv", "x\ty\tr\n1\t2\t 3\n", DAPPLE_OK, &err);
    expect_point(&l, 0, 1, 2, 3);
    dp_point_list_free(&l);
}

Test(points_read, no_final_newline)
{
    dapple_error err;
    dp_point_list l = read_text("a.csv", "x,y\n1,2\n3,4", DAPPLE_OK, &err);
    cr_assert_eq(l.count, 2);
    expect_point(&l, 1, 3, 4, 0);
    dp_point_list_free(&l);
}

/* ---------------------------------------------------------------- foreign JSON */

Test(points_read, json_columns_name_the_entries_even_after_points)
{
    dapple_error err;
    dp_point_list l = read_text("a.json",
                                "{ \"points\": [[1, 2, 45, 3], [4, 5, 90, 6]],\n"
                                "  \"extra\": {\"a\": [1, \"]\"]},\n"
                                "  \"columns\": [\"x\", \"y\", \"rotation\", \"r\"] }\n",
                                DAPPLE_OK, &err);
    cr_assert_eq(l.count, 2);
    cr_assert(l.have_r);
    cr_assert_null(l.layer);
    expect_point(&l, 1, 4, 5, 6);
    cr_assert_eq(l.width, 0);
    dp_point_list_free(&l);
}

Test(points_read, json_bare_array_of_xy)
{
    dapple_error err;
    dp_point_list l = read_text("a.json", "[[1,2],[3,4]]", DAPPLE_OK, &err);
    cr_assert_eq(l.count, 2);
    cr_assert_not(l.have_r);
    expect_point(&l, 1, 3, 4, 0);
    dp_point_list_free(&l);
}

/* ---------------------------------------------------------------- refusals */

/* UTF-16 text: the CSV reader said "the header has no column 'x'" of x,y (#40). */
Test(points_read, utf16_is_named_as_such)
{
    static const char le[] = "\xff\xfex\0,\0y\0\n\0001\0,\0002\0\n\0";
    static const char be_json[] = "\0[\0[\0001\0,\0002\0]\0]";
    const char *texts[] = { le, be_json }, *names[] = { "w.csv", "w.json" };
    size_t sizes[] = { sizeof le - 1, sizeof be_json - 1 };
    for (int i = 0; i < 2; i++) {
        const char *path = path_of(names[i]);
        FILE *fp = fopen(path, "wb");
        cr_assert_not_null(fp);
        fwrite(texts[i], 1, sizes[i], fp);
        fclose(fp);
        dp_point_list l;
        dapple_error err;
        cr_assert_eq(dp_points_read(path, 0, &l, &err), DAPPLE_E_FORMAT);
        cr_assert(strstr(err.message,
                         ": UTF-16 or UTF-32 text (or a NUL byte): save it as UTF-8") != NULL,
                  "%s", err.message);
    }
}

/* Two "points" arrays were merged (2 + 3 = 5 points) and the last "size" won (#40). */
Test(points_read, json_duplicate_keys_are_refused_naming_them)
{
    expect_error("d.json",
                 "{\"size\": [10, 10], \"points\": [[1, 1], [2, 2]],\n"
                 " \"points\": [[3, 3], [4, 4], [5, 5]]}",
                 DAPPLE_E_FORMAT, "d.json:2: the key \"points\" appears twice");
    expect_error("d.json", "{\"size\": [10, 10], \"size\": [20, 20], \"points\": [[1, 1]]}",
                 DAPPLE_E_FORMAT, "d.json:1: the key \"size\" appears twice");
    expect_error("d.json",
                 "{\"columns\": [\"x\", \"y\"], \"points\": [[1, 1]],\n\n"
                 " \"columns\": [\"y\", \"x\"]}",
                 DAPPLE_E_FORMAT, "d.json:3: the key \"columns\" appears twice");
    dapple_error err; /* the same names deeper down are another object's */
    dp_point_list l =
            read_text("d.json", "{\"meta\": {\"points\": 1, \"size\": 2}, \"points\": [[1, 1]]}",
                      DAPPLE_OK, &err);
    cr_assert_eq(l.count, 1);
    dp_point_list_free(&l);
}

Test(points_read, csv_errors_name_file_and_line)
{
    expect_error("p.csv", "x,y,r\n1,2,3\n\n# c\n4,5,6\n1,2,3\n7,abc,1\n", DAPPLE_E_FORMAT,
                 "p.csv:7: expected a number in column 'y', got 'abc'");
    expect_error("p.csv", "x,y\n1\n", DAPPLE_E_FORMAT, "p.csv:2: 1 column, expected at least 2");
    expect_error("p.csv", "a,x,b,y\n1,2,3\n", DAPPLE_E_FORMAT,
                 "p.csv:2: 3 columns, expected at least 4");
    expect_error("p.csv", "1,2,3\n1,2\n", DAPPLE_E_FORMAT,
                 "p.csv:2: 2 columns, expected at least 3");
    expect_error("p.csv", "x,z\n1,2\n", DAPPLE_E_FORMAT, "p.csv:1: the header has no column 'y'");
    expect_error("p.csv", "x,y,X\n", DAPPLE_E_FORMAT, "p.csv:1: the header names column 'x' twice");
    expect_error("p.csv", "x,y\n1,nan\n", DAPPLE_E_FORMAT,
                 "p.csv:2: expected a number in column 'y', got 'nan'");
    expect_error("p.csv", "x,y\ninf,1\n", DAPPLE_E_FORMAT,
                 "p.csv:2: expected a number in column 'x', got 'inf'");
    expect_error("p.csv", "x,y\n1e999,1\n", DAPPLE_E_FORMAT,
                 "p.csv:2: '1e999' in column 'x' is out of range (beyond the float range)");
    expect_error("p.csv", "x,y\n1e39,1\n", DAPPLE_E_FORMAT,
                 "p.csv:2: '1e39' in column 'x' is out of range (beyond the float range)");
    expect_error("p.csv", "x,y\n0x10,1\n", DAPPLE_E_FORMAT,
                 "p.csv:2: expected a number in column 'x', got '0x10'");
    expect_error("p.csv", "x,y,r\n1,2,-3\n", DAPPLE_E_FORMAT,
                 "p.csv:2: expected a radius >= 0 in column 'r', got '-3'");
    expect_error("p.csv", "x,y,layer\n1,2,1.5\n", DAPPLE_E_FORMAT,
                 "p.csv:2: expected a layer number (an integer >= 0) in column 'layer', got '1.5'");
    expect_error("p.csv", "1,2\n3,\n", DAPPLE_E_FORMAT,
                 "p.csv:2: expected a number in column 'y', got ''");
    expect_error("p.csv",
                 "1,2\n3,\x01\x02"
                 "45678901234567890123456789012345678901234567\n",
                 DAPPLE_E_FORMAT,
                 "p.csv:2: expected a number in column 'y', got "
                 "'??45678901234567890123456789012345678901...'");
}

Test(points_read, no_points)
{
    expect_error("p.csv", "", DAPPLE_E_FORMAT, "p.csv: no points");
    expect_error("p.csv", "x,y,r\r\n", DAPPLE_E_FORMAT, "p.csv: no points");
    expect_error("p.csv", "# nothing\n\n", DAPPLE_E_FORMAT, "p.csv: no points");
    expect_error("p.json", "{\"size\":[1,2],\"seed\":3,\"points\":[]}\n", DAPPLE_E_FORMAT,
                 "p.json: no points");
    expect_error("p.json", "{\"size\":[1,2]}", DAPPLE_E_FORMAT, "p.json: no points");
}

Test(points_read, json_errors_name_file_line_and_point)
{
    expect_error("p.json", "{\"points\":[[1,2],\n[3,null]]}", DAPPLE_E_FORMAT,
                 "p.json:2: point 2: expected a number in column 'y', got 'null'");
    expect_error("p.json", "{\"points\":[[1,2],[3,4,5]]}", DAPPLE_E_FORMAT,
                 "p.json:1: point 2 has 3 entries, expected 2");
    expect_error("p.json", "{\"points\":[[1]]}", DAPPLE_E_FORMAT,
                 "p.json:1: point 1 has 1 entry, expected at least 2");
    expect_error("p.json", "{\"columns\":[\"x\",\"y\",\"r\"],\"points\":[[1,2]]}", DAPPLE_E_FORMAT,
                 "p.json:1: point 1 has 2 entries, expected 3");
    expect_error("p.json", "{\"columns\":[\"x\",\"r\"],\"points\":[[1,2]]}", DAPPLE_E_FORMAT,
                 "p.json:1: \"columns\" has no 'y'");
    expect_error("p.json", "{\"size\":[1],\"points\":[[1,2]]}", DAPPLE_E_FORMAT,
                 "p.json:1: \"size\" must be [width, height], two numbers >= 0");
    /* syntax: YAJL's message, after the file and line */
    expect_error(
            "p.json", "{\"points\":[[1,2],]}", DAPPLE_E_FORMAT,
            "p.json:1: not valid JSON: parse error: unallowed token at this point in JSON text");
    expect_error("p.json", "{\"points\":[[1,2]]", DAPPLE_E_FORMAT,
                 "p.json:1: not valid JSON: parse error: premature EOF");
    expect_error("p.json", "{\"points\":[[1,2]]} x", DAPPLE_E_FORMAT,
                 "p.json:1: not valid JSON: parse error: trailing garbage");
    expect_error("p.json", "{\"a\":\"unterminated", DAPPLE_E_FORMAT,
                 "p.json:1: not valid JSON: parse error: premature EOF");
    expect_error("p.json", "{\"points\":[[1,2],\n[3,2]],\n\"size\":[1,2],\n\"x\":tru}",
                 DAPPLE_E_FORMAT,
                 "p.json:4: not valid JSON: lexical error: invalid string in json text.");
    expect_error("p.json", "{\"points\":[[1,2],5]}", DAPPLE_E_FORMAT,
                 "p.json:1: expected '[' to start a point, got '5'");
    expect_error("p.json", "{\"points\":[{\"x\":1}]}", DAPPLE_E_FORMAT,
                 "p.json:1: expected '[' to start a point, got '{'");
    expect_error("p.json", "[[1,2,3,-1]]", DAPPLE_E_FORMAT,
                 "p.json:1: point 1: expected a layer number (an integer >= 0) in column 'layer', "
                 "got '-1'");
}

/* 100000 nested arrays: one line, no stack to exhaust (YAJL keeps its own, we count). */
Test(points_read, json_deep_nesting_is_one_line)
{
    size_t n = 100000;
    char *text = malloc(2 * n + 8);
    cr_assert_not_null(text);
    memset(text, '[', n);
    memset(text + n, ']', n);
    text[2 * n] = '\0';
    expect_error("deep.json", text, DAPPLE_E_FORMAT,
                 "deep.json:1: point 1: expected a number in column 'x', got '['");
    memcpy(text, "{\"x\":", 5); /* the same depth under a key nobody reads */
    text[2 * n] = '}', text[2 * n + 1] = '\0';
    expect_error("deep2.json", text, DAPPLE_E_FORMAT, "deep2.json:1: nested more than 64 deep");
    free(text);
}

/* "columns" after "points": read again with the columns known; other keys of any shape. */
Test(points_read, json_columns_late_and_foreign_keys)
{
    dapple_error err;
    dp_point_list l = read_text("late.json",
                                "{\"meta\":{\"points\":[1]},\"points\":[[\"a\",5,6],[\"b\",7,8]],"
                                "\"columns\":[\"id\",\"y\",\"x\"],\"size\":[10,10]}",
                                DAPPLE_OK, &err);
    cr_assert_eq(l.count, 2);
    cr_assert_float_eq(l.points[1].x, 8, 0);
    cr_assert_float_eq(l.points[1].y, 7, 0);
    dp_point_list_free(&l);
}

Test(points_read, max_points_is_a_limit)
{
    const char *path = write_text("p.csv", "x,y\n1,1\n2,2\n3,3\n");
    dp_point_list l;
    dapple_error err;
    cr_assert_eq(dp_points_read(path, 3, &l, &err), DAPPLE_OK);
    cr_assert_eq(l.count, 3);
    dp_point_list_free(&l);
    cr_assert_eq(dp_points_read(path, 2, &l, &err), DAPPLE_E_LIMIT);
    cr_assert_null(l.points);
    char want[256];
    snprintf(want, sizeof want, "%s:4: over the limit of 2 points", path);
    cr_assert_str_eq(err.message, want);
}

Test(points_read, fifo_is_refused_without_hanging, .timeout = 10)
{
    const char *path = path_of("fifo.csv");
    cr_assert_eq(mkfifo(path, 0600), 0);
    dp_point_list l;
    dapple_error err;
    cr_assert_eq(dp_points_read(path, 0, &l, &err), DAPPLE_E_IO);
    char want[256];
    snprintf(want, sizeof want, "%s: not a regular file", path);
    cr_assert_str_eq(err.message, want);
}

Test(points_read, directory_and_missing_file_are_io_errors)
{
    dp_point_list l;
    dapple_error err;
    cr_assert_eq(dp_points_read(dir, 0, &l, &err), DAPPLE_E_IO);
    char want[256];
    snprintf(want, sizeof want, "%s: is a directory, not a point file", dir);
    cr_assert_str_eq(err.message, want);
    cr_assert_eq(dp_points_read(path_of("none.csv"), 0, &l, &err), DAPPLE_E_IO);
    snprintf(want, sizeof want, "%s: No such file or directory", path_of("none.csv"));
    cr_assert_str_eq(err.message, want);
}

Test(points_read, oversized_file_is_refused_before_reading)
{
    const char *path = path_of("big.csv");
    int fd = open(path, O_WRONLY | O_CREAT, 0600);
    cr_assert_geq(fd, 0);
    if (ftruncate(fd, (off_t)DP_POINTS_MAX_BYTES + 1) != 0) { /* sparse: no disk used */
        close(fd);
        cr_skip_test("no sparse files here");
    }
    close(fd);
    dp_point_list l;
    dapple_error err;
    cr_assert_eq(dp_points_read(path, 0, &l, &err), DAPPLE_E_LIMIT);
    char want[256];
    snprintf(want, sizeof want, "%s: 2147483649 bytes, over the 2 GiB limit for point files", path);
    cr_assert_str_eq(err.message, want);
}

Test(points_read, dash_reads_stdin)
{
    cr_assert_not_null(freopen(write_text("in.csv", "x,y,r\n1,2,3\n"), "r", stdin));
    dp_point_list l;
    dapple_error err;
    cr_assert_eq(dp_points_read("-", 0, &l, &err), DAPPLE_OK, "%s", err.message);
    expect_point(&l, 0, 1, 2, 3);
    dp_point_list_free(&l);
    cr_assert_not_null(freopen(write_text("bad.csv", "x,y\n1,a\n"), "r", stdin));
    cr_assert_eq(dp_points_read("-", 0, &l, &err), DAPPLE_E_FORMAT);
    cr_assert_str_eq(err.message, "<stdin>:2: expected a number in column 'y', got 'a'");
}

Test(points_read, free_is_safe_on_null_and_empty)
{
    dp_point_list_free(NULL);
    dp_point_list l = { 0 };
    dp_point_list_free(&l);
}
