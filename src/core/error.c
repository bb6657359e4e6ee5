/* SPDX-License-Identifier: MIT
 * Status names, dp_fail() and checked allocation: the only error plumbing of the library. */
#include "core/dp.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *dapple_status_str(dapple_status s)
{
    switch (s) {
    case DAPPLE_OK:
        return "ok";
    case DAPPLE_E_INVALID:
        return "invalid argument";
    case DAPPLE_E_NOMEM:
        return "out of memory";
    case DAPPLE_E_IO:
        return "input/output error";
    case DAPPLE_E_FORMAT:
        return "bad format";
    case DAPPLE_E_LIMIT:
        return "over a size limit";
    case DAPPLE_E_RENDER:
        return "render error";
    case DAPPLE_E_CANCELLED:
        return "cancelled";
    }
    return "unknown status";
}

dapple_status dp_fail(dapple_error *err, dapple_status status, const char *fmt, ...)
{
    if (err != NULL) {
        va_list ap;
        va_start(ap, fmt);
        err->status = status;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

dapple_status dp_fail_prefix(dapple_error *err, dapple_status status, const char *fmt, ...)
{
    if (err != NULL) {
        char context[sizeof err->message], msg[sizeof err->message];
        memcpy(msg, err->message, sizeof msg);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(context, sizeof context, fmt, ap);
        va_end(ap);
        dp_fail(err, status, "%s: %s", context, msg);
    }
    return status;
}

dapple_status dp_fail_range(dapple_error *err, const char *name, const char *open, double lo,
                            double hi, double v)
{
    return dp_fail(err, DAPPLE_E_INVALID, "%s: expected a number in %s%.12g, %.12g], got %.12g",
                   name, open, lo, hi, v);
}

dapple_status dp_fail_range_int(dapple_error *err, const char *name, long long lo, long long hi,
                                long long v)
{
    return dp_fail(err, DAPPLE_E_INVALID, "%s: expected an integer in [%lld, %lld], got %lld", name,
                   lo, hi, v);
}

dapple_status dp_fail_range_count(dapple_error *err, const char *name, unsigned long long lo,
                                  unsigned long long hi, unsigned long long v)
{
    return dp_fail(err, DAPPLE_E_INVALID, "%s: expected an integer in [%llu, %llu], got %llu", name,
                   lo, hi, v);
}

void *dp_calloc_n(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    return calloc(count ? count : 1, size ? size : 1);
}

void *dp_realloc_n(void *p, size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size)
        return NULL;
    size_t n = count * size;
    return realloc(p, n != 0 ? n : 1);
}

void *dp_grow(void *items, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return items;
    size_t bigger = *cap ? 2 * *cap : 64;
    void *p = dp_realloc_n(items, bigger, size);
    if (p != NULL)
        *cap = bigger;
    return p;
}
