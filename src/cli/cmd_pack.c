/* SPDX-License-Identifier: MIT
 * `dapple pack PRESET_DIR -o OUT_DIR`: options into a dp_pack_opts, then the batch engine
 * (batch/pack.c) does the work and this file prints what it tells: the progress bar or
 * lines, the interrupt line's counts, warnings and the summary. --merge needs no
 * PRESET_DIR: it only reads the shard manifests in OUT_DIR. */
#include "cli/commands.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch/pack.h"
#include "cli/common.h"
#include "cli/interrupt.h"
#include "cli/progress.h"

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

/* ------------------------------------------------------------------------- events */

static void say(void *user, const char *message)
{
    (void)user;
    fprintf(stderr, "dapple: %s\n", message);
}

static void begin(void *user, int skipped, int total, bool seeds, int to_render, double cost)
{
    dp_interrupt_pack_begin(skipped, total, seeds);
    dp_progress_init(user, to_render, cost, isatty(STDERR_FILENO));
}

static void started(void *user, const char *label)
{
    dp_progress_started(user, label);
}

static void finished(void *user, const char *label, int files, double seconds, double cost)
{
    dp_interrupt_pack_done(); /* first: an interrupt never says less than the lines above */
    dp_progress_finished(user, label, files, seconds, cost);
}

static void failed(void *user, const char *message, double cost)
{
    dp_progress_failed(user, message, cost);
}

static void note(void *user, const char *message)
{
    dp_progress_note(user, message);
}

static void tick(void *user)
{
    dp_progress_tick(user);
}

static void end(void *user)
{
    dp_progress_end(user);
}

int dp_cmd_pack(int argc, char **argv)
{
    dp_cli_opts o;
    dp_pack_opts po;
    dp_progress progress = { 0 };
    dp_pack_events ev = { .user = &progress,
                          .say = say,
                          .begin = begin,
                          .started = started,
                          .finished = finished,
                          .failed = failed,
                          .note = note,
                          .tick = tick,
                          .end = end,
                          .phase = dp_progress_live_phase,
                          .ticks = isatty(STDERR_FILENO) };
    int start = dp_cli_start(DP_CMD_PACK, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    if (o.merge)
        return dp_pack_merge(o.output, &ev) ? DP_EXIT_OK : DP_EXIT_FAIL;
    to_pack_opts(&o, &po);
    return dp_pack_run(&po, &ev) ? DP_EXIT_OK : DP_EXIT_FAIL;
}
