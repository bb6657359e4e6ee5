/* SPDX-License-Identifier: MIT
 * Point lists as CSV or JSON, written atomically. Floats are printed with exactly the bytes
 * of printf("%.9g"), which round-trips every float, but without printf: one snprintf per
 * number made writing 2.5 M points slower than sampling them. The fast path scales by an
 * exact power of ten (one rounding, error < 2^-23 of a unit) and falls back to snprintf
 * when the digit is too close to a rounding tie to be sure, or the exponent is far out.
 * Optional columns for engines (rotation, scale, variant) come from core/point_attrs, keyed
 * by the stored position, so a point's attributes do not depend on the rest of the set. */
#include "io/points_write.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/dp.h"
#include "core/point_attrs.h"
#include "io/atomic_file.h"

/* Every power of ten up to 1e22 is exact in a double. */
static const double pow10_exact[23] = { 1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/* ---------------------------------------------------------------- the number formatter */

/* |v| * 10^k with one rounding, for -22 <= k <= 22. */
static double scale10(double v, int k)
{
    return k >= 0 ? v * pow10_exact[k] : v / pow10_exact[-k];
}

/* floor(log10(v)) or one less, from the binary exponent alone: log10(2) ~ 78913 / 2^18. */
static int decimal_exponent_guess(double v)
{
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int e2 = (int)((bits >> 52) & 0x7ff) - 1023;
    return e2 >= 0 ? (e2 * 78913) >> 18 : -((-e2 * 78913 + (1 << 18) - 1) >> 18);
}

/* Finds the 9 significant digits of v > 0 and its decimal exponent x. False when the fast
 * path cannot be sure of the rounding: then the caller uses snprintf. */
static bool nine_digits(double v, uint32_t *digits, int *x)
{
    int e = decimal_exponent_guess(v);
    for (int tries = 0; tries < 3; tries++) {
        if (e < -14 || e > 30)
            return false;
        double s = scale10(v, 8 - e);
        if (s >= 999999999.5) { /* the guess was one too low */
            e++;
            continue;
        }
        double n = floor(s + 0.5);
        if (fabs(s - floor(s) - 0.5) < 1e-6)
            return false; /* a near-tie: the exact decimal expansion decides */
        if (n < 1e8) {
            e--;
            continue;
        }
        *digits = (uint32_t)n;
        *x = e;
        return true;
    }
    return false;
}

static char *put_exponent(char *p, int x)
{
    *p++ = 'e';
    *p++ = x < 0 ? '-' : '+';
    x = x < 0 ? -x : x;
    if (x >= 100)
        *p++ = (char)('0' + x / 100);
    *p++ = (char)('0' + x / 10 % 10);
    *p++ = (char)('0' + x % 10);
    return p;
}

/* Lays out the digits as %g does: plain when -4 <= x < 9, else d.ddde±xx; trailing zeros
 * and a bare decimal point are dropped. */
static char *put_g(char *p, uint32_t digits, int x)
{
    static const char pairs[201] = "00010203040506070809101112131415161718192021222324"
                                   "25262728293031323334353637383940414243444546474849"
                                   "50515253545556575859606162636465666768697071727374"
                                   "75767778798081828384858687888990919293949596979899";
    char d[9];
    for (int i = 7; i > 0; i -= 2, digits /= 100)
        memcpy(d + i, pairs + 2 * (digits % 100), 2);
    d[0] = (char)('0' + digits);
    int nd = 9;
    while (nd > 1 && d[nd - 1] == '0')
        nd--;
    if (x < -4 || x >= 9) {
        *p++ = d[0];
        if (nd > 1)
            *p++ = '.';
        memcpy(p, d + 1, (size_t)nd - 1);
        return put_exponent(p + nd - 1, x);
    }
    if (x < 0) {
        memcpy(p, "0.0000", (size_t)(1 - x));
        p += 1 - x;
        memcpy(p, d, (size_t)nd);
        return p + nd;
    }
    int whole = x + 1;
    memcpy(p, d, (size_t)whole);
    p += whole;
    if (nd > whole) {
        *p++ = '.';
        memcpy(p, d + whole, (size_t)(nd - whole));
        p += nd - whole;
    }
    return p;
}

/* Writes printf("%.9g", f) into p (room for 32 bytes) and returns the end. */
static char *put_float(char *p, float f)
{
    double v = f;
    uint32_t digits;
    int x;
    if (v == 0 || !isfinite(v) || !nine_digits(fabs(v), &digits, &x))
        return p + snprintf(p, 32, "%.9g", v);
    if (v < 0)
        *p++ = '-';
    return put_g(p, digits, x);
}

/* ---------------------------------------------------------------- buffered output */

typedef struct outbuf {
    FILE *fp;
    char data[1 << 16];
    size_t used;
    int failed_errno; /* 0 while every fwrite succeeded */
} outbuf;

static void flush_out(outbuf *o)
{
    if (o->used > 0 && o->failed_errno == 0 && fwrite(o->data, 1, o->used, o->fp) != o->used)
        o->failed_errno = errno != 0 ? errno : EIO;
    o->used = 0;
}

/* Guarantees room for one record (a point line is at most 4 * 32 bytes). */
static char *reserve(outbuf *o)
{
    if (o->used > sizeof o->data - 256)
        flush_out(o);
    return o->data + o->used;
}

static void put_text(outbuf *o, const char *s)
{
    char *p = reserve(o);
    size_t n = strlen(s);
    memcpy(p, s, n);
    o->used += n;
}

static char *put_uint(char *p, size_t v)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    while (n > 0)
        *p++ = tmp[--n];
    return p;
}

