/* SPDX-License-Identifier: MIT
 * `dapple pack PRESET_DIR -o OUT_DIR`: options into a dp_pack_opts, then pack.c does the
 * work. --merge needs no PRESET_DIR: it only reads the shard manifests in OUT_DIR. */
#include "cli/commands.h"

#include <string.h>
#include <unistd.h>

#include "cli/common.h"
#include "cli/pack.h"

static const char USAGE[] = "dapple pack PRESET_DIR -o OUT_DIR [-j N] [--force] [--check]\n"
                            "       [--seeds A..B] [--shard I/N] [--scale F | --scale-to WxH]\n"
                            "       [--size-cap PX] [--max-pixels N]\n"
                            "       dapple pack [PRESET_DIR] -o OUT_DIR --merge";

static void to_pack_opts(const dp_cli_opts *o, dp_pack_opts *po)
{
    memset(po, 0, sizeof *po);
    po->preset_dir = o->input;
    po->out_dir = o->output;
    po->jobs = dp_cli_threads(o);
    po->max_pixels = o->max_pixels;
    po->force = o->force;
    po->check = o->check;
    po->have_seeds = o->have_seeds;
    po->seed_first = o->seed_first;
    po->seed_last = o->seed_last;
    po->shard_index = o->shard_index;
    po->shard_count = o->shard_count;
    po->size_cap = o->size_cap;
    po->scale = o->scale;
    po->scale_to_w = o->scale_to_w;
    po->scale_to_h = o->scale_to_h;
}

int dp_cmd_pack(int argc, char **argv)
{
    dp_cli_opts o;
    dp_pack_opts po;
    int start = dp_cli_start(DP_CMD_PACK, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    if (o.merge)
        return dp_pack_merge(o.output);
    to_pack_opts(&o, &po);
    return dp_pack_run(&po);
}
