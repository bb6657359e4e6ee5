/* SPDX-License-Identifier: MIT
 * The preset text editor (see ini_edit.h). It reads lines the way the preset scanner does:
 * "[texture]" and "[layer NAME]" headers, "key = value" lines whose value ends at a ';'
 * after a space (inih's inline comment), everything else left as it is. */
#include "preview/ini_edit.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"

static const char KEY_CHARS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";

/* One line of the text: [start, end) without its break; next = the following line's start. */
typedef struct ini_line {
    size_t start, end, next;
    bool crlf;
    int no;
    /* a key line: the key [key, key_end) and the value [val, val_end) */
    bool is_key;
    size_t key, key_end, val, val_end;
    /* a header line */
    bool is_header;
    char section[DP_INI_NAME_MAX];
} ini_line;

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

static void read_header(const char *t, ini_line *l)
{
    size_t i = l->start + 1, close = i;
    while (close < l->end && t[close] != ']')
        close++;
    size_t n = close - i;
    const char *inner = t + i;
    if (n == 7 && memcmp(inner, "texture", 7) == 0)
        snprintf(l->section, sizeof l->section, "texture");
    else if (n > 6 && n - 6 < DP_INI_NAME_MAX && memcmp(inner, "layer ", 6) == 0)
        snprintf(l->section, sizeof l->section, "%.*s", (int)(n - 6), inner + 6);
    else
        snprintf(l->section, sizeof l->section, "?");
}

static void read_key(const char *t, ini_line *l)
{
    size_t i = l->start;
    while (i < l->end && strchr(KEY_CHARS, t[i]) != NULL && t[i] != '\0')
        i++;
    size_t key_end = i;
    while (i < l->end && is_space(t[i]))
        i++;
    if (key_end == l->start || i >= l->end || t[i] != '=')
        return;
    i++;
    while (i < l->end && is_space(t[i]))
        i++;
    size_t v = i, ve = i;
    for (size_t j = i; j < l->end; j++) {
        if (t[j] == ';' && (j == i || is_space(t[j - 1])))
            break;
        ve = j + 1;
    }
    while (ve > v && is_space(t[ve - 1]))
        ve--;
    l->is_key = true;
    l->key = l->start, l->key_end = key_end, l->val = v, l->val_end = ve;
}

/* The line starting at pos; false at the end of the text. */
static bool next_line(const char *t, size_t len, size_t pos, int no, ini_line *l)
{
    if (pos >= len)
        return false;
    memset(l, 0, sizeof *l);
    const char *nl = memchr(t + pos, '\n', len - pos);
    l->start = pos;
    l->end = nl != NULL ? (size_t)(nl - t) : len;
    l->next = nl != NULL ? l->end + 1 : len;
    l->no = no;
    if (l->end > pos && t[l->end - 1] == '\r') {
        l->end--;
        l->crlf = true;
    }
    if (no == 1 && l->end - pos >= 3 && memcmp(t + pos, "\xEF\xBB\xBF", 3) == 0)
        l->start += 3; /* a byte order mark, as the scanner skips it */
    if (l->start < l->end && t[l->start] == '[') {
        l->is_header = true;
        read_header(t, l);
    } else {
        read_key(t, l);
    }
    return true;
}

/* "color" -> "colour", as the table spells keys. */
static void british(const char *key, size_t n, char *out, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 7 < cap;) {
        if (n - i >= 5 && memcmp(key + i, "color", 5) == 0) {
            memcpy(out + o, "colour", 6);
            o += 6, i += 5;
        } else {
            out[o++] = key[i++];
        }
    }
    out[o] = '\0';
}

void dp_ini_each_key(const char *text, size_t len, dp_ini_visit fn, void *ctx)
{
    char section[DP_INI_NAME_MAX] = "", key[DP_INI_NAME_MAX];
    ini_line l;
    size_t pos = 0;
    for (int no = 1; next_line(text, len, pos, no, &l); no++, pos = l.next) {
        if (l.is_header)
            memcpy(section, l.section, sizeof section);
        if (!l.is_key || l.key_end - l.key >= sizeof key)
            continue;
        snprintf(key, sizeof key, "%.*s", (int)(l.key_end - l.key), text + l.key);
        fn(ctx, section, key, text + l.val, l.val_end - l.val, no);
    }
}

