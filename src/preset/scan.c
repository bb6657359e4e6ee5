/* SPDX-License-Identifier: MIT
 * The strict pre-scan of preset text (see scan.h): the reader says what is wrong with each
 * line; this picks the problem a whole file is refused for. */
#include "preset/scan.h"

#include <string.h>

#include "core/dp.h"

dapple_status dp_scan_text(const char *text, size_t len, const char *file, dp_ini_sections *out,
                           int *line, dapple_error *err)
{
    dp_ini_reader r;
    dp_ini_line l;
    int worst_line = 0;
    dp_ini_fault worst = DP_INI_FINE;
    char problem[DP_INI_PROBLEM_MAX];
    *line = 0;
    dp_ini_begin(&r, text, len);
    *out = r.sections;
    if (len > DP_PRESET_MAX_BYTES)
        return dp_fail(err, DAPPLE_E_LIMIT, "%s: too big (max %d bytes)", file,
                       DP_PRESET_MAX_BYTES);
    /* The first line of each kind of fault wins; a worse kind found later beats it. */
    while (dp_ini_next(&r, &l)) {
        if (l.fault == DP_INI_FINE || (worst != DP_INI_FINE && l.fault >= worst))
            continue;
        worst = l.fault;
        worst_line = l.no;
        memcpy(problem, l.problem, sizeof problem);
    }
    *out = r.sections;
    if (worst == DP_INI_FINE)
        return DAPPLE_OK;
    *line = worst_line;
    return dp_fail(err, DAPPLE_E_FORMAT, "%s:%d: %s", file, worst_line, problem);
}
