/* SPDX-License-Identifier: MIT
 * make bench, dilation (issue #14, item 7): a 2048 x 2048 image field dilated by d = 16,
 * 128 and 1024 px, bounded and periodic. The time is that of dapple_field_new with the
 * dilation less the same call without it, one run each (the machine is shared; a big
 * dilation is seconds, not noise). Today's cost should not grow with d. */
#include "bench_morph.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "dapple.h"
#include "bench_clock.h"

#define SIDE 2048

/* Seconds to build the field; a fixed pseudo-random image so every run sees the same. */
static double build(const uint16_t *img, double dilate, bool periodic)
{
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.kind = DAPPLE_FIELD_IMAGE;
    fo.image = (dapple_grey){ img, SIDE, SIDE };
    fo.width = fo.height = SIDE, fo.rmin = 1, fo.rmax = 4;
    fo.dilate = dilate, fo.periodic = periodic;
    dapple_field *f = NULL;
    dapple_error err;
    double t0 = bench_cpu_now();
    if (dapple_field_new(&f, &fo, &err) != DAPPLE_OK) {
        fprintf(stderr, "bench: dilate %g: %s\n", dilate, err.message);
        exit(1);
    }
    double t = bench_cpu_now() - t0;
    dapple_field_free(f);
    return t;
}

void bench_morph(void)
{
    static const double DS[] = { 16, 128, 1024 };
    uint16_t *img = malloc((size_t)SIDE * SIDE * sizeof *img);
    if (img == NULL)
        exit(1);
    uint32_t s = 1;
    for (size_t i = 0; i < (size_t)SIDE * SIDE; i++)
        s = s * 1664525u + 1013904223u, img[i] = (uint16_t)(s >> 16);
    printf("\n| dilation of a %dx%d field | bounded s | periodic s |\n|---|---|---|\n", SIDE, SIDE);
    double base = build(img, 0, false), pbase = build(img, 0, true);
    for (size_t i = 0; i < sizeof DS / sizeof DS[0]; i++)
        printf("| d = %g px | %.3f | %.3f |\n", DS[i], build(img, DS[i], false) - base,
               build(img, DS[i], true) - pbase);
    fflush(stdout);
    free(img);
}
