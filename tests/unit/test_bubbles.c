/* SPDX-License-Identifier: MIT
 * Bubbles by their physics (issue #36), measured on the pictures and shapes the presets
 * make (fixed seeds): soap films coloured by interference, clear on the cap and coloured
 * toward the rim, thin at the top; gas bubbles with bright cores and dark rims; trains that
 * grow and spread out upward, counted as the layer's points; foams whose walls meet at
 * 120 degrees. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/dp.h"
#include "core/foam.h"
#include "core/power_walls.h"
#include "point_helpers.h"
#include "preset/preset.h"
#include "render/bubble_trains.h"
#include "render/render.h"
#include "render/soap_film.h"
#include "surface_helpers.h"

/* ---------------------------------------------------------------- film optics */

/* The two-beam formula, written out again here: 4 R sin^2(2 pi n d cos_t / L). */
static double two_beam(double d, double lambda, double cos_i)
{
    double n = 1.33, si = sqrt(1 - cos_i * cos_i), ct = sqrt(1 - si * si / (n * n));
    double rs = (cos_i - n * ct) / (cos_i + n * ct), rp = (ct - n * cos_i) / (ct + n * cos_i);
    double r = 0.5 * (rs * rs + rp * rp), s = sin(2 * DP_PI * n * d * ct / lambda);
    return 4 * r * s * s;
}

Test(bubbles, film_reflectance_is_the_two_beam_formula)
{
    static const double d[] = { 0, 50, 120, 200, 280, 350, 450, 600, 900 };
    static const double lambda[] = { 450, 530, 650 }, cos_i[] = { 1, 0.8, 0.5 };
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) {
                double want = two_beam(d[i], lambda[j], cos_i[k]);
                double got = dp_film_reflectance(d[i], lambda[j], cos_i[k]);
                cr_assert_float_eq(got, want, 1e-12, "d %g L %g cos %g: %g, want %g", d[i],
                                   lambda[j], cos_i[k], got, want);
            }
    cr_assert_float_eq(dp_film_fresnel(1), 0.33 * 0.33 / (2.33 * 2.33), 1e-12);
}

/* The film's colour facing the viewer, at thicknesses 0 to 700 nm, against the formula at a
 * red, a green and a blue wavelength: where the formula has one channel clearly brightest,
 * so has the film; a film thinner than 30 nm is black; the mean is near the formula's. */
Test(bubbles, film_colour_follows_the_interference_formula)
{
    static dp_film_table tab;
    dp_film_table_init(&tab);
    static const double lambda[3] = { 610, 545, 465 };
    int checked = 0;
    for (double d = 0; d <= 700; d += 10) {
        double rgb[3], f[3];
        dp_film_colour(&tab, d, 1, rgb);
        for (int c = 0; c < 3; c++)
            f[c] = two_beam(d, lambda[c], 1);
        if (d < 30)
            for (int c = 0; c < 3; c++)
                cr_assert_lt(rgb[c], 0.02, "a %g nm film is black: %g", d, rgb[c]);
        int top = f[0] > f[1] ? (f[0] > f[2] ? 0 : 2) : (f[1] > f[2] ? 1 : 2);
        double second = fmax(f[(top + 1) % 3], f[(top + 2) % 3]);
        /* a clear hue in the formula, in the first three orders (past them one wavelength a
           channel no longer stands for the channel's band: the bands beat) */
        if (d <= 450 && f[top] > 2 * second && f[top] > 0.04) {
            checked++;
            cr_assert(rgb[top] > rgb[(top + 1) % 3] && rgb[top] > rgb[(top + 2) % 3],
                      "%g nm: film (%.3f %.3f %.3f), formula (%.3f %.3f %.3f)", d, rgb[0], rgb[1],
                      rgb[2], f[0], f[1], f[2]);
        }
        double mf = (f[0] + f[1] + f[2]) / 3, mc = (rgb[0] + rgb[1] + rgb[2]) / 3;
        cr_assert_leq(fabs(mc - mf), 0.25 * 0.08 + 0.3 * mf, "%g nm: mean %.4f, formula %.4f", d,
                      mc, mf);
    }
    cr_assert_geq(checked, 8, "only %d thicknesses with a clear hue", checked);
}

