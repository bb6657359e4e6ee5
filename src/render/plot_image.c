/* SPDX-License-Identifier: MIT
 * The pictures among the charts (see plot.h): a value image with axes, such as a 2D power
 * spectrum, and a point set drawn as dots with half-radius circles. */
#include "render/plot.h"

#include <math.h>
#include <stdio.h>

#include "core/dp.h"
#include "render/plot_draw.h"

#define IMG_SIDE 640
#define MARGIN_L 90
#define MARGIN_T 50
#define MARGIN_B 70
#define MARGIN_R 30

static cairo_t *blank(cairo_surface_t **s, int w, int h, const char *title)
{
    *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(*s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    dp_plot_title(cr, title, w);
    return cr;
}

/* The value image, drawn pixel by pixel into a surface of its own, then scaled up with
 * nearest-neighbour filtering so each value stays a crisp square. */
static void paint_values(cairo_t *cr, const dp_plot_frame *f, const dp_plot_values *pv)
{
    const double *v = pv->v;
    int nx = pv->nx, ny = pv->ny;
    double vmax = pv->vmax;
    cairo_surface_t *img = cairo_image_surface_create(CAIRO_FORMAT_RGB24, nx, ny);
    unsigned char *data = cairo_image_surface_get_data(img);
    int stride = cairo_image_surface_get_stride(img);
    cairo_surface_flush(img);
    for (int j = 0; j < ny && data != NULL; j++)
        for (int i = 0; i < nx; i++) {
            double t = DP_MIN(DP_MAX(v[(size_t)j * nx + i] / vmax, 0.0), 1.0);
            uint32_t g = (uint32_t)lround(255 * t);
            *(uint32_t *)(data + (size_t)(ny - 1 - j) * stride + 4 * i) = g << 16 | g << 8 | g;
        }
    cairo_surface_mark_dirty(img);
    cairo_save(cr);
    cairo_translate(cr, f->left, f->top);
    cairo_scale(cr, f->w / nx, f->h / ny);
    cairo_set_source_surface(cr, img, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST);
    cairo_paint(cr);
    cairo_restore(cr);
    cairo_surface_destroy(img);
}

dapple_status dp_plot_image(const char *path, const char *title, const dp_plot_values *values,
                            dapple_error *err)
{
    cairo_surface_t *s;
    cairo_t *cr = blank(&s, MARGIN_L + IMG_SIDE + MARGIN_R, MARGIN_T + IMG_SIDE + MARGIN_B, title);
    dp_plot_frame f = { .left = MARGIN_L,
                        .top = MARGIN_T,
                        .w = IMG_SIDE,
                        .h = IMG_SIDE,
                        .x0 = values->x0,
                        .x1 = values->x1,
                        .y0 = values->y0,
                        .y1 = values->y1 };
    paint_values(cr, &f, values);
    dp_plot_axes(cr, &f, values->xlabel, values->ylabel);
    return dp_plot_finish(path, s, cr, err);
}

dapple_status dp_plot_points(const char *path, const char *title, const dapple_point *pts, size_t n,
                             const double window[4], dapple_error *err)
{
    double scale = IMG_SIDE / DP_MAX(window[2], window[3]);
    int w = (int)ceil(window[2] * scale), h = (int)ceil(window[3] * scale);
    cairo_surface_t *s;
    cairo_t *cr = blank(&s, MARGIN_L + w + MARGIN_R, MARGIN_T + h + MARGIN_B, title);
    dp_plot_frame f = { .left = MARGIN_L,
                        .top = MARGIN_T,
                        .w = w,
                        .h = h,
                        .x0 = window[0],
                        .x1 = window[0] + window[2],
                        .y0 = window[1] + window[3],
                        .y1 = window[1] };
    cairo_save(cr);
    cairo_rectangle(cr, f.left, f.top, f.w, f.h);
    cairo_clip(cr);
    cairo_set_line_width(cr, 1);
    for (size_t i = 0; i < n; i++) {
        double x = dp_plot_px(&f, pts[i].x), y = dp_plot_py(&f, pts[i].y);
        double rr = 0.5 * (double)pts[i].r * scale;
        cairo_set_source_rgb(cr, 0.45, 0.6, 0.85);
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, rr, 0, 2 * DP_PI);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_arc(cr, x, y, DP_MIN(DP_MAX(rr * 0.25, 1.0), 2.5), 0, 2 * DP_PI);
        cairo_fill(cr);
    }
    cairo_restore(cr);
    dp_plot_axes(cr, &f, "x", "y");
    return dp_plot_finish(path, s, cr, err);
}
