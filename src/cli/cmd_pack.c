/* SPDX-License-Identifier: MIT
 * `dapple pack`: placeholder until the batch renderer lands. */
#include "cli/commands.h"

#include <stdio.h>

int dp_cmd_pack(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "dapple: pack: not implemented yet\n");
    return 1;
}
