/* SPDX-License-Identifier: MIT
 * The pieces both point-list grammars share (points_parse.h): the column roles, strict
 * numbers, the growing list. */
#include "io/points_parse.h"

#include <limits.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "core/dp.h"
#include "core/number.h"

/* ---------------------------------------------------------------- roles and numbers */

const char *const dp_points_role_names[DP_ROLES] = { "x", "y", "r", "layer" };

int dp_points_role_of(const char *name, size_t n)
{
    for (int k = 0; k < DP_ROLES; k++) {
        const char *role = dp_points_role_names[k];
        if (strlen(role) == n && strncasecmp(name, role, n) == 0)
            return k;
    }
    return -1;
}

void dp_points_quote(const char *s, size_t n, char out[DP_QUOTE_OUT])
{
    size_t k = 0;
    for (; k < n && k < 40; k++)
        out[k] = ((unsigned char)s[k] < 0x20 || s[k] == 0x7f) ? '?' : s[k];
    strcpy(out + k, k < n ? "..." : "");
}

/* True when each of the n bytes of s is in 'set'. */
static bool all_in(const char *s, size_t n, const char *set)
{
    for (size_t k = 0; k < n; k++) {
        if (s[k] == '\0' || strchr(set, s[k]) == NULL)
            return false;
    }
    return true;
}

/* A decimal number that uses all n bytes (core/number.h: no spaces, nan or hex). */
bool dp_points_number(const char *s, size_t n, double *out)
{
    return dp_number_parse(s, n, out) == DP_NUMBER_OK;
}

/* Digits only, at most INT_MAX. */
static bool layer_number(const char *s, size_t n, int *out)
{
    long long v = 0;
    if (n == 0 || n > 10 || !all_in(s, n, "0123456789"))
        return false;
    for (size_t k = 0; k < n; k++)
        v = v * 10 + (s[k] - '0');
    if (v > INT_MAX)
        return false;
    *out = (int)v;
    return true;
}

dapple_status dp_points_store(int role, const char *s, size_t n, dapple_point *pt, int *layer,
                              dapple_error *err)
{
    char q[DP_QUOTE_OUT];
    double v = 0;
    dp_points_quote(s, n, q);
    if (role == DP_ROLE_LAYER) {
        if (!layer_number(s, n, layer))
            return dp_fail(err, DAPPLE_E_FORMAT,
                           "expected a layer number (an integer >= 0) in column 'layer', got '%s'",
                           q);
        return DAPPLE_OK;
    }
    dp_number_result got = dp_number_parse(s, n, &v);
    if (got == DP_NUMBER_SYNTAX)
        return dp_fail(err, DAPPLE_E_FORMAT, "expected a number in column '%s', got '%s'",
                       dp_points_role_names[role], q);
    if (got == DP_NUMBER_RANGE || !isfinite((float)v))
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "'%s' in column '%s' is out of range (beyond the float range)", q,
                       dp_points_role_names[role]);
    if (role == DP_ROLE_R && v < 0)
        return dp_fail(err, DAPPLE_E_FORMAT, "expected a radius >= 0 in column 'r', got '%s'", q);
    float *slot[3] = { &pt->x, &pt->y, &pt->r };
    *slot[role] = (float)v;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- the list */

dapple_status dp_points_push(dp_points_parse *ps, const dapple_point *pt, int layer, size_t line)
{
    dp_point_list *l = ps->out;
    if (ps->max_points > 0 && l->count == ps->max_points)
        return dp_fail(ps->err, DAPPLE_E_LIMIT, "%s:%zu: over the limit of %zu points", ps->name,
                       line, ps->max_points);
    if (l->count == ps->cap) {
        size_t cap = ps->cap < 1024 ? 1024 : ps->cap * 2;
        dapple_point *p = dp_realloc_n(l->points, cap, sizeof *p);
        if (p != NULL)
            l->points = p;
        int *ly = ps->with_layer ? dp_realloc_n(l->layer, cap, sizeof *ly) : NULL;
        if (ly != NULL)
            l->layer = ly;
        size_t *ln = dp_realloc_n(l->line, cap, sizeof *ln);
        if (ln != NULL)
            l->line = ln; /* so a caller's message can name a point's line */
        if (p == NULL || ln == NULL || (ps->with_layer && ly == NULL))
            return dp_fail(ps->err, DAPPLE_E_NOMEM, "%s: out of memory", ps->name);
        ps->cap = cap;
    }
    l->points[l->count] = *pt;
    l->line[l->count] = line;
    if (ps->with_layer)
        l->layer[l->count] = layer;
    l->count++;
    return DAPPLE_OK;
}
