/* SPDX-License-Identifier: MIT
 * Loading a preset: read the file (bounded), pre-scan it strictly (scan.c), create the
 * layers the scan found, apply each "key = value" the line reader (ini_lines.c) gives
 * through the parameter table, then check the rules that need to know which lines set
 * what (required keys, radius against rmin/rmax) and finally the spec-wide rules of
 * dp_preset_validate. Every error keeps the line it names as data beside its message. */
#include "preset/preset.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "io/regular_file.h"
#include "preset/ini_lines.h"
#include "preset/params.h"
#include "preset/parse.h"
#include "preset/scan.h"

enum { MAX_PARAMS = 128 }; /* room for every key of the table, with margin */

typedef struct load_ctx {
    const char *file;
    char base_dir[DP_PATH_MAX];
    dp_texture_spec *t;
    dp_ini_sections scan;
    int line;                                /* the key line being applied */
    int section;                             /* its index into scan.at */
    int seen[DP_MAX_LAYERS + 1][MAX_PARAMS]; /* line that set each key, 0 = not set */
    int fault;                               /* the line the error names, 0 for none */
    dapple_error *err;
} load_ctx;

/* "FILE:LINE: message" into the caller's error, the line also kept as data (c->fault). */
static dapple_status fail_at(load_ctx *c, int line, dapple_status st, const char *fmt, ...)
        DP_PRINTF(4, 5);

