/* SPDX-License-Identifier: MIT
 * The JSON grammar of the point reader, on YAJL's streaming parser: millions of points
 * are read as they stream past, never built into a tree. The top level is an object whose
 * "size", "columns" and "points" keys matter (other values are passed over, whatever
 * their shape), or a bare array of points. Without "columns", a point is [x, y],
 * [x, y, r] or [x, y, r, layer], decided by the first point; every point must have as
 * many entries. "columns" may follow "points": the points are then read once more with
 * the columns known (dapple writes "columns" first, so its own files take one pass).
 * Nesting deeper than DEPTH_MAX is refused: a file of 100000 '[' is one clear line, and so
 * is a second "size", "columns" or "points" in the top object. */
#include <stdint.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "core/dp.h"
#include "io/points_parse.h"

#define NONE      SIZE_MAX
#define DEPTH_MAX 64

enum key { K_OTHER, K_SIZE, K_COLUMNS, K_POINTS };

typedef struct json {
    dp_points_parse *ps;
    const char *text, *end, *seen; /* the line is counted up to 'seen' */
    size_t line;
    int depth;    /* containers open around the current value */
    bool object;  /* the document is an object */
    enum key key; /* the member of the top object being read */
    int pd;       /* depth of the points array once inside it, else 0 */
    size_t col[DP_ROLES];
    size_t width; /* entries per point: from "columns" or the first point; 0 = not yet */
    bool named;   /* the points are read by "columns" */
    bool columns_seen, points_seen, columns_late;
    bool keyed[K_POINTS + 1]; /* the top object's keys that matter, once each */
    bool may_name;            /* the text holds "columns": a key that might follow "points" */
    bool skip; /* passing over the points this time (read again once columns known) */
    bool skipped;
    size_t k, index; /* entry in the point, point number (1-based) */
    dapple_point pt;
    int layer;
    double size[2];
    int n_size;
    bool bad_size;
    dapple_status st; /* the first failure; the parse is cancelled there */
} json;

/* ---------------------------------------------------------------- lines and errors */

/* Advances the line count to p when p lies in the text (YAJL hands out numbers and plain
 * strings as pointers into it). */
static void at(json *j, const char *p)
{
    if (p < j->seen || p > j->end)
        return;
    for (const char *nl; (nl = memchr(j->seen, '\n', (size_t)(p - j->seen))) != NULL;
         j->seen = nl + 1)
        j->line++;
    j->seen = p;
}

static int fail(json *j, const char *what, const char *got, size_t n)
{
    char q[DP_QUOTE_OUT];
    dp_points_quote(got, n, q);
    j->st = dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: expected %s, got '%s'", j->ps->name,
                    j->line, what, q);
    return 0;
}

static int failed(json *j, dapple_status st)
{
    j->st = st;
    return 0;
}

/* ---------------------------------------------------------------- points */

/* The role of entry k of a point: by "columns" when given, else x, y, r, layer in order. */
static int role_at(const json *j, size_t k)
{
    for (int role = 0; role < DP_ROLES; role++)
        if (j->named ? j->col[role] == k : (size_t)role == k)
            return role;
    return -1;
}

/* One entry of the current point, spelt by n bytes (a number, or a word for a message). */
static int entry(json *j, const char *s, size_t n, bool number)
{
    int role = role_at(j, j->k++);
    if (role < 0)
        return 1;
    dapple_status st = number ? dp_points_store(role, s, n, &j->pt, &j->layer, j->ps->err)
                              : dp_fail(j->ps->err, DAPPLE_E_FORMAT,
                                        "expected a number in column '%s', got '%.*s'",
                                        dp_points_role_names[role], (int)DP_MIN(n, 40), s);
    if (st != DAPPLE_OK)
        return failed(j, dp_fail_prefix(j->ps->err, st, "%s:%zu: point %zu", j->ps->name, j->line,
                                        j->index));
    return 1;
}

/* The first point without "columns" sets the layout. */
static dapple_status check_width(json *j)
{
    size_t k = j->k;
    if (j->width == 0 && k >= 2) {
        j->width = k;
        j->ps->with_layer = k >= 4;
        j->ps->out->have_r = k >= 3;
        return DAPPLE_OK;
    }
    if (k == j->width)
        return DAPPLE_OK;
    return dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: point %zu has %zu entr%s, expected %s%zu",
                   j->ps->name, j->line, j->index, k, k == 1 ? "y" : "ies",
                   j->width == 0 ? "at least " : "", j->width == 0 ? (size_t)2 : j->width);
}

static int end_point(json *j)
{
    dapple_status st = check_width(j);
    if (st == DAPPLE_OK)
        st = dp_points_push(j->ps, &j->pt, j->layer, j->line);
    return st == DAPPLE_OK ? 1 : failed(j, st);
}