bool dp_ini_key_at_line(const char *text, size_t len, int line, char *out, size_t cap)
{
    char section[DP_INI_NAME_MAX] = "", key[DP_INI_NAME_MAX];
    ini_line l;
    size_t pos = 0;
    for (int no = 1; next_line(text, len, pos, no, &l) && no <= line; no++, pos = l.next) {
        if (l.is_header)
            memcpy(section, l.section, sizeof section);
        if (no == line && l.is_key) {
            british(text + l.key, l.key_end - l.key, key, sizeof key);
            snprintf(out, cap, "%s.%s", section, key);
            return true;
        }
    }
    return false;
}

/* A key the scanner would read back as this key: letters, digits and '_' only. Anything
 * else ("#note", ";note", "a b", "") would be written as a comment or a line the preset
 * refuses, while the page was told "saved". */
static bool key_ok(const char *key)
{
    return key[0] != '\0' && strspn(key, KEY_CHARS) == strlen(key);
}

/* "texture" or a layer's name: the characters a [layer NAME] header may hold. */
static bool section_ok(const char *name)
{
    size_t i = 0;
    while (name[i] != '\0' && (name[i] == '-' || strchr(KEY_CHARS, name[i]) != NULL))
        i++;
    return i > 0 && name[i] == '\0';
}

static dapple_status check_names(const dp_ini_edit *x, int no, dapple_error *err)
{
    if (!section_ok(x->section))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "line %d: '%s' is not a section name (letters, digits, '_' and '-')", no,
                       x->section);
    if (!key_ok(x->key))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "line %d: %s.%s: '%s' is not a key (letters, digits and '_')", no,
                       x->section, x->key, x->key);
    return DAPPLE_OK;
}

dapple_status dp_ini_parse_edits(char *body, dp_ini_edit *e, size_t cap, size_t *n,
                                 dapple_error *err)
{
    *n = 0;
    int no = 0;
    for (char *s = body; s != NULL && *s != '\0';) {
        char *nl = strchr(s, '\n');
        if (nl != NULL)
            *nl = '\0';
        no++;
        if (*s != '\0') {
            char *dot = strchr(s, '.'), *eq = strchr(s, '=');
            if (dot == NULL || eq == NULL || dot == s || eq < dot + 1 ||
                (size_t)(dot - s) >= DP_INI_NAME_MAX || (size_t)(eq - dot - 1) >= DP_INI_NAME_MAX)
                return dp_fail(err, DAPPLE_E_INVALID, "line %d: expected SECTION.KEY=VALUE", no);
            if (*n == cap)
                return dp_fail(err, DAPPLE_E_INVALID, "at most %zu changes", cap);
            dp_ini_edit *x = &e[(*n)++];
            snprintf(x->section, sizeof x->section, "%.*s", (int)(dot - s), s);
            snprintf(x->key, sizeof x->key, "%.*s", (int)(eq - dot - 1), dot + 1);
            x->value = eq + 1;
            if (check_names(x, no, err) != DAPPLE_OK)
                return err->status;
        }
        s = nl != NULL ? nl + 1 : NULL;
    }
    return DAPPLE_OK;
}

/* One splice of the output: bytes [at, end) of the old text give way to the new value (a
 * replacement) or, with end == at, a new "key = value" line goes in (an insertion). */
typedef struct splice {
    size_t at, end;
    const dp_ini_edit *edit;
    bool insert, crlf, need_break; /* insert: after a last line without a break */
    size_t order;
} splice;

