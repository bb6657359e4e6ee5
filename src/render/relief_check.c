/* SPDX-License-Identifier: MIT
 * The refusal of a texture with no relief (relief.h), apart from the relief itself: it
 * names the styles through the table of layer kinds (draw.c), which reaches every style,
 * and the relief is drawn from inside the height maps those styles read, so one file
 * holding both would close a circle of calls. */
#include <stdio.h>

#include "core/dp.h"
#include "render/layer.h"
#include "render/relief.h"

static const char *style_name(dp_style style)
{
    const dp_layer_kind *k = dp_layer_kind_for(style);
    return k != NULL ? k->name : "?";
}

dapple_status dp_relief_check(const dp_texture_spec *t, dapple_error *err)
{
    return dp_relief_check_for(t, "--height and --normal would write flat maps", err);
}

dapple_status dp_relief_check_for(const dp_texture_spec *t, const char *consequence,
                                  dapple_error *err)
{
    char names[200] = "";
    size_t used = 0;
    for (int i = 0; i < t->n_layers; i++) {
        const dp_layer_spec *l = &t->layers[i];
        if (!dp_relief_none(l))
            return DAPPLE_OK;
        int w = snprintf(names + used, sizeof names - used, "%s'%s' (%s)", i > 0 ? ", " : "",
                         l->name, style_name(l->style));
        used = w > 0 ? DP_MIN(sizeof names - 1, used + (size_t)w) : used;
    }
    return dp_fail(err, DAPPLE_E_INVALID, "no layer has relief (%s): %s", names, consequence);
}
