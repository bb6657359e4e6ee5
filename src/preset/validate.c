/* SPDX-License-Identifier: MIT
 * Rules that tie keys together, checked on a finished spec however it was filled (preset,
 * --set overrides, or code), and the --set overrides themselves. The checks produce a bare
 * message and the index of the section at fault; the public functions add the location
 * that suits the caller: the preset line, or the assignment that broke the rule. */
#include "preset/preset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "preset/params.h"
#include "preset/parse.h"
#include "preset/ini_lines.h"

#define TEXTURE_SECTION (-1)

/* ---------------------------------------------------------------- rules */

static dapple_status check_texture(const dp_texture_spec *t, dapple_error *err)
{
    dapple_error e;
    if (dp_check_size(t->width, t->height, &e) != DAPPLE_OK)
        return dp_fail(err, e.status, "size: %s", e.message);
    if (t->background == DP_BG_IMAGE && t->bg_image[0] == '\0')
        return dp_fail(err, DAPPLE_E_INVALID, "background = image needs background_image");
    if (t->n_layers < 0 || t->n_layers > DP_MAX_LAYERS)
        return dp_fail(err, DAPPLE_E_INVALID, "%d layers (max %d)", t->n_layers, DP_MAX_LAYERS);
    if (t->mask_depth != 8 && t->mask_depth != 16)
        return dp_fail(err, DAPPLE_E_INVALID, "mask_depth must be 8 or 16, got %d", t->mask_depth);
    return DAPPLE_OK;
}

static dapple_status check_layer(const dp_texture_spec *t, int i, dapple_error *err)
{
    const dp_layer_spec *l = &t->layers[i];
    const dapple_field_opts *f = &l->field;
    for (int j = 0; j < i; j++) {
        if (strcmp(t->layers[j].name, l->name) == 0)
            return dp_fail(err, DAPPLE_E_INVALID, "layer name used twice");
    }
    if (!dp_layer_name_ok(l->name))
        return dp_fail(err, DAPPLE_E_INVALID, "bad layer name (1 to 63 of A-Z a-z 0-9 _ -)");
    if (!(f->rmin >= 0.25 && f->rmax <= 4096))
        return dp_fail(err, DAPPLE_E_INVALID, "radii must be in [0.25, 4096], got %g .. %g",
                       f->rmin, f->rmax);
    if (f->rmin > f->rmax && !(f->map == DAPPLE_MAP_DENSITY && f->rmax == 0))
        return dp_fail(err, DAPPLE_E_INVALID, "rmin (%g) must not exceed rmax (%g)", f->rmin,
                       f->rmax);
    if (f->map != DAPPLE_MAP_DENSITY && f->cutoff != DAPPLE_DEFAULT_CUTOFF)
        return dp_fail(err, DAPPLE_E_INVALID, "cutoff applies only with map = density");
    if (l->n_exclude < 0 || l->n_exclude > DP_MAX_EXCLUDE)
        return dp_fail(err, DAPPLE_E_INVALID, "at most %d exclusion images", DP_MAX_EXCLUDE);
    if (l->count > l->max_points)
        return dp_fail(err, DAPPLE_E_INVALID, "count (%zu) exceeds max_points (%zu)", l->count,
                       l->max_points);
    if (f->kind == DAPPLE_FIELD_IMAGE && l->field_image[0] == '\0')
        return dp_fail(err, DAPPLE_E_INVALID, "an image field needs a path (image:PATH)");
    if (l->k < 1 || l->k > DAPPLE_LIMIT_K || l->max_points < 1 ||
        l->max_points > DAPPLE_LIMIT_POINTS)
        return dp_fail(err, DAPPLE_E_INVALID, "k or max_points out of range");
    if (l->palette_n < 1 || l->palette_n > DP_MAX_PALETTE)
        return dp_fail(err, DAPPLE_E_INVALID, "needs 1 to %d colours", DP_MAX_PALETTE);
    if ((l->avoid_mask >> i) != 0)
        return dp_fail(err, DAPPLE_E_INVALID, "avoid must name earlier layers");
    if (l->clump_spacing > 0 && !(l->clump_radius > 0)) /* it was ignored without a word */
        return dp_fail(err, DAPPLE_E_INVALID,
                       "clump_spacing = %g needs clump_radius, the clumps' size (0: no clumps)",
                       l->clump_spacing);
    return DAPPLE_OK;
}

/* The first broken rule: *fault is TEXTURE_SECTION or the layer's index. */
static dapple_status check_spec(const dp_texture_spec *t, int *fault, dapple_error *err)
{
    *fault = TEXTURE_SECTION;
    dapple_status st = check_texture(t, err);
    for (int i = 0; st == DAPPLE_OK && i < t->n_layers; i++) {
        *fault = i;
        st = check_layer(t, i, err);
    }
    return st;
}

dapple_status dp_preset_validate_where(const dp_texture_spec *t, int *line, dapple_error *err)
{
    int fault;
    dapple_error e;
    *line = 0;
    if (check_spec(t, &fault, &e) == DAPPLE_OK)
        return DAPPLE_OK;
    if (fault == TEXTURE_SECTION)
        return dp_fail(err, e.status, "%s%s%s", t->path, t->path[0] != '\0' ? ": " : "", e.message);
    const dp_layer_spec *l = &t->layers[fault];
    if (t->path[0] != '\0' && l->line > 0) {
        *line = l->line;
        return dp_fail(err, e.status, "%s:%d: [layer %s] %s", t->path, l->line, l->name, e.message);
    }
    return dp_fail(err, e.status, "[layer %s] %s", l->name, e.message);
}

