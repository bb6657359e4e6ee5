/* SPDX-License-Identifier: MIT
 * One scene, many files (see outputs.h). The scene is sampled once; the height map is
 * computed once and shared by the height, normal and occlusion outputs. */
#include "render/outputs.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/dp.h"
#include "io/image_save.h"
#include "io/points_write.h"
#include "render/pbr.h"
#include "render/render.h"

const char *const dp_output_names[DP_OUTPUT_COUNT] = { "texture", "height", "normal",    "mask",
                                                       "points",  "albedo", "roughness", "ao" };

const char **dp_output_slot(dp_output_paths *p, const char *name)
{
    const char **slot[DP_OUTPUT_COUNT] = { &p->texture, &p->height, &p->normal,    &p->mask,
                                           &p->points,  &p->albedo, &p->roughness, &p->ao };
    for (int i = 0; i < DP_OUTPUT_COUNT; i++)
        if (name != NULL && strcmp(name, dp_output_names[i]) == 0)
            return slot[i];
    return NULL;
}

dapple_status dp_output_check(const dp_texture_spec *t, const dp_output_paths *p, dapple_error *err)
{
    if (p->albedo != NULL && dp_albedo_check(t, err) != DAPPLE_OK)
        return err->status;
    if (p->roughness != NULL && dp_roughness_check(t, err) != DAPPLE_OK)
        return err->status;
    if (p->ao != NULL && dp_ao_check(t, err) != DAPPLE_OK)
        return err->status;
    return DAPPLE_OK;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Tells the caller what is being done now, if it asked. */
static void say(dp_phase_fn phase, const char *what)
{
    if (phase != NULL)
        phase(what);
}

/* The colour texture, or with 'albedo' the same drawn unlit. */
static dapple_status write_colour(const dp_texture_spec *t, const dp_scene *s,
                                  const dp_output_paths *p, bool albedo, dapple_error *err)
{
    cairo_surface_t *surface = NULL;
    say(p->phase, albedo ? "drawing the albedo" : "drawing");
    if ((albedo ? dp_render_albedo(t, s, &surface, err) : dp_render_texture(t, s, &surface, err)) !=
        DAPPLE_OK)
        return err->status;
    cairo_surface_flush(surface);
    say(p->phase, albedo ? "writing the albedo" : "writing the texture");
    dapple_status st = dp_image_write_argb32(
            albedo ? p->albedo : p->texture, cairo_image_surface_get_data(surface), t->width,
            t->height, cairo_image_surface_get_stride(surface), err);
    cairo_surface_destroy(surface);
    return st;
}

static dapple_status write_roughness(const dp_texture_spec *t, const dp_scene *s,
                                     const dp_output_paths *p, dapple_error *err)
{
    uint16_t *rough = dp_calloc_n((size_t)t->width * (size_t)t->height, sizeof *rough);
    if (rough == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d roughness map", t->width,
                       t->height);
    say(p->phase, "drawing the roughness map");
    dapple_status st = dp_render_roughness_into(t, s, rough, err);
    say(p->phase, "writing the roughness map");
    if (st == DAPPLE_OK)
        st = dp_image_write_grey(p->roughness, rough, t->width, t->height, 8, err);
    free(rough);
    return st;
}

/* The occlusion map of a height map. */
static dapple_status write_ao(const dp_texture_spec *t, const uint16_t *height,
                              const dp_output_paths *p, dapple_error *err)
{
    uint16_t *ao = dp_calloc_n((size_t)t->width * (size_t)t->height, sizeof *ao);
    if (ao == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d occlusion map", t->width,
                       t->height);
    say(p->phase, "drawing the occlusion map");
    dapple_status st = dp_render_ao_into(t, height, ao, err);
    say(p->phase, "writing the occlusion map");
    if (st == DAPPLE_OK)
        st = dp_image_write_grey(p->ao, ao, t->width, t->height, 8, err);
    free(ao);
    return st;
}

static dapple_status write_maps(const dp_texture_spec *t, const dp_scene *s,
                                const dp_output_paths *p, dapple_error *err)
{
    size_t n = (size_t)t->width * (size_t)t->height;
    uint16_t *height = dp_calloc_n(n, sizeof *height);
    uint8_t *rgb = p->normal ? dp_calloc_n(n, 3) : NULL;
    dapple_status st = DAPPLE_OK;
    if (height == NULL || (p->normal && rgb == NULL)) {
        st = dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d height map", t->width,
                     t->height);
        goto done;
    }
    say(p->phase, "drawing the height map");
    dp_render_height_into(t, s, height);
    say(p->phase, "writing the height map");
    if (p->height)
        st = dp_image_write_grey(p->height, height, t->width, t->height, 16, err);
    say(p->phase, "writing the normal map");
    if (st == DAPPLE_OK && p->normal) {
        dp_render_normal_into(t, height, t->normal_dx, rgb);
        st = dp_image_write_rgb8(p->normal, rgb, t->width, t->height, err);
    }
    if (st == DAPPLE_OK && p->ao)
        st = write_ao(t, height, p, err);
done:
    free(rgb);
    free(height);
    return st;
}

