/* SPDX-License-Identifier: MIT
 * The preset line reader (see ini_lines.h for the grammar). Each line is split off the
 * text and checked for being text and short enough; blank, comment and indented lines are
 * told from the text, headers and keys are read from a NUL-terminated copy (at most
 * DP_PRESET_MAX_LINE bytes, so the copy is always whole). The reader keeps the sections it
 * has met, which is what a repeated section is told by. */
#include "preset/ini_lines.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/dp.h"
#include "preset/parse.h"

static const char KEY_CHARS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

bool dp_layer_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n < 1 || n >= DP_NAME_MAX || strcmp(name, "texture") == 0)
        return false;
    return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") == n;
}

const char *dp_ini_section_name(const dp_ini_reader *r, int i)
{
    if (i < 0 || i >= r->sections.n)
        return "";
    return r->sections.at[i].layer < 0 ? "texture" : r->sections.at[i].name;
}

void dp_ini_begin(dp_ini_reader *r, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    r->text = text;
    r->len = len;
    r->current = -1;
    r->sections.texture = -1;
}

static void refuse(dp_ini_line *l, dp_ini_fault fault, const char *fmt, ...) DP_PRINTF(3, 4);

/* Marks the line as refused: 'fault' and the message why. */
static void refuse(dp_ini_line *l, dp_ini_fault fault, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->problem, sizeof l->problem, fmt, ap);
    va_end(ap);
    l->fault = fault;
}

/* ---------------------------------------------------------------- text */

/* Control bytes (other than tab) mean this is not a text preset. A CR that does not end
 * a CRLF line break is a classic Mac OS line ending: named as such, since the whole file
 * then reads as one line. */
static bool check_bytes(const char *s, size_t n, dp_ini_line *l)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)s[i];
        if (b == 0)
            refuse(l, DP_INI_NOT_TEXT, "NUL byte (not a text file?)");
        else if (b == '\r')
            refuse(l, DP_INI_NOT_TEXT,
                   "CR line endings (old Mac); save the file with LF or CRLF line endings");
        else if ((b < 0x20 && b != '\t') || b == 0x7f)
            refuse(l, DP_INI_NOT_TEXT, "control character 0x%02x (not a text file?)", b);
        if (l->fault != DP_INI_FINE)
            return false;
    }
    return true;
}

/* ---------------------------------------------------------------- section headers */

static int find_section(const dp_ini_sections *s, const char *layer_name, bool tex)
{
    for (int i = 0; i < s->n; i++) {
        const dp_ini_section *sec = &s->at[i];
        if (tex ? sec->layer < 0 : (sec->layer >= 0 && strcmp(sec->name, layer_name) == 0))
            return i;
    }
    return -1;
}

static void unknown_section(const char *inner, dp_ini_line *l)
{
    char q[DP_QUOTE_MAX];
    dp_quote(inner, q);
    if (strcmp(inner, "layer") == 0)
        refuse(l, DP_INI_SYNTAX, "[layer] needs a name: [layer NAME]");
    else if (strncmp(inner, "layer", 5) == 0 && is_space(inner[5]))
        refuse(l, DP_INI_SYNTAX,
               "bad layer name in [%s] (1 to 63 of A-Z a-z 0-9 _ -, not 'texture')", q);
    else if (dp_edit_distance(inner, "texture") <= 2)
        refuse(l, DP_INI_SYNTAX, "unknown section [%s] (did you mean [texture]?)", q);
    else
        refuse(l, DP_INI_SYNTAX, "unknown section [%s] (expected [texture] or [layer NAME])", q);
}

/* A well-formed header opens its section; a repeated one points at the first of its name
 * (so the lines under it still know where they are) and is refused. */
static void open_section(dp_ini_reader *r, const char *name, bool tex, dp_ini_line *l)
{
    dp_ini_sections *s = &r->sections;
    int first = find_section(s, name, tex);
    l->kind = DP_INI_SECTION;
    r->current = first;
    if (first >= 0) {
        refuse(l, DP_INI_SYNTAX, "duplicate section [%s%s] (first at line %d)",
               tex ? "texture" : "layer ", name, s->at[first].line);
        return;
    }
    if (!tex && s->n_layers == DP_MAX_LAYERS) {
        refuse(l, DP_INI_SYNTAX, "too many layers (max %d)", DP_MAX_LAYERS);
        return;
    }
    dp_ini_section *sec = &s->at[s->n];
    snprintf(sec->name, sizeof sec->name, "%s", name);
    sec->line = l->no;
    sec->layer = tex ? -1 : s->n_layers++;
    if (tex)
        s->texture = s->n;
    r->current = s->n++;
}

static void header_line(dp_ini_reader *r, char *buf, dp_ini_line *l)
{
    r->current = -1; /* until the header proves to be one of ours */
    char *close = strchr(buf, ']');
    if (close == NULL) {
        refuse(l, DP_INI_SYNTAX, "section header without closing ']'");
        return;
    }
    const char *rest = close + 1 + strspn(close + 1, " \t");
    if (*rest != '\0' && *rest != ';' && *rest != '#') {
        refuse(l, DP_INI_SYNTAX, "unexpected text after ']' in section header");
        return;
    }
    *close = '\0';
    const char *inner = buf + 1;
    if (strcmp(inner, "texture") == 0)
        open_section(r, "", true, l);
    else if (strncmp(inner, "layer ", 6) == 0 && dp_layer_name_ok(inner + 6))
        open_section(r, inner + 6, false, l);
    else
        unknown_section(inner, l);
}

