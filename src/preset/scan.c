/* SPDX-License-Identifier: MIT
 * Strict pre-scan of preset text (see scan.h for the inih traps it closes). A preset is
 * lines of: blank, comment (';' or '#', may be indented), "[texture]", "[layer NAME]" or
 * "key = value" starting in column 1. Anything else is refused here, so inih only ever
 * parses text whose meaning is unambiguous. The first problem found is reported. */
#include "preset/scan.h"

#include <stdio.h>
#include <string.h>

#include "core/dp.h"
#include "preset/parse.h"

typedef struct line_ctx {
    const char *file;
    int no;
    dp_scan *scan;
    dapple_error *err;
} line_ctx;

static dapple_status bad(const line_ctx *c, const char *what, const char *detail)
{
    return dp_fail(c->err, DAPPLE_E_FORMAT, "%s:%d: %s%s", c->file, c->no, what, detail);
}

bool dp_layer_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n < 1 || n >= DP_NAME_MAX || strcmp(name, "texture") == 0)
        return false;
    return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") == n;
}

/* Control bytes (other than tab) mean this is not a text preset. A CR that does not end
 * a CRLF line break is a classic Mac OS line ending: named as such, since the whole file
 * then reads as one line. */
static dapple_status check_bytes(const line_ctx *c, const char *s, size_t n)
{
    char detail[64];
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)s[i];
        if (b == 0)
            return bad(c, "NUL byte (not a text file?)", "");
        if (b == '\r')
            return bad(c, "CR line endings (old Mac); save the file with LF or CRLF line endings",
                       "");
        if ((b < 0x20 && b != '\t') || b == 0x7f) {
            snprintf(detail, sizeof detail, " 0x%02x (not a text file?)", b);
            return bad(c, "control character", detail);
        }
    }
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- section headers */

static const dp_scan_section *find_section(const dp_scan *s, const char *layer_name, bool tex)
{
    for (int i = 0; i < s->n_sections; i++) {
        const dp_scan_section *sec = &s->sections[i];
        if (tex ? sec->layer < 0 : (sec->layer >= 0 && strcmp(sec->name, layer_name) == 0))
            return sec;
    }
    return NULL;
}

static dapple_status unknown_section(const line_ctx *c, const char *inner)
{
    char q[DP_QUOTE_MAX];
    dp_quote(inner, q);
    if (strcmp(inner, "layer") == 0)
        return bad(c, "[layer] needs a name: [layer NAME]", "");
    if (strncmp(inner, "layer", 5) == 0 && (inner[5] == ' ' || inner[5] == '\t'))
        return dp_fail(c->err, DAPPLE_E_FORMAT,
                       "%s:%d: bad layer name in [%s] (1 to 63 of A-Z a-z 0-9 _ -, not "
                       "'texture')",
                       c->file, c->no, q);
    if (dp_edit_distance(inner, "texture") <= 2)
        return dp_fail(c->err, DAPPLE_E_FORMAT,
                       "%s:%d: unknown section [%s] (did you mean [texture]?)", c->file, c->no, q);
    return dp_fail(c->err, DAPPLE_E_FORMAT,
                   "%s:%d: unknown section [%s] (expected [texture] or [layer NAME])", c->file,
                   c->no, q);
}

static dapple_status add_section(const line_ctx *c, const char *name, bool tex)
{
    dp_scan *s = c->scan;
    const dp_scan_section *first = find_section(s, name, tex);
    if (first != NULL)
        return dp_fail(c->err, DAPPLE_E_FORMAT,
                       "%s:%d: duplicate section [%s%s] (first at line %d)", c->file, c->no,
                       tex ? "texture" : "layer ", name, first->line);
    if (!tex && s->n_layers == DP_MAX_LAYERS)
        return dp_fail(c->err, DAPPLE_E_FORMAT, "%s:%d: too many layers (max %d)", c->file, c->no,
                       DP_MAX_LAYERS);
    dp_scan_section *sec = &s->sections[s->n_sections];
    snprintf(sec->name, sizeof sec->name, "%s", name);
    sec->line = c->no;
    sec->layer = tex ? -1 : s->n_layers++;
    if (tex)
        s->texture = s->n_sections;
    s->n_sections++;
    return DAPPLE_OK;
}

static dapple_status header_line(const line_ctx *c, char *buf)
{
    char *close = strchr(buf, ']');
    if (close == NULL)
        return bad(c, "section header without closing ']'", "");
    const char *rest = close + 1 + strspn(close + 1, " \t");
    if (*rest != '\0' && *rest != ';' && *rest != '#')
        return bad(c, "unexpected text after ']' in section header", "");
    *close = '\0';
    const char *inner = buf + 1;
    if (strcmp(inner, "texture") == 0)
        return add_section(c, "", true);
    if (strncmp(inner, "layer ", 6) == 0 && dp_layer_name_ok(inner + 6))
        return add_section(c, inner + 6, false);
    return unknown_section(c, inner);
}

