/* SPDX-License-Identifier: MIT
 * SIGINT, SIGTERM and SIGHUP: the handler removes every temporary the process made (see
 * io/temps.h), prints one line ("dapple: interrupted", for a pack with how far it got) and
 * exits 128 + the signal's number (130, 143, 129). Outputs already renamed into place are
 * whole and stay; the one being written is never half there. */
#ifndef DP_CLI_INTERRUPT_H
#define DP_CLI_INTERRUPT_H

#include <signal.h>
#include <stdbool.h>

/** Installs the handler; main() calls it before any command runs. */
void dp_interrupt_install(void);

/** From now on the line reads "interrupted: DONE of TOTAL presets done; rerun to finish"
 * ("renders" instead of "presets" when seeds multiply them). */
void dp_interrupt_pack_begin(int done, int total, bool seeds);

/** As dp_interrupt_pack_begin, for `tiles`: "interrupted: DONE of TOTAL tiles done; ...".
 * dp_interrupt_pack_done counts them. */
void dp_interrupt_tiles_begin(int done, int total);

/** One more pack job done (any thread). */
void dp_interrupt_pack_done(void);

/** Blocks the three signals in the calling thread, the old mask into *old: threads created
 * meanwhile inherit the block, so the handler runs on a thread that prints nothing more.
 * dp_interrupt_restore puts the old mask back. */
void dp_interrupt_block(sigset_t *old);

void dp_interrupt_restore(const sigset_t *old);

#endif
