/* SPDX-License-Identifier: MIT
 * The build identity (see build_id.h); gen/gen_build_id.h is written by the Makefile. */
#include "batch/build_id.h"

#include "gen_build_id.h" /* in $(BUILD)/gen */

const char *dp_build_id(void)
{
    return DP_BUILD_ID;
}
