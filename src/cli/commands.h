/* SPDX-License-Identifier: MIT
 * The subcommands: each takes its own argv (argv[0] is the subcommand's name) and returns
 * the process exit code. main.c dispatches to them from one table. */
#ifndef DP_CLI_COMMANDS_H
#define DP_CLI_COMMANDS_H

#include <stddef.h>

#include "cli/opts.h"

int dp_cmd_points(int argc, char **argv);
int dp_cmd_field(int argc, char **argv);
int dp_cmd_mask(int argc, char **argv);
int dp_cmd_render(int argc, char **argv);
int dp_cmd_pack(int argc, char **argv);
int dp_cmd_stats(int argc, char **argv);
int dp_cmd_tiles(int argc, char **argv);
int dp_cmd_layers(int argc, char **argv);
int dp_cmd_preview(int argc, char **argv);

/** What `tiles` shares with `mask`: the one-layer texture spec of the options, their
 * --region becoming the view (an image field's path is copied into t). */
DAPPLE_USERESULT dapple_status dp_mask_spec_from_opts(const dp_cli_opts *o, dp_texture_spec *t,
                                                      dapple_error *err);

/** Keeps, in order, the points inside o's --region; returns how many. */
size_t dp_mask_keep_region(const dp_cli_opts *o, dapple_point *p, size_t n);

#endif
