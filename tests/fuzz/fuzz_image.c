/* SPDX-License-Identifier: MIT
 * libFuzzer harness for the image loader: every input must either decode to an image
 * within the pixel limit or be refused with a message that starts with the name; anything
 * else (a crash, a sanitizer report, a leak, a bad result, a hang) is a finding. Both
 * outputs are exercised, since grey16 and RGBA8 take different libpng transform paths, and
 * both sources: the file source has its own end-of-file logic (a hang once lived there).
 * `make fuzz` builds and runs it; docs/formats.md records what it found. */

/* Fuzz builds only: stb_image compiled here, from Debian's header, with the fuzzer's
 * coverage and sanitizers. It takes precedence over the uninstrumented libstb.so (same
 * source, same version) that the library links; without it libFuzzer would see none of the
 * decoder it is meant to probe. Nothing outside tests/fuzz may do this. */
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/image_load.h"

/* Small, so the fuzzer spends its time in decoders rather than in huge allocations. */
#define FUZZ_MAX_PIXELS ((uint64_t)1 << 18)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A refusal names the input: "NAME: ...". */
static void check(dapple_status st, const void *pixels, int w, int h, const dapple_error *err,
                  const char *name)
{
    size_t n = strlen(name);
    if (st == DAPPLE_OK) {
        if (pixels == NULL || w <= 0 || h <= 0 || (uint64_t)w * (uint64_t)h > FUZZ_MAX_PIXELS)
            __builtin_trap();
    } else if (pixels != NULL || strncmp(err->message, name, n) != 0 ||
               strncmp(err->message + n, ": ", 2) != 0 || err->status != st) {
        __builtin_trap();
    }
}

static char file_path[] = "/tmp/dapple-fuzz-XXXXXX";

static void remove_file(void)
{
    unlink(file_path);
}

/* The input as a file: one temporary file per process, rewritten for each input. */
static const char *as_file(const uint8_t *data, size_t size)
{
    static int fd = -1;
    if (fd < 0) {
        fd = mkstemp(file_path);
        if (fd < 0)
            __builtin_trap();
        atexit(remove_file);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
        __builtin_trap();
    return file_path;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dapple_error err = { 0 };
    uint16_t *grey = NULL;
    uint8_t *rgba = NULL;
    int w = 0, h = 0;
    dapple_status st =
            dp_image_load_grey16_mem(data, size, "fuzz", FUZZ_MAX_PIXELS, &grey, &w, &h, &err);
    check(st, grey, w, h, &err, "fuzz");
    /* read every pixel so MSan/ASan see uninitialised or out-of-bounds output */
    volatile uint32_t sum = 0;
    for (size_t i = 0; grey != NULL && i < (size_t)w * (size_t)h; i++)
        sum += grey[i];
    free(grey);

    const char *path = as_file(data, size);
    memset(&err, 0, sizeof err);
    grey = NULL;
    st = dp_image_load_grey16(path, FUZZ_MAX_PIXELS, &grey, &w, &h, &err);
    check(st, grey, w, h, &err, path);
    free(grey);

    memset(&err, 0, sizeof err);
    st = dp_image_load_rgba8_mem(data, size, "fuzz", FUZZ_MAX_PIXELS, &rgba, &w, &h, &err);
    check(st, rgba, w, h, &err, "fuzz");
    for (size_t i = 0; rgba != NULL && i < (size_t)w * (size_t)h * 4; i++)
        sum += rgba[i];
    free(rgba);
    return 0;
}