/* ---------------------------------------------------------------- CSV and JSON */

/* Everything one file needs. */
typedef struct job {
    const dp_points_file *f;
    const dp_point_set *sets;
    size_t n_sets;
    /* streaming (dp_points_write_stream): the sets come from next() one at a time */
    dp_points_next_fn next;
    void *ctx;
    dapple_status st; /* next()'s failure, if any */
    dapple_error *err;
} job;

/* Calls write_set for each set: the job's own, or those next() hands out (each in a job
 * of its own, as set 0). */
static void each_set(outbuf *o, job *j, void (*write_set)(outbuf *, const job *, size_t, bool *),
                     bool *first)
{
    if (j->next == NULL) {
        for (size_t s = 0; s < j->n_sets; s++)
            write_set(o, j, s, first);
        return;
    }
    dp_point_set cur;
    job one = *j;
    one.sets = &cur, one.n_sets = 1;
    bool more;
    while ((j->st = j->next(j->ctx, &cur, &more, j->err)) == DAPPLE_OK && more)
        write_set(o, &one, 0, first);
}

static bool has_extras(const dp_points_columns *c)
{
    return c->rotation || c->scale_jitter > 0 || c->variants > 0;
}

/* The column names after x,y,r, each with its separator in front: ",layer,rotation". */
static void put_extra_names(outbuf *o, const job *j, const char *sep, const char *quote)
{
    const char *names[4] = { j->f->with_layer ? "layer" : NULL,
                             j->f->cols.rotation ? "rotation" : NULL,
                             j->f->cols.scale_jitter > 0 ? "scale" : NULL,
                             j->f->cols.variants > 0 ? "variant" : NULL };
    for (int i = 0; i < 4; i++) {
        if (names[i] != NULL) {
            put_text(o, sep);
            put_text(o, quote);
            put_text(o, names[i]);
            put_text(o, quote);
        }
    }
}

static char *put_xyr(char *p, const dapple_point *pt, char sep)
{
    p = put_float(p, pt->x);
    *p++ = sep;
    p = put_float(p, pt->y);
    *p++ = sep;
    return put_float(p, pt->r);
}

