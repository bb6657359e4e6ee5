/* SPDX-License-Identifier: MIT
 * Fuzz builds only: stb_image compiled from Debian's header with the fuzzer's coverage and
 * sanitizers, in place of the uninstrumented libstb.so (same version, same source). Without
 * it libFuzzer sees none of the decoder it is meant to probe. Never link this into the
 * library or the CLI: they use libstb.so, and the two would clash. */
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>
