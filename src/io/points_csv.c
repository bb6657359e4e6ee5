/* SPDX-License-Identifier: MIT
 * The CSV grammar of the point reader. The first line that is neither blank nor a '#'
 * comment decides two things: the separator (',' if it has one, else ';', else a tab) and
 * whether there is a header -- a line in which no field is a number. A header maps the
 * columns named x, y, r and layer; without one the columns are x, y[, r]. Every later line
 * must have at least as many fields as the last column used; further fields are ignored.
 * Fields are trimmed of blanks and of one pair of double quotes, as spreadsheets write. */
#include <stdint.h>
#include <string.h>

#include "core/dp.h"
#include "io/points_parse.h"

#define NONE SIZE_MAX

typedef struct span {
    const char *s;
    size_t n;
} span;

typedef struct csv {
    dp_points_parse *ps;
    char sep;
    size_t col[DP_ROLES]; /* the column of each role, NONE when absent */
    size_t needed;        /* fields a data line must have */
    size_t line;          /* 1-based number of the line being read */
} csv;

/* The next line of *text without its "\n" or "\r\n"; false at the end. */
static bool next_line(span *text, span *line)
{
    if (text->n == 0)
        return false;
    const char *nl = memchr(text->s, '\n', text->n);
    size_t n = nl != NULL ? (size_t)(nl - text->s) : text->n;
    *line = (span){ text->s, n };
    text->s += nl != NULL ? n + 1 : n;
    text->n -= nl != NULL ? n + 1 : n;
    if (line->n > 0 && line->s[line->n - 1] == '\r')
        line->n--;
    return true;
}

static bool blank(char c, char sep)
{
    return c == ' ' || (c == '\t' && sep != '\t');
}

/* Leading and trailing blanks, then one pair of surrounding double quotes. */
static span trim(span f, char sep)
{
    while (f.n > 0 && blank(f.s[0], sep)) {
        f.s++;
        f.n--;
    }
    while (f.n > 0 && blank(f.s[f.n - 1], sep))
        f.n--;
    if (f.n >= 2 && f.s[0] == '"' && f.s[f.n - 1] == '"')
        f = (span){ f.s + 1, f.n - 2 };
    return f;
}

/* Takes the field at the front of *line, trimmed; the line then starts after its separator. */
static span take_field(span *line, char sep)
{
    const char *p = memchr(line->s, sep, line->n);
    size_t n = p != NULL ? (size_t)(p - line->s) : line->n;
    span f = { line->s, n };
    line->s += p != NULL ? n + 1 : n;
    line->n -= p != NULL ? n + 1 : n;
    return trim(f, sep);
}

static size_t count_fields(span line, char sep)
{
    size_t n = 1;
    for (size_t k = 0; k < line.n; k++)
        n += line.s[k] == sep;
    return n;
}

static bool skippable(span line)
{
    span t = trim(line, ',');
    return t.n == 0 || t.s[0] == '#';
}

/* ---------------------------------------------------------------- the first line */

static char pick_separator(span line)
{
    if (memchr(line.s, ',', line.n) != NULL)
        return ',';
    if (memchr(line.s, ';', line.n) != NULL)
        return ';';
    return memchr(line.s, '\t', line.n) != NULL ? '\t' : ',';
}

static bool is_header(span line, char sep)
{
    size_t nf = count_fields(line, sep);
    double v;
    for (size_t k = 0; k < nf; k++) {
        span f = take_field(&line, sep);
        if (dp_points_number(f.s, f.n, &v))
            return false;
    }
    return true;
}

static dapple_status read_header(csv *c, span line)
{
    size_t nf = count_fields(line, c->sep);
    for (size_t k = 0; k < nf; k++) {
        span f = take_field(&line, c->sep);
        int role = dp_points_role_of(f.s, f.n);
        if (role >= 0 && c->col[role] != NONE)
            return dp_fail(c->ps->err, DAPPLE_E_FORMAT,
                           "%s:%zu: the header names column '%s' twice", c->ps->name, c->line,
                           dp_points_role_names[role]);
        if (role >= 0)
            c->col[role] = k;
    }
    for (int role = DP_ROLE_X; role <= DP_ROLE_Y; role++) {
        if (c->col[role] == NONE)
            return dp_fail(c->ps->err, DAPPLE_E_FORMAT, "%s:%zu: the header has no column '%s'",
                           c->ps->name, c->line, dp_points_role_names[role]);
    }
    for (int role = 0; role < DP_ROLES; role++) {
        if (c->col[role] != NONE)
            c->needed = DP_MAX(c->needed, c->col[role] + 1);
    }
    return DAPPLE_OK;
}

/* Without a header the first line's width decides: x, y and r when there is a third. */
static void guess_columns(csv *c, span line)
{
    size_t nf = count_fields(line, c->sep);
    c->col[DP_ROLE_X] = 0;
    c->col[DP_ROLE_Y] = 1;
    if (nf >= 3)
        c->col[DP_ROLE_R] = 2;
    c->needed = nf >= 3 ? 3 : 2;
}

/* ---------------------------------------------------------------- data lines */

static dapple_status data_line(csv *c, span line)
{
    size_t nf = count_fields(line, c->sep);
    if (nf < c->needed)
        return dp_fail(c->ps->err, DAPPLE_E_FORMAT, "%s:%zu: %zu column%s, expected at least %zu",
                       c->ps->name, c->line, nf, nf == 1 ? "" : "s", c->needed);
    dapple_point pt = { 0, 0, 0 };
    int layer = 0;
    for (size_t k = 0; k < c->needed; k++) {
        span f = take_field(&line, c->sep);
        for (int role = 0; role < DP_ROLES; role++) {
            if (c->col[role] == k &&
                dp_points_store(role, f.s, f.n, &pt, &layer, c->ps->err) != DAPPLE_OK)
                return dp_fail_prefix(c->ps->err, DAPPLE_E_FORMAT, "%s:%zu", c->ps->name, c->line);
        }
    }
    return dp_points_push(c->ps, &pt, layer, c->line);
}

static dapple_status first_line(csv *c, span line)
{
    c->sep = pick_separator(line);
    bool header = is_header(line, c->sep);
    dapple_status st = DAPPLE_OK;
    if (header)
        st = read_header(c, line);
    else
        guess_columns(c, line);
    c->ps->with_layer = c->col[DP_ROLE_LAYER] != NONE;
    c->ps->out->have_r = c->col[DP_ROLE_R] != NONE;
    return st != DAPPLE_OK || header ? st : data_line(c, line);
}

dapple_status dp_points_parse_csv(dp_points_parse *ps, const char *text, size_t len)
{
    csv c = { ps, ',', { NONE, NONE, NONE, NONE }, 0, 0 };
    span rest = { text, len }, line;
    bool started = false;
    while (next_line(&rest, &line)) {
        c.line++;
        if (skippable(line))
            continue;
        dapple_status st = started ? data_line(&c, line) : first_line(&c, line);
        if (st != DAPPLE_OK)
            return st;
        started = true;
    }
    return DAPPLE_OK;
}