static dapple_status fail_at(load_ctx *c, int line, dapple_status st, const char *fmt, ...)
{
    char msg[sizeof c->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    c->fault = line;
    return dp_fail(c->err, st, "%s:%d: %s", c->file, line, msg);
}

/* ---------------------------------------------------------------- keys */

static void section_label(const dp_ini_section *sec, char *out, size_t cap)
{
    snprintf(out, cap, sec->layer < 0 ? "[texture]" : "[layer %s]", sec->name);
}

static size_t param_index(const dp_param *p)
{
    size_t n;
    return (size_t)(p - dp_params(&n));
}

static dapple_status apply_key(load_ctx *c, const char *name, const char *value)
{
    const dp_ini_section *sec = &c->scan.at[c->section];
    dp_param_section kind = sec->layer < 0 ? DP_SEC_TEXTURE : DP_SEC_LAYER;
    char where[DP_NAME_MAX + 16];
    dapple_error e;
    section_label(sec, where, sizeof where);
    const dp_param *p = dp_param_find(kind, name);
    if (p == NULL) {
        dp_param_unknown(kind, name, where, &e);
        return fail_at(c, c->line, e.status, "%s", e.message);
    }
    int *seen = &c->seen[c->section][param_index(p)];
    if (*seen != 0)
        return fail_at(c, c->line, DAPPLE_E_FORMAT, "duplicate key '%s' in %s (first at line %d)",
                       p->key, where, *seen);
    dapple_status st = dp_param_apply(p, c->t, sec->layer, value, c->base_dir, &e);
    if (st != DAPPLE_OK)
        return fail_at(c, c->line, st, "%s: %s", name, e.message);
    *seen = c->line;
    return DAPPLE_OK;
}

/* Every key line in file order, after the scan found the text sound (so every key line is
 * in a section and holds at most DP_PRESET_MAX_LINE bytes). */
static dapple_status apply_keys(load_ctx *c, const char *text, size_t len)
{
    dp_ini_reader r;
    dp_ini_line l;
    char value[DP_PRESET_MAX_LINE + 1];
    dapple_status st = DAPPLE_OK;
    dp_ini_begin(&r, text, len);
    while (st == DAPPLE_OK && dp_ini_next(&r, &l)) {
        if (l.kind != DP_INI_KEY || l.section < 0) /* the scan refused a key out of place */
            continue;
        memcpy(value, text + l.val, l.val_end - l.val);
        value[l.val_end - l.val] = '\0';
        c->line = l.no;
        c->section = l.section;
        st = apply_key(c, l.key, value);
    }
    return st;
}

/* ---------------------------------------------------------------- rules needing lines */

static int seen_at(const load_ctx *c, int si, const char *key)
{
    const dp_param *p = dp_param_find(si == c->scan.texture ? DP_SEC_TEXTURE : DP_SEC_LAYER, key);
    return p != NULL ? c->seen[si][param_index(p)] : 0;
}

/* radius is shorthand for a constant field; rmin and rmax go with a field that varies. */
static dapple_status check_radius_keys(load_ctx *c, int si)
{
    const dp_ini_section *sec = &c->scan.at[si];
    const dp_layer_spec *l = &c->t->layers[sec->layer];
    int radius = seen_at(c, si, "radius"), rmin = seen_at(c, si, "rmin");
    int rmax = seen_at(c, si, "rmax"), field = seen_at(c, si, "field");
    if (radius != 0 && (rmin != 0 || rmax != 0)) {
        int other = rmin != 0 ? rmin : rmax;
        const char *key = rmin != 0 ? "rmin" : "rmax";
        return fail_at(c, DP_MAX(radius, other), DAPPLE_E_INVALID,
                       "%s: conflicts with %s at line %d (use radius, or rmin and rmax)",
                       other > radius ? key : "radius", other > radius ? "radius" : key,
                       DP_MIN(radius, other));
    }
    if (radius != 0 && field != 0 && l->field.kind != DAPPLE_FIELD_CONSTANT)
        return fail_at(c, field, DAPPLE_E_INVALID,
                       "field: a varying field needs rmin and rmax, not radius (line %d)", radius);
    bool density = l->field.map == DAPPLE_MAP_DENSITY;
    if (radius == 0 && (rmin == 0 || (rmax == 0 && !density)))
        return fail_at(c, sec->line, DAPPLE_E_INVALID,
                       density ? "[layer %s] needs radius, or rmin"
                               : "[layer %s] needs radius, or rmin and rmax",
                       sec->name);
    if (radius == 0 && rmax != 0 && l->field.rmin > l->field.rmax)
        return fail_at(c, DP_MAX(rmin, rmax), DAPPLE_E_INVALID,
                       rmin > rmax ? "rmin: %g is above rmax (%g)" : "rmax: %g is below rmin (%g)",
                       rmin > rmax ? l->field.rmin : l->field.rmax,
                       rmin > rmax ? l->field.rmax : l->field.rmin);
    if (l->breath && l->style == DP_STYLE_DROPLETS &&
        !(l->field.rmin < dapple_field_opts_rmax(&l->field))) /* nothing to grow */
        return fail_at(c, sec->line, DAPPLE_E_INVALID,
                       "[layer %s] breath: drops grow from rmin to rmax, so rmax must exceed rmin",
                       sec->name);
    /* A breath figure or rain reads only the two radii, not the field between them. */
    bool grown = (l->breath || l->rain) && l->style == DP_STYLE_DROPLETS;
    if (!grown && l->field.rmin < dapple_field_opts_rmax(&l->field) &&
        l->field.kind == DAPPLE_FIELD_CONSTANT)
        return fail_at(c, sec->line, DAPPLE_E_INVALID,
                       "[layer %s] has rmin < rmax but a constant field (add field = perlin or "
                       "image:PATH, or use radius)",
                       sec->name);
    return DAPPLE_OK;
}

/* A rain layer: one process grows it, the rain sets each drop's size and its trails. */
static dapple_status check_rain_keys(load_ctx *c, int si)
{
    const dp_ini_section *sec = &c->scan.at[si];
    const dp_layer_spec *l = &c->t->layers[sec->layer];
    static const char *const sized[] = { "size_jitter", "size_power", "trail", "breath" };
    if (!l->rain || l->style != DP_STYLE_DROPLETS)
        return DAPPLE_OK;
    if (!(l->field.rmin < dapple_field_opts_rmax(&l->field)))
        return fail_at(c, sec->line, DAPPLE_E_INVALID,
                       "[layer %s] rain: drops land from rmin and slide by rmax, so rmax must "
                       "exceed rmin",
                       sec->name);
    for (size_t k = 0; k < sizeof sized / sizeof sized[0]; k++) {
        int line = seen_at(c, si, sized[k]);
        if (line != 0)
            return fail_at(c, line, DAPPLE_E_INVALID,
                           "%s: a rain layer's sizes and trails come from the rain: remove %s or "
                           "rain",
                           sized[k], sized[k]);
    }
    return DAPPLE_OK;
}

/* Every key set in layer section si is one its style reads. */
static dapple_status check_style_keys(load_ctx *c, int si)
{
    size_t n;
    const dp_param *params = dp_params(&n);
    const dp_layer_spec *l = &c->t->layers[c->scan.at[si].layer];
    dapple_error e;
    for (size_t i = 0; i < n; i++) {
        int line = c->seen[si][i];
        if (line != 0 && dp_param_check_style(params[i].key, l->style, &e) != DAPPLE_OK)
            return fail_at(c, line, e.status, "%s: %s", params[i].key, e.message);
    }
    return DAPPLE_OK;
}

static dapple_status check_layer_keys(load_ctx *c, int si)
{
    const dp_ini_section *sec = &c->scan.at[si];
    if (seen_at(c, si, "style") == 0)
        return fail_at(c, sec->line, DAPPLE_E_INVALID,
                       "[layer %s] needs style = circles, outlines, droplets, bubbles, stamps, "
                       "ellipses, chips, blades, cells, crystals, stars, splatter or snow",
                       sec->name);
    /* a density layer with no rmax takes the map's own cap */
    dp_layer_spec *l = &c->t->layers[sec->layer];
    if (l->field.map == DAPPLE_MAP_DENSITY && seen_at(c, si, "rmax") == 0 &&
        seen_at(c, si, "radius") == 0)
        l->field.rmax = 0;
    dapple_status st = check_radius_keys(c, si);
    if (st == DAPPLE_OK)
        st = check_style_keys(c, si);
    if (st == DAPPLE_OK)
        st = check_rain_keys(c, si);
    return st;
}

static dapple_status check_required(load_ctx *c)
{
    const dp_ini_sections *s = &c->scan;
    if (s->texture < 0)
        return dp_fail(c->err, DAPPLE_E_FORMAT, "%s: no [texture] section", c->file);
    if (s->n_layers == 0)
        return dp_fail(c->err, DAPPLE_E_FORMAT,
                       "%s: no [layer NAME] section (a texture needs at least one layer)", c->file);
    if (seen_at(c, s->texture, "size") == 0)
        return fail_at(c, s->at[s->texture].line, DAPPLE_E_INVALID, "[texture] needs size = WxH");
    dapple_status st = DAPPLE_OK;
    for (int si = 0; st == DAPPLE_OK && si < s->n; si++)
        if (si != s->texture)
            st = check_layer_keys(c, si);
    return st;
}

/* ---------------------------------------------------------------- names and driver */

/* name = file name without ".ini"; base_dir = its folder ("" for the current one). */
static dapple_status set_names(const char *file, dp_texture_spec *t, char *base_dir,
                               dapple_error *err)
{
    size_t len = strlen(file);
    if (len >= DP_PATH_MAX)
        return dp_fail(err, DAPPLE_E_INVALID, "%.60s...: path too long (max %d bytes)", file,
                       DP_PATH_MAX - 1);
    memcpy(t->path, file, len + 1);
    const char *slash = strrchr(file, '/');
    const char *base = slash != NULL ? slash + 1 : file;
    size_t dir_len = slash == NULL ? 0 : slash == file ? 1 : (size_t)(slash - file);
    memcpy(base_dir, file, dir_len);
    base_dir[dir_len] = '\0';
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".ini") == 0)
        n -= 4;
    if (n == 0 || n >= DP_NAME_MAX)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: preset name must be 1 to %d bytes", file,
                       DP_NAME_MAX - 1);
    memcpy(t->name, base, n);
    t->name[n] = '\0';
    return DAPPLE_OK;
}

