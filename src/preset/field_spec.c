/* SPDX-License-Identifier: MIT
 * Field spec strings: "constant", "perlin[:key=value,...]", "image:PATH". The kind is the
 * text before the first ':'; for images everything after it is the path, verbatim, so
 * paths with ':' or ',' work. Perlin options are parsed into a copy and only stored when
 * the whole spec is good, so a failed --set leaves the preset's field as it was. */
#include "preset/field_spec.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/dp.h"
#include "preset/parse.h"

static const char *const perlin_keys[] = { "scale", "octaves", "lacunarity", "gain" };

enum { N_PERLIN_KEYS = 4, MAX_ITEM = 128 };

static dapple_status unknown_kind(const char *spec, size_t kind_len, dapple_error *err)
{
    char raw[MAX_ITEM], kind[DP_QUOTE_MAX];
    static const char *const kinds[] = { "constant", "perlin", "image" };
    snprintf(raw, sizeof raw, "%.*s", (int)DP_MIN(kind_len, (size_t)60), spec);
    dp_quote(raw, kind);
    dp_suggest sg;
    dp_suggest_init(&sg, kind);
    for (size_t i = 0; i < 3; i++)
        dp_suggest_try(&sg, kinds[i]);
    if (dp_suggest_best(&sg) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "unknown field kind '%s' (did you mean '%s'?)", kind,
                       dp_suggest_best(&sg));
    if (strchr(raw, '.') != NULL || strchr(raw, '/') != NULL) /* a file name: forest.png */
        return dp_fail(err, DAPPLE_E_INVALID,
                       "unknown field kind '%s' (an image file is given as image:%s)", kind, kind);
    return dp_fail(err, DAPPLE_E_INVALID,
                   "unknown field kind '%s' (expected constant, image:PATH or "
                   "perlin[:key=value,...])",
                   kind);
}

