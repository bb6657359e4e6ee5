/* SPDX-License-Identifier: MIT
 * The JSON grammar of the point reader: a small scanner for one shape, not a general
 * parser. The top level is an object whose "size", "columns" and "points" keys matter
 * (other values are skipped by bracket counting), or a bare array of points. "columns"
 * may follow "points", so the points array is only remembered on the first pass and read
 * once the whole object is known. Without "columns", a point is [x, y], [x, y, r] or
 * [x, y, r, layer], decided by the first point; every point must have as many entries. */
#include <stdint.h>
#include <string.h>

#include "core/dp.h"
#include "io/points_parse.h"

#define NONE SIZE_MAX

typedef struct span {
    const char *s;
    size_t n;
} span;

typedef struct json {
    dp_points_parse *ps;
    const char *p, *end;
    size_t line;
    size_t col[DP_ROLES]; /* the entry of each role, NONE when absent */
    size_t width;         /* entries per point: from "columns" or the first point; 0 = not yet */
} json;

/* ---------------------------------------------------------------- the scanner */

static void skip_ws(json *j)
{
    for (; j->p < j->end && strchr(" \t\r\n", *j->p) != NULL && *j->p != '\0'; j->p++)
        j->line += *j->p == '\n';
}

/* Consumes c after white space; false (consuming only the white space) when it is not next. */
static bool eat(json *j, char c)
{
    skip_ws(j);
    if (j->p == j->end || *j->p != c)
        return false;
    j->p++;
    return true;
}

static dapple_status expected(json *j, const char *what)
{
    char q[DP_QUOTE_OUT];
    if (j->p >= j->end)
        return dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: expected %s, got the end of the file",
                       j->ps->name, j->line, what);
    dp_points_quote(j->p, DP_MIN((size_t)(j->end - j->p), 41), q);
    return dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: expected %s, got '%s'", j->ps->name,
                   j->line, what, q);
}

/* A number or a word: the bytes up to white space, ',', ']', '}' or the end. */
static span token(json *j)
{
    skip_ws(j);
    span t = { j->p, 0 };
    while (j->p < j->end && strchr(" \t\r\n,]}", *j->p) == NULL)
        j->p++;
    t.n = (size_t)(j->p - t.s);
    return t;
}

/* From the opening quote to past the closing one; escapes are stepped over, not decoded. */
static dapple_status skip_string(json *j)
{
    for (j->p++; j->p < j->end; j->p++) {
        if (*j->p == '"') {
            j->p++;
            return DAPPLE_OK;
        }
        if (*j->p == '\\' && j->p + 1 < j->end)
            j->p++;
        j->line += *j->p == '\n';
    }
    return expected(j, "'\"' to end a string");
}

/* Any value, by counting brackets; its inside is not checked. */
static dapple_status skip_value(json *j)
{
    skip_ws(j);
    if (j->p < j->end && *j->p == '"')
        return skip_string(j);
    if (j->p == j->end || (*j->p != '[' && *j->p != '{'))
        return token(j).n > 0 ? DAPPLE_OK : expected(j, "a value");
    size_t depth = 0;
    do {
        if (j->p == j->end)
            return expected(j, "']' or '}'");
        if (*j->p == '"') {
            dapple_status st = skip_string(j);
            if (st != DAPPLE_OK)
                return st;
            continue;
        }
        depth += *j->p == '[' || *j->p == '{';
        depth -= *j->p == ']' || *j->p == '}';
        j->line += *j->p == '\n';
        j->p++;
    } while (depth > 0);
    return DAPPLE_OK;
}

/* A string's raw bytes between its quotes. */
static dapple_status read_string(json *j, span *s, const char *what)
{
    skip_ws(j);
    if (j->p == j->end || *j->p != '"')
        return expected(j, what);
    const char *start = j->p + 1;
    dapple_status st = skip_string(j);
    *s = (span){ start, st == DAPPLE_OK ? (size_t)(j->p - 1 - start) : 0 };
    return st;
}

/* ---------------------------------------------------------------- "size" and "columns" */

static dapple_status read_size(json *j)
{
    double w = -1, h = -1;
    span t;
    bool ok = eat(j, '[') && (t = token(j), dp_points_number(t.s, t.n, &w)) && eat(j, ',') &&
              (t = token(j), dp_points_number(t.s, t.n, &h)) && eat(j, ']') && w >= 0 && h >= 0;
    if (!ok)
        return dp_fail(j->ps->err, DAPPLE_E_FORMAT,
                       "%s:%zu: \"size\" must be [width, height], two numbers >= 0", j->ps->name,
                       j->line);
    j->ps->out->width = w;
    j->ps->out->height = h;
    return DAPPLE_OK;
}

