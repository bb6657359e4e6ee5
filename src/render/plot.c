/* SPDX-License-Identifier: MIT
 * Line charts (see plot.h): a frame per panel, ticks at 1, 2 or 5 times a power of ten,
 * grid lines, labelled axes, clipped polylines and a legend; text from easy_text.c. Also
 * the one exit of every chart: cairo's status checked once, then the PNG through the
 * atomic writer. */
#include "render/plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>

#include "core/dp.h"
#include "io/image_save.h"
#include "render/plot_draw.h"

#define WIDTH   900
#define PANEL_H 330
#define TITLE_H 40
#define LEFT    90
#define RIGHT   30
#define TOP     20
#define BOTTOM  60

/* ------------------------------------------------------------------------- axes */

/* A tick step of 1, 2 or 5 times a power of ten giving about 'want' ticks over span. */
static double tick_step(double span, int want)
{
    double raw = span / want, p = pow(10, floor(log10(raw)));
    double m = raw / p;
    return p * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

void dp_plot_axes(cairo_t *cr, const dp_plot_frame *f, const char *xlabel, const char *ylabel)
{
    double sx = tick_step(fabs(f->x1 - f->x0), 8), sy = tick_step(fabs(f->y1 - f->y0), 5);
    double ylo = DP_MIN(f->y0, f->y1), yhi = DP_MAX(f->y0, f->y1); /* y may run down */
    char s[32];
    cairo_set_line_width(cr, 1);
    for (double t = ceil(f->x0 / sx - 1e-9) * sx; t <= f->x1 + 1e-9 * sx; t += sx) {
        double px = dp_plot_px(f, t);
        cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
        cairo_move_to(cr, px, f->top);
        cairo_line_to(cr, px, f->top + f->h);
        cairo_stroke(cr);
        snprintf(s, sizeof s, "%g", fabs(t) < 1e-9 * sx ? 0.0 : t);
        cairo_set_source_rgb(cr, 0, 0, 0);
        dp_text_draw(cr, s, px - dp_text_width(s, 2) / 2, f->top + f->h + 8, 2, 0);
    }
    for (double t = ceil(ylo / sy - 1e-9) * sy; t <= yhi + 1e-9 * sy; t += sy) {
        double py = dp_plot_py(f, t);
        cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
        cairo_move_to(cr, f->left, py);
        cairo_line_to(cr, f->left + f->w, py);
        cairo_stroke(cr);
        snprintf(s, sizeof s, "%g", fabs(t) < 1e-9 * sy ? 0.0 : t);
        cairo_set_source_rgb(cr, 0, 0, 0);
        dp_text_draw(cr, s, f->left - 8 - dp_text_width(s, 2), py - 7, 2, 0);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_rectangle(cr, f->left, f->top, f->w, f->h);
    cairo_stroke(cr);
    dp_text_draw(cr, xlabel, f->left + f->w / 2 - dp_text_width(xlabel, 2) / 2, f->top + f->h + 32,
                 2, 0);
    dp_text_draw(cr, ylabel, f->left - 72, f->top + f->h / 2 + dp_text_width(ylabel, 2) / 2, 2,
                 -DP_PI / 2);
}

double dp_plot_px(const dp_plot_frame *f, double x)
{
    return f->left + (x - f->x0) / (f->x1 - f->x0) * f->w;
}

double dp_plot_py(const dp_plot_frame *f, double y)
{
    return f->top + f->h - (y - f->y0) / (f->y1 - f->y0) * f->h;
}

/* ------------------------------------------------------------------------- lines */

static void set_rgb(cairo_t *cr, uint32_t rgb)
{
    cairo_set_source_rgb(cr, (rgb >> 16 & 255) / 255.0, (rgb >> 8 & 255) / 255.0,
                         (rgb & 255) / 255.0);
}

static void draw_series(cairo_t *cr, const dp_plot_frame *f, const dp_plot_series *s)
{
    static const double DASH[] = { 8, 5 };
    bool pen = false;
    cairo_save(cr);
    cairo_rectangle(cr, f->left, f->top, f->w, f->h);
    cairo_clip(cr);
    set_rgb(cr, s->rgb);
    cairo_set_line_width(cr, 2.5);
    cairo_set_dash(cr, DASH, s->dashed ? 2 : 0, 0);
    for (int i = 0; i < s->n; i++) {
        if (!isfinite(s->x[i]) || !isfinite(s->y[i])) {
            pen = false;
            continue;
        }
        double py = DP_MIN(DP_MAX(dp_plot_py(f, s->y[i]), f->top - 5), f->top + f->h + 5);
        if (pen)
            cairo_line_to(cr, dp_plot_px(f, s->x[i]), py);
        else
            cairo_move_to(cr, dp_plot_px(f, s->x[i]), py);
        pen = true;
    }
    cairo_stroke(cr);
    cairo_restore(cr);
}

static void legend(cairo_t *cr, const dp_plot_frame *f, const dp_plot_panel *p)
{
    double y = f->top + 14;
    for (int k = 0; k < p->n_series; k++) {
        const dp_plot_series *s = &p->series[k];
        if (s->label == NULL)
            continue;
        double x = f->left + f->w - 20 - dp_text_width(s->label, 2) - 40;
        set_rgb(cr, s->rgb);
        cairo_rectangle(cr, x, y + 4, 30, 5);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        dp_text_draw(cr, s->label, x + 40, y - 1, 2, 0);
        y += 24;
    }
}

static void draw_panel(cairo_t *cr, const dp_plot_panel *p, double top)
{
    dp_plot_frame f = { .left = LEFT,
                        .top = top + TOP,
                        .w = WIDTH - LEFT - RIGHT,
                        .h = PANEL_H - TOP - BOTTOM,
                        .x0 = p->x0,
                        .x1 = p->x1,
                        .y0 = p->y0,
                        .y1 = p->y1 };
    dp_plot_axes(cr, &f, p->xlabel, p->ylabel);
    for (int k = 0; k < p->n_series; k++)
        draw_series(cr, &f, &p->series[k]);
    legend(cr, &f, p);
}

void dp_plot_title(cairo_t *cr, const char *title, double width)
{
    cairo_set_source_rgb(cr, 0, 0, 0);
    dp_text_draw(cr, title, width / 2 - dp_text_width(title, 2.5) / 2, 12, 2.5, 0);
}

dapple_status dp_plot_lines(const char *path, const char *title, const dp_plot_panel *panels,
                            int n_panels, dapple_error *err)
{
    int height = TITLE_H + n_panels * PANEL_H;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, WIDTH, height);
    cairo_t *cr = cairo_create(s);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    dp_plot_title(cr, title, WIDTH);
    for (int i = 0; i < n_panels; i++)
        draw_panel(cr, &panels[i], TITLE_H + i * PANEL_H);
    return dp_plot_finish(path, s, cr, err);
}

dapple_status dp_plot_finish(const char *path, cairo_surface_t *s, cairo_t *cr, dapple_error *err)
{
    cairo_status_t cs = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(s);
    dapple_status st = DAPPLE_OK;
    if (cs == CAIRO_STATUS_SUCCESS)
        cs = cairo_surface_status(s);
    if (cs != CAIRO_STATUS_SUCCESS)
        st = dp_fail(err, DAPPLE_E_RENDER, "%s: cairo: %s", path, cairo_status_to_string(cs));
    else
        st = dp_image_write_argb32(
                path, cairo_image_surface_get_data(s), cairo_image_surface_get_width(s),
                cairo_image_surface_get_height(s), cairo_image_surface_get_stride(s), err);
    cairo_surface_destroy(s);
    return st;
}