/* Rotation, scale and variant of one point, from its stored (not flipped) position. */
static char *put_attrs(char *p, const dapple_point *pt, const job *j)
{
    const dp_points_columns *c = &j->f->cols;
    double deg, u_scale, u_variant;
    dp_point_attrs(j->f->seed, pt->x, pt->y, &deg, &u_scale, &u_variant);
    if (c->rotation) {
        float f = (float)deg;
        *p++ = ',';
        p = put_float(p, f < 360.0f ? f : 0.0f); /* rounding to float may reach 360 = 0 */
    }
    if (c->scale_jitter > 0) {
        *p++ = ',';
        p = put_float(p, (float)(1.0 - c->scale_jitter + 2.0 * c->scale_jitter * u_scale));
    }
    if (c->variants > 0) {
        size_t v = (size_t)(u_variant * c->variants);
        *p++ = ',';
        p = put_uint(p, v < (size_t)c->variants ? v : (size_t)c->variants - 1);
    }
    return p;
}

/* x,y,r[,layer][,rotation][,scale][,variant] of point i of set s. */
static char *put_point(char *p, const job *j, size_t s, size_t i)
{
    const dapple_point *pt = &j->sets[s].points[i];
    dapple_point shown = *pt;
    double y = j->f->cols.y_up ? j->f->height - (double)pt->y : (double)pt->y;
    shown.x = (float)((double)pt->x - j->f->cols.origin_x);
    shown.y = (float)(y - j->f->cols.origin_y);
    p = put_xyr(p, &shown, ',');
    if (j->f->with_layer) {
        *p++ = ',';
        p = put_uint(p, s);
    }
    return has_extras(&j->f->cols) ? put_attrs(p, pt, j) : p;
}

static void csv_set(outbuf *o, const job *j, size_t s, bool *first)
{
    (void)first;
    for (size_t i = 0; i < j->sets[s].count; i++) {
        char *p = put_point(reserve(o), j, s, i);
        *p++ = '\n';
        o->used = (size_t)(p - o->data);
    }
}

static void write_csv(outbuf *o, job *j)
{
    put_text(o, "x,y,r");
    put_extra_names(o, j, ",", "");
    put_text(o, "\n");
    bool first = true;
    each_set(o, j, csv_set, &first);
}

/* Shortest of %.15g / %.17g that reads back as the same double: sizes are usually integers. */
static void put_double(outbuf *o, double v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%.15g", v);
    if (strtod(tmp, NULL) != v)
        snprintf(tmp, sizeof tmp, "%.17g", v);
    put_text(o, tmp);
}

/* {"size":[W,H],"seed":S,["columns":[...],]"points":[ -- columns only with extra columns,
 * so files without them keep their bytes. */
static void write_json_header(outbuf *o, const job *j)
{
    char tmp[32];
    put_text(o, "{\"size\":[");
    put_double(o, j->f->width);
    put_text(o, ",");
    put_double(o, j->f->height);
    snprintf(tmp, sizeof tmp, "],\"seed\":%" PRIu64, j->f->seed);
    put_text(o, tmp);
    if (has_extras(&j->f->cols)) {
        put_text(o, ",\"columns\":[\"x\",\"y\",\"r\"");
        put_extra_names(o, j, ",", "\"");
        put_text(o, "]");
    }
    put_text(o, ",\"points\":[");
}

static void json_set(outbuf *o, const job *j, size_t s, bool *first)
{
    for (size_t i = 0; i < j->sets[s].count; i++) {
        char *p = reserve(o);
        if (!*first)
            *p++ = ',';
        *p++ = '[';
        p = put_point(p, j, s, i);
        *p++ = ']';
        o->used = (size_t)(p - o->data);
        *first = false;
    }
}

static void write_json(outbuf *o, job *j)
{
    write_json_header(o, j);
    bool first = true;
    each_set(o, j, json_set, &first);
    put_text(o, "]}\n");
}