Test(bubbles, film_drains_thin_at_the_top)
{
    for (int k = 0; k < 32; k++) {
        dp_film_look l = { .turn = k / 32.0, .top_nm = 15, .bottom_nm = 900 };
        double top = 0, bottom = 0, black = 0;
        int nt = 0, nb = 0;
        for (double v = -1; v <= 1; v += 0.02)
            for (double u = -1; u <= 1; u += 0.02) {
                if (u * u + v * v >= 1)
                    continue;
                double d = dp_film_thickness(u, v, &l);
                if (v < -0.6)
                    top += d, nt++, black += d < 30;
                if (v > 0.6)
                    bottom += d, nb++;
            }
        top /= nt, bottom /= nb;
        cr_assert_lt(top, 0.5 * bottom, "turn %d: top fifth %.0f nm, bottom fifth %.0f nm", k, top,
                     bottom);
        cr_assert_gt(black, 0, "turn %d: no black film at the top", k);
    }
}

/* ---------------------------------------------------------------- presets */

static cairo_surface_t *render_preset(const char *path, dp_texture_spec *t, dp_scene *s)
{
    dapple_error err;
    cairo_surface_t *img = NULL;
    cr_assert_eq(dp_preset_load(path, t, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_scene_sample(t, s, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_render_texture(t, s, &img, &err), DAPPLE_OK, "%s", err.message);
    cairo_surface_flush(img);
    return img;
}

static rgba8 px_wrap(cairo_surface_t *s, int x, int y)
{
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    return pixel(s, ((x % w) + w) % w, ((y % h) + h) % h);
}

static double saturation(rgba8 p)
{
    int hi = DP_MAX(p.r, DP_MAX(p.g, p.b)), lo = DP_MIN(p.r, DP_MIN(p.g, p.b));
    return hi > 0 ? (double)(hi - lo) / hi : 0;
}

static double luma(rgba8 p)
{
    return 0.2126 * p.r + 0.7152 * p.g + 0.0722 * p.b;
}

/* Is (x, y) inside a disc of any layer other than bubble 'self' of layer 'li'? */
static bool covered(const dp_texture_spec *t, const dp_scene *s, int li, size_t self, double x,
                    double y, double grow)
{
    for (int j = 0; j < s->n_layers; j++) {
        const dp_layer_spec *l = &t->layers[j];
        uint64_t seed = dp_layer_size_seed(t->seed, l->name);
        for (size_t k = 0; k < s->layers[j].count; k++) {
            const dapple_point *q = &s->layers[j].points[k];
            double a = dp_layer_point_radius(l, seed, q) * grow;
            if ((j != li || k != self) &&
                torus_d2_in(t->width, t->height, x, y, q->x, q->y) < a * a)
                return true;
        }
    }
    return false;
}

/* Median of f over the pixels of the ring r0 a <= d < r1 a of bubble i of layer li not on
 * another bubble (or, with grow > 1, not near one); NAN if none. */
static double ring_median(cairo_surface_t *img, const dp_texture_spec *t, const dp_scene *s, int li,
                          size_t i, double r0, double r1, double grow, double (*f)(rgba8))
{
    const dp_layer_spec *l = &t->layers[li];
    const dapple_point *p = &s->layers[li].points[i];
    double a = dp_layer_point_radius(l, dp_layer_size_seed(t->seed, l->name), p);
    double px = p->x, py = p->y;
    static double v[65536];
    size_t n = 0;
    for (int y = (int)floor(py - r1 * a); y <= (int)ceil(py + r1 * a); y++)
        for (int x = (int)floor(px - r1 * a); x <= (int)ceil(px + r1 * a); x++) {
            double d = hypot(x + 0.5 - px, y + 0.5 - py);
            if (d < r0 * a || d >= r1 * a || n == 65536 ||
                covered(t, s, li, i, x + 0.5, y + 0.5, grow))
                continue;
            v[n++] = f(px_wrap(img, x, y));
        }
    return n > 0 ? median(v, n) : (double)NAN;
}

Test(bubbles, soap_caps_are_clear_and_the_rims_coloured)
{
    dp_texture_spec t;
    dp_scene s;
    cairo_surface_t *img = render_preset("presets/soap-bubbles.ini", &t, &s);
    save(img, "bubbles_soap.png");
    double ratio[512];
    size_t n = 0, pass = 0;
    for (size_t i = 0; i < s.layers[0].count && n < 512; i++) {
        double in = ring_median(img, &t, &s, 0, i, 0, 0.6, 1, saturation);
        double rim = ring_median(img, &t, &s, 0, i, 0.8, 1, 1, saturation);
        if (isnan(in) || isnan(rim) || !(rim > 0))
            continue;
        ratio[n++] = in / rim;
        pass += in <= 0.5 * rim;
        if (getenv("BUB_DEBUG"))
            fprintf(stderr, "bubble %zu at %.0f,%.0f: inner %.2f ring %.2f\n", i,
                    (double)s.layers[0].points[i].x, (double)s.layers[0].points[i].y, in, rim);
    }
    double med = median(ratio, n);
    fprintf(stderr, "soap: inner/ring saturation, median %.2f over %zu bubbles, %zu at most 0.5\n",
            med, n, pass);
    cr_assert_gt(n, 20);
    cr_assert_leq(med, 0.5, "inner/ring saturation %.2f", med);
    cr_assert_geq(pass * 4, n * 3, "%zu of %zu bubbles", pass, n); /* clustered ones fail more */
    cairo_surface_destroy(img);
    dp_scene_fini(&s);
}

Test(bubbles, gas_bubbles_have_bright_cores_and_dark_rims)
{
    dp_texture_spec t;
    dp_scene s;
    cairo_surface_t *img = render_preset("presets/fizzy-bubbles.ini", &t, &s);
    save(img, "bubbles_fizzy.png");
    static double core[4096], edge[4096], drink[4096];
    size_t n = 0;
    for (int li = 0; li < s.n_layers; li++)
        for (size_t i = 0; i < s.layers[li].count && n < 4096; i++) {
            const dapple_point *p = &s.layers[li].points[i];
            const dp_layer_spec *l = &t.layers[li];
            if (dp_layer_point_radius(l, dp_layer_size_seed(t.seed, l->name), p) < 4)
                continue;
            core[n] = ring_median(img, &t, &s, li, i, 0, 0.45, 1, luma);
            edge[n] = ring_median(img, &t, &s, li, i, 0.8, 1, 1, luma);
            drink[n] = ring_median(img, &t, &s, li, i, 1.2, 1.8, 1.15, luma);
            n += !isnan(core[n]) && !isnan(edge[n]) && !isnan(drink[n]);
        }
    double c = median(core, n), e = median(edge, n), d = median(drink, n);
    fprintf(stderr, "gas: %zu bubbles, median luma core %.1f, edge ring %.1f, drink %.1f\n", n, c,
            e, d);
    cr_assert_gt(n, 100);
    cr_assert_gt(c, e + 10, "core %.1f, edge ring %.1f", c, e);
    cr_assert_gt(c, d + 10, "core %.1f, drink %.1f", c, d);
    cairo_surface_destroy(img);
    dp_scene_fini(&s);
}

/* ---------------------------------------------------------------- tiling */

/* The scene's points moved by (dx, dy), wrapped: a periodic texture of them is the texture
 * rolled by that much. */
static void roll_scene(dp_scene *s, double w, double h, double dx, double dy)
{
    for (int li = 0; li < s->n_layers; li++)
        for (size_t i = 0; i < s->layers[li].count; i++) {
            dapple_point *p = &s->layers[li].points[i];
            p->x = (float)fmod((double)p->x + dx, w), p->y = (float)fmod((double)p->y + dy, h);
        }
}

/* Every bubble preset tiles: its colour, height and footprint mask drawn from the points
 * rolled by half the size are the first drawing rolled by half the size (up to the rounding
 * of a shifted edge). A missing copy across the seam would differ by whole bubbles. */
Test(bubbles, every_map_tiles)
{
    static const char *presets[] = { "presets/soap-bubbles.ini", "presets/foam.ini",
                                     "presets/fizzy-bubbles.ini" };

    enum { W = 256, H = 256 };

    static uint16_t h0[W * H], h1[W * H], m0[W * H], m1[W * H];
    for (int k = 0; k < 3; k++) {
        dp_texture_spec t;
        dp_scene s;
        dapple_error err;
        cairo_surface_t *a = NULL, *b = NULL;
        cr_assert_eq(dp_preset_load(presets[k], &t, &err), DAPPLE_OK, "%s", err.message);
        t.width = W, t.height = H;
        t.background = DP_BG_COLOUR;            /* the ground tiles by itself; it does not roll */
        for (int li = 0; li < t.n_layers; li++) /* keyed by the place, which the roll moves */
            memset(&t.layers[li].size, 0, sizeof t.layers[li].size);
        cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
        cr_assert_eq(dp_render_texture(&t, &s, &a, &err), DAPPLE_OK, "%s", err.message);
        dp_render_height_into(&t, &s, h0);
        dp_render_mask_into(&t, &s, DP_MASK_FOOTPRINT, m0);
        roll_scene(&s, W, H, W / 2, H / 2);
        cr_assert_eq(dp_render_texture(&t, &s, &b, &err), DAPPLE_OK, "%s", err.message);
        dp_render_height_into(&t, &s, h1);
        dp_render_mask_into(&t, &s, DP_MASK_FOOTPRINT, m1);
        cairo_surface_flush(a), cairo_surface_flush(b);
        double colour = 0, height = 0, mask = 0;
        int far = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int rx = (x + W / 2) % W, ry = (y + H / 2) % H;
                rgba8 p = pixel(a, x, y), q = pixel(b, rx, ry);
                int d = abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b);
                colour += d, far += d > 96;
                height += fabs((double)h0[y * W + x] - h1[ry * W + rx]) / 65535;
                mask += fabs((double)m0[y * W + x] - m1[ry * W + rx]) / 65535;
            }
        colour /= 3.0 * W * H, height /= W * H, mask /= W * H;
        fprintf(stderr, "%s rolled: colour %.3f, height %.5f, mask %.5f mean step, %d far\n",
                presets[k], colour, height, mask, far);
        cr_assert_lt(colour, 0.5, "%s: colour differs by %.3f on average", presets[k], colour);
        cr_assert_lt(far, W * H / 2000, "%s: %d pixels far off", presets[k], far);
        cr_assert_lt(height, 0.002, "%s: height differs by %.5f", presets[k], height);
        cr_assert_lt(mask, 0.002, "%s: mask differs by %.5f", presets[k], mask);
        cairo_surface_destroy(a);
        cairo_surface_destroy(b);
        dp_scene_fini(&s);
    }
}