dapple_status dp_preset_validate(const dp_texture_spec *t, dapple_error *err)
{
    int line;
    return dp_preset_validate_where(t, &line, err);
}

/* ---------------------------------------------------------------- --set */

/* "SECTION.KEY" of an assignment, for messages: at most 80 bytes, quoted. */
static void target_of(const char *assignment, char out[DP_QUOTE_MAX])
{
    char lhs[DP_QUOTE_MAX];
    snprintf(lhs, sizeof lhs, "%.*s", (int)strcspn(assignment, "="), assignment);
    dp_quote(lhs, out);
}

/* Applies one assignment to t; *section is the layer index or TEXTURE_SECTION. */
static dapple_status set_one(dp_texture_spec *t, const char *assignment, int *section,
                             dapple_error *err)
{
    char buf[DP_PATH_MAX + 128], target[DP_QUOTE_MAX], where[DP_NAME_MAX + 16];
    dapple_error e;
    *section = TEXTURE_SECTION;
    target_of(assignment, target);
    char *eq = strchr(assignment, '=');
    char *dot = eq != NULL ? memchr(assignment, '.', (size_t)(eq - assignment)) : NULL;
    if (dot == NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "expected SECTION.KEY=VALUE, got '%s'", target);
    if (strlen(assignment) >= sizeof buf)
        return dp_fail(err, DAPPLE_E_INVALID, "%s: value too long (max %d bytes)", target,
                       DP_PATH_MAX);
    strcpy(buf, assignment);
    buf[dot - assignment] = '\0';
    buf[eq - assignment] = '\0';
    const char *sec = buf, *key = buf + (dot - assignment) + 1;
    const char *value = buf + (eq - assignment) + 1;
    if (strcmp(sec, "texture") != 0 && dp_spec_layer_index(t, sec, section, &e) != DAPPLE_OK)
        return dp_fail(err, e.status, "%s: %s", target, e.message);
    dp_param_section kind = *section == TEXTURE_SECTION ? DP_SEC_TEXTURE : DP_SEC_LAYER;
    snprintf(where, sizeof where, kind == DP_SEC_TEXTURE ? "[texture]" : "[layer %s]", sec);
    const dp_param *p = dp_param_find(kind, key);
    dapple_status st = p == NULL ? dp_param_unknown(kind, key, where, &e)
                                 : dp_param_apply(p, t, *section, value, "", &e);
    return st != DAPPLE_OK ? dp_fail(err, st, "%s: %s", target, e.message) : DAPPLE_OK;
}

dapple_status dp_preset_set(dp_texture_spec *t, const char *assignment, dapple_error *err)
{
    return dp_preset_set_all(t, &assignment, 1, err);
}

/* "big.rmax, big.k" for the assignments (marked in 'touched') of the section at fault. */
static void list_targets(const char *const *assignments, const int *touched, size_t n, int fault,
                         char *out, size_t cap)
{
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char target[DP_QUOTE_MAX];
        size_t len = strlen(out);
        if (touched[i] != fault)
            continue;
        target_of(assignments[i], target);
        snprintf(out + len, cap - len, "%s%s", len > 0 ? ", " : "", target);
    }
}

/* Each assignment to a layer key names a key that layer's (final) style reads. */
static dapple_status check_set_styles(const dp_texture_spec *t, const char *const *assignments,
                                      const int *touched, size_t n, dapple_error *err)
{
    for (size_t i = 0; i < n; i++) {
        char target[DP_QUOTE_MAX];
        dapple_error e;
        if (touched[i] == TEXTURE_SECTION)
            continue;
        const char *dot = strchr(assignments[i], '.');
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)strcspn(dot + 1, "="), dot + 1);
        const dp_param *p = dp_param_find(DP_SEC_LAYER, key);
        if (p == NULL || dp_param_check_style(p->key, t->layers[touched[i]].style, &e) == DAPPLE_OK)
            continue;
        target_of(assignments[i], target);
        return dp_fail(err, e.status, "%s: %s", target, e.message);
    }
    return DAPPLE_OK;
}

dapple_status dp_preset_set_all(dp_texture_spec *t, const char *const *assignments, size_t n,
                                dapple_error *err)
{
    dp_texture_spec *copy = malloc(sizeof *copy);
    int *touched = dp_calloc_n(n, sizeof *touched); /* the section each assignment set */
    int fault;
    dapple_error e;
    dapple_status st = DAPPLE_OK;
    if (copy == NULL || touched == NULL)
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory");
    else
        memcpy(copy, t, sizeof *copy);
    for (size_t i = 0; st == DAPPLE_OK && i < n; i++)
        st = set_one(copy, assignments[i], &touched[i], err);
    if (st == DAPPLE_OK)
        st = check_set_styles(copy, assignments, touched, n, err);
    if (st == DAPPLE_OK && check_spec(copy, &fault, &e) != DAPPLE_OK) {
        char targets[160];
        list_targets(assignments, touched, n, fault, targets, sizeof targets);
        st = targets[0] != '\0' ? dp_fail(err, e.status, "%s: %s", targets, e.message)
                                : dp_preset_validate(copy, err);
    }
    if (st == DAPPLE_OK)
        memcpy(t, copy, sizeof *copy);
    free(touched);
    free(copy);
    return st;
}
