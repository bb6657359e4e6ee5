/* SPDX-License-Identifier: MIT
 * The page's description of the keys and the file (see spec_json.h). */
#include "preview/spec_json.h"

#include <stdio.h>
#include <string.h>

#include "preset/params.h"
#include "preview/ini_edit.h"
#include "preview/json_text.h"

static const char *type_name(dp_param_type t)
{
    switch (t) {
    case DP_P_NUMBER:
    case DP_P_RADIUS:
        return "number";
    case DP_P_INT:
    case DP_P_COUNT:
        return "int";
    case DP_P_BOOL:
        return "bool";
    case DP_P_ENUM:
    case DP_P_WRAP: /* its choices: false, true, x, y */
        return "choice";
    case DP_P_COLOUR:
        return "colour";
    case DP_P_COLOURS:
        return "colours";
    default:
        return "text"; /* sizes, fields, paths, lists: typed as the file writes them */
    }
}

/* The names of a choice list, "none" left out when 'skip_none'. */
static json_t *names_json(const dp_choice *choices, bool skip_none, bool *ok)
{
    json_t *a = json_array();
    for (const dp_choice *c = choices; c != NULL && c->name != NULL; c++)
        if (!skip_none || strcmp(c->name, "none") != 0)
            dp_json_push(a, dp_json_str(c->name), ok);
    return a;
}

/* The styles that read a layer key, as the style table of style_keys.c says. */
static json_t *reading_styles(const dp_param *p, bool *ok)
{
    const dp_param *style = dp_param_find(DP_SEC_LAYER, "style");
    json_t *a = json_array();
    dapple_error err;
    for (const dp_choice *c = style->choices; c->name != NULL; c++)
        if (dp_param_check_style(p->key, (dp_style)c->value, &err) == DAPPLE_OK)
            dp_json_push(a, dp_json_str(c->name), ok);
    return a;
}

static json_t *param_json(const dp_param *p, bool *ok)
{
    bool ranged = p->type == DP_P_NUMBER || p->type == DP_P_INT || p->type == DP_P_COUNT ||
                  p->type == DP_P_RADIUS;
    json_t *o = json_object();
    dp_json_set(o, "section", dp_json_str(p->section == DP_SEC_TEXTURE ? "texture" : "layer"), ok);
    dp_json_set(o, "key", dp_json_str(p->key), ok);
    dp_json_set(o, "type", dp_json_str(type_name(p->type)), ok);
    if (ranged) {
        dp_json_set(o, "lo", json_real(p->lo), ok);
        dp_json_set(o, "hi", json_real(p->hi), ok);
    }
    dp_json_set(o, "choices", names_json(p->choices, false, ok), ok);
    dp_json_set(o, "def", dp_json_str(p->def), ok);
    dp_json_set(o, "help", dp_json_str(p->help), ok);
    if (p->section == DP_SEC_LAYER)
        dp_json_set(o, "styles", reading_styles(p, ok), ok);
    return o;
}

static json_t *params_json(bool *ok)
{
    size_t n;
    const dp_param *ps = dp_params(&n);
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        dp_json_push(a, param_json(&ps[i], ok), ok);
    return a;
}

/* Sections in file order, each an object of its keys' values as written; a section whose
 * keys are not together (a file the preset refuses) comes once per run of keys. */
typedef struct sections_ctx {
    json_t *sections, *values; /* our own references; values: the current section's */
    char current[DP_INI_NAME_MAX];
    bool *ok;
} sections_ctx;

static void open_section(sections_ctx *c, const char *name)
{
    json_t *sec = json_object();
    json_decref(c->values);
    c->values = json_object();
    dp_json_set(sec, "name", dp_json_str(name), c->ok);
    dp_json_set(sec, "values", json_incref(c->values), c->ok);
    dp_json_push(c->sections, sec, c->ok);
    snprintf(c->current, sizeof c->current, "%s", name);
}

static void on_key(void *ctx, const char *section, const char *key, const char *value,
                   size_t value_len, int line)
{
    sections_ctx *c = ctx;
    if (c->values == NULL || strcmp(section, c->current) != 0)
        open_section(c, section);
    const dp_param *p =
            dp_param_find(strcmp(section, "texture") == 0 ? DP_SEC_TEXTURE : DP_SEC_LAYER, key);
    json_t *v = json_object();
    dp_json_set(v, "value", dp_json_text(value, value_len), c->ok);
    dp_json_set(v, "line", json_integer(line), c->ok);
    dp_json_set(c->values, p != NULL ? p->key : key, v, c->ok); /* the table's "colour" */
}

json_t *dp_spec_json(const char *text, size_t len)
{
    bool ok = true;
    json_t *o = json_object();
    sections_ctx c = { .sections = json_array(), .ok = &ok };
    dp_json_set(o, "params", params_json(&ok), &ok);
    dp_json_set(o, "masks", names_json(dp_param_find(DP_SEC_TEXTURE, "mask")->choices, true, &ok),
                &ok);
    dp_json_set(o, "sections", json_incref(c.sections), &ok);
    dp_ini_each_key(text, len, on_key, &c);
    json_decref(c.values);
    json_decref(c.sections);
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}