static int by_place(const void *a, const void *b)
{
    const splice *x = a, *y = b;
    if (x->at != y->at)
        return x->at < y->at ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static dapple_status check_value(const dp_ini_edit *e, dapple_error *err)
{
    const char *v = e->value;
    for (size_t i = 0; v[i] != '\0'; i++) {
        bool comment = v[i] == ';' && (i == 0 || is_space(v[i - 1]));
        if (v[i] == '\r' || v[i] == '\n' || comment)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "%s.%s: a value may not hold a line break or "
                           "start a comment (' ;')",
                           e->section, e->key);
    }
    if (is_space(v[0]) || (v[0] != '\0' && is_space(v[strlen(v) - 1])))
        return dp_fail(err, DAPPLE_E_INVALID, "%s.%s: spaces around the value", e->section, e->key);
    return DAPPLE_OK;
}

/* Finds where edit e goes: the key's value in its section, else after the section's last
 * key line (or its header). */
static dapple_status place(const char *t, size_t len, const dp_ini_edit *e, splice *sp,
                           dapple_error *err)
{
    char section[DP_INI_NAME_MAX] = "", key[DP_INI_NAME_MAX];
    bool found_section = false;
    ini_line l, anchor = { 0 };
    size_t pos = 0;
    for (int no = 1; next_line(t, len, pos, no, &l); no++, pos = l.next) {
        if (l.is_header)
            memcpy(section, l.section, sizeof section);
        if (strcmp(section, e->section) != 0)
            continue;
        if (l.is_header || l.is_key) {
            found_section = true;
            anchor = l;
        }
        if (!l.is_key)
            continue;
        british(t + l.key, l.key_end - l.key, key, sizeof key);
        if (strcmp(key, e->key) == 0) {
            *sp = (splice){ .at = l.val, .end = l.val_end, .edit = e };
            return DAPPLE_OK;
        }
    }
    if (!found_section)
        return dp_fail(err, DAPPLE_E_INVALID, "%s.%s: the preset has no section '%s'", e->section,
                       e->key, e->section);
    bool broken = anchor.next > anchor.end + (anchor.crlf ? 1 : 0);
    /* the last line has no break of its own: take the file's kind */
    bool crlf = anchor.crlf;
    for (size_t i = 0; !broken && i + 1 < len && !crlf; i++)
        crlf = t[i] == '\r' && t[i + 1] == '\n';
    *sp = (splice){ .at = anchor.next,
                    .end = anchor.next,
                    .edit = e,
                    .insert = true,
                    .crlf = crlf,
                    .need_break = !broken };
    return DAPPLE_OK;
}

dapple_status dp_ini_apply(const char *text, size_t len, const dp_ini_edit *e, size_t n, char **out,
                           size_t *out_len, dapple_error *err)
{
    splice *sp = dp_calloc_n(n + 1, sizeof *sp);
    size_t m = 0, cap = len + 1;
    if (sp == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        bool later = false; /* the last change of a key wins */
        for (size_t j = i + 1; j < n; j++)
            later |= strcmp(e[i].section, e[j].section) == 0 && strcmp(e[i].key, e[j].key) == 0;
        if (later)
            continue;
        if (check_value(&e[i], err) != DAPPLE_OK ||
            place(text, len, &e[i], &sp[m], err) != DAPPLE_OK) {
            free(sp);
            return err->status;
        }
        sp[m].order = m;
        cap += strlen(e[i].key) + strlen(e[i].value) + 8;
        m++;
    }
    qsort(sp, m, sizeof *sp, by_place);
    char *o = malloc(cap);
    if (o == NULL) {
        free(sp);
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
    }
    size_t w = 0, from = 0;
    for (size_t i = 0; i < m; i++) {
        memcpy(o + w, text + from, sp[i].at - from);
        w += sp[i].at - from;
        const char *brk = sp[i].crlf ? "\r\n" : "\n";
        if (sp[i].insert)
            w += (size_t)sprintf(o + w, "%s%s = %s%s", sp[i].need_break ? brk : "", sp[i].edit->key,
                                 sp[i].edit->value, sp[i].need_break ? "" : brk);
        else
            w += (size_t)sprintf(o + w, "%s", sp[i].edit->value);
        from = sp[i].end;
    }
    memcpy(o + w, text + from, len - from);
    w += len - from;
    o[w] = '\0';
    free(sp);
    *out = o;
    *out_len = w;
    return DAPPLE_OK;
}
