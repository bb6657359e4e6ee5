/* SPDX-License-Identifier: MIT
 * `dapple layers`: a preset's sections as `render --set` names them (texture and each
 * layer, with its style), then the keys each kind of section takes, from the parameter
 * table. */
#include "cli/commands.h"

#include <stdio.h>
#include <string.h>

#include "cli/common.h"
#include "preset/params.h"
#include "preset/preset.h"
#include "render/layer.h"

static const char USAGE[] = "dapple layers PRESET.ini";

static void print_keys(dp_param_section section, const char *title)
{
    size_t n;
    const dp_param *p = dp_params(&n);
    int col = printf("%s:", title);
    for (size_t i = 0; i < n; i++) {
        if (p[i].section != section)
            continue;
        if (col + 1 + (int)strlen(p[i].key) > 80) /* wrapped for a terminal */
            col = printf("\n   ");
        col += printf(" %s", p[i].key);
    }
    printf("\n");
}

int dp_cmd_layers(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    dp_texture_spec t;
    int start = dp_cli_start(DP_CMD_LAYERS, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    if (dp_preset_load(o.input, &t, &err) != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);
    printf("%-16s %-10s --set texture.KEY=VALUE\n", "texture", "");
    for (int i = 0; i < t.n_layers; i++) {
        const dp_layer_kind *k = dp_layer_kind_for(t.layers[i].style);
        printf("%-16s %-10s --set %s.KEY=VALUE\n", t.layers[i].name, k ? k->name : "?",
               t.layers[i].name);
    }
    printf("\n");
    print_keys(DP_SEC_TEXTURE, "texture keys");
    print_keys(DP_SEC_LAYER, "layer keys");
    return DP_EXIT_OK;
}
