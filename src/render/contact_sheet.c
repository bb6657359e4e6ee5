/* SPDX-License-Identifier: MIT
 * The contact sheet (see contact_sheet.h): 192-pixel cells in 4 to 6 columns, aspect kept,
 * a checkerboard behind see-through textures. Labels come from render/easy_text (stb_easy_font's
 * quads filled by cairo), so the sheet needs no installed font and its bytes depend on none. */
#include "render/contact_sheet.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dp.h"
#include "io/image_load.h"
#include "io/image_save.h"
#include "render/easy_text.h"
#include "render/texture.h"

#define THUMB     192
#define PAD       14
#define LABEL_H   26
#define HEADER_H  44
#define LABEL_MAX 176

typedef struct sheet {
    cairo_t *cr;
    const char *dir;
    int cols;
} sheet;

/* Fewest empty cells in the last row, up to 6 columns; small packs get one row. */
static int choose_columns(int n)
{
    int best = 6, waste_best = n;
    if (n <= 6)
        return n;
    for (int c = 6; c >= 4; c--) {
        int waste = (n + c - 1) / c * c - n;
        if (waste < waste_best) {
            best = c;
            waste_best = waste;
        }
    }
    return best;
}

/* "rain.png" -> "rain", "mist-mask.png" -> "mist" (a badge says it is a mask); ASCII
 * only, for the font. */
static void make_label(const dp_sheet_item *e, char out[LABEL_MAX])
{
    size_t n = strlen(e->file);
    if (n > 4 && strcmp(e->file + n - 4, ".png") == 0)
        n -= 4;
    if (e->mask && n > 5 && strncmp(e->file + n - 5, "-mask", 5) == 0)
        n -= 5;
    snprintf(out, LABEL_MAX, "%.*s", (int)n, e->file);
    for (char *p = out; *p != '\0'; p++)
        if (*p < 32 || *p > 126)
            *p = '?';
}

/* ------------------------------------------------------------------------- labels */

/* Centred under the cell, as large as fits: twice the font's size, then the same with the
 * letters closer, then the plain size shortened with "..". The spacing is process-wide
 * (easy_text.h): the sheet is drawn on the main thread and sets it back to 0. */
static void draw_label(cairo_t *cr, const char *label, double x, double y)
{
    char text[LABEL_MAX];
    double scale = 2;
    snprintf(text, sizeof text, "%s", label);
    if (dp_text_width(text, 1) * 2 > THUMB) {
        dp_text_spacing(-0.5f);
        if (dp_text_width(text, 1) * 2 > THUMB) {
            dp_text_spacing(0);
            scale = 1;
        }
    }
    for (size_t n = strlen(text); scale == 1 && n > 3 && dp_text_width(text, 1) > THUMB + PAD; n--)
        memcpy(text + n - 3, "..", 3);
    cairo_set_source_rgb(cr, 0.86, 0.86, 0.86);
    dp_text_draw(cr, text, x + (THUMB - dp_text_width(text, 1) * scale) / 2, y, scale, 0);
    dp_text_spacing(0);
}

/* A small tag in the corner of a cell: "mask" for presets that make no texture. */
static void draw_badge(cairo_t *cr, const char *text, double x, double y)
{
    cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
    cairo_rectangle(cr, x, y, dp_text_width(text, 1) + 8, 14);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 1, 0.85, 0.4);
    dp_text_draw(cr, text, x + 4, y + 3, 1, 0);
}

/* ------------------------------------------------------------------------- thumbnails */

/* Straight RGBA8 -> premultiplied ARGB32; *see_through is set when any alpha is < 255. */
static cairo_surface_t *surface_from_rgba(const uint8_t *rgba, int w, int h, bool *see_through)
{
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS)
        return s;
    uint8_t *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    *see_through = false;
    for (int y = 0; y < h; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * (size_t)stride);
        for (int x = 0; x < w; x++) {
            const uint8_t *p = rgba + 4 * ((size_t)y * (size_t)w + (size_t)x);
            uint32_t a = p[3];
            *see_through |= a < 255;
            row[x] = a << 24 | (p[0] * a + 127) / 255 << 16 | (p[1] * a + 127) / 255 << 8 |
                     (p[2] * a + 127) / 255;
        }
    }
    cairo_surface_mark_dirty(s);
    return s;
}

/* img fitted into the THUMB square, aspect kept. Shrinking filters properly (GOOD);
 * enlarging a tiny texture keeps its pixels sharp (NEAREST). PAD keeps the borders from
 * fading into the transparent outside. NULL on failure. */
static cairo_surface_t *fit(cairo_surface_t *img, int w, int h)
{
    double s = DP_MIN((double)THUMB / w, (double)THUMB / h);
    int tw = DP_MAX(1, (int)(w * s + 0.5)), th = DP_MAX(1, (int)(h * s + 0.5));
    cairo_surface_t *out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, tw, th);
    cairo_t *cr = cairo_create(out);
    cairo_scale(cr, (double)tw / w, (double)th / h);
    cairo_set_source_surface(cr, img, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr),
                             s < 1 ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST);
    cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_paint(cr);
    bool ok = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    cairo_surface_flush(out);
    if (!ok) {
        cairo_surface_destroy(out);
        return NULL;
    }
    return out;
}

