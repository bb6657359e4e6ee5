/* SPDX-License-Identifier: MIT
 * A density map from the library: a grey ramp, black at the left and white at the right,
 * read as relative point density over a 256 x 128 world, with a road no point may lie on
 * (an exclusion image), sampled to 2000 points. docs/density.py does the same from Python.
 *
 *     cc docs/density.c $(pkg-config --cflags --libs dapple-core) -o density && ./density
 */
#include <stdio.h>

#include <dapple.h>

enum { MAP_W = 64, MAP_H = 32, WIDTH = 256, HEIGHT = 128 };

static int fail(const char *what, const dapple_error *err)
{
    fprintf(stderr, "density: %s: %s (%s)\n", what, err->message, dapple_status_str(err->status));
    return 1;
}

int main(void)
{
    /* The map (any size: it is stretched over the world) and the road: a white band. */
    static uint16_t ramp[MAP_H][MAP_W], road[MAP_H][MAP_W];
    for (int y = 0; y < MAP_H; y++)
        for (int x = 0; x < MAP_W; x++) {
            ramp[y][x] = (uint16_t)(65535 * x / (MAP_W - 1));
            road[y][x] = y >= 14 && y < 18 ? 65535 : 0;
        }
    dapple_grey exclude = { &road[0][0], MAP_W, MAP_H };

    dapple_error err;
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.kind = DAPPLE_FIELD_IMAGE;
    fo.map = DAPPLE_MAP_DENSITY; /* white: density 1, spacing rmin; black (<= cutoff): none */
    fo.image = (dapple_grey){ &ramp[0][0], MAP_W, MAP_H };
    fo.exclude = &exclude;
    fo.n_exclude = 1;
    fo.width = WIDTH;
    fo.height = HEIGHT;
    fo.rmin = 1;
    fo.rmax = 0; /* no cap: the sparsest spacing comes from the cutoff */
    dapple_field *field = NULL;
    if (dapple_field_new(&field, &fo, &err) != DAPPLE_OK)
        return fail("field", &err);

    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = WIDTH;
    so.height = HEIGHT;
    so.seed = 7;
    dapple_point *p = NULL;
    size_t n = 0, quarter[4] = { 0 }, on_road = 0;
    double scale;
    dapple_stop stop;
    if (dapple_world_sample_count(field, &so, 2000, 2, &p, &n, &scale, &stop, &err) != DAPPLE_OK) {
        dapple_field_free(field);
        return fail("sample", &err);
    }
    for (size_t i = 0; i < n; i++) {
        quarter[(int)(p[i].x / (WIDTH / 4))]++;
        on_road += !dapple_field_allowed_at(field, p[i].x, p[i].y);
    }
    printf("%zu points at spacing scale %.3f, %zu on the road\n", n, scale, on_road);
    printf("by quarter, left to right: %zu %zu %zu %zu\n", quarter[0], quarter[1], quarter[2],
           quarter[3]);
    printf("density at x = 32, 224: %.3f %.3f\n", dapple_field_density_at(field, 32, 32),
           dapple_field_density_at(field, 224, 32));

    dapple_points_free(p);
    dapple_field_free(field);
    return 0;
}