static void start_points(json *j)
{
    j->pd = j->depth;
    j->points_seen = true;
    j->named = j->columns_seen;
    j->skip = j->object && !j->named && j->may_name;
    j->skipped |= j->skip;
    if (j->named) {
        j->ps->with_layer = j->col[DP_ROLE_LAYER] != NONE;
        j->ps->out->have_r = j->col[DP_ROLE_R] != NONE;
    }
}

/* ---------------------------------------------------------------- "size" and "columns" */

static int size_value(json *j, const char *s, size_t n, bool number)
{
    double v = -1;
    if (!number || j->n_size >= 2 || !dp_points_number(s, n, &v) || v < 0)
        j->bad_size = true;
    else
        j->size[j->n_size++] = v;
    return 1;
}

static int end_size(json *j)
{
    if (j->bad_size || j->n_size != 2) {
        j->st = dp_fail(j->ps->err, DAPPLE_E_FORMAT,
                        "%s:%zu: \"size\" must be [width, height], two numbers >= 0", j->ps->name,
                        j->line);
        return 0;
    }
    j->ps->out->width = j->size[0];
    j->ps->out->height = j->size[1];
    return 1;
}

static int column(json *j, const char *s, size_t n)
{
    int role = dp_points_role_of(s, n);
    if (role >= 0 && j->col[role] != NONE) {
        j->st = dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: \"columns\" names '%s' twice",
                        j->ps->name, j->line, dp_points_role_names[role]);
        return 0;
    }
    if (role >= 0)
        j->col[role] = j->k;
    j->k++;
    return 1;
}

static int end_columns(json *j)
{
    for (int role = DP_ROLE_X; role <= DP_ROLE_Y; role++) {
        if (j->col[role] == NONE) {
            j->st = dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: \"columns\" has no '%s'",
                            j->ps->name, j->line, dp_points_role_names[role]);
            return 0;
        }
    }
    j->width = j->k;
    j->columns_seen = true;
    j->columns_late = j->points_seen;
    return 1;
}

/* ---------------------------------------------------------------- where a value goes */

enum kind { NUMBER, STRING, WORD };

static int scalar(json *j, const char *s, size_t n, enum kind kind)
{
    if (j->pd > 0) {
        if (j->skip)
            return 1;
        if (j->depth == j->pd)
            return fail(j, "'[' to start a point", s, n);
        return j->depth == j->pd + 1 ? entry(j, s, n, kind == NUMBER) : 1;
    }
    if (!j->object || j->depth > 2)
        return 1;
    if (j->depth == 1 && j->key == K_SIZE)
        return j->bad_size = true, end_size(j);
    if (j->depth == 1 && j->key == K_COLUMNS)
        return fail(j, "'[' to start \"columns\"", s, n);
    if (j->depth == 1 && j->key == K_POINTS)
        return fail(j, "'[' to start \"points\"", s, n);
    if (j->depth == 2 && j->key == K_SIZE)
        return size_value(j, s, n, kind == NUMBER);
    if (j->depth == 2 && j->key == K_COLUMNS)
        return kind == STRING ? column(j, s, n) : fail(j, "a column name in quotes", s, n);
    return 1;
}

static int open_container(json *j, char c)
{
    if (++j->depth > DEPTH_MAX) {
        j->st = dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: nested more than %d deep",
                        j->ps->name, j->line, DEPTH_MAX);
        return 0;
    }
    if (j->pd > 0) {
        if (j->skip || j->depth > j->pd + 2)
            return 1;
        if (j->depth == j->pd + 2) /* an entry that is itself an array or object */
            return role_at(j, j->k) >= 0 ? entry(j, &c, 1, false) : (j->k++, 1);
        if (c == '{')
            return fail(j, "'[' to start a point", &c, 1);
        j->k = 0, j->index++, j->layer = 0;
        j->pt = (dapple_point){ 0, 0, 0 };
        return 1;
    }
    if (j->depth == 1) {
        j->object = c == '{';
        if (!j->object)
            start_points(j);
        return 1;
    }
    if (!j->object || j->depth != 2 || j->key == K_OTHER)
        return 1;
    if (c == '{') { /* "size", "columns" or "points" as an object: as a misplaced value */
        j->depth--;
        int go = scalar(j, "{", 1, WORD);
        j->depth++;
        return go;
    }
    if (j->key == K_POINTS)
        start_points(j);
    else if (j->key == K_SIZE)
        j->n_size = 0, j->bad_size = false;
    else
        j->k = 0, j->col[0] = j->col[1] = j->col[2] = j->col[3] = NONE;
    return 1;
}

static int close_container(json *j)
{
    int go = 1;
    if (j->pd > 0 && j->depth == j->pd + 1 && !j->skip)
        go = end_point(j);
    else if (j->pd > 0 && j->depth == j->pd)
        j->pd = 0;
    else if (j->pd == 0 && j->object && j->depth == 2 && j->key == K_SIZE)
        go = end_size(j);
    else if (j->pd == 0 && j->object && j->depth == 2 && j->key == K_COLUMNS)
        go = end_columns(j);
    j->depth--;
    return go;
}

/* ---------------------------------------------------------------- YAJL's callbacks */