void dp_thumb_load(dp_thumb *t, const char *path)
{
    uint8_t *rgba = NULL;
    int w, h;
    dapple_error err;
    memset(t, 0, sizeof *t);
    if (dp_image_load_rgba8(path, DP_DEFAULT_MAX_PIXELS, &rgba, &w, &h, &err) != DAPPLE_OK)
        return;
    cairo_surface_t *img = surface_from_rgba(rgba, w, h, &t->see_through);
    free(rgba);
    if (cairo_surface_status(img) == CAIRO_STATUS_SUCCESS)
        t->surface = fit(img, w, h);
    cairo_surface_destroy(img);
}

void dp_thumb_fini(dp_thumb *t)
{
    if (t->surface != NULL)
        cairo_surface_destroy(t->surface);
    t->surface = NULL;
}

static void draw_checkerboard(cairo_t *cr, double x, double y, double w, double h)
{
    cairo_save(cr);
    cairo_rectangle(cr, x, y, w, h);
    cairo_clip(cr);
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0.4, 0.4, 0.4);
    for (int j = 0; j * 8 < h; j++)
        for (int i = (j & 1); i * 8 < w; i += 2)
            cairo_rectangle(cr, x + i * 8, y + j * 8, 8, 8);
    cairo_fill(cr);
    cairo_restore(cr);
}

/* A cell whose file could not be read: a red cross, so the gap is noticed. */
static void draw_missing(cairo_t *cr, double x, double y)
{
    cairo_set_source_rgb(cr, 0.8, 0.2, 0.2);
    cairo_set_line_width(cr, 3);
    cairo_move_to(cr, x + 24, y + 24);
    cairo_line_to(cr, x + THUMB - 24, y + THUMB - 24);
    cairo_move_to(cr, x + THUMB - 24, y + 24);
    cairo_line_to(cr, x + 24, y + THUMB - 24);
    cairo_stroke(cr);
}

/* Centred in the cell on whole pixels, so the thumbnail is copied, not resampled again. */
static void draw_image(cairo_t *cr, const dp_thumb *t, int x, int y)
{
    cairo_surface_t *s = t->surface;
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    x += (THUMB - w) / 2;
    y += (THUMB - h) / 2;
    if (t->see_through)
        draw_checkerboard(cr, x, y, w, h);
    cairo_set_source_surface(cr, s, x, y);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
}

static void draw_cell(const sheet *sh, const dp_sheet_item *item, int x, int y)
{
    char path[DP_PATH_MAX + 256], label[LABEL_MAX];
    dp_thumb own = { NULL, false };
    const dp_thumb *t = item->thumb;
    if (t == NULL) {
        snprintf(path, sizeof path, "%s/%s", sh->dir, item->file);
        dp_thumb_load(&own, path);
        t = &own;
    }
    if (t->surface != NULL)
        draw_image(sh->cr, t, x, y);
    else
        draw_missing(sh->cr, x, y);
    if (item->mask)
        draw_badge(sh->cr, "mask", x, y);
    dp_thumb_fini(&own);
    make_label(item, label);
    draw_label(sh->cr, label, x, y + THUMB + 8);
}

/* ------------------------------------------------------------------------- the sheet */

static void draw_header(cairo_t *cr, int shown, int total)
{
    char text[LABEL_MAX];
    if (shown < total)
        snprintf(text, sizeof text, "dapple %s - %d of %d textures", DAPPLE_VERSION, shown, total);
    else
        snprintf(text, sizeof text, "dapple %s - %d texture%s", DAPPLE_VERSION, total,
                 total == 1 ? "" : "s");
    cairo_set_source_rgb(cr, 0.55, 0.7, 0.85);
    dp_text_draw(cr, text, PAD, PAD + 2, 2, 0);
}

static void draw_all(const sheet *sh, const dp_sheet_item *items, int n, int total)
{
    cairo_set_source_rgb(sh->cr, 0.11, 0.11, 0.12);
    cairo_paint(sh->cr);
    draw_header(sh->cr, n, total);
    for (int i = 0; i < n; i++) {
        int x = PAD + (i % sh->cols) * (THUMB + PAD);
        int y = HEADER_H + (i / sh->cols) * (THUMB + LABEL_H + PAD);
        draw_cell(sh, &items[i], x, y);
    }
}

dapple_status dp_contact_sheet_write(const dp_sheet_item *items, int n, int total, const char *dir,
                                     const char *path, dapple_error *err)
{
    if (n <= 0)
        return DAPPLE_OK;
    int cols = choose_columns(n), rows = (n + cols - 1) / cols;
    int w = PAD + cols * (THUMB + PAD), h = HEADER_H + rows * (THUMB + LABEL_H + PAD);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create(s);
    sheet sh = { cr, dir, cols };
    draw_all(&sh, items, n, total);
    dapple_status st = DAPPLE_OK;
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS)
        st = dp_fail(err, DAPPLE_E_RENDER, "%s: %s", path,
                     cairo_status_to_string(cairo_status(cr)));
    cairo_surface_flush(s);
    if (st == DAPPLE_OK)
        st = dp_image_write_argb32(path, cairo_image_surface_get_data(s), w, h,
                                   cairo_image_surface_get_stride(s), err);
    cairo_destroy(cr);
    cairo_surface_destroy(s);
    return st;
}
