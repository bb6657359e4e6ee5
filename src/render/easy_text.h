/* SPDX-License-Identifier: MIT
 * Plain labels for charts and the contact sheet: stb_easy_font's quads filled by cairo in
 * the current source colour. No font files, the same pixels on every machine. */
#ifndef DP_EASY_TEXT_H
#define DP_EASY_TEXT_H

#include <cairo.h>

/** Width in pixels of text drawn at 'scale' (the font is 7 pixels tall at scale 1). */
double dp_text_width(const char *text, double scale);

/** Text with its top left at (x, y), scaled, rotated by angle (radians). */
void dp_text_draw(cairo_t *cr, const char *text, double x, double y, double scale, double angle);

/** Extra space between letters, in font pixels (0 = the font's own; negative = closer).
 * One setting for the whole process, as stb_easy_font keeps it: set it, draw, set it back
 * to 0, all on one thread. */
void dp_text_spacing(float spacing);

#endif
