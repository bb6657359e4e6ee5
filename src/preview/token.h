/* SPDX-License-Identifier: MIT
 * The preview's secret: 256 random bits as 64 hex digits, made once per server. Whoever
 * holds it (in the address the server prints, or in the cookie the page gets from it) is
 * the owner; every other request is refused, so another user of the machine cannot drive
 * the server that listens on its loopback address. */
#ifndef DP_PREVIEW_TOKEN_H
#define DP_PREVIEW_TOKEN_H

#include <stdbool.h>

#include "dapple.h"

#define DP_TOKEN_BYTES 32
#define DP_TOKEN_HEX   (2 * DP_TOKEN_BYTES)

/** Fills out[DP_TOKEN_HEX + 1] with a new token from the kernel's random source
 * (getrandom, else /dev/urandom). Fails with DAPPLE_E_IO when neither gives enough bytes:
 * a guessable token would be worse than none. */
DAPPLE_USERESULT dapple_status dp_token_new(char *out, dapple_error *err);

/** Whether 'given' (may be NULL) is 'token', compared in time that does not depend on
 * where they differ: a wrong guess tells nothing about how close it came. */
bool dp_token_equal(const char *given, const char *token);

#endif
