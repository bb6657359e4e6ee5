/* SPDX-License-Identifier: MIT
 * The subcommands: each takes its own argv (argv[0] is the subcommand's name) and returns
 * the process exit code. main.c dispatches to them from one table. */
#ifndef DP_CLI_COMMANDS_H
#define DP_CLI_COMMANDS_H

int dp_cmd_points(int argc, char **argv);
int dp_cmd_field(int argc, char **argv);
int dp_cmd_mask(int argc, char **argv);
int dp_cmd_render(int argc, char **argv);
int dp_cmd_pack(int argc, char **argv);
int dp_cmd_stats(int argc, char **argv);

#endif