/* ---------------------------------------------------------------- trains */

/* Spearman's rank correlation of x and y (no ties expected). */
static double rank_correlation(const double *x, const double *y, size_t n)
{
    double rx[256], ry[256], d2 = 0;
    for (size_t i = 0; i < n; i++) {
        rx[i] = ry[i] = 0;
        for (size_t j = 0; j < n; j++)
            rx[i] += x[j] < x[i], ry[i] += y[j] < y[i];
    }
    for (size_t i = 0; i < n; i++)
        d2 += (rx[i] - ry[i]) * (rx[i] - ry[i]);
    return 1 - 6 * d2 / ((double)n * ((double)n * n - 1));
}

Test(bubbles, trains_grow_and_spread_out_as_they_rise)
{
    dp_texture_spec t;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/fizzy-bubbles.ini", &t, &err), DAPPLE_OK, "%s",
                 err.message);
    for (int size = 0; size < 2; size++) {
        t.width = size ? 1024 : 512, t.height = size ? 2048 : 768;
        dp_train_bubble *b = NULL;
        size_t n = 0, trains = 0;
        double worst = 1;
        cr_assert_eq(dp_bubble_trains(&t, 0, NULL, &b, &n, &err), DAPPLE_OK, "%s", err.message);
        for (size_t i = 0; i < n;) {
            size_t j = i;
            while (j < n && b[j].train == b[i].train)
                j++;
            double r[256], z[256];
            size_t m = DP_MIN(j - i, (size_t)256);
            for (size_t k = 0; k < m; k++) /* the height risen, not the wrapped y */
                r[k] = b[i + k].r, z[k] = b[i + k].rise;
            for (size_t k = 2; k < m; k++)
                cr_assert_gt(z[k] - z[k - 1], z[k - 1] - z[k - 2],
                             "train %d: spacing %.2f after %.2f", b[i].train, z[k] - z[k - 1],
                             z[k - 1] - z[k - 2]);
            if (m >= 5) {
                trains++;
                double rho = rank_correlation(z, r, m);
                worst = fmin(worst, rho);
                cr_assert_geq(rho, 0.9, "train %d: rank correlation %.2f", b[i].train, rho);
            }
            i = j;
        }
        fprintf(stderr, "trains at %dx%d: %zu of 5 or more bubbles, lowest rank correlation %.3f\n",
                t.width, t.height, trains, worst);
        cr_assert_geq(trains, 5, "%zu trains of 5 or more", trains);
        free(b);
    }
}

