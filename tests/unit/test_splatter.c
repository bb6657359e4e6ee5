/* SPDX-License-Identifier: MIT
 * Splatter (issue #38), measured on the shipped preset's ink mask (fixed seed, drawn without
 * the wrap so no piece is cut): ink pieces are the connected components of the mask; each
 * impact's blot is the piece under its centre, and its satellites are the other pieces
 * within 3 of the blot's radii; elongated pieces (tails) lie along the set direction. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "preset/preset.h"
#include "core/splatter.h"
#include "render/render.h"

typedef struct piece {
    double n, sx, sy, sxx, syy, sxy; /* pixel count and moments */
} piece;

static dp_texture_spec spec;
static dp_scene scene;
static uint16_t *mask;
static int *label;
static piece *pieces;
static size_t n_pieces;

/* 4-connected pieces of mask > half. */
static void label_ink(void)
{
    int w = spec.width, h = spec.height;
    size_t n = (size_t)w * h, cap = 1024;
    label = calloc(n, sizeof *label);
    pieces = calloc(cap, sizeof *pieces);
    int *stack = malloc(n * sizeof *stack);
    for (size_t s = 0; s < n; s++) {
        if (mask[s] < 32768 || label[s] != 0)
            continue;
        if (n_pieces == cap)
            pieces = realloc(pieces, (cap *= 2) * sizeof *pieces);
        piece *p = &pieces[n_pieces++];
        memset(p, 0, sizeof *p);
        size_t top = 0;
        stack[top++] = (int)s;
        label[s] = (int)n_pieces;
        while (top > 0) {
            int i = stack[--top], x = i % w, y = i / w;
            p->n++, p->sx += x, p->sy += y;
            p->sxx += (double)x * x, p->syy += (double)y * y, p->sxy += (double)x * y;
            int nb[4] = { x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1,
                          y < h - 1 ? i + w : -1 };
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && mask[nb[k]] >= 32768 && label[nb[k]] == 0) {
                    label[nb[k]] = (int)n_pieces;
                    stack[top++] = nb[k];
                }
        }
    }
    free(stack);
}

static void load(void)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/splatter.ini", &spec, &err), DAPPLE_OK, "%s", err.message);
    spec.wrap = dp_wrap_both(false);
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    mask = malloc((size_t)spec.width * spec.height * sizeof *mask);
    dp_render_mask_into(&spec, &scene, DP_MASK_FOOTPRINT, mask);
    label_ink();
}

static void unload(void)
{
    free(mask), free(label), free(pieces);
    n_pieces = 0;
    dp_scene_fini(&scene);
}

/* The piece's major axis, radians in [0, pi), and its elongation (major / minor). */
static double axis_of(const piece *p, double *elong)
{
    double mx = p->sx / p->n, my = p->sy / p->n;
    double a = p->sxx / p->n - mx * mx, b = p->sxy / p->n - mx * my, c = p->syy / p->n - my * my;
    double root = sqrt((a - c) * (a - c) / 4 + b * b), l1 = (a + c) / 2 + root,
           l2 = (a + c) / 2 - root;
    *elong = sqrt(l1 / DP_MAX(l2, 1e-9));
    double t = 0.5 * atan2(2 * b, a - c);
    return t < 0 ? t + DP_PI : t;
}

Test(splatter, every_blot_has_satellites_within_three_radii)
{
    load();
    int w = spec.width, h = spec.height, blots = 0, fewest = 1000;
    for (size_t i = 0; i < scene.layers[0].count; i++) {
        const dapple_point *p = &scene.layers[0].points[i];
        double qx = (double)p->x, qy = (double)p->y;
        int id = label[(size_t)qy * w + (size_t)qx];
        cr_assert_gt(id, 0, "impact %zu has ink under its centre", i);
        double R = sqrt(pieces[id - 1].n / DP_PI);
        if (qx < 3 * R || qy < 3 * R || qx > w - 3 * R || qy > h - 3 * R)
            continue; /* its splash may leave the picture */
        int near = 0;
        for (size_t k = 0; k < n_pieces; k++) {
            double dx = pieces[k].sx / pieces[k].n - qx, dy = pieces[k].sy / pieces[k].n - qy;
            near += (int)k != id - 1 && dx * dx + dy * dy < 9 * R * R;
        }
        cr_assert_geq(near, 3, "the blot at (%.0f, %.0f), R %.1f, has %d satellites", qx, qy, R,
                      near);
        blots++, fewest = DP_MIN(fewest, near);
    }
    cr_log_info("splatter: %d blots measured, the fewest satellites within 3 R: %d", blots, fewest);
    cr_assert_gt(blots, 5);
    unload();
}

