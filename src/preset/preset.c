/* SPDX-License-Identifier: MIT
 * Loading a preset: read the file (bounded), pre-scan it strictly (scan.c), create the
 * layers the scan found, let inih deliver "key = value" pairs through our own line reader
 * (which counts lines, so every message has one), apply each through the parameter table,
 * then check the rules that need to know which lines set what (required keys, radius
 * against rmin/rmax) and finally the spec-wide rules of dp_preset_validate. inih is used
 * with its defaults only: its runtime knobs are process globals, and we keep none. */
#include "preset/preset.h"

#include <errno.h>
#include <ini.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "io/regular_file.h"
#include "preset/params.h"
#include "preset/parse.h"
#include "preset/scan.h"

enum { MAX_PARAMS = 128 }; /* room for every key of the table, with margin */

typedef struct load_ctx {
    const char *file;
    char base_dir[DP_PATH_MAX];
    dp_texture_spec *t;
    const dp_scan *scan;
    const char *text; /* the reader's text and position in it */
    size_t len, pos;
    int line;
    int section; /* index into scan->sections, -1 before the first header */
    bool overflow;
    int seen[DP_MAX_LAYERS + 1][MAX_PARAMS]; /* line that set each key, 0 = not set */
    dapple_error err;
} load_ctx;

/* ---------------------------------------------------------------- inih reader and handler */

/* fgets-like, one line per call without its line break; inih sees exactly the lines the
 * scan approved. */
static char *read_line(char *str, int num, void *stream)
{
    load_ctx *c = stream;
    const char *s;
    size_t n;
    if (!dp_scan_next_line(c->text, c->len, &c->pos, c->line + 1, &s, &n))
        return NULL;
    c->line++;
    if (num < 1 || n >= (size_t)num) {
        c->overflow = true;
        return NULL;
    }
    memcpy(str, s, n);
    str[n] = '\0';
    if (str[0] == '[')
        c->section++;
    return str;
}

static void section_label(const dp_scan_section *sec, char *out, size_t cap)
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
    const dp_scan_section *sec = &c->scan->sections[c->section];
    dp_param_section kind = sec->layer < 0 ? DP_SEC_TEXTURE : DP_SEC_LAYER;
    char where[DP_NAME_MAX + 16];
    dapple_error e;
    section_label(sec, where, sizeof where);
    const dp_param *p = dp_param_find(kind, name);
    if (p == NULL) {
        dp_param_unknown(kind, name, where, &e);
        return dp_fail(&c->err, e.status, "%s:%d: %s", c->file, c->line, e.message);
    }
    int *seen = &c->seen[c->section][param_index(p)];
    if (*seen != 0)
        return dp_fail(&c->err, DAPPLE_E_FORMAT,
                       "%s:%d: duplicate key '%s' in %s (first at line %d)", c->file, c->line,
                       p->key, where, *seen);
    dapple_status st = dp_param_apply(p, c->t, sec->layer, value, c->base_dir, &e);
    if (st != DAPPLE_OK)
        return dp_fail(&c->err, st, "%s:%d: %s: %s", c->file, c->line, name, e.message);
    *seen = c->line;
    return DAPPLE_OK;
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
    load_ctx *c = user;
    (void)section;    /* inih cuts long names; the scan knows the real one */
    if (name == NULL) /* a section header, if inih was built to report them */
        return 1;
    if (c->err.status != DAPPLE_OK || c->section < 0)
        return 0;
    return apply_key(c, name, value) == DAPPLE_OK;
}

/* ---------------------------------------------------------------- rules needing lines */

static int seen_at(const load_ctx *c, int si, const char *key)
{
    const dp_param *p = dp_param_find(si == c->scan->texture ? DP_SEC_TEXTURE : DP_SEC_LAYER, key);
    return p != NULL ? c->seen[si][param_index(p)] : 0;
}

