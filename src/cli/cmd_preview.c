/* SPDX-License-Identifier: MIT
 * `dapple preview`: serves a page that shows the preset and edits it (src/preview/). The
 * signals are blocked before the server's threads start and taken here with sigwait, so
 * Ctrl-C stops the renders, the server and the scratch files in order, from normal code. */
#include "cli/commands.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli/common.h"
#include "preset/preset.h"
#include "preview/render_job.h"
#include "preview/server.h"

static const char USAGE[] = "dapple preview PRESET.ini [--port N] [--host ADDR] [--side PX]";

int dp_cmd_preview(int argc, char **argv)
{
    dp_cli_opts o;
    dapple_error err;
    const char *job = getenv(DP_PREVIEW_JOB_ENV);
    if (job != NULL) /* a render the server started (render_job.c) */
        return dp_job_main(job);
    int start = dp_cli_start(DP_CMD_PREVIEW, argc, argv, USAGE, &o);
    if (start != DP_CLI_GO)
        return start;
    /* the file must load now; later errors are shown on the page */
    dp_texture_spec *t = malloc(sizeof *t);
    if (t == NULL)
        return dp_cli_report(&(dapple_error){ DAPPLE_E_NOMEM, "out of memory" }, DP_EXIT_FAIL);
    dapple_status st = dp_preset_load(o.input, t, &err);
    free(t);
    if (st != DAPPLE_OK)
        return dp_cli_report(&err, DP_EXIT_FAIL);

    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, &old);
    signal(SIGPIPE, SIG_IGN); /* a render job killed while it is fed: write fails instead */
    dp_preview_opts po = { .preset = o.input,
                           .host = o.host,
                           .allow_remote = o.allow_remote,
                           .port = o.port,
                           .size_cap = o.preview_cap,
                           .time_limit = o.time_limit,
                           .threads = dp_cli_threads(&o) };
    dp_preview *p = NULL;
    char url[256];
    bool remote = false;
    if (dp_preview_start(&po, &p, url, sizeof url, &remote, &err) != DAPPLE_OK) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        return dp_cli_report(&err, err.status == DAPPLE_E_INVALID ? DP_EXIT_USAGE : DP_EXIT_FAIL);
    }
    if (remote)
        fprintf(stderr,
                "dapple: warning: --host %s is not a loopback address: other machines "
                "can reach the preview, and its traffic (the token too) is not "
                "encrypted\n",
                o.host);
    printf("dapple: previewing %s at %s (Ctrl-C stops)\n", o.input, url);
    fflush(stdout);
    int sig = SIGINT;
    sigwait(&set, &sig);
    dp_preview_stop(p);
    fprintf(stderr, "dapple: stopped\n");
    return 128 + sig;
}
