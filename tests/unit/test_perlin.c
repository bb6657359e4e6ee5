/* SPDX-License-Identifier: MIT
 * Perlin fBm: the row evaluator gives the single-sample floats bit for bit (plain and
 * wrapped octaves, negative and large coordinates, cells of every width), and the noise
 * itself is pinned, since every Perlin world's points depend on it. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "core/perlin.h"
#include "core/rng.h"

static dp_fbm recipe(int octaves, float scale, bool wrapped, int seed8)
{
    dp_fbm p = { .octaves = octaves, .seed8 = seed8, .off = { 17.25f, 203.5f, 91.375f } };
    float freq = 1 / scale, amp = 1;
    for (int i = 0; i < octaves; i++, freq *= 2.1f, amp *= 0.55f) {
        p.oc[i] = (dp_octave){ .fx = freq, .fy = freq * 1.5f, .amp = amp };
        if (wrapped)
            p.oc[i].wx = 3 + 7 * i, p.oc[i].wy = 5 + 11 * i;
    }
    return p;
}

static void same_as_single_samples(const dp_fbm *p, double x0, double dx, double y)
{
    enum { N = 777 };

    double xs[N];
    float row[N];
    for (int i = 0; i < N; i++)
        xs[i] = x0 + i * dx;
    dp_fbm_row(p, xs, N, y, row);
    for (int i = 0; i < N; i++) {
        float one = dp_fbm_at(p, xs[i], y);
        cr_assert(memcmp(&one, &row[i], sizeof one) == 0, "x %.17g y %.17g: row %a, sample %a",
                  xs[i], y, (double)row[i], (double)one);
    }
}

Test(perlin, rows_equal_samples_bit_for_bit)
{
    dp_rng r;
    dp_rng_seed(&r, 5, 0);
    for (int t = 0; t < 60; t++) {
        bool wrapped = t % 2;
        float scale = (float)(0.3 + 400 * dp_rng_unit(&r));
        dp_fbm p = recipe(1 + t % 6, scale, wrapped, (int)(dp_rng_u32(&r) & 255));
        double x0 = (dp_rng_unit(&r) - 0.5) * 2e5, y = (dp_rng_unit(&r) - 0.5) * 2e5;
        same_as_single_samples(&p, x0, 0.05 + 3 * dp_rng_unit(&r), y);
    }
}

Test(perlin, rows_in_any_order_of_x)
{
    /* a wrapped or clamped row repeats and jumps: the cell is looked up again each time */
    dp_fbm p = recipe(4, 20, true, 7);
    double xs[6] = { 5.5, 5.5, 400.25, -3.75, 5.5, 0.5 };
    float row[6];
    dp_fbm_row(&p, xs, 6, 12.5, row);
    for (int i = 0; i < 6; i++)
        cr_assert_eq(row[i], dp_fbm_at(&p, xs[i], 12.5));
}

Test(perlin, the_noise_is_pinned)
{
    /* Every Perlin world's points follow these values: a change here changes every world
     * (a new version and a CHANGELOG line, see docs/determinism.md). */
    dp_fbm p = recipe(4, 64, false, 3), q = recipe(3, 9, true, 200);
    cr_assert_float_eq(dp_fbm_at(&p, 100.5, 200.5), -0.160962164f, 1e-7f);
    cr_assert_float_eq(dp_fbm_at(&q, -7.25, 1234.75), 0.0446217507f, 1e-7f);
}

Test(perlin, coordinates_beyond_an_int_are_defined)
{
    /* a feature far below a unit: (int) of the noise coordinate would overflow (UBSan
     * stops make check on it); rows and samples still agree and stay finite */
    dp_fbm p = recipe(3, 1e-7f, false, 1);
    same_as_single_samples(&p, 1e6, 0.37, -3e6);
    p.oc[0].fx = p.oc[0].fy = INFINITY;
    float v = dp_fbm_at(&p, 10.5, 3.5);
    cr_assert(isfinite(v));
}