Test(bubbles, trains_are_the_layers_points)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/fizzy-bubbles.ini", &t, &err), DAPPLE_OK, "%s",
                 err.message);
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    dp_train_bubble *b = NULL;
    size_t n = 0;
    cr_assert_eq(dp_bubble_trains(&t, 0, NULL, &b, &n, &err), DAPPLE_OK, "%s", err.message);
    const dp_layer_points *lp = &s.layers[0];
    cr_assert_eq(lp->count, n, "%zu points, %zu train bubbles", lp->count, n);
    cr_assert_eq(lp->n_beads, 0, "train bubbles kept aside as beads");
    uint64_t seed = dp_layer_size_seed(t.seed, t.layers[0].name);
    for (size_t i = 0; i < n; i++) /* drawn at the radius it grew to */
        cr_assert_float_eq(dp_layer_point_radius(&t.layers[0], seed, &lp->points[i]), b[i].r,
                           1e-3 * b[i].r);
    free(b);
    dp_scene_fini(&s);
}

/* ---------------------------------------------------------------- foam */

Test(bubbles, foam_bubbles_share_walls)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/foam.ini", &t, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    const dp_layer_points *lp = &s.layers[0];
    uint64_t seed = dp_layer_size_seed(t.seed, t.layers[0].name);
    size_t walled = 0;
    for (size_t i = 0; i < lp->count; i++) {
        double a = dp_layer_point_radius(&t.layers[0], seed, &lp->points[i]);
        for (size_t j = 0; j < lp->count; j++) {
            double b = dp_layer_point_radius(&t.layers[0], seed, &lp->points[j]);
            double d2 = torus_d2_in(t.width, t.height, lp->points[i].x, lp->points[i].y,
                                    lp->points[j].x, lp->points[j].y);
            if (j != i && d2 < (a + b - 1) * (a + b - 1)) {
                walled++;
                break;
            }
        }
    }
    fprintf(stderr, "foam: %zu of %zu bubbles share a wall\n", walled, lp->count);
    cr_assert_geq(walled * 10, lp->count * 3, "%zu of %zu share a wall", walled, lp->count);
    dp_scene_fini(&s);
}