/* ---------------------------------------------------------------- key lines */

/* The value's bytes in buf: after the '=' at 'eq', up to an inline comment (a ';' after a
 * space or tab), without the spaces and tabs around it. */
static void value_span(const char *buf, size_t eq, size_t n, size_t *v, size_t *ve)
{
    size_t from = eq + 1, to = n;
    for (size_t j = from + 1; j < n; j++) {
        if (buf[j] == ';' && is_space(buf[j - 1])) {
            to = j;
            break;
        }
    }
    while (from < to && is_space(buf[from]))
        from++;
    while (to > from && is_space(buf[to - 1]))
        to--;
    *v = from;
    *ve = to;
}

/* Refuses a line that does not start with "key =" (k key bytes, then spaces up to j), in
 * the order the messages were always given; false when it is a key line. */
static bool bad_key(char *buf, size_t k, size_t j, dp_ini_line *l)
{
    char q[DP_QUOTE_MAX];
    char *eq = strchr(buf, '=');
    if (eq == NULL) {
        refuse(l, DP_INI_SYNTAX, "expected 'key = value', a [section] or a comment");
    } else if (k == 0 && buf[j] == '=') {
        refuse(l, DP_INI_SYNTAX, "'=' without a key");
    } else if (buf[j] != '=') {
        *eq = '\0';
        dp_quote(buf, q);
        refuse(l, DP_INI_SYNTAX, "bad key '%s' (letters, digits and '_' only)", q);
    } else if (k > DP_PRESET_MAX_KEY) {
        refuse(l, DP_INI_SYNTAX, "key too long (max %d bytes)", DP_PRESET_MAX_KEY);
    }
    return l->fault != DP_INI_FINE;
}

static void key_line(const dp_ini_reader *r, char *buf, size_t n, dp_ini_line *l)
{
    size_t k = strspn(buf, KEY_CHARS);
    size_t j = k + strspn(buf + k, " \t"), v, ve;
    if (bad_key(buf, k, j, l))
        return;
    value_span(buf, j, n, &v, &ve);
    l->kind = DP_INI_KEY;
    memcpy(l->key, buf, k);
    l->key[k] = '\0';
    l->val = l->start + v;
    l->val_end = l->start + ve;
    const char *raw = buf + j + 1 + strspn(buf + j + 1, " \t");
    if (r->sections.n == 0)
        refuse(l, DP_INI_SYNTAX, "key '%s' before any section (start with [texture])", l->key);
    else if (*raw == '"' || *raw == '\'')
        refuse(l, DP_INI_SYNTAX, "%s: values are taken as written; remove the quotes", l->key);
}

/* ---------------------------------------------------------------- lines */

static void classify(dp_ini_reader *r, dp_ini_line *l)
{
    const char *s = r->text + l->start;
    size_t n = l->end - l->start;
    char buf[DP_PRESET_MAX_LINE + 1];
    if (!check_bytes(s, n, l))
        return;
    if (n > DP_PRESET_MAX_LINE) {
        refuse(l, DP_INI_TOO_LONG, "line too long (%zu bytes, max %d not counting the line break)",
               n, DP_PRESET_MAX_LINE);
        return;
    }
    size_t indent = 0;
    while (indent < n && is_space(s[indent]))
        indent++;
    if (indent == n)
        l->kind = DP_INI_BLANK;
    else if (s[indent] == ';' || s[indent] == '#')
        l->kind = DP_INI_COMMENT;
    else if (indent > 0)
        refuse(l, DP_INI_SYNTAX,
               "indented line (continuation lines are not supported; remove the leading "
               "whitespace)");
    if (indent == n || l->kind == DP_INI_COMMENT || indent > 0)
        return;
    memcpy(buf, s, n); /* headers and keys are read from a terminated copy */
    buf[n] = '\0';
    if (buf[0] == '[')
        header_line(r, buf, l);
    else
        key_line(r, buf, n, l);
}

bool dp_ini_next(dp_ini_reader *r, dp_ini_line *l)
{
    if (r->pos >= r->len)
        return false;
    const char *t = r->text;
    const char *nl = memchr(t + r->pos, '\n', r->len - r->pos);
    /* every field before the two buffers, which are emptied by their first byte: a line is
     * read for each line of a file of up to 1 MiB, several times per preview render */
    memset(l, 0, offsetof(dp_ini_line, key));
    l->key[0] = '\0';
    l->problem[0] = '\0';
    l->no = ++r->no;
    l->kind = DP_INI_BAD;
    l->start = r->pos;
    l->end = nl != NULL ? (size_t)(nl - t) : r->len;
    l->next = nl != NULL ? l->end + 1 : r->len;
    if (l->end > l->start && t[l->end - 1] == '\r') {
        l->end--;
        l->crlf = true;
    }
    if (l->no == 1 && l->end - l->start >= 3 && memcmp(t + l->start, "\xEF\xBB\xBF", 3) == 0)
        l->start += 3;
    r->pos = l->next;
    classify(r, l);
    l->section = r->current;
    return true;
}
