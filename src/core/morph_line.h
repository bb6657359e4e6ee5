/* SPDX-License-Identifier: MIT
 * The 1-D running max every dilation here is built from (van Herk / Gil-Werman). */
#ifndef DP_MORPH_LINE_H
#define DP_MORPH_LINE_H

#include <stdbool.h>

/** Floats of 'buf' dp_morph_line_max needs for a line of 'len' (any window). */
#define DP_MORPH_LINE_BUF(len) (3 * (3 * (size_t)(len) + 1))

/** dst[i] = max of sign * src[j] over |j - i| <= hw: three passes, O(len) for any hw.
 * Beyond the ends values are absent (-inf), or wrap round when 'cyclic'. A window wider
 * than the line is the line's max. 'buf' holds DP_MORPH_LINE_BUF(len) floats. */
void dp_morph_line_max(const float *src, float *dst, float *buf, int len, int hw, float sign,
                       bool cyclic);

#endif
