/* SPDX-License-Identifier: MIT
 * The page's description of the keys and the file (see spec_json.h). */
#include "preview/spec_json.h"

#include <string.h>

#include "preset/params.h"
#include "preview/ini_edit.h"

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

/* The styles that read a layer key, as the style table of style_keys.c says. */
static void reading_styles(dp_json *j, const dp_param *p)
{
    const dp_param *style = dp_param_find(DP_SEC_LAYER, "style");
    dapple_error err;
    bool first = true;
    dp_json_printf(j, "[");
    for (const dp_choice *c = style->choices; c->name != NULL; c++) {
        if (dp_param_check_style(p->key, (dp_style)c->value, &err) != DAPPLE_OK)
            continue;
        dp_json_printf(j, "%s", first ? "" : ",");
        dp_json_str(j, c->name);
        first = false;
    }
    dp_json_printf(j, "]");
}

static void params_json(dp_json *j)
{
    size_t n;
    const dp_param *ps = dp_params(&n);
    dp_json_printf(j, "\"params\":[");
    for (size_t i = 0; i < n; i++) {
        const dp_param *p = &ps[i];
        bool ranged = p->type == DP_P_NUMBER || p->type == DP_P_INT || p->type == DP_P_COUNT ||
                      p->type == DP_P_RADIUS;
        dp_json_printf(j, "%s{\"section\":\"%s\",\"key\":", i ? "," : "",
                       p->section == DP_SEC_TEXTURE ? "texture" : "layer");
        dp_json_str(j, p->key);
        dp_json_printf(j, ",\"type\":\"%s\"", type_name(p->type));
        if (ranged)
            dp_json_printf(j, ",\"lo\":%.17g,\"hi\":%.17g", p->lo, p->hi);
        dp_json_printf(j, ",\"choices\":[");
        for (const dp_choice *c = p->choices; c != NULL && c->name != NULL; c++) {
            dp_json_printf(j, "%s", c == p->choices ? "" : ",");
            dp_json_str(j, c->name);
        }
        dp_json_printf(j, "],\"def\":");
        dp_json_str(j, p->def);
        dp_json_printf(j, ",\"help\":");
        dp_json_str(j, p->help);
        if (p->section == DP_SEC_LAYER) {
            dp_json_printf(j, ",\"styles\":");
            reading_styles(j, p);
        }
        dp_json_printf(j, "}");
    }
    dp_json_printf(j, "]");
}

static void masks_json(dp_json *j)
{
    const dp_param *mask = dp_param_find(DP_SEC_TEXTURE, "mask");
    bool first = true;
    dp_json_printf(j, "\"masks\":[");
    for (const dp_choice *c = mask->choices; c->name != NULL; c++) {
        if (strcmp(c->name, "none") == 0)
            continue;
        dp_json_printf(j, "%s", first ? "" : ",");
        dp_json_str(j, c->name);
        first = false;
    }
    dp_json_printf(j, "]");
}

/* Sections in file order, each an object of its keys' values as written. */
typedef struct sections_ctx {
    dp_json *j;
    char current[DP_INI_NAME_MAX];
    bool any;
} sections_ctx;

static void on_key(void *ctx, const char *section, const char *key, const char *value,
                   size_t value_len, int line)
{
    sections_ctx *c = ctx;
    if (!c->any || strcmp(section, c->current) != 0) {
        dp_json_printf(c->j, "%s{\"name\":", c->any ? "}}," : "");
        dp_json_str(c->j, section);
        dp_json_printf(c->j, ",\"values\":{");
        snprintf(c->current, sizeof c->current, "%s", section);
        c->any = true;
    } else {
        dp_json_printf(c->j, ",");
    }
    const dp_param *p =
            dp_param_find(strcmp(section, "texture") == 0 ? DP_SEC_TEXTURE : DP_SEC_LAYER, key);
    dp_json_str(c->j, p != NULL ? p->key : key); /* the table's spelling of "colors" */
    dp_json_printf(c->j, ":{\"value\":");
    dp_json_string(c->j, value, value_len);
    dp_json_printf(c->j, ",\"line\":%d}", line);
}

void dp_spec_json(dp_json *j, const char *text, size_t len)
{
    sections_ctx c = { .j = j };
    dp_json_printf(j, "{");
    params_json(j);
    dp_json_printf(j, ",");
    masks_json(j);
    dp_json_printf(j, ",\"sections\":[");
    dp_ini_each_key(text, len, on_key, &c);
    dp_json_printf(j, "%s]}", c.any ? "}}" : "");
}
