/* SPDX-License-Identifier: MIT
 * libFuzzer harness for the option parser: the input's first byte picks a subcommand,
 * the rest is split on newlines into argv. dp_cli_parse must never crash, read out of
 * bounds or leak, whatever the arguments; on success the options must be coherent. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const unsigned COMMANDS[] = { DP_CMD_POINTS, DP_CMD_FIELD, DP_CMD_MASK, DP_CMD_RENDER,
                                     DP_CMD_PACK };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 4096)
        return 0;
    char *text = malloc(size);
    char *argv[130];
    int argc = 1;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    argv[0] = (char *)"dapple";
    for (char *p = text; argc < 128 && p < text + size - 1;) {
        char *nl = memchr(p, '\n', (size_t)(text + size - 1 - p));
        argv[argc++] = p;
        if (nl == NULL)
            break;
        *nl = '\0';
        p = nl + 1;
    }
    argv[argc] = NULL;
    dp_cli_opts o;
    dapple_error err;
    if (dp_cli_parse(COMMANDS[data[0] % 5], argc, argv, &o, &err) == DAPPLE_OK && !o.help) {
        bool other = o.height_path || o.normal_path || o.mask_path || o.points_path ||
                     o.albedo_path || o.roughness_path || o.ao_path;
        if (o.output == NULL && !(o.command == DP_CMD_RENDER && other))
            abort(); /* -o is required by every command but a render with another output */
        if (o.have_rmin && o.have_rmax && o.rmin > o.rmax)
            abort();
    } else if (!o.help && memchr(err.message, '\0', sizeof err.message) == NULL) {
        abort();
    }
    free(text);
    return 0;
}
