/* SPDX-License-Identifier: MIT
 * Labels (see easy_text.h). stb_easy_font is static functions and one static spacing per
 * file that includes it, so every label goes through this one file. */
#include "render/easy_text.h"

#include <stdio.h>
#include <stdlib.h>

#pragma GCC diagnostic push /* stb_easy_font is all static functions, warts included */
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wdouble-promotion"
#pragma GCC diagnostic ignored "-Wmissing-braces"
#include <stb_easy_font.h>
#pragma GCC diagnostic pop

enum { TEXT_MAX = 256 }; /* longer labels are cut here */

double dp_text_width(const char *text, double scale)
{
    char buf[TEXT_MAX];
    snprintf(buf, sizeof buf, "%s", text);
    return stb_easy_font_width(buf) * scale;
}

void dp_text_draw(cairo_t *cr, const char *text, double x, double y, double scale, double angle)
{
    static const size_t VB_BYTES = TEXT_MAX * 300; /* ~270 bytes per character */
    char buf[TEXT_MAX];
    float *vb = malloc(VB_BYTES);
    if (vb == NULL)
        return;
    snprintf(buf, sizeof buf, "%s", text);
    int quads = stb_easy_font_print(0, 0, buf, NULL, vb, (int)VB_BYTES);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_rotate(cr, angle);
    cairo_scale(cr, scale, scale);
    for (int q = 0; q < quads; q++) {
        const float *v = vb + 16 * q; /* vertex 0 is the top left, vertex 2 the bottom right */
        cairo_rectangle(cr, v[0], v[1], (double)(v[8] - v[0]), (double)(v[9] - v[1]));
    }
    cairo_fill(cr);
    cairo_restore(cr);
    free(vb);
}

void dp_text_spacing(float spacing)
{
    stb_easy_font_spacing(spacing);
}
