/* SPDX-License-Identifier: MIT
 * See json_text.h. */
#include "preview/json_text.h"

#include <stdlib.h>
#include <string.h>

#include "core/dp.h"

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

json_t *dp_json_text(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    char *clean = dp_calloc_n(n + 1, 3); /* each bad byte grows to the 3 bytes of U+FFFD */
    size_t w = 0;
    if (clean == NULL)
        return NULL;
    for (size_t i = 0; i < n;) {
        size_t k = u[i] < 0x80 ? 1 : utf8_len(u + i, n - i);
        if (k == 0) {
            memcpy(clean + w, "\xEF\xBF\xBD", 3);
            w += 3;
            i++;
            continue;
        }
        memcpy(clean + w, s + i, k);
        w += k;
        i += k;
    }
    json_t *v = json_stringn(clean, w);
    free(clean);
    return v;
}

json_t *dp_json_str(const char *s)
{
    return s != NULL ? dp_json_text(s, strlen(s)) : json_null();
}

void dp_json_set(json_t *o, const char *key, json_t *v, bool *ok)
{
    if (json_object_set_new(o, key, v) != 0)
        *ok = false;
}

void dp_json_push(json_t *a, json_t *v, bool *ok)
{
    if (json_array_append_new(a, v) != 0)
        *ok = false;
}