static void create_layers(const dp_ini_sections *s, dp_texture_spec *t)
{
    for (int i = 0; i < s->n; i++) {
        const dp_ini_section *sec = &s->at[i];
        if (sec->layer < 0)
            continue;
        dp_layer_spec *l = &t->layers[sec->layer];
        dp_layer_spec_init(l);
        snprintf(l->name, sizeof l->name, "%s", sec->name);
        l->line = sec->line;
    }
    t->n_layers = s->n_layers;
}

static dapple_status parse(load_ctx *c, const char *text, size_t len)
{
    dapple_status st = dp_scan_text(text, len, c->file, &c->scan, &c->fault, c->err);
    if (st == DAPPLE_OK)
        st = set_names(c->file, c->t, c->base_dir, c->err);
    if (st == DAPPLE_OK) {
        create_layers(&c->scan, c->t);
        st = apply_keys(c, text, len);
    }
    if (st == DAPPLE_OK)
        st = check_required(c);
    if (st == DAPPLE_OK)
        st = dp_preset_validate_where(c->t, &c->fault, c->err);
    return st;
}

dapple_status dp_preset_parse_where(const char *text, size_t len, const char *file,
                                    dp_texture_spec *out, int *line, dapple_error *err)
{
    size_t n_params;
    dp_params(&n_params);
    *line = 0;
    if (n_params > MAX_PARAMS)
        return dp_fail(err, DAPPLE_E_INVALID, "internal: parameter table too long");
    dp_texture_spec_init(out);
    load_ctx *c = dp_calloc_n(1, sizeof *c);
    if (c == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", file);
    dapple_error e = { 0 };
    c->file = file;
    c->t = out;
    c->err = &e; /* fail_at needs somewhere to write when the caller passes no err */
    dapple_status st = parse(c, text, len);
    *line = st != DAPPLE_OK ? c->fault : 0;
    free(c);
    return st != DAPPLE_OK ? dp_fail(err, st, "%s", e.message) : DAPPLE_OK;
}

dapple_status dp_preset_parse_string(const char *text, size_t len, const char *file,
                                     dp_texture_spec *out, dapple_error *err)
{
    int line;
    return dp_preset_parse_where(text, len, file, out, &line, err);
}

/* At most DP_PRESET_MAX_BYTES + 1 bytes are read, so an oversized file is refused by the
 * scan without being read whole. */
dapple_status dp_preset_read(const char *path, char **text, size_t *len, dapple_error *err)
{
    const char *why;
    FILE *f = dp_fopen_regular(path, &why);
    if (f == NULL)
        return dp_fail(err, DAPPLE_E_IO, "cannot open '%s': %s", path, why);
    char *buf = malloc(DP_PRESET_MAX_BYTES + 1);
    if (buf == NULL) {
        fclose(f);
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", path);
    }
    *len = fread(buf, 1, DP_PRESET_MAX_BYTES + 1, f);
    bool failed = ferror(f) != 0;
    fclose(f);
    if (failed) {
        free(buf);
        return dp_fail(err, DAPPLE_E_IO, "cannot read '%s'", path);
    }
    *text = buf;
    return DAPPLE_OK;
}

dapple_status dp_preset_load(const char *path, dp_texture_spec *out, dapple_error *err)
{
    char *text = NULL;
    size_t len = 0;
    dp_texture_spec_init(out);
    dapple_status st = dp_preset_read(path, &text, &len, err);
    if (st != DAPPLE_OK)
        return st;
    st = dp_preset_parse_string(text, len, path, out, err);
    free(text);
    return st;
}
