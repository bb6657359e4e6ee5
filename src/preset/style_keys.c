/* SPDX-License-Identifier: MIT
 * Keys that only some layer styles read. A key set on a layer whose style ignores it
 * would be a silent no-op, so a preset or --set that does it is refused, naming the
 * styles that read it. Keys not listed here are read by every style. */
#include "preset/params.h"

#include <stdio.h>
#include <string.h>

#include "core/dp.h"

#define S(style) (1u << (style))
#define SHADOWED                                                                           \
    (S(DP_STYLE_CIRCLES) | S(DP_STYLE_OUTLINES) | S(DP_STYLE_STAMPS) | S(DP_STYLE_ELLIPSES) | \
     S(DP_STYLE_CHIPS) | S(DP_STYLE_BLADES))
#define SIZED ((SHADOWED & ~S(DP_STYLE_STAMPS)) | S(DP_STYLE_DROPLETS) | S(DP_STYLE_BUBBLES))

static const struct {
    const char *key;
    unsigned styles;
} style_keys[] = {
    { "stroke_width", S(DP_STYLE_OUTLINES) | S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) |
                              S(DP_STYLE_BLADES) },
    { "stamp", S(DP_STYLE_STAMPS) },
    { "stamp_scale_jitter", S(DP_STYLE_STAMPS) },
    { "stamp_tint", S(DP_STYLE_STAMPS) },
    { "tilt", S(DP_STYLE_STAMPS) },
    { "buds", S(DP_STYLE_STAMPS) },
    { "stems", S(DP_STYLE_STAMPS) },
    { "mirror", S(DP_STYLE_STAMPS) | S(DP_STYLE_CHIPS) },
    { "shadow", SHADOWED },
    { "shadow_offset", SHADOWED },
    { "shadow_softness", SHADOWED },
    { "aspect", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "aspect_jitter", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "corners", S(DP_STYLE_CHIPS) },
    { "irregularity", S(DP_STYLE_CHIPS) },
    { "filled", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "bevel", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "wobble", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "roughness", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "grain", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "veins", S(DP_STYLE_ELLIPSES) | S(DP_STYLE_CHIPS) },
    { "blades", S(DP_STYLE_BLADES) },
    /* water (issue #18): sizes drawn per point for every style but stamps (which have
     * stamp_scale_jitter); the drop's shape, frost, trails and merging for droplets; gas
     * bubbles and trains for bubbles */
    { "size_jitter", SIZED },
    { "size_power", SIZED },
    { "size_min", SIZED },
    { "size_bell", SIZED },
    { "size_mode", SIZED },
    { "drop_stretch", S(DP_STYLE_DROPLETS) },
    { "drop_sag", S(DP_STYLE_DROPLETS) },
    { "drop_contact", S(DP_STYLE_DROPLETS) },
    { "drop_wobble", S(DP_STYLE_DROPLETS) },
    { "drop_glint", S(DP_STYLE_DROPLETS) },
    { "drop_micro", S(DP_STYLE_DROPLETS) },
    { "frost", S(DP_STYLE_DROPLETS) },
    { "frost_blur", S(DP_STYLE_DROPLETS) },
    { "trail", S(DP_STYLE_DROPLETS) },
    { "trail_length", S(DP_STYLE_DROPLETS) },
    { "merge", S(DP_STYLE_DROPLETS) },
    { "breath", S(DP_STYLE_DROPLETS) },
    { "breath_cover", S(DP_STYLE_DROPLETS) },
    { "rain", S(DP_STYLE_DROPLETS) },
    { "rain_time", S(DP_STYLE_DROPLETS) },
    { "rain_rate", S(DP_STYLE_DROPLETS) },
    { "rain_slide", S(DP_STYLE_DROPLETS) },
    { "bubble_gas", S(DP_STYLE_BUBBLES) },
    { "trains", S(DP_STYLE_BUBBLES) },
    { "train_growth", S(DP_STYLE_BUBBLES) },
    { "cluster", S(DP_STYLE_BUBBLES) },
};

static const char *const style_names[] = { "circles",  "outlines", "droplets", "bubbles",
                                           "stamps",   "ellipses", "chips",    "blades" };

/* "stamps and chips" for a mask of styles. */
static void list_styles(unsigned mask, char *out, size_t cap)
{
    size_t n = 0, total = 0, seen = 0;
    for (unsigned m = mask; m != 0; m &= m - 1)
        total++;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof style_names / sizeof style_names[0]; i++) {
        if (!(mask & (1u << i)))
            continue;
        seen++;
        const char *sep = seen == 1 ? "" : seen == total ? " and " : ", ";
        n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s", sep, style_names[i]);
    }
}

dapple_status dp_param_check_style(const char *key, dp_style style, dapple_error *err)
{
    for (size_t i = 0; i < sizeof style_keys / sizeof style_keys[0]; i++) {
        if (strcmp(style_keys[i].key, key) != 0 || (style_keys[i].styles & S(style)))
            continue;
        char list[128];
        list_styles(style_keys[i].styles, list, sizeof list);
        bool known = (size_t)style < sizeof style_names / sizeof style_names[0];
        return dp_fail(err, DAPPLE_E_INVALID, "applies only to %s layers, not to %s", list,
                       known ? style_names[style] : "this style");
    }
    return DAPPLE_OK;
}