Test(splatter, tails_lie_along_the_set_direction)
{
    load();
    double dir = fmod(spec.layers[0].splat_direction_deg * DP_PI / 180 + 2 * DP_PI, DP_PI);
    int tails = 0, along = 0;
    for (size_t k = 0; k < n_pieces; k++) {
        double elong, t = axis_of(&pieces[k], &elong);
        if (pieces[k].n < 8 || elong < 2.2 || pieces[k].n > 2000)
            continue; /* round droplets and the blots */
        double d = fabs(t - dir);
        d = DP_MIN(d, DP_PI - d) * 180 / DP_PI;
        tails++, along += d <= 20;
    }
    cr_log_info("splatter: %d of %d tails within 20 degrees of the set direction", along, tails);
    cr_assert_gt(tails, 20);
    cr_assert_geq(along, 0.9 * tails, "%d of %d tails within 20 degrees", along, tails);
    unload();
}

Test(splatter, a_splash_lies_within_its_reach)
{
    load();
    unload();
    dp_splat_opts o = { 0.3, 1 };
    dp_splat_drop d[DP_SPLAT_MAX];
    for (uint64_t seed = 0; seed < 200; seed++) {
        size_t n = dp_splat_throw(&o, 0, 0, 10, seed, d);
        cr_assert(n > 4 && n <= DP_SPLAT_MAX);
        for (size_t i = 0; i < n; i++)
            cr_assert_lt(hypot(d[i].x, d[i].y) + 2 * d[i].len, DP_SPLAT_REACH * 10 * 1.35);
    }
}

/* Ink crossing the wrap goes on at the opposite edge: across the seam the texture steps no
 * more than between two inner columns (rows). */
Test(splatter, the_splatter_tiles)
{
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/splatter.ini", &spec, &err), DAPPLE_OK, "%s", err.message);
    cr_assert(spec.wrap.x && spec.wrap.y);
    cr_assert_eq(dp_scene_sample(&spec, &scene, &err), DAPPLE_OK, "%s", err.message);
    cairo_surface_t *c = NULL;
    cr_assert_eq(dp_render_texture(&spec, &scene, &c, &err), DAPPLE_OK, "%s", err.message);
    const uint8_t *d = cairo_image_surface_get_data(c);
    int st = cairo_image_surface_get_stride(c), w = spec.width, h = spec.height;
    double seam_x = 0, inner_x = 0, seam_y = 0, inner_y = 0;
    for (int i = 0; i < h; i++) {
        const uint8_t *row = d + (size_t)i * st;
        seam_x += abs(row[1] - row[(w - 1) * 4 + 1]);
        inner_x += abs(row[(w / 2) * 4 + 1] - row[(w / 2 - 1) * 4 + 1]);
    }
    for (int x = 0; x < w; x++) {
        seam_y += abs(d[x * 4 + 1] - d[(size_t)(h - 1) * st + x * 4 + 1]);
        inner_y +=
                abs(d[(size_t)(h / 2) * st + x * 4 + 1] - d[(size_t)(h / 2 - 1) * st + x * 4 + 1]);
    }
    cr_assert_lt(seam_x, 2 * inner_x + 255, "seam across %.0f, inside %.0f", seam_x, inner_x);
    cr_assert_lt(seam_y, 2 * inner_y + 255, "seam down %.0f, inside %.0f", seam_y, inner_y);
    cairo_surface_destroy(c);
    dp_scene_fini(&scene);
}
