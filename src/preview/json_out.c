/* SPDX-License-Identifier: MIT */
#include "preview/json_out.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool reserve(dp_json *j, size_t more)
{
    if (j->failed)
        return false;
    if (j->len + more + 1 <= j->cap)
        return true;
    size_t cap = j->cap ? j->cap : 4096;
    while (cap < j->len + more + 1)
        cap *= 2;
    char *s = realloc(j->s, cap);
    if (s == NULL) {
        j->failed = true;
        return false;
    }
    j->s = s;
    j->cap = cap;
    return true;
}

void dp_json_printf(dp_json *j, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(j, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(j->s + j->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    j->len += (size_t)n;
}

void dp_json_string(dp_json *j, const char *s, size_t n)
{
    if (!reserve(j, 6 * n + 2))
        return;
    j->s[j->len++] = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            j->s[j->len++] = '\\';
            j->s[j->len++] = (char)c;
        } else if (c < 0x20 || c == 0x7f) {
            j->len += (size_t)sprintf(j->s + j->len, "\\u%04x", c);
        } else {
            j->s[j->len++] = (char)c;
        }
    }
    j->s[j->len++] = '"';
    j->s[j->len] = '\0';
}

void dp_json_str(dp_json *j, const char *s)
{
    if (s == NULL)
        dp_json_printf(j, "null");
    else
        dp_json_string(j, s, strlen(s));
}

void dp_json_free(dp_json *j)
{
    free(j->s);
    *j = (dp_json){ 0 };
}