/* radius is shorthand for a constant field; rmin and rmax go with a field that varies. */
static dapple_status check_radius_keys(const load_ctx *c, int si, dapple_error *err)
{
    const dp_scan_section *sec = &c->scan->sections[si];
    const dp_layer_spec *l = &c->t->layers[sec->layer];
    int radius = seen_at(c, si, "radius"), rmin = seen_at(c, si, "rmin");
    int rmax = seen_at(c, si, "rmax"), field = seen_at(c, si, "field");
    const char *f = c->file;
    if (radius != 0 && (rmin != 0 || rmax != 0)) {
        int other = rmin != 0 ? rmin : rmax;
        const char *key = rmin != 0 ? "rmin" : "rmax";
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s:%d: %s: conflicts with %s at line %d (use radius, or rmin and rmax)", f,
                       DP_MAX(radius, other), other > radius ? key : "radius",
                       other > radius ? "radius" : key, DP_MIN(radius, other));
    }
    if (radius != 0 && field != 0 && l->field.kind != DAPPLE_FIELD_CONSTANT)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s:%d: field: a varying field needs rmin and rmax, not radius (line %d)", f,
                       field, radius);
    bool density = l->field.map == DAPPLE_MAP_DENSITY;
    if (radius == 0 && (rmin == 0 || (rmax == 0 && !density)))
        return dp_fail(err, DAPPLE_E_INVALID,
                       density ? "%s:%d: [layer %s] needs radius, or rmin"
                               : "%s:%d: [layer %s] needs radius, or rmin and rmax",
                       f, sec->line, sec->name);
    if (radius == 0 && rmax != 0 && l->field.rmin > l->field.rmax)
        return dp_fail(err, DAPPLE_E_INVALID,
                       rmin > rmax ? "%s:%d: rmin: %g is above rmax (%g)"
                                   : "%s:%d: rmax: %g is below rmin (%g)",
                       f, DP_MAX(rmin, rmax), rmin > rmax ? l->field.rmin : l->field.rmax,
                       rmin > rmax ? l->field.rmax : l->field.rmin);
    if (l->breath && l->style == DP_STYLE_DROPLETS &&
        !(l->field.rmin < dapple_field_opts_rmax(&l->field))) /* nothing to grow */
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s:%d: [layer %s] breath: drops grow from rmin to rmax, so rmax must "
                       "exceed rmin", f, sec->line, sec->name);
    /* A breath figure or rain reads only the two radii, not the field between them. */
    bool grown = (l->breath || l->rain) && l->style == DP_STYLE_DROPLETS;
    if (!grown && l->field.rmin < dapple_field_opts_rmax(&l->field) &&
        l->field.kind == DAPPLE_FIELD_CONSTANT)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s:%d: [layer %s] has rmin < rmax but a constant field (add field = "
                       "perlin or image:PATH, or use radius)",
                       f, sec->line, sec->name);
    return DAPPLE_OK;
}

/* A rain layer: one process grows it, the rain sets each drop's size and its trails. */
static dapple_status check_rain_keys(const load_ctx *c, int si, dapple_error *err)
{
    const dp_scan_section *sec = &c->scan->sections[si];
    const dp_layer_spec *l = &c->t->layers[sec->layer];
    static const char *const sized[] = { "size_jitter", "size_power", "trail", "breath" };
    if (!l->rain || l->style != DP_STYLE_DROPLETS)
        return DAPPLE_OK;
    if (!(l->field.rmin < dapple_field_opts_rmax(&l->field)))
        return dp_fail(err, DAPPLE_E_INVALID,
                       "%s:%d: [layer %s] rain: drops land from rmin and slide by rmax, so rmax "
                       "must exceed rmin", c->file, sec->line, sec->name);
    for (size_t k = 0; k < sizeof sized / sizeof sized[0]; k++) {
        int line = seen_at(c, si, sized[k]);
        if (line != 0)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "%s:%d: %s: a rain layer's sizes and trails come from the rain: "
                           "remove %s or rain", c->file, line, sized[k], sized[k]);
    }
    return DAPPLE_OK;
}

/* Every key set in layer section si is one its style reads. */
static dapple_status check_style_keys(const load_ctx *c, int si, dapple_error *err)
{
    size_t n;
    const dp_param *params = dp_params(&n);
    const dp_layer_spec *l = &c->t->layers[c->scan->sections[si].layer];
    dapple_error e;
    for (size_t i = 0; i < n; i++) {
        int line = c->seen[si][i];
        if (line != 0 && dp_param_check_style(params[i].key, l->style, &e) != DAPPLE_OK)
            return dp_fail(err, e.status, "%s:%d: %s: %s", c->file, line, params[i].key,
                           e.message);
    }
    return DAPPLE_OK;
}

