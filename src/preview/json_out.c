/* SPDX-License-Identifier: MIT
 * See json_out.h. Strings go out as valid UTF-8 whatever the preset holds: a byte that does
 * not start a well-formed sequence (a Latin-1 value, say) is sent as U+FFFD, the
 * replacement character, where it made the whole answer invalid JSON to the page. */
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

/* The length of the well-formed UTF-8 sequence at s[0 .. n) (RFC 3629: no overlong forms,
 * no surrogates, nothing past U+10FFFF), 0 when there is none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    unsigned char lo = 0x80, hi = 0xbf; /* the second byte's range */
    if (c < 0xc2 || c > 0xf4 || n < len)
        return 0;
    if (c == 0xe0)
        lo = 0xa0;
    else if (c == 0xed)
        hi = 0x9f;
    else if (c == 0xf0)
        lo = 0x90;
    else if (c == 0xf4)
        hi = 0x8f;
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return len;
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
        } else if (c >= 0x80) {
            size_t k = utf8_len((const unsigned char *)s + i, n - i);
            if (k == 0) {
                j->len += (size_t)sprintf(j->s + j->len, "\\ufffd");
                continue;
            }
            memcpy(j->s + j->len, s + i, k);
            j->len += k;
            i += k - 1;
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