static int on_null(void *ctx)
{
    return scalar(ctx, "null", 4, WORD);
}

static int on_boolean(void *ctx, int v)
{
    return scalar(ctx, v ? "true" : "false", v ? 4 : 5, WORD);
}

static int on_number(void *ctx, const char *s, size_t n)
{
    at(ctx, s);
    return scalar(ctx, s, n, NUMBER);
}

static int on_string(void *ctx, const unsigned char *s, size_t n)
{
    at(ctx, (const char *)s);
    return scalar(ctx, (const char *)s, n, STRING);
}

static int on_key(void *ctx, const unsigned char *s, size_t n)
{
    json *j = ctx;
    static const char *const names[] = {
        [K_SIZE] = "size", [K_COLUMNS] = "columns", [K_POINTS] = "points"
    };
    at(j, (const char *)s);
    if (j->depth != 1)
        return 1;
    j->key = K_OTHER;
    for (int k = K_SIZE; k <= K_POINTS; k++)
        if (n == strlen(names[k]) && memcmp(s, names[k], n) == 0)
            j->key = (enum key)k;
    if (j->key == K_OTHER)
        return 1;
    /* a second "points" was merged with the first (2 + 3 = 5 points), a second "size"
     * won: neither is what the file's writer can have meant */
    if (j->keyed[j->key]) {
        j->st = dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: the key \"%s\" appears twice",
                        j->ps->name, j->line, names[j->key]);
        return 0;
    }
    j->keyed[j->key] = true;
    return 1;
}

static int on_start_map(void *ctx)
{
    return open_container(ctx, '{');
}

static int on_start_array(void *ctx)
{
    return open_container(ctx, '[');
}

static int on_end(void *ctx)
{
    return close_container(ctx);
}

static const yajl_callbacks CALLBACKS = { on_null,   on_boolean,     NULL,         NULL,
                                          on_number, on_string,      on_start_map, on_key,
                                          on_end,    on_start_array, on_end };

/* ---------------------------------------------------------------- one pass */

/* YAJL's own message ("parse error: premature EOF"), with the line it stopped on. */
static dapple_status syntax_error(json *j, yajl_handle h, const char *text, size_t len)
{
    unsigned char *msg = yajl_get_error(h, 0, (const unsigned char *)text, len);
    size_t n = msg != NULL ? strcspn((const char *)msg, "\n") : 0;
    at(j, text + DP_MIN(yajl_get_bytes_consumed(h), len));
    dapple_status st = dp_fail(j->ps->err, DAPPLE_E_FORMAT, "%s:%zu: not valid JSON: %.*s",
                               j->ps->name, j->line, (int)DP_MIN(n, 120), msg ? (char *)msg : "");
    yajl_free_error(h, msg);
    return st;
}

static dapple_status run_pass(json *j, const char *text, size_t len)
{
    yajl_handle h = yajl_alloc(&CALLBACKS, NULL, j);
    if (h == NULL)
        return dp_fail(j->ps->err, DAPPLE_E_NOMEM, "%s: out of memory", j->ps->name);
    yajl_status ys = yajl_parse(h, (const unsigned char *)text, len);
    if (ys == yajl_status_ok)
        ys = yajl_complete_parse(h);
    dapple_status st = DAPPLE_OK;
    if (ys == yajl_status_client_canceled)
        st = j->st;
    else if (ys != yajl_status_ok)
        st = syntax_error(j, h, text, len);
    yajl_free(h);
    return st;
}

/* Whether the n-byte text holds 'word' (memmem is not POSIX). */
static bool contains(const char *text, size_t n, const char *word)
{
    size_t w = strlen(word);
    for (const char *p = text, *end = text + n; (size_t)(end - p) >= w; p++) {
        p = memchr(p, word[0], (size_t)(end - p) - w + 1);
        if (p == NULL)
            return false;
        if (memcmp(p, word, w) == 0)
            return true;
    }
    return false;
}

static void json_init(json *j, dp_points_parse *ps, const char *text, size_t len)
{
    memset(j, 0, sizeof *j);
    j->ps = ps;
    j->text = j->seen = text;
    j->end = text + len;
    j->line = 1;
    for (int role = 0; role < DP_ROLES; role++)
        j->col[role] = NONE;
}

dapple_status dp_points_parse_json(dp_points_parse *ps, const char *text, size_t len)
{
    json j;
    json_init(&j, ps, text, len);
    j.may_name = contains(text, len, "\"columns\"");
    dapple_status st = run_pass(&j, text, len);
    if (st != DAPPLE_OK || !j.skipped)
        return st;
    /* "columns" came after "points" (or might have): read again, the columns known */
    size_t col[DP_ROLES], width = j.width;
    bool named = j.columns_seen;
    memcpy(col, j.col, sizeof col);
    json_init(&j, ps, text, len);
    memcpy(j.col, col, sizeof col);
    j.width = named ? width : 0;
    j.columns_seen = named;
    ps->out->count = 0;
    return run_pass(&j, text, len);
}
