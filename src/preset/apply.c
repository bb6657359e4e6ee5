/* SPDX-License-Identifier: MIT
 * Storing one parsed value into a texture spec, by the parameter's type. Simple types go
 * to the member named by the table (offset, size); the rest (size, field, palette, radius,
 * avoid, paths) have a small function each. Everything is parsed into a temporary first,
 * so a bad value leaves the spec untouched. Paths are resolved against the preset's
 * folder and must be readable regular files now, not halfway through a render. */
#include "preset/params.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/dp.h"
#include "io/regular_file.h"
#include "preset/field_spec.h"
#include "preset/parse.h"

/* Copies sizeof-checked data into the member the table names. */
static dapple_status store(const dp_param *p, void *base, const void *v, size_t size,
                           dapple_error *err)
{
    if (p->size != size)
        return dp_fail(err, DAPPLE_E_INVALID, "internal: %s has size %zu, not %zu", p->key, p->size,
                       size);
    memcpy((char *)base + p->offset, v, size);
    return DAPPLE_OK;
}

static dapple_status bad_choice(const dp_param *p, const char *value, dapple_error *err)
{
    char list[160] = "", q[DP_QUOTE_MAX];
    dp_suggest sg;
    dp_suggest_init(&sg, value);
    for (const dp_choice *c = p->choices; c->name != NULL; c++) {
        bool last = c[1].name == NULL;
        size_t n = strlen(list);
        snprintf(list + n, sizeof list - n, "%s%s",
                 c == p->choices ? ""
                 : last          ? " or "
                                 : ", ",
                 c->name);
        dp_suggest_try(&sg, c->name);
    }
    dp_quote(value, q);
    /* "12" is not a typo of "16": suggest words only. */
    bool word = (value[0] >= 'a' && value[0] <= 'z') || (value[0] >= 'A' && value[0] <= 'Z');
    if (word && dp_suggest_best(&sg) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "expected %s, got '%s' (did you mean '%s'?)", list, q,
                       dp_suggest_best(&sg));
    return dp_fail(err, DAPPLE_E_INVALID, "expected %s, got '%s'", list, q);
}

static dapple_status apply_enum(const dp_param *p, void *base, const char *value, dapple_error *err)
{
    char name[32];
    /* "color" is as good as "colour", in values as in keys. */
    snprintf(name, sizeof name, "%s", strcmp(value, "color") == 0 ? "colour" : value);
    for (const dp_choice *c = p->choices; c->name != NULL; c++) {
        if (strcmp(c->name, name) != 0)
            continue;
        bool b = c->value != 0;
        if (p->size == sizeof(bool))
            return store(p, base, &b, sizeof b, err);
        return store(p, base, &c->value, sizeof c->value, err);
    }
    return bad_choice(p, value, err);
}

/* The axes that wrap: a bool (both or none) or a choice naming them, x | y << 1. */
static dapple_status apply_wrap(const dp_param *p, void *base, const char *value, dapple_error *err)
{
    bool on;
    if (dp_parse_bool(value, &on)) {
        dp_wrap w = dp_wrap_both(on);
        return store(p, base, &w, sizeof w, err);
    }
    for (const dp_choice *c = p->choices; c->name != NULL; c++)
        if (strcmp(c->name, value) == 0) {
            dp_wrap w = { (c->value & 1) != 0, (c->value & 2) != 0 };
            return store(p, base, &w, sizeof w, err);
        }
    return bad_choice(p, value, err);
}

/* ---------------------------------------------------------------- paths */

/* out = base_dir/path, unless path is absolute or base_dir is empty. */
static dapple_status resolve(const char *base_dir, const char *path, char *out, dapple_error *err)
{
    bool join = path[0] != '/' && base_dir[0] != '\0';
    size_t nb = strlen(base_dir);
    const char *sep = (nb > 0 && base_dir[nb - 1] == '/') ? "" : "/";
    int n = join ? snprintf(out, DP_PATH_MAX, "%s%s%s", base_dir, sep, path)
                 : snprintf(out, DP_PATH_MAX, "%s", path);
    if (n < 0 || n >= DP_PATH_MAX)
        return dp_fail(err, DAPPLE_E_INVALID, "path too long (max %d bytes)", DP_PATH_MAX - 1);
    return DAPPLE_OK;
}