/* The power-diagram vertices among discs d[0 .. n) on a W x H torus: triples of discs that
 * overlap pairwise whose radical centre lies inside all three and in no other disc's cell;
 * how many, how many with every angle within 120 +- 10 degrees, the worst deviation. */
static void junctions_of(const dp_disc *d, int n, double W, double H, int *count, int *good,
                         double *worst)
{
    *count = *good = 0, *worst = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            double rij = d[i].r + d[j].r;
            if (torus_d2_in(W, H, d[i].x, d[i].y, d[j].x, d[j].y) >= rij * rij)
                continue;
            for (int k = j + 1; k < n; k++) {
                double rik = d[i].r + d[k].r, rjk = d[j].r + d[k].r;
                if (torus_d2_in(W, H, d[i].x, d[i].y, d[k].x, d[k].y) >= rik * rik ||
                    torus_d2_in(W, H, d[j].x, d[j].y, d[k].x, d[k].y) >= rjk * rjk)
                    continue;
                dp_disc tri[3] = { d[i], d[j], d[k] };
                for (int m = 1; m < 3; m++) { /* the copies nearest d[i] on the torus */
                    tri[m].x -= W * floor((tri[m].x - d[i].x) / W + 0.5);
                    tri[m].y -= H * floor((tri[m].y - d[i].y) / H + 0.5);
                }
                double jx, jy, ang[3];
                if (!dp_walls_junction(tri, &jx, &jy, ang))
                    continue;
                double pw = (jx - tri[0].x) * (jx - tri[0].x) + (jy - tri[0].y) * (jy - tri[0].y) -
                            tri[0].r * tri[0].r;
                bool vertex = pw < 0;
                for (int q = 0; q < n && vertex; q++)
                    vertex = q == i || q == j || q == k ||
                             torus_d2_in(W, H, jx, jy, d[q].x, d[q].y) - d[q].r * d[q].r >= pw;
                if (!vertex)
                    continue;
                double dev = fmax(fabs(ang[0] - 120), fmax(fabs(ang[1] - 120), fabs(ang[2] - 120)));
                (*count)++;
                *good += dev <= 10;
                *worst = fmax(*worst, dev);
            }
        }
}