/* JSON has no spelling for NaN or infinity; refuse before creating anything. */
static dapple_status check_finite(const dp_point_set *sets, size_t n_sets, dapple_error *err)
{
    for (size_t s = 0; s < n_sets; s++) {
        for (size_t i = 0; i < sets[s].count; i++) {
            const dapple_point *p = &sets[s].points[i];
            if (!isfinite(p->x) || !isfinite(p->y) || !isfinite(p->r))
                return dp_fail(err, DAPPLE_E_INVALID,
                               "point %zu of layer %zu is not finite: cannot write JSON", i, s);
        }
    }
    return DAPPLE_OK;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcasecmp(s + n - m, suffix) == 0;
}

int dp_points_format_parse(const char *name)
{
    if (name == NULL)
        return -1;
    if (strcasecmp(name, "csv") == 0 || ends_with(name, ".csv"))
        return DP_POINTS_CSV;
    if (strcasecmp(name, "json") == 0 || ends_with(name, ".json"))
        return DP_POINTS_JSON;
    return -1;
}

/* Off is 0; on is (0, 1) for the jitter and >= 1 for the variants. */
static dapple_status check_columns(const char *path, const dp_points_columns *c, dapple_error *err)
{
    if (!(c->scale_jitter >= 0 && c->scale_jitter < 1))
        return dp_fail(err, DAPPLE_E_INVALID, "%s: scale jitter must be in [0, 1), got %g", path,
                       c->scale_jitter);
    if (c->variants < 0)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: variants must be >= 0, got %d", path,
                       c->variants);
    return DAPPLE_OK;
}

/* Formats the whole file into the atomic file; frees nothing of the caller's. */
static dapple_status write_file(const char *path, job *j, dapple_error *err)
{
    outbuf *o = malloc(sizeof *o);
    if (o == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    dp_atomic_file af;
    dapple_status st = dp_atomic_open(&af, path, err);
    if (st != DAPPLE_OK) {
        free(o);
        return st;
    }
    o->fp = af.fp;
    o->used = 0;
    o->failed_errno = 0;
    if (j->f->format == DP_POINTS_CSV)
        write_csv(o, j);
    else
        write_json(o, j);
    flush_out(o);
    int e = o->failed_errno;
    free(o);
    if (j->st != DAPPLE_OK) { /* next() failed: its error is in *err already */
        dp_atomic_abort(&af);
        return j->st;
    }
    if (e != 0) { /* say why now: by commit time errno no longer tells */
        dp_atomic_abort(&af);
        return dp_fail(err, DAPPLE_E_IO, "%s: %s", path, strerror(e));
    }
    return dp_atomic_commit(&af, err);
}

/* The checks every write makes before creating anything: format, columns, height. */
static dapple_status check_job(const char *path, const job *j, dapple_error *err)
{
    const dp_points_file *f = j->f;
    if (f->format != DP_POINTS_CSV && f->format != DP_POINTS_JSON)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: unknown points format %d", path, (int)f->format);
    dapple_status st = check_columns(path, &f->cols, err);
    if (st != DAPPLE_OK)
        return st;
    if (f->cols.y_up && !isfinite(f->height))
        return dp_fail(err, DAPPLE_E_INVALID, "%s: y up needs a finite height, got %g", path,
                       f->height);
    return DAPPLE_OK;
}

dapple_status dp_points_write(const char *path, const dp_points_file *f, const dp_point_set *sets,
                              size_t n_sets, dapple_error *err)
{
    job j = { .f = f, .sets = sets, .n_sets = n_sets, .st = DAPPLE_OK, .err = err };
    dapple_status st = check_job(path, &j, err);
    if (st == DAPPLE_OK && f->format == DP_POINTS_JSON)
        st = check_finite(sets, n_sets, err);
    return st != DAPPLE_OK ? st : write_file(path, &j, err);
}

dapple_status dp_points_write_stream(const char *path, const dp_points_file *f,
                                     dp_points_next_fn next, void *ctx, dapple_error *err)
{
    if (f->with_layer)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: a stream of points has no layers", path);
    job j = { .f = f, .next = next, .ctx = ctx, .st = DAPPLE_OK, .err = err };
    dapple_status st = check_job(path, &j, err);
    return st != DAPPLE_OK ? st : write_file(path, &j, err);
}
