/* SPDX-License-Identifier: MIT
 * A preset's text edited in place: the value of a key is replaced where it stands, keeping
 * the key's spelling, the spaces around '=', a trailing comment and the line break; a key
 * the section lacks is added after the section's last key. Every other byte stays, so a
 * saved file differs from the old one in the changed lines only. */
#ifndef DP_PREVIEW_INI_EDIT_H
#define DP_PREVIEW_INI_EDIT_H

#include <stddef.h>

#include "dapple.h"

#define DP_INI_NAME_MAX 64

/* One change: SECTION ("texture" or a layer name), KEY (the table's spelling), VALUE. */
typedef struct dp_ini_edit {
    char section[DP_INI_NAME_MAX];
    char key[DP_INI_NAME_MAX];
    const char *value; /* points into the caller's buffer */
} dp_ini_edit;

/** Called for each key line, as the preset's reader (preset/ini_lines.h) finds it: its
 * section ("texture" or a layer name; "" before any header or after a refused one), the key
 * as written, the value without its comment and surrounding spaces, and the 1-based line
 * number. */
typedef void (*dp_ini_visit)(void *ctx, const char *section, const char *key, const char *value,
                             size_t value_len, int line);

/** Walks text[0 .. len) (LF or CRLF lines) and calls fn for every key line, in order. */
void dp_ini_each_key(const char *text, size_t len, dp_ini_visit fn, void *ctx);

/** Parses "SECTION.KEY=VALUE" lines (the --set syntax, one per line; blank lines skipped)
 * from 'body', which is modified in place (values end at their line break), into e[0 .. cap).
 * Fails with "line N: expected SECTION.KEY=VALUE", "at most CAP changes", or, for a key
 * that is not letters, digits and '_' ("#note", ";note", empty), "line N: SECTION.KEY:
 * 'KEY' is not a key ..." (a section name likewise). */
DAPPLE_USERESULT dapple_status dp_ini_parse_edits(char *body, dp_ini_edit *e, size_t cap, size_t *n,
                                                  dapple_error *err);

/** New text with every edit applied: *out (malloc'ed, NUL-terminated, *out_len bytes
 * without the NUL). A value with a line break, a NUL or " ;" (which would start a comment)
 * is refused, naming "SECTION.KEY"; so is a section the text does not have. */
DAPPLE_USERESULT dapple_status dp_ini_apply(const char *text, size_t len, const dp_ini_edit *e,
                                            size_t n, char **out, size_t *out_len,
                                            dapple_error *err);

/** The "SECTION.KEY" of the key line 'line' of text, into out[cap]; false when that line
 * holds no key. */
bool dp_ini_key_at_line(const char *text, size_t len, int line, char *out, size_t cap);

#endif