static dapple_status read_columns(json *j)
{
    size_t k = 0;
    for (int role = 0; role < DP_ROLES; role++)
        j->col[role] = NONE;
    if (!eat(j, '['))
        return expected(j, "'[' to start \"columns\"");
    do {
        span name;
        dapple_status st = read_string(j, &name, "a column name in quotes");
        if (st != DAPPLE_OK)
            return st;
        int role = dp_points_role_of(name.s, name.n);
        if (role >= 0 && j->col[role] != NONE)
            return dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: \"columns\" names '%s' twice",
                           j->ps->name, j->line, dp_points_role_names[role]);
        if (role >= 0)
            j->col[role] = k;
        k++;
    } while (eat(j, ','));
    if (!eat(j, ']'))
        return expected(j, "',' or ']' in \"columns\"");
    for (int role = DP_ROLE_X; role <= DP_ROLE_Y; role++) {
        if (j->col[role] == NONE)
            return dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: \"columns\" has no '%s'",
                           j->ps->name, j->line, dp_points_role_names[role]);
    }
    j->width = k;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- points */

/* The role of entry k of a point: by "columns" when given, else x, y, r, layer in order. */
static int role_at(const json *j, size_t k, bool named)
{
    for (int role = 0; role < DP_ROLES; role++) {
        if (named ? j->col[role] == k : (size_t)role == k)
            return role;
    }
    return -1;
}

/* The first point without "columns" sets the layout. */
static dapple_status check_width(json *j, size_t index, size_t k)
{
    if (j->width == 0 && k >= 2) {
        j->width = k;
        j->ps->with_layer = k >= 4;
        j->ps->out->have_r = k >= 3;
        return DAPPLE_OK;
    }
    if (k == j->width)
        return DAPPLE_OK;
    return dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: point %zu has %zu entr%s, expected %s%zu",
                   j->ps->name, j->line, index, k, k == 1 ? "y" : "ies",
                   j->width == 0 ? "at least " : "", j->width == 0 ? (size_t)2 : j->width);
}

static dapple_status read_point(json *j, size_t index, bool named)
{
    dapple_point pt = { 0, 0, 0 };
    int layer = 0;
    size_t k = 0;
    if (!eat(j, '['))
        return expected(j, "'[' to start a point");
    if (!eat(j, ']')) {
        do {
            int role = role_at(j, k++, named);
            span t = role >= 0 ? token(j) : (span){ NULL, 0 };
            dapple_status st = role >= 0 ? dp_points_store(role, t.s, t.n, &pt, &layer, j->ps->err)
                                         : skip_value(j);
            if (st != DAPPLE_OK && role >= 0)
                return dp_fail_prefix(j->ps->err, st, "%s:%zu: point %zu", j->ps->name, j->line,
                                      index);
            if (st != DAPPLE_OK)
                return st;
        } while (eat(j, ','));
        if (!eat(j, ']'))
            return expected(j, "',' or ']' in a point");
    }
    dapple_status st = check_width(j, index, k);
    return st != DAPPLE_OK ? st : dp_points_push(j->ps, &pt, layer, j->line);
}

static dapple_status read_points(json *j, bool named)
{
    if (named) {
        j->ps->with_layer = j->col[DP_ROLE_LAYER] != NONE;
        j->ps->out->have_r = j->col[DP_ROLE_R] != NONE;
    }
    if (!eat(j, '['))
        return expected(j, "'[' to start \"points\"");
    if (eat(j, ']'))
        return DAPPLE_OK;
    size_t index = 1;
    do {
        dapple_status st = read_point(j, index++, named);
        if (st != DAPPLE_OK)
            return st;
    } while (eat(j, ','));
    return eat(j, ']') ? DAPPLE_OK : expected(j, "',' or ']' after a point");
}

/* ---------------------------------------------------------------- the object */

static bool key_is(span key, const char *name)
{
    return key.n == strlen(name) && memcmp(key.s, name, key.n) == 0;
}

/* Reads "size" and "columns"; leaves where "points" starts in *points (NULL if absent). */
static dapple_status read_object(json *j, const char **points, size_t *points_line)
{
    j->p++; /* the '{' */
    if (eat(j, '}'))
        return DAPPLE_OK;
    do {
        span key;
        dapple_status st = read_string(j, &key, "a key in quotes");
        if (st == DAPPLE_OK && !eat(j, ':'))
            st = expected(j, "':' after a key");
        if (st == DAPPLE_OK && key_is(key, "points")) {
            skip_ws(j);
            *points = j->p;
            *points_line = j->line;
        }
        if (st == DAPPLE_OK)
            st = key_is(key, "size")      ? read_size(j)
                 : key_is(key, "columns") ? read_columns(j)
                                          : skip_value(j);
        if (st != DAPPLE_OK)
            return st;
    } while (eat(j, ','));
    return eat(j, '}') ? DAPPLE_OK : expected(j, "',' or '}' after a value");
}

dapple_status dp_points_parse_json(dp_points_parse *ps, const char *text, size_t len)
{
    json j = { ps, text, text + len, 1, { NONE, NONE, NONE, NONE }, 0 };
    const char *points = NULL;
    size_t points_line = 1;
    skip_ws(&j);
    dapple_status st = DAPPLE_OK;
    if (*j.p == '[') {
        points = j.p;
        points_line = j.line;
        st = skip_value(&j);
    } else {
        st = read_object(&j, &points, &points_line);
    }
    skip_ws(&j);
    if (st == DAPPLE_OK && j.p != j.end)
        st = expected(&j, "the end of the file");
    if (st != DAPPLE_OK || points == NULL)
        return st;
    bool named = j.width > 0;
    j.p = points;
    j.line = points_line;
    return read_points(&j, named);
}