static dapple_status unknown_perlin_key(const char *raw, dapple_error *err)
{
    char key[DP_QUOTE_MAX];
    dp_quote(raw, key);
    dp_suggest sg;
    dp_suggest_init(&sg, key);
    for (size_t i = 0; i < N_PERLIN_KEYS; i++)
        dp_suggest_try(&sg, perlin_keys[i]);
    if (dp_suggest_best(&sg) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "unknown perlin key '%s' (did you mean '%s'?)", key,
                       dp_suggest_best(&sg));
    return dp_fail(err, DAPPLE_E_INVALID,
                   "unknown perlin key '%s' (expected scale, octaves, lacunarity or gain)", key);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

static dapple_status perlin_value(int key, const char *value, dapple_perlin *p, dapple_error *err)
{
    dapple_error e;
    dapple_status st;
    switch (key) {
    case 0:
        st = dp_expect_double(value, DAPPLE_LIMIT_SCALE_CLI_MIN, DAPPLE_LIMIT_SCALE_CLI_MAX,
                              &p->scale, &e);
        break;
    case 1:
        st = dp_expect_int(value, 1, DAPPLE_LIMIT_OCTAVES, &p->octaves, &e);
        break;
    case 2:
        st = dp_expect_double(value, 1, DAPPLE_LIMIT_LACUNARITY, &p->lacunarity, &e);
        break;
    default:
        st = dp_expect_double(value, 0, 1, &p->gain, &e);
        break;
    }
    if (st != DAPPLE_OK)
        return dp_fail(err, st, "perlin %s: %s", perlin_keys[key], e.message);
    return DAPPLE_OK;
}

/* One "key=value" item of a Perlin spec; 'seen' catches a key given twice. */
static dapple_status perlin_item(char *item, dapple_perlin *p, unsigned *seen, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    char *eq = strchr(item, '=');
    if (eq == NULL) {
        dp_quote(trim(item), q);
        return dp_fail(err, DAPPLE_E_INVALID, "perlin: expected key=value, got '%s'", q);
    }
    *eq = '\0';
    const char *key = trim(item);
    for (int i = 0; i < N_PERLIN_KEYS; i++) {
        if (strcmp(key, perlin_keys[i]) != 0)
            continue;
        if (*seen & (1u << i))
            return dp_fail(err, DAPPLE_E_INVALID, "perlin key '%s' given twice", key);
        *seen |= 1u << i;
        return perlin_value(i, trim(eq + 1), p, err);
    }
    return unknown_perlin_key(key, err);
}

static dapple_status parse_perlin(const char *opts, dapple_perlin *p, dapple_error *err)
{
    char buf[256];
    if (strlen(opts) >= sizeof buf)
        return dp_fail(err, DAPPLE_E_INVALID, "perlin: options too long (max %zu bytes)",
                       sizeof buf - 1);
    strcpy(buf, opts);
    unsigned seen = 0;
    char *item = buf;
    for (;;) {
        char *comma = strchr(item, ',');
        if (comma != NULL)
            *comma = '\0';
        dapple_status st = perlin_item(item, p, &seen, err);
        if (st != DAPPLE_OK || comma == NULL)
            return st;
        item = comma + 1;
    }
}

static dapple_status parse_image(const char *path, char *image_path, size_t cap, dapple_error *err)
{
    if (path[0] == '\0')
        return dp_fail(err, DAPPLE_E_INVALID, "image: expected a path after 'image:'");
    if (strlen(path) >= cap)
        return dp_fail(err, DAPPLE_E_INVALID, "image path too long (max %zu bytes)", cap - 1);
    strcpy(image_path, path);
    return DAPPLE_OK;
}

dapple_status dp_field_spec_parse(const char *spec, dapple_field_opts *o, char *image_path,
                                  size_t cap, dapple_error *err)
{
    const char *colon = strchr(spec, ':');
    size_t kind_len = colon != NULL ? (size_t)(colon - spec) : strlen(spec);
    dapple_field_opts defaults;
    dapple_field_opts_init(&defaults);
    dapple_perlin p = defaults.perlin;

    if (kind_len == 5 && strncmp(spec, "image", 5) == 0 && colon != NULL) {
        dapple_status st = parse_image(colon + 1, image_path, cap, err);
        if (st == DAPPLE_OK)
            o->kind = DAPPLE_FIELD_IMAGE;
        return st;
    }
    if (strcmp(spec, "image") == 0)
        return parse_image("", image_path, cap, err);
    if (strcmp(spec, "constant") == 0 || strcmp(spec, "perlin") == 0) {
        o->kind = spec[0] == 'c' ? DAPPLE_FIELD_CONSTANT : DAPPLE_FIELD_PERLIN;
    } else if (kind_len == 6 && strncmp(spec, "perlin", 6) == 0) {
        dapple_status st = parse_perlin(colon + 1, &p, err);
        if (st != DAPPLE_OK)
            return st;
        o->kind = DAPPLE_FIELD_PERLIN;
    } else if (kind_len == 8 && strncmp(spec, "constant", 8) == 0) {
        return dp_fail(err, DAPPLE_E_INVALID, "field kind 'constant' takes no options");
    } else {
        return unknown_kind(spec, kind_len, err);
    }
    o->perlin = p;
    if (cap > 0)
        image_path[0] = '\0';
    return DAPPLE_OK;
}

dapple_status dp_map_parse(const char *s, dapple_field_map *map, dapple_error *err)
{
    static const char *const names[] = { "radius", "density" };
    char q[DP_QUOTE_MAX];
    dp_suggest sg;
    for (int i = 0; i < 2; i++)
        if (strcmp(s, names[i]) == 0) {
            *map = i == 0 ? DAPPLE_MAP_RADIUS : DAPPLE_MAP_DENSITY;
            return DAPPLE_OK;
        }
    dp_quote(s, q);
    dp_suggest_init(&sg, q);
    for (int i = 0; i < 2; i++)
        dp_suggest_try(&sg, names[i]);
    if (dp_suggest_best(&sg) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID,
                       "expected radius or density, got '%s' (did you mean '%s'?)", q,
                       dp_suggest_best(&sg));
    return dp_fail(err, DAPPLE_E_INVALID, "expected radius or density, got '%s'", q);
}

dapple_status dp_levels_parse(const char *s, double *black, double *white, dapple_error *err)
{
    char buf[64], q[DP_QUOTE_MAX];
    const char *comma = strchr(s, ',');
    double b = 0, w = 1;
    if (comma != NULL && (size_t)(comma - s) < sizeof buf) {
        snprintf(buf, sizeof buf, "%.*s", (int)(comma - s), s);
        if (dp_parse_double(trim(buf), 0, 1, &b) && strlen(comma + 1) < sizeof buf) {
            strcpy(buf, comma + 1);
            if (dp_parse_double(trim(buf), 0, 1, &w) && b < w) {
                *black = b, *white = w;
                return DAPPLE_OK;
            }
        }
    }
    dp_quote(s, q);
    return dp_fail(err, DAPPLE_E_INVALID,
                   "expected BLACK,WHITE with 0 <= BLACK < WHITE <= 1, got '%s'", q);
}

dapple_status dp_exclude_parse(const char *spec, char *path, size_t cap, dapple_error *err)
{
    char q[DP_QUOTE_MAX];
    if (strncmp(spec, "image:", 6) != 0) {
        dp_quote(spec, q);
        return dp_fail(err, DAPPLE_E_INVALID, "expected image:PATH, got '%s'", q);
    }
    return parse_image(spec + 6, path, cap, err);
}
