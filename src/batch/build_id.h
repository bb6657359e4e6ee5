/* SPDX-License-Identifier: MIT
 * Which code made an output: the sha256 of the sources this binary was built from,
 * computed by the Makefile (see ID_SRC there), so two builds of the same sources agree on
 * every machine and any change to the code is a different build. */
#ifndef DP_BATCH_BUILD_ID_H
#define DP_BATCH_BUILD_ID_H

/** 64 lowercase hex digits. */
const char *dp_build_id(void);

#endif
