/* SPDX-License-Identifier: MIT
 * The one reader of a preset's lines. It splits text into lines (LF or CRLF; a UTF-8 byte
 * order mark on line 1 is skipped) and says what each line is: blank, comment, section
 * header, "key = value", or none of these, with why. Everything that reads a preset's text
 * goes through it: the strict scan (scan.c), the key loading (preset.c) and the preview's
 * editor (preview/ini_edit.c), so they cannot disagree about what a line means.
 *
 * The grammar (docs/presets.md): a line is blank, a comment (';' or '#' first, after
 * optional spaces), "[texture]", "[layer NAME]" (a ';' or '#' comment may follow the ']')
 * or "key = value" starting in column 1: a key of letters, digits and '_' (at most
 * DP_PRESET_MAX_KEY bytes), spaces, '=', the value. The value ends at a ';' that follows a
 * space or tab (an inline comment) and loses its surrounding spaces and tabs; a value that
 * starts with a quote is refused, as values are taken as written. A line holds at most
 * DP_PRESET_MAX_LINE bytes and only text (no control bytes but tab, no bare CR). A section
 * may appear once; there are at most DP_MAX_LAYERS layers. */
#ifndef DP_INI_LINES_H
#define DP_INI_LINES_H

#include <stdbool.h>
#include <stddef.h>

#include "render/texture.h"

#define DP_PRESET_MAX_LINE  199 /* bytes before the line break */
#define DP_PRESET_MAX_KEY   48
#define DP_PRESET_MAX_BYTES (1024 * 1024)
#define DP_INI_PROBLEM_MAX  192

typedef enum dp_ini_kind {
    DP_INI_BLANK,   /* empty, or spaces and tabs only */
    DP_INI_COMMENT, /* ';' or '#' after optional spaces and tabs */
    DP_INI_SECTION, /* "[texture]" or "[layer NAME]" */
    DP_INI_KEY,     /* "key = value" */
    DP_INI_BAD,     /* none of these (or not read: not text, too long); 'problem' says why */
} dp_ini_kind;

/* How bad a line's problem is, in the order a whole file's problems are reported: a file
 * that is not text is called so whatever its first line looks like, then the first line
 * too long, then the first other mistake. */
typedef enum dp_ini_fault {
    DP_INI_FINE,
    DP_INI_NOT_TEXT, /* a NUL, a control byte, a bare CR */
    DP_INI_TOO_LONG, /* over DP_PRESET_MAX_LINE bytes */
    DP_INI_SYNTAX,   /* anything else the grammar refuses */
} dp_ini_fault;

/* A section the reader has met, in file order. */
typedef struct dp_ini_section {
    char name[DP_NAME_MAX]; /* the layer name; "" for [texture] */
    int line;               /* its header's line */
    int layer;              /* index among the layers, -1 for [texture] */
} dp_ini_section;

typedef struct dp_ini_sections {
    dp_ini_section at[DP_MAX_LAYERS + 1];
    int n, n_layers;
    int texture; /* index of [texture] in at[], -1 if none */
} dp_ini_sections;

/* One line, as dp_ini_next gives it. Offsets are into the reader's text. */
typedef struct dp_ini_line {
    int no; /* 1-based line number */
    dp_ini_kind kind;
    /* The index into the sections of the one this line is in (a header: the one it opens,
     * or the first of its name when it repeats one); -1 before any header and after a
     * header that is refused. */
    int section;
    /* The line without its break (and without a byte order mark), and where the next line
     * starts; crlf: the break is "\r\n". */
    size_t start, end, next;
    bool crlf;
    /* DP_INI_KEY: the value's bytes [val, val_end) without the spaces around it and
     * without an inline comment (the bytes an edit replaces), and the key as written. */
    size_t val, val_end;
    /* DP_INI_FINE, or what is wrong with the line; problem says why (without
     * "FILE:LINE: "). */
    dp_ini_fault fault;
    char key[DP_PRESET_MAX_KEY + 1]; /* the two buffers last: see dp_ini_next */
    char problem[DP_INI_PROBLEM_MAX];
} dp_ini_line;

/* A walk over text[0 .. len), which it borrows; it collects the sections it meets. */
typedef struct dp_ini_reader {
    const char *text;
    size_t len, pos;
    int no, current;
    dp_ini_sections sections;
} dp_ini_reader;

/** Starts a walk over text[0 .. len) (any bytes; the text must outlive the reader). */
void dp_ini_begin(dp_ini_reader *r, const char *text, size_t len);

/** Reads the next line into *l; false at the end of the text. A line with a problem is
 * still given (the walk goes on to the end): a header or key whose shape is clear keeps
 * its kind (a repeated section, too many layers, a key before any section, a quoted value),
 * anything else is DP_INI_BAD. */
bool dp_ini_next(dp_ini_reader *r, dp_ini_line *l);

/** The name edits and messages give the section of index i: "texture", the layer's name,
 * or "" for -1 (no section). */
const char *dp_ini_section_name(const dp_ini_reader *r, int i);

/** True for 1 to 63 bytes of A-Z a-z 0-9 _ -, and not "texture". */
bool dp_layer_name_ok(const char *name);

#endif