static dapple_status check_required(const load_ctx *c, dapple_error *err)
{
    const dp_scan *s = c->scan;
    if (s->texture < 0)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s: no [texture] section", c->file);
    if (s->n_layers == 0)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s: no [layer NAME] section (a texture needs at least one layer)", c->file);
    if (seen_at(c, s->texture, "size") == 0)
        return dp_fail(err, DAPPLE_E_INVALID, "%s:%d: [texture] needs size = WxH", c->file,
                       s->sections[s->texture].line);
    for (int si = 0; si < s->n_sections; si++) {
        if (si == s->texture)
            continue;
        if (seen_at(c, si, "style") == 0)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "%s:%d: [layer %s] needs style = circles, outlines, droplets, "
                           "bubbles, stamps, ellipses, chips or blades",
                           c->file, s->sections[si].line, s->sections[si].name);
        /* a density layer with no rmax takes the map's own cap */
        dp_layer_spec *l = &c->t->layers[s->sections[si].layer];
        if (l->field.map == DAPPLE_MAP_DENSITY && seen_at(c, si, "rmax") == 0 &&
            seen_at(c, si, "radius") == 0)
            l->field.rmax = 0;
        dapple_status st = check_radius_keys(c, si, err);
        if (st == DAPPLE_OK)
            st = check_style_keys(c, si, err);
        if (st == DAPPLE_OK)
            st = check_rain_keys(c, si, err);
        if (st != DAPPLE_OK)
            return st;
    }
    return DAPPLE_OK;
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

static void create_layers(const dp_scan *s, dp_texture_spec *t)
{
    for (int i = 0; i < s->n_sections; i++) {
        const dp_scan_section *sec = &s->sections[i];
        if (sec->layer < 0)
            continue;
        dp_layer_spec *l = &t->layers[sec->layer];
        dp_layer_spec_init(l);
        snprintf(l->name, sizeof l->name, "%s", sec->name);
        l->line = sec->line;
    }
    t->n_layers = s->n_layers;
}

static dapple_status parse_keys(load_ctx *c, const char *text, size_t len, dapple_error *err)
{
    c->text = text;
    c->len = len;
    c->pos = 0;
    c->section = -1;
    int r = ini_parse_stream(read_line, c, on_key, c);
    if (c->err.status != DAPPLE_OK)
        return dp_fail(err, c->err.status, "%s", c->err.message);
    if (c->overflow)
        return dp_fail(err, DAPPLE_E_FORMAT,
                       "%s:%d: line too long (max %d bytes not counting the line break)", c->file,
                       c->line, DP_PRESET_MAX_LINE);
    if (r != 0)
        return dp_fail(err, DAPPLE_E_FORMAT, "%s:%d: cannot parse this line", c->file, r);
    return DAPPLE_OK;
}

dapple_status dp_preset_parse_string(const char *text, size_t len, const char *file,
                                     dp_texture_spec *out, dapple_error *err)
{
    size_t n_params;
    dp_params(&n_params);
    if (n_params > MAX_PARAMS)
        return dp_fail(err, DAPPLE_E_INVALID, "internal: parameter table too long");
    dp_texture_spec_init(out);
    dp_scan scan;
    load_ctx *c = dp_calloc_n(1, sizeof *c);
    if (c == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "%s: out of memory", file);
    c->file = file;
    c->t = out;
    c->scan = &scan;
    dapple_status st = dp_scan_text(text, len, file, &scan, err);
    if (st == DAPPLE_OK)
        st = set_names(file, out, c->base_dir, err);
    if (st == DAPPLE_OK) {
        create_layers(&scan, out);
        st = parse_keys(c, text, len, err);
    }
    if (st == DAPPLE_OK)
        st = check_required(c, err);
    free(c);
    return st != DAPPLE_OK ? st : dp_preset_validate(out, err);
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
