/* SPDX-License-Identifier: MIT
 * THE parameter table: every key a preset (and `--set`) accepts, with its section, type,
 * range, default and one line of help. Validation, "did you mean" suggestions and
 * docs/presets.md all come from this one table, so they cannot drift apart. */
#ifndef DP_PARAMS_H
#define DP_PARAMS_H

#include <stddef.h>
#include <stdio.h>

#include "dapple.h"
#include "render/texture.h"

typedef enum dp_param_section { DP_SEC_TEXTURE, DP_SEC_LAYER } dp_param_section;

typedef enum dp_param_type {
    DP_P_NUMBER,   /* double in [lo, hi] */
    DP_P_INT,      /* int in [lo, hi] */
    DP_P_COUNT,    /* size_t in [lo, hi] */
    DP_P_U64,      /* uint64_t, 0 .. 2^64-1 */
    DP_P_BOOL,     /* true/false, yes/no, on/off, 1/0 */
    DP_P_ENUM,     /* one of 'choices'; stored as int (or bool when the member is a bool) */
    DP_P_COLOUR,   /* #rgb, #rrggbb, #rrggbbaa into a dp_rgba */
    DP_P_COLOURS,  /* comma list of colours into the layer palette */
    DP_P_SIZE,     /* WxH into the texture width and height */
    DP_P_FIELD,    /* field spec into the layer field (and field_image) */
    DP_P_PATH,     /* a readable file (or one of the words in 'choices'), resolved */
    DP_P_RADIUS,   /* rmin = rmax = value, constant field */
    DP_P_LAYERS,   /* comma list of earlier layer names into avoid_mask */
    DP_P_LEVELS,   /* "BLACK,WHITE" into the layer field's levels */
    DP_P_EXCLUDE,  /* comma list of image:PATH into the layer's exclusion images */
    DP_P_STAMPS,   /* "daisy" or a comma list of files into the layer's stamp list */
    DP_P_BACKDROP, /* none | night-street | overcast | checker[:SIDE] | image:PATH */
    DP_P_WRAP,     /* a bool (both axes or none) or one axis, x | y, into a dp_wrap; 'choices'
                      name false, true, x and y */
} dp_param_type;

typedef struct dp_choice {
    const char *name;
    int value;
} dp_choice;

typedef struct dp_param {
    dp_param_section section;
    const char *key;
    dp_param_type type;
    double lo, hi;            /* NUMBER, INT, COUNT */
    const dp_choice *choices; /* ENUM values, PATH words; ends with a NULL name */
    size_t offset, size;      /* member of dp_texture_spec or dp_layer_spec */
    const char *def;          /* default as written in a preset; NULL: none */
    const char *help;
} dp_param;

/** The whole table, in documentation order. */
const dp_param *dp_params(size_t *count);

/** The key in that section, or NULL. American spellings are accepted ("colors",
 * "background_color"). */
const dp_param *dp_param_find(dp_param_section section, const char *key);

/** Fills err with "unknown key 'rmn' in WHERE (did you mean 'rmin'?)" (or a hint that the
 * key belongs in the other section); 'where' is e.g. "[layer big]". Returns
 * DAPPLE_E_INVALID. */
dapple_status dp_param_unknown(dp_param_section section, const char *key, const char *where,
                               dapple_error *err);

/** Parses 'value' for p and stores it into t (layer = index into t->layers, or -1 for the
 * texture section). Relative paths are joined to base_dir ("" = as given) and must name a
 * readable regular file. 'avoid' names are looked up in t->layers[0 .. t->n_layers). On
 * failure nothing is stored and err has a message without location, e.g.
 * "expected a number in [0.25, 4096], got 'abc'". */
DAPPLE_USERESULT dapple_status dp_param_apply(const dp_param *p, dp_texture_spec *t, int layer,
                                              const char *value, const char *base_dir,
                                              dapple_error *err);

/** Sets *index to the layer called 'name' in t; otherwise fails with "no layer 'bgi'
 * (did you mean 'big'?)". */
dapple_status dp_spec_layer_index(const dp_texture_spec *t, const char *name, int *index,
                                  dapple_error *err);

/** DAPPLE_OK when a layer of 'style' reads 'key' (a layer key of the table, American
 * spelling already mapped); otherwise fails with "applies only to stamps and chips layers,
 * not to circles" (style_keys.c). */
dapple_status dp_param_check_style(const char *key, dp_style style, dapple_error *err);

/** Writes the reference of every key (docs/presets.md) as Markdown. */
void dp_params_write_markdown(FILE *f);

#endif