/* Small clusters, started loose and uneven: three bubbles of unlike radii, a flower of seven
 * and a raft of nineteen (two rings round one), each bubble moved up to 2 px off its place.
 * Relaxed, every junction of three walls is at 120 +- 10 degrees (Plateau). */
Test(bubbles, cluster_walls_meet_at_120_degrees)
{
    static const double radii[3][3] = { { 10, 10, 10 }, { 10, 11, 12 }, { 9, 10, 12 } };
    for (int c = 0; c < 3; c++) {
        dp_disc d[3] = { { 100, 100, radii[c][0] },
                         { 117, 103, radii[c][1] },
                         { 106, 116, radii[c][2] } };
        bool join[3] = { true, true, true };
        dapple_error err;
        dp_foam_opts o = { .width = 400, .height = 400, .wrap = { true, true } };
        cr_assert_eq(dp_foam_relax(d, join, 3, &o, &err), DAPPLE_OK, "%s", err.message);
        double jx, jy, ang[3];
        cr_assert(dp_walls_junction(d, &jx, &jy, ang));
        for (int k = 0; k < 3; k++)
            cr_assert(fabs(ang[k] - 120) <= 10, "radii %g %g %g: angle %.1f", radii[c][0],
                      radii[c][1], radii[c][2], ang[k]);
    }
    for (int rings = 1; rings <= 2; rings++) {
        dp_disc d[19];
        bool join[19];
        int n = 0;
        uint64_t h = 99;
        for (int q = -rings; q <= rings; q++)
            for (int r = -rings; r <= rings; r++) {
                if (abs(q + r) > rings)
                    continue;
                h = h * 6364136223846793005ull + 1442695040888963407ull;
                double u = (double)(h >> 11) / 9007199254740992.0 - 0.5;
                d[n] = (dp_disc){ 200 + 12 * (q + 0.5 * r) + 4 * u, 200 + 12 * 0.866 * r - 4 * u,
                                  10 + 1.5 * u };
                join[n++] = true;
            }
        dapple_error err;
        dp_foam_opts o = { .width = 400, .height = 400, .wrap = { true, true } };
        cr_assert_eq(dp_foam_relax(d, join, (size_t)n, &o, &err), DAPPLE_OK, "%s", err.message);
        int junctions, good;
        double worst;
        junctions_of(d, n, 400, 400, &junctions, &good, &worst);
        fprintf(stderr, "cluster of %d: %d junctions, worst %.1f degrees off 120\n", n, junctions,
                worst);
        cr_assert_geq(junctions, rings == 1 ? 6 : 24, "%d junctions", junctions);
        cr_assert_eq(good, junctions, "cluster of %d: worst junction %.1f degrees off", n, worst);
    }
}

