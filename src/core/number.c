/* SPDX-License-Identifier: MIT
 * See number.h. The grammar is checked here, then strtod (correctly rounded, any length)
 * reads a terminated copy: on the stack when short, else on the heap. */
#include "core/number.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static size_t digits(const char *s, size_t i, size_t n)
{
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++;
    return i;
}

/* [+-] (D+ [. D*] | . D+) [(e|E) [+-] D+], all n bytes. */
static bool well_formed(const char *s, size_t n)
{
    size_t i = (n > 0 && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    size_t a = digits(s, i, n), b = a;
    if (a < n && s[a] == '.')
        b = digits(s, a + 1, n);
    if (a == i && b <= a + 1) /* no digit before or after the point */
        return false;
    if (b < n && (s[b] == 'e' || s[b] == 'E')) {
        size_t e = b + 1 + (b + 1 < n && (s[b + 1] == '+' || s[b + 1] == '-'));
        b = digits(s, e, n);
        if (b == e)
            return false;
    }
    return b == n;
}

dp_number_result dp_number_parse(const char *s, size_t n, double *out)
{
    char small[64];
    if (n == 0 || !well_formed(s, n))
        return DP_NUMBER_SYNTAX;
    char *buf = n < sizeof small ? small : malloc(n + 1);
    if (buf == NULL)
        return DP_NUMBER_SYNTAX; /* out of memory for a number longer than a page: refused */
    memcpy(buf, s, n);
    buf[n] = '\0';
    errno = 0;
    double v = strtod(buf, NULL);
    bool over = errno == ERANGE && isinf(v);
    if (buf != small)
        free(buf);
    if (over)
        return DP_NUMBER_RANGE;
    *out = v;
    return DP_NUMBER_OK;
}