/* A path as it goes into a message: one line, and its end (the file name) kept when long. */
static void quote_path(const char *s, char out[128])
{
    size_t n = strlen(s), from = n > 120 ? n - 117 : 0;
    snprintf(out, 128, "%s%s", from > 0 ? "..." : "", s + from);
    for (char *p = out; *p != '\0'; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
}

/* The file must be a readable regular file, opened without blocking (a FIFO would wait for
 * a writer forever). A path joined to the preset's folder is shown joined, since that is
 * where it was looked for. */
static dapple_status check_file(const char *path, bool joined, dapple_error *err)
{
    char q[128];
    const char *why;
    FILE *f = dp_fopen_regular(path, &why);
    if (f != NULL) {
        fclose(f);
        return DAPPLE_OK;
    }
    quote_path(path, q);
    return dp_fail(err, DAPPLE_E_IO, "cannot open '%s'%s: %s", q,
                   joined ? " (the path is relative to the preset's folder)" : "", why);
}

/* resolve, then check_file: the path a preset names, joined to its folder and readable. */
static dapple_status resolve_file(const char *base_dir, const char *as_written, char *out,
                                  dapple_error *err)
{
    dapple_status st = resolve(base_dir, as_written, out, err);
    bool joined = as_written[0] != '/' && base_dir[0] != '\0';
    return st != DAPPLE_OK ? st : check_file(out, joined, err);
}

/* Copies a comma list into buf (cap bytes) for dp_next_item to cut up. */
static dapple_status copy_list(const char *value, char *buf, size_t cap, dapple_error *err)
{
    if (strlen(value) >= cap)
        return dp_fail(err, DAPPLE_E_INVALID, "list too long (max %zu bytes)", cap - 1);
    strcpy(buf, value);
    return DAPPLE_OK;
}

static dapple_status apply_path(const dp_param *p, void *base, const char *value,
                                const char *base_dir, dapple_error *err)
{
    char path[DP_PATH_MAX] = "";
    for (const dp_choice *c = p->choices; c != NULL && c->name != NULL; c++) {
        if (strcmp(value, c->name) == 0) {
            strcpy(path, value);
            return store(p, base, path, sizeof path, err);
        }
    }
    if (value[0] == '\0')
        return dp_fail(err, DAPPLE_E_INVALID, "expected a file name, got ''");
    dapple_status st = resolve_file(base_dir, value, path, err);
    return st != DAPPLE_OK ? st : store(p, base, path, sizeof path, err);
}

/* "daisy", or "a.png, b.png": each resolved and checked now, stored one after the other
 * with their NULs (dp_layer_stamp); paths may not hold a comma here. */
static dapple_status apply_stamps(dp_layer_spec *l, const char *value, const char *base_dir,
                                  dapple_error *err)
{
    char buf[DP_PATH_MAX], list[DP_STAMPS_MAX] = "", path[DP_PATH_MAX], q[DP_QUOTE_MAX];
    size_t used = 0;
    int n = 0;
    if (copy_list(value, buf, sizeof buf, err) != DAPPLE_OK)
        return err->status;
    char *cursor = buf;
    for (char *item; (item = dp_next_item(&cursor)) != NULL; n++) {
        bool builtin = strcmp(item, "daisy") == 0 || strcmp(item, "leaves") == 0;
        bool daisy = builtin && n == 0 && cursor == NULL; /* a built-in stands alone */
        dp_quote(item, q);
        if (n == DP_MAX_STAMPS)
            return dp_fail(err, DAPPLE_E_INVALID, "expected at most %d stamps", DP_MAX_STAMPS);
        if (item[0] == '\0' || (builtin && !daisy))
            return dp_fail(err, DAPPLE_E_INVALID,
                           "expected daisy, leaves or a comma list of PNG files, got '%s'", q);
        dapple_status st = daisy ? DAPPLE_OK : resolve_file(base_dir, item, path, err);
        size_t len = strlen(daisy ? item : path) + 1;
        if (st == DAPPLE_OK && used + len > sizeof list)
            st = dp_fail(err, DAPPLE_E_INVALID, "list too long (max %zu bytes of resolved paths)",
                         sizeof list - 1);
        if (st != DAPPLE_OK)
            return st;
        memcpy(list + used, daisy ? item : path, len);
        used += len;
    }
    memcpy(l->stamp, list, sizeof list);
    l->n_stamps = DP_MAX(n, 1);
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- layer specials */

static dapple_status apply_field(dp_layer_spec *l, const char *value, const char *base_dir,
                                 dapple_error *err)
{
    dapple_field_opts o = l->field;
    char raw[DP_PATH_MAX], path[DP_PATH_MAX] = "";
    dapple_status st = dp_field_spec_parse(value, &o, raw, sizeof raw, err);
    if (st == DAPPLE_OK && o.kind == DAPPLE_FIELD_IMAGE)
        st = resolve_file(base_dir, raw, path, err);
    if (st == DAPPLE_OK) {
        l->field = o;
        memcpy(l->field_image, path, sizeof path);
    }
    return st;
}

/* none | night-street | overcast | checker[:SIDE] | image:PATH (render/backdrop.h). */
static dapple_status apply_backdrop(dp_texture_spec *t, const char *value, const char *base_dir,
                                    dapple_error *err)
{
    static const dp_choice words[] = { { "none", DP_BACKDROP_NONE },
                                       { "night-street", DP_BACKDROP_NIGHT_STREET },
                                       { "overcast", DP_BACKDROP_OVERCAST },
                                       { "checker", DP_BACKDROP_CHECKER },
                                       { NULL, 0 } };
    for (const dp_choice *c = words; c->name != NULL; c++)
        if (strcmp(value, c->name) == 0) {
            t->backdrop = (dp_backdrop_kind)c->value;
            return DAPPLE_OK;
        }
    if (strncmp(value, "checker:", 8) == 0) {
        double side = 0;
        dapple_status st = dp_expect_double(value + 8, 1, DP_MAX_SIDE, &side, err);
        if (st != DAPPLE_OK)
            return dp_fail_prefix(err, st, "checker square side");
        t->backdrop = DP_BACKDROP_CHECKER;
        t->backdrop_square = side;
        return DAPPLE_OK;
    }
    char q[DP_QUOTE_MAX];
    dp_quote(value, q);
    if (strncmp(value, "image:", 6) != 0 || value[6] == '\0')
        return dp_fail(err, DAPPLE_E_INVALID,
                       "expected none, night-street, overcast, checker[:SIDE] or image:PATH, "
                       "got '%s'",
                       q);
    char path[DP_PATH_MAX];
    dapple_status st = resolve_file(base_dir, value + 6, path, err);
    if (st != DAPPLE_OK)
        return st;
    t->backdrop = DP_BACKDROP_IMAGE;
    memcpy(t->backdrop_image, path, sizeof path);
    return DAPPLE_OK;
}

static dapple_status apply_levels(dp_layer_spec *l, const char *value, dapple_error *err)
{
    return dp_levels_parse(value, &l->field.black, &l->field.white, err);
}

/* "image:A, image:B": each resolved and checked now; paths may not hold a comma here. */
static dapple_status apply_exclude(dp_layer_spec *l, const char *value, const char *base_dir,
                                   dapple_error *err)
{
    char buf[DP_PATH_MAX], raw[DP_PATH_MAX], paths[DP_MAX_EXCLUDE][DP_PATH_MAX];
    int n = 0;
    if (copy_list(value, buf, sizeof buf, err) != DAPPLE_OK)
        return err->status;
    char *cursor = buf;
    for (char *item; (item = dp_next_item(&cursor)) != NULL;) {
        if (n == DP_MAX_EXCLUDE)
            return dp_fail(err, DAPPLE_E_INVALID, "expected at most %d images", DP_MAX_EXCLUDE);
        dapple_status st = dp_exclude_parse(item, raw, sizeof raw, err);
        if (st == DAPPLE_OK)
            st = resolve_file(base_dir, raw, paths[n], err);
        if (st != DAPPLE_OK)
            return st;
        n++;
    }
    memcpy(l->exclude, paths, (size_t)n * sizeof paths[0]);
    l->n_exclude = n;
    return DAPPLE_OK;
}

static dapple_status apply_colours(dp_layer_spec *l, const char *value, dapple_error *err)
{
    dp_rgba pal[DP_MAX_PALETTE];
    char buf[128];
    int n = 0;
    if (copy_list(value, buf, sizeof buf, err) != DAPPLE_OK)
        return err->status;
    char *cursor = buf;
    for (char *item; (item = dp_next_item(&cursor)) != NULL;) {
        if (n == DP_MAX_PALETTE)
            return dp_fail(err, DAPPLE_E_INVALID, "expected at most %d colours", DP_MAX_PALETTE);
        dapple_status st = dp_expect_colour(item, &pal[n++], err);
        if (st != DAPPLE_OK)
            return st;
    }
    memcpy(l->palette, pal, (size_t)n * sizeof pal[0]);
    l->palette_n = n;
    return DAPPLE_OK;
}

static dapple_status apply_radius(const dp_param *p, dp_layer_spec *l, const char *value,
                                  dapple_error *err)
{
    double r = 0;
    dapple_status st = dp_expect_double(value, p->lo, p->hi, &r, err);
    if (st == DAPPLE_OK) {
        l->field.kind = DAPPLE_FIELD_CONSTANT;
        l->field.rmin = r;
        l->field.rmax = r;
        l->field_image[0] = '\0';
    }
    return st;
}

dapple_status dp_spec_layer_index(const dp_texture_spec *t, const char *name, int *index,
                                  dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    dp_suggest sg;
    dp_suggest_init(&sg, name);
    for (int i = 0; i < t->n_layers; i++) {
        if (strcmp(t->layers[i].name, name) == 0) {
            *index = i;
            return DAPPLE_OK;
        }
        dp_suggest_try(&sg, t->layers[i].name);
    }
    dp_quote(name, q);
    if (dp_suggest_best(&sg) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "no layer '%s' (did you mean '%s'?)", q,
                       dp_suggest_best(&sg));
    return dp_fail(err, DAPPLE_E_INVALID, "no layer '%s'", q);
}

static dapple_status apply_avoid(dp_texture_spec *t, int layer, const char *value,
                                 dapple_error *err)
{
    char buf[DP_MAX_LAYERS * (DP_NAME_MAX + 2)], q[DP_QUOTE_MAX];
    uint32_t mask = 0;
    if (copy_list(value, buf, sizeof buf, err) != DAPPLE_OK)
        return err->status;
    char *cursor = buf;
    for (char *item; (item = dp_next_item(&cursor)) != NULL;) {
        int i = -1;
        if (item[0] == '\0')
            return dp_fail(err, DAPPLE_E_INVALID, "expected a comma list of earlier layer names");
        dapple_status st = dp_spec_layer_index(t, item, &i, err);
        if (st != DAPPLE_OK)
            return st;
        dp_quote(item, q);
        if (i >= layer)
            return dp_fail(err, DAPPLE_E_INVALID,
                           "'%s' is not an earlier layer (avoid must name earlier layers)", q);
        mask |= 1u << i;
    }
    t->layers[layer].avoid_mask = mask;
    return DAPPLE_OK;
}

/* ---------------------------------------------------------------- by type */

static dapple_status apply_scalar(const dp_param *p, void *base, const char *value,
                                  dapple_error *err)
{
    double d = 0;
    int i = 0;
    uint64_t u = 0;
    bool b = false;
    dp_rgba c;
    dapple_status st = DAPPLE_OK;
    switch (p->type) {
    case DP_P_NUMBER:
        st = dp_expect_double(value, p->lo, p->hi, &d, err);
        return st != DAPPLE_OK ? st : store(p, base, &d, sizeof d, err);
    case DP_P_INT:
        st = dp_expect_int(value, (int)p->lo, (int)p->hi, &i, err);
        return st != DAPPLE_OK ? st : store(p, base, &i, sizeof i, err);
    case DP_P_COUNT:
        st = dp_expect_u64(value, (uint64_t)p->lo, (uint64_t)p->hi, &u, err);
        return st != DAPPLE_OK ? st : store(p, base, &(size_t){ (size_t)u }, sizeof(size_t), err);
    case DP_P_U64:
        st = dp_expect_u64(value, 0, UINT64_MAX, &u, err);
        return st != DAPPLE_OK ? st : store(p, base, &u, sizeof u, err);
    case DP_P_BOOL:
        st = dp_expect_bool(value, &b, err);
        return st != DAPPLE_OK ? st : store(p, base, &b, sizeof b, err);
    case DP_P_COLOUR:
        st = dp_expect_colour(value, &c, err);
        return st != DAPPLE_OK ? st : store(p, base, &c, sizeof c, err);
    case DP_P_WRAP:
        return apply_wrap(p, base, value, err);
    default:
        return apply_enum(p, base, value, err);
    }
}

dapple_status dp_param_apply(const dp_param *p, dp_texture_spec *t, int layer, const char *value,
                             const char *base_dir, dapple_error *err)
{
    bool is_layer = p->section == DP_SEC_LAYER;
    if (is_layer != (layer >= 0) || layer >= t->n_layers)
        return dp_fail(err, DAPPLE_E_INVALID, "internal: %s applied to the wrong section", p->key);
    dp_layer_spec *l = is_layer ? &t->layers[layer] : NULL;
    void *base = is_layer ? (void *)l : (void *)t;
    switch (p->type) {
    case DP_P_SIZE:
        return dp_expect_size(value, &t->width, &t->height, err);
    case DP_P_FIELD:
        return apply_field(l, value, base_dir, err);
    case DP_P_COLOURS:
        return apply_colours(l, value, err);
    case DP_P_RADIUS:
        return apply_radius(p, l, value, err);
    case DP_P_LAYERS:
        return apply_avoid(t, layer, value, err);
    case DP_P_LEVELS:
        return apply_levels(l, value, err);
    case DP_P_EXCLUDE:
        return apply_exclude(l, value, base_dir, err);
    case DP_P_PATH:
        return apply_path(p, base, value, base_dir, err);
    case DP_P_STAMPS:
        return apply_stamps(l, value, base_dir, err);
    case DP_P_BACKDROP:
        return apply_backdrop(t, value, base_dir, err);
    default:
        return apply_scalar(p, base, value, err);
    }
}
