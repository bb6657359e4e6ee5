/* SPDX-License-Identifier: MIT
 * `dapple preview`'s web server (libmicrohttpd): the page (HTML, CSS and JavaScript built
 * into the binary), the preset's keys and values as JSON, renders of the preset with the
 * page's unsaved changes, and saving those changes into the file. Nothing else is served:
 * no file of the disk is ever sent. */
#ifndef DP_PREVIEW_SERVER_H
#define DP_PREVIEW_SERVER_H

#include <stdbool.h>
#include <stddef.h>

#include "dapple.h"

typedef struct dp_preview_opts {
    const char *preset; /* the file previewed and saved */
    const char *host;   /* numeric address to listen on; "127.0.0.1" by default */
    bool allow_remote;  /* a host that is not loopback is refused unless this is set */
    int port;           /* 0: a free one */
    int size_cap;       /* renders at most this many pixels per side */
    int threads;        /* sampling threads of a render (same bytes for any number) */
    int time_limit;     /* seconds a render may run (> 0) */
} dp_preview_opts;

typedef struct dp_preview dp_preview;

/** Starts serving (threads of its own) and writes the page's address, with its token
 * ("http://ADDR:PORT/?token=HEX"), into url[cap]. *remote is set when the address is not
 * a loopback one (the caller warns). A non-loopback host without allow_remote is refused
 * with DAPPLE_E_INVALID. */
DAPPLE_USERESULT dapple_status dp_preview_start(const dp_preview_opts *o, dp_preview **out,
                                                char *url, size_t cap, bool *remote,
                                                dapple_error *err);

/** Stops renders and the server and removes every scratch file. */
void dp_preview_stop(dp_preview *p);

/** The largest request body accepted (1 MiB); more is refused with 413. */
#define DP_PREVIEW_MAX_BODY (1024 * 1024)

#endif