dapple_status dp_output_mask(const dp_texture_spec *t, const dp_scene *s, const char *path,
                             dp_phase_fn phase, dapple_error *err)
{
    int w = t->view_w > 0 ? t->view_w : t->width, h = t->view_w > 0 ? t->view_h : t->height;
    uint16_t *mask = dp_calloc_n((size_t)w * (size_t)h, sizeof *mask);
    if (mask == NULL)
        return dp_fail(err, DAPPLE_E_NOMEM, "out of memory for a %dx%d mask", w, h);
    say(phase, "drawing the mask");
    dp_render_mask_into(t, s, t->mask == DP_MASK_NONE ? DP_MASK_FOOTPRINT : t->mask, mask);
    say(phase, "writing the mask");
    dapple_status st = dp_image_write_grey(path, mask, w, h, t->mask_depth, err);
    free(mask);
    return st;
}

static dapple_status write_points(const dp_texture_spec *t, const dp_scene *s,
                                  const dp_output_paths *p, dapple_error *err)
{
    dp_point_set sets[DP_MAX_LAYERS];
    const char *path = p->points;
    int format = t->points_format >= 0 ? t->points_format : dp_points_format_parse(path);
    say(p->phase, "writing the points");
    for (int i = 0; i < s->n_layers; i++)
        sets[i] = (dp_point_set){ s->layers[i].points, s->layers[i].count };
    dp_points_file f = { .format = format < 0 ? DP_POINTS_CSV : (dp_points_format)format,
                         .with_layer = true,
                         .width = t->width,
                         .height = t->height,
                         .seed = t->seed,
                         .cols = { .rotation = t->points_rotation,
                                   .scale_jitter = t->points_scale_jitter,
                                   .variants = t->points_variants,
                                   .y_up = t->points_y_up } };
    return dp_points_write(path, &f, sets, (size_t)s->n_layers, err);
}

static void fill_stats(const dp_scene *s, dp_render_stats *stats)
{
    stats->n_layers = s->n_layers;
    for (int i = 0; i < s->n_layers; i++) {
        stats->points[i] = s->layers[i].count;
        stats->stop[i] = s->layers[i].stop;
    }
    memcpy(stats->image_size, s->image_size, sizeof stats->image_size);
}

/* Pixels the shapes of layers with a fixed dot_radius may paint, summed: cairo paints each
 * shape whole, so 166 k dots of 4096 px over a 2048 px texture painted 7e11 pixels
 * (158 s of CPU). About 2^36 is 15 s. The mask needs no limit (render/raster_nearest.c). */
#define PAINT_LIMIT 68719476736.0

static dapple_status check_paint(const dp_texture_spec *t, const dp_scene *s, dapple_error *err)
{
    double image = (double)t->width * t->height, total = 0;
    for (int i = 0; i < s->n_layers && i < t->n_layers; i++) {
        double d = t->layers[i].dot_radius;
        if (d <= 0)
            continue;
        total += (double)s->layers[i].count * DP_MIN(DP_PI * d * d, image);
        if (total > PAINT_LIMIT)
            return dp_fail(err, DAPPLE_E_LIMIT,
                           "layer '%s': dot_radius %g over %zu points paints about %.3g pixels "
                           "of the %dx%d image (the limit is %.3g): give a smaller dot_radius",
                           t->layers[i].name, d, s->layers[i].count, total, t->width, t->height,
                           PAINT_LIMIT);
    }
    return DAPPLE_OK;
}

dapple_status dp_render_outputs(const dp_texture_spec *t, const dp_output_paths *p,
                                dp_render_stats *stats, dapple_error *err)
{
    dp_scene scene;
    double t0 = seconds_now();
    memset(stats, 0, sizeof *stats);
    if (dp_output_check(t, p, err) != DAPPLE_OK)
        return err->status;
    say(p->phase, "sampling");
    if (dp_scene_sample(t, &scene, err) != DAPPLE_OK)
        return err->status;
    fill_stats(&scene, stats);
    dapple_status st = DAPPLE_OK;
    bool drawn = p->texture || p->albedo || p->roughness, maps = p->height || p->normal || p->ao;
    if (drawn || maps)
        st = check_paint(t, &scene, err);
    if (st == DAPPLE_OK && (p->texture || p->albedo) && maps)
        (void)dp_scene_keep_cell_heights(t, &scene); /* an optimisation: without, found twice */
    if (st == DAPPLE_OK && p->texture)
        st = write_colour(t, &scene, p, false, err);
    if (st == DAPPLE_OK && p->albedo)
        st = write_colour(t, &scene, p, true, err);
    if (st == DAPPLE_OK && maps)
        st = write_maps(t, &scene, p, err);
    if (st == DAPPLE_OK && p->roughness)
        st = write_roughness(t, &scene, p, err);
    if (st == DAPPLE_OK && p->mask)
        st = dp_output_mask(t, &scene, p->mask, p->phase, err);
    if (st == DAPPLE_OK && p->points)
        st = write_points(t, &scene, p, err);
    dp_scene_fini(&scene);
    stats->seconds = seconds_now() - t0;
    return st;
}