/* A foam of like bubbles (radii 9 to 11), shaken (every centre moved up to 3.5 px, a third
 * of the spacing) and relaxed: most walls meet at 120 degrees again; where the shaking
 * swapped neighbours, straight walls cannot (a real foam bends them). */
Test(bubbles, shaken_foam_walls_mostly_meet_at_120_degrees)
{
    enum { N = 400 };

    static dp_disc d[N];
    static bool join[N];
    double W = 200, H = 20 * 8.660254;
    uint64_t h = 12345;
    for (int i = 0; i < N; i++) {
        h = h * 6364136223846793005ull + 1442695040888963407ull;
        double u = (double)(h >> 11) / 9007199254740992.0;
        h = h * 6364136223846793005ull + 1442695040888963407ull;
        double v = (double)(h >> 11) / 9007199254740992.0;
        int row = i / 20;
        d[i] = (dp_disc){ 10 * (i % 20) + 5 * (row % 2) + 7 * (u - 0.5),
                          8.660254 * row + 7 * (v - 0.5), 9 + 2 * u * v };
        join[i] = true;
    }
    dapple_error err;
    dp_foam_opts o = { .width = W, .height = H, .wrap = { true, true } };
    cr_assert_eq(dp_foam_relax(d, join, N, &o, &err), DAPPLE_OK, "%s", err.message);
    int junctions, good;
    double worst;
    junctions_of(d, N, W, H, &junctions, &good, &worst);
    fprintf(stderr,
            "shaken foam: %d triple junctions, %d within 120 +- 10 degrees, worst %.1f off\n",
            junctions, good, worst);
    cr_assert_gt(junctions, 700);
    cr_assert_geq(good * 100, junctions * 70, "%d of %d junctions at 120 +- 10", good, junctions);
}

/* The same on foam.ini's bubbles as drawn. */
Test(bubbles, foam_preset_walls_meet_near_120_degrees)
{
    dp_texture_spec t;
    dp_scene s;
    dapple_error err;
    cr_assert_eq(dp_preset_load("presets/foam.ini", &t, &err), DAPPLE_OK, "%s", err.message);
    cr_assert_eq(dp_scene_sample(&t, &s, &err), DAPPLE_OK, "%s", err.message);
    const dp_layer_points *lp = &s.layers[0];
    static dp_disc d[4096];
    int n = (int)DP_MIN(lp->count, (size_t)4096);
    for (int i = 0; i < n; i++)
        d[i] = (dp_disc){ lp->points[i].x, lp->points[i].y,
                          dp_layer_point_radius(&t.layers[0], dp_layer_size_seed(t.seed, "foam"),
                                                &lp->points[i]) };
    int junctions, good;
    double worst;
    junctions_of(d, n, t.width, t.height, &junctions, &good, &worst);
    fprintf(stderr, "foam.ini: %d triple junctions, %d within 120 +- 10 degrees, worst %.1f off\n",
            junctions, good, worst);
    cr_assert_gt(junctions, 100);
    cr_assert_geq(good * 100, junctions * 65, "%d of %d junctions at 120 +- 10", good, junctions);
    dp_scene_fini(&s);
}
