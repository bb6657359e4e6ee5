/* SPDX-License-Identifier: MIT
 * The preset text editor (see ini_edit.h). It reads lines with the preset's own reader
 * (preset/ini_lines.h), so a key is where the parser finds it and a value's bytes are the
 * ones the parser reads: replacing them changes that value and nothing else. Lines the
 * parser would refuse are left as they are; the parse after the edit names them. */
#include "preview/ini_edit.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "preset/ini_lines.h"

static const char KEY_CHARS[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_";

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* "color" -> "colour", as the table spells keys. */
static void british(const char *key, char *out, size_t cap)
{
    size_t o = 0, n = strlen(key);
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
    dp_ini_reader r;
    dp_ini_line l;
    for (dp_ini_begin(&r, text, len); dp_ini_next(&r, &l);)
        if (l.kind == DP_INI_KEY)
            fn(ctx, dp_ini_section_name(&r, l.section), l.key, text + l.val, l.val_end - l.val,
               l.no);
}

bool dp_ini_key_at_line(const char *text, size_t len, int line, char *out, size_t cap)
{
    dp_ini_reader r;
    dp_ini_line l;
    char key[DP_INI_NAME_MAX];
    for (dp_ini_begin(&r, text, len); dp_ini_next(&r, &l) && l.no <= line;) {
        if (l.no == line && l.kind == DP_INI_KEY) {
            british(l.key, key, sizeof key);
            snprintf(out, cap, "%s.%s", dp_ini_section_name(&r, l.section), key);
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
    char key[DP_INI_NAME_MAX];
    bool found_section = false;
    dp_ini_reader r;
    dp_ini_line l, anchor = { 0 };
    for (dp_ini_begin(&r, t, len); dp_ini_next(&r, &l);) {
        bool header = l.kind == DP_INI_SECTION, is_key = l.kind == DP_INI_KEY;
        if (!(header || is_key) || strcmp(dp_ini_section_name(&r, l.section), e->section) != 0)
            continue;
        found_section = true;
        anchor = l;
        if (!is_key)
            continue;
        british(l.key, key, sizeof key);
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
