/* SPDX-License-Identifier: MIT
 * libFuzzer harness for the preset parser (dp_preset_parse_string) and the --set override
 * parser. Input starting with '@' is an override list (one "SECTION.KEY=VALUE" per line)
 * applied to a fixed valid preset; anything else is a preset text. Whatever the input, a
 * successful parse must give a spec that passes dp_preset_validate, and a failure must
 * leave a one-line message. Build: see `make fuzz` (clang -fsanitize=fuzzer,address). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "preset/preset.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char base[] = "[texture]\nsize = 64x64\nbackground = perlin\n"
                           "[layer big]\nstyle = droplets\nrmin = 4\nrmax = 9\nfield = perlin\n"
                           "[layer small]\nstyle = circles\nradius = 2\navoid = big\n";

static void check_result(dapple_status st, const dp_texture_spec *t, const dapple_error *e)
{
    dapple_error again;
    if (st != DAPPLE_OK) {
        if (e->message[0] == '\0' || strchr(e->message, '\n') != NULL)
            abort(); /* every refusal says something, on one line */
        return;
    }
    if (dp_preset_validate(t, &again) != DAPPLE_OK || t->n_layers < 1 ||
        t->n_layers > DP_MAX_LAYERS)
        abort();
    for (int i = 0; i < t->n_layers; i++) {
        if (t->layers[i].field.rmin > t->layers[i].field.rmax || t->layers[i].avoid_mask >> i)
            abort();
    }
}

static void fuzz_sets(const char *text, size_t len, dp_texture_spec *t)
{
    const char *sets[8];
    char *copy = malloc(len + 1);
    size_t n = 0;
    dapple_error e = { 0 };
    memcpy(copy, text, len);
    copy[len] = '\0';
    for (char *line = copy; line != NULL && n < 8; n++) {
        sets[n] = line;
        line = strchr(line, '\n');
        if (line != NULL)
            *line++ = '\0';
    }
    if (dp_preset_parse_string(base, sizeof base - 1, "base.ini", t, &e) != DAPPLE_OK)
        abort();
    check_result(dp_preset_set_all(t, sets, n, &e), t, &e);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static dp_texture_spec t; /* 36 KB: keep it off the stack */
    dapple_error e = { 0 };
    if (size > 0 && data[0] == '@') {
        fuzz_sets((const char *)data + 1, size - 1, &t);
        return 0;
    }
    check_result(dp_preset_parse_string((const char *)data, size, "fuzz.ini", &t, &e), &t, &e);
    return 0;
}
