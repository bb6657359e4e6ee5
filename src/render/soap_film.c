/* SPDX-License-Identifier: MIT
 * The colours of a soap film (see soap_film.h). A film of thickness d reflects a wavelength
 * L in proportion to sin^2(2 pi n d / L) (n = 1.33, the phase flip at the front face makes
 * a very thin film dark): the three channels, at 650, 532 and 450 nm, peak at different
 * thicknesses, which gives the magenta, gold, green and blue bands of a real bubble. The
 * thickness drains downward (thin, dark-gold at the top, thicker below) and is stirred by
 * two swirls whose phase comes from the bubble's turn, so no two neighbours share bands. */
#include "render/soap_film.h"

#include <math.h>
#include <stdint.h>

#include "core/dp.h"

#define SATURATE 2.0

/* Film thickness in nm at (u, v), the unit disc with v down. */
static double thickness(double u, double v, double turn)
{
    double r = sqrt(u * u + v * v), th = atan2(v, u), ph = 2 * DP_PI * turn;
    double drain = 260 + 380 * (v + 1) / 2;
    double swirl = sin(2 * th + 5.5 * r * r + ph) * r + 0.6 * sin(3.1 * u - 2.3 * v + 1.7 * ph);
    return drain + 150 * swirl;
}

static double reflect(double d, double wavelength)
{
    double s = sin(2 * DP_PI * 1.33 * d / wavelength);
    return s * s;
}

/* The reflected colour of thickness d, its spread from grey doubled: the interference bands
 * of a real film are vivid, while three sin^2 curves overlap into pastels. */
static void saturated(double d, double c[3])
{
    double r[3] = { reflect(d, 650), reflect(d, 532), reflect(d, 450) };
    double m = (r[0] + r[1] + r[2]) / 3;
    for (int ch = 0; ch < 3; ch++)
        c[ch] = DP_MIN(1.0, DP_MAX(0.0, m + SATURATE * (r[ch] - m)));
}

void dp_soap_film_paint(cairo_t *cr, double x, double y, double a, double turn, double alpha)
{
    int side = (int)ceil(2 * a) + 2;
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s); /* the caller's canvas reports cairo's errors */
        return;
    }
    cairo_surface_flush(s);
    unsigned char *px = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    double ox = floor(x - a) - 1, oy = floor(y - a) - 1;
    for (int j = 0; j < side; j++)
        for (int i = 0; i < side; i++) {
            double u = (ox + i + 0.5 - x) / a, v = (oy + j + 0.5 - y) / a;
            double r2 = u * u + v * v;
            if (r2 >= 1)
                continue;
            double d = thickness(u, v, turn);
            /* Facing the viewer, a film reflects ~4 %: the middle stays clear. Where the view
               grazes it, toward the rim, the reflection and so the bands grow strong. */
            double k = alpha * (0.06 + 0.94 * r2 * r2 * r2);
            double c[3];
            saturated(d, c);
            uint32_t *p = (uint32_t *)(void *)(px + (size_t)j * stride) + i;
            uint32_t out = (uint32_t)lround(255 * k) << 24;
            for (int ch = 0; ch < 3; ch++) /* premultiplied, as cairo keeps ARGB32 */
                out |= (uint32_t)lround(255 * k * c[ch]) << (16 - 8 * ch);
            *p = out;
        }
    cairo_surface_mark_dirty(s);
    cairo_save(cr);
    cairo_set_source_surface(cr, s, ox, oy);
    cairo_arc(cr, x, y, a, 0, 2 * DP_PI);
    cairo_fill(cr);
    cairo_restore(cr);
    cairo_surface_destroy(s);
}
