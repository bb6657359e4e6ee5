/* SPDX-License-Identifier: MIT
 * dapple's library in one program: sample the world of a Perlin radius field and print
 * the point count and the first points. Every call that can fail is checked.
 *
 *     cc docs/example.c $(pkg-config --cflags --libs dapple) -o example && ./example
 */
#include <stdio.h>

#include <dapple.h>

/* Prints the error of a failed call and returns the exit code for it. */
static int fail(const char *what, const dapple_error *err)
{
    fprintf(stderr, "example: %s: %s (%s)\n", what, err->message, dapple_status_str(err->status));
    return 1;
}

int main(void)
{
    dapple_error err;

    /* The radius field: Perlin noise mapped to radii 2..8 over a 256 x 256 domain. */
    dapple_field_opts fo;
    dapple_field_opts_init(&fo);
    fo.kind = DAPPLE_FIELD_PERLIN;
    fo.width = 256;
    fo.height = 256;
    fo.rmin = 2;
    fo.rmax = 8;
    fo.perlin.scale = 80;
    fo.seed = 7;
    dapple_field *field = NULL;
    if (dapple_field_new(&field, &fo, &err) != DAPPLE_OK)
        return fail("field", &err);

    /* The world: the same points `dapple points` writes, for any number of threads. */
    dapple_sampler_opts so;
    dapple_sampler_opts_init(&so);
    so.width = 256;
    so.height = 256;
    so.seed = 7;
    dapple_point *p = NULL;
    size_t n = 0;
    dapple_stop stop;
    if (dapple_world_sample(field, &so, NULL, 2, &p, &n, &stop, &err) != DAPPLE_OK) {
        dapple_field_free(field);
        return fail("sample", &err);
    }

    /* The points are ours: free them with dapple_points_free(). */
    printf("%zu points (%s)\n", n,
           stop == DAPPLE_STOP_COMPLETE ? "complete" : "stopped at max_points");
    for (size_t i = 0; i < n && i < 5; i++)
        printf("%zu: x=%.3f y=%.3f r=%.3f\n", i, (double)p[i].x, (double)p[i].y, (double)p[i].r);

    dapple_points_free(p);
    dapple_field_free(field);
    return 0;
}
