/* SPDX-License-Identifier: MIT
 * POST /api/render's query (render_query.h). Every parameter is checked whole: a number is
 * digits only (strtoull would take "-1" for 2^64 - 1), a word is one of its list. */
#include "preview/render_query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "preset/params.h"
#include "preview/render_job.h"
#include "preview/views.h"

static const char *arg(struct MHD_Connection *c, const char *name)
{
    return MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
}

/* A whole number of at most 16 digits into *v. */
static bool whole_number(const char *s, uint64_t *v)
{
    if (s == NULL || s[0] == '\0' || strlen(s) > 16 || strspn(s, "0123456789") != strlen(s))
        return false;
    *v = strtoull(s, NULL, 10);
    return true;
}

/* "texture, height, normal or mask" from the view table. */
static void view_names(char *out, size_t cap)
{
    size_t n = 0;
    int count = dp_view_count();
    out[0] = '\0';
    for (int i = 0; i < count && n < cap; i++)
        n += (size_t)snprintf(out + n, cap - n, "%s%s",
                              i == 0           ? ""
                              : i == count - 1 ? " or "
                                               : ", ",
                              dp_view_name(i));
}

static bool parse_view(struct MHD_Connection *c, dp_render_query *q, char *msg, size_t cap)
{
    const char *v = arg(c, "view"), *k = arg(c, "kind");
    char names[128];
    q->view = dp_view_find(v);
    if (q->view >= 0 && !dp_view_is_mask(q->view))
        return true;
    if (q->view >= 0) {
        const dp_param *mp = dp_param_find(DP_SEC_TEXTURE, "mask");
        for (const dp_choice *ch = mp->choices; k != NULL && ch->name != NULL; ch++)
            if (strcmp(k, ch->name) == 0 && strcmp(ch->name, "none") != 0) {
                q->mask = ch->value;
                return true;
            }
        snprintf(msg, cap, "kind: expected a mask kind of the spec's \"masks\", got '%.40s'",
                 k != NULL ? k : "");
        return false;
    }
    view_names(names, sizeof names);
    snprintf(msg, cap, "expected view=%s (the mask with kind=KIND)", names);
    return false;
}

/* gen=N, the page's count of its edits: at most DP_PREVIEW_MAX_GEN, or every render of a
 * smaller number would be "cancelled" for good. */
static bool parse_gen(struct MHD_Connection *c, dp_render_query *q, char *msg, size_t cap)
{
    const char *g = arg(c, "gen");
    if (g == NULL || (whole_number(g, &q->gen) && q->gen <= DP_PREVIEW_MAX_GEN))
        return true;
    snprintf(msg, cap, "gen: expected a whole number in [0, %llu], got '%.40s'", DP_PREVIEW_MAX_GEN,
             g);
    return false;
}

static bool parse_pass(struct MHD_Connection *c, dp_render_query *q, char *msg, size_t cap)
{
    const char *size = arg(c, "size"), *quick = arg(c, "quick"), *prio = arg(c, "priority");
    uint64_t n = 1;
    if (size != NULL && strcmp(size, "full") != 0 && strcmp(size, "preview") != 0) {
        snprintf(msg, cap, "size: expected preview or full, got '%.40s'", size);
        return false;
    }
    q->full = size != NULL && strcmp(size, "full") == 0;
    if (quick != NULL && (!whole_number(quick, &n) || n < 2 || n > DP_QUICK_MAX_TILES)) {
        snprintf(msg, cap, "quick: expected a whole number in [2, %d], got '%.40s'",
                 DP_QUICK_MAX_TILES, quick);
        return false;
    }
    q->tiles = (int)n;
    if (prio != NULL && strcmp(prio, "low") != 0 && strcmp(prio, "normal") != 0) {
        snprintf(msg, cap, "priority: expected normal or low, got '%.40s'", prio);
        return false;
    }
    q->nice = prio != NULL && strcmp(prio, "low") == 0 ? DP_LOW_PRIORITY : 0;
    return true;
}

bool dp_render_query_parse(struct MHD_Connection *c, dp_render_query *q, char *msg, size_t cap)
{
    *q = (dp_render_query){ .tiles = 1 };
    return parse_view(c, q, msg, cap) && parse_gen(c, q, msg, cap) && parse_pass(c, q, msg, cap);
}
