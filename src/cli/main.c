/* SPDX-License-Identifier: MIT
 * dapple's entry point: a dispatch table of subcommands, nothing else. Each command
 * parses its own options, prints its own errors and returns the exit code; an interrupt
 * ends any of them through cli/interrupt.c. */
#include <stdio.h>
#include <string.h>

#include "batch/build_id.h"
#include "cli/commands.h"
#include "cli/interrupt.h"
#include "dapple.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command COMMANDS[] = {
    { "points", dp_cmd_points, "sample a radius field and write the points (CSV or JSON)" },
    { "field", dp_cmd_field, "write the prepared radius field as a grey PNG" },
    { "mask", dp_cmd_mask, "write an 8- or 16-bit grey mask (footprint, splat, ...)" },
    { "render", dp_cmd_render, "render a preset to a texture (and height/normal maps)" },
    { "pack", dp_cmd_pack, "render a folder of presets into a texture pack" },
    { "tiles", dp_cmd_tiles, "write a whole world as a grid of mask and point tiles" },
    { "layers", dp_cmd_layers, "list a preset's layers and the keys --set can change" },
    { "preview", dp_cmd_preview, "tune a preset live in the browser (a local web server)" },
    { "stats", dp_cmd_stats, "measure a point set: pair rule, spacing, spectrum, density" },
};

#define N_COMMANDS (sizeof COMMANDS / sizeof COMMANDS[0])

static void usage(FILE *out)
{
    fprintf(out,
            "dapple %s — variable-density Poisson-disk textures and masks\n\n"
            "usage: dapple COMMAND [options]   (dapple COMMAND --help for its options)\n\n",
            DAPPLE_VERSION);
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
}

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "";
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(name, "--version") == 0) {
        printf("dapple %s (build %.12s)\n", DAPPLE_VERSION, dp_build_id());
        return 0;
    }
    dp_interrupt_install();
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, COMMANDS[i].name) == 0)
            return COMMANDS[i].run(argc - 1, argv + 1);
    if (argc > 1)
        fprintf(stderr, "dapple: unknown command '%s' (try dapple --help)\n", name);
    else
        fprintf(stderr, "dapple: missing command (try dapple --help)\n");
    return 2;
}