/* ---------------------------------------------------------------- key lines */

static const char key_chars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";

static dapple_status key_line(const line_ctx *c, char *buf)
{
    char q[DP_QUOTE_MAX], detail[DP_QUOTE_MAX + 64];
    size_t k = strspn(buf, key_chars);
    size_t j = k + strspn(buf + k, " \t");
    char *eq = strchr(buf, '=');
    if (eq == NULL)
        return bad(c, "expected 'key = value', a [section] or a comment", "");
    if (k == 0 && buf[j] == '=')
        return bad(c, "'=' without a key", "");
    if (buf[j] != '=') {
        *eq = '\0';
        dp_quote(buf, q);
        snprintf(detail, sizeof detail, " '%s' (letters, digits and '_' only)", q);
        return bad(c, "bad key", detail);
    }
    if (k > DP_PRESET_MAX_KEY)
        return bad(c, "key too long (max 48 bytes)", "");
    buf[k] = '\0';
    if (c->scan->n_sections == 0)
        return dp_fail(c->err, DAPPLE_E_FORMAT,
                       "%s:%d: key '%s' before any section (start with [texture])", c->file, c->no,
                       buf);
    const char *value = buf + j + 1 + strspn(buf + j + 1, " \t");
    if (*value == '"' || *value == '\'')
        return dp_fail(c->err, DAPPLE_E_FORMAT,
                       "%s:%d: %s: values are taken as written; remove the quotes", c->file, c->no,
                       buf);
    return DAPPLE_OK;
}

static dapple_status scan_line(const line_ctx *c, const char *s, size_t n)
{
    char buf[DP_PRESET_MAX_LINE + 1];
    memcpy(buf, s, n);
    buf[n] = '\0';
    size_t indent = strspn(buf, " \t");
    if (buf[indent] == '\0' || buf[indent] == ';' || buf[indent] == '#')
        return DAPPLE_OK;
    if (indent > 0)
        return bad(c,
                   "indented line (continuation lines are not supported; remove the "
                   "leading whitespace)",
                   "");
    return buf[0] == '[' ? header_line(c, buf) : key_line(c, buf);
}

bool dp_scan_next_line(const char *text, size_t len, size_t *pos, int line_no, const char **s,
                       size_t *n)
{
    if (*pos >= len)
        return false;
    const char *start = text + *pos;
    const char *nl = memchr(start, '\n', len - *pos);
    size_t count = nl != NULL ? (size_t)(nl - start) : len - *pos;
    *pos += count + (nl != NULL);
    if (count > 0 && start[count - 1] == '\r')
        count--;
    if (line_no == 1 && count >= 3 && memcmp(start, "\xEF\xBB\xBF", 3) == 0) {
        start += 3;
        count -= 3;
    }
    *s = start;
    *n = count;
    return true;
}

/* Binary first: a PNG given as a preset should be called "not a text file", whatever
 * its first line looks like. */
static dapple_status check_text(line_ctx *c, const char *text, size_t len)
{
    const char *s;
    size_t n, pos = 0;
    for (c->no = 1; dp_scan_next_line(text, len, &pos, c->no, &s, &n); c->no++) {
        dapple_status st = check_bytes(c, s, n);
        if (st != DAPPLE_OK)
            return st;
    }
    for (c->no = 1, pos = 0; dp_scan_next_line(text, len, &pos, c->no, &s, &n); c->no++) {
        if (n > DP_PRESET_MAX_LINE)
            return dp_fail(c->err, DAPPLE_E_FORMAT,
                           "%s:%d: line too long (%zu bytes, max %d not counting the line break)",
                           c->file, c->no, n, DP_PRESET_MAX_LINE);
    }
    return DAPPLE_OK;
}

dapple_status dp_scan_text(const char *text, size_t len, const char *file, dp_scan *out,
                           dapple_error *err)
{
    memset(out, 0, sizeof *out);
    out->texture = -1;
    if (len > DP_PRESET_MAX_BYTES)
        return dp_fail(err, DAPPLE_E_LIMIT, "%s: too big (max %d bytes)", file,
                       DP_PRESET_MAX_BYTES);
    line_ctx c = { file, 0, out, err };
    dapple_status st = check_text(&c, text, len);
    const char *s;
    size_t n, pos = 0;
    for (c.no = 1; st == DAPPLE_OK && dp_scan_next_line(text, len, &pos, c.no, &s, &n); c.no++)
        st = scan_line(&c, s, n);
    return st;
}
