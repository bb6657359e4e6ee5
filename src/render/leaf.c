/* SPDX-License-Identifier: MIT
 * Parametric leaves (leaf.h). A pinnate leaf is a half-width profile w(t) along its
 * midrib, t from the stalk (0) to the tip (1): w = W sin(pi t^a)^b, widest early for a > 1
 * and late for a < 1, sharper at the tip for larger b; lobes (oak) and teeth (birch,
 * chestnut) scale it down periodically, a heart base (lime) pushes it back past the stalk.
 * A palmate leaf (maple, sweetgum) is a radius per angle with n pointed lobes; a ginkgo a
 * notched fan. Each leaf varies its kind's numbers by its own bits. */
#include "render/leaf.h"

#include <math.h>
#include <stdbool.h>

#include "core/dp.h"
#include "render/colour.h"

#define STEPS 96 /* outline points per side */

typedef struct kind {
    char form;          /* 'p' pinnate, 'm' palmate, 'g' ginkgo fan */
    double width;       /* half-width / length (pinnate); lobe length (palmate) */
    double widest;      /* exponent a of the profile */
    double tip;         /* exponent b */
    int lobes;          /* pinnate: lobes per side; palmate: lobe count */
    double lobe_depth;  /* 0 .. 1 */
    int teeth;          /* teeth per side */
    double tooth_depth; /* fraction of the half-width */
    double heart;       /* heart base: how far the base lobes reach back, of the length */
    double skew;        /* one side wider than the other (elm) */
} kind;

static const kind kinds[DP_LEAF_KINDS] = {
    { 'p', 0.32, 1.05, 0.9, 0, 0, 9, 0.04, 0, 0 },    /* beech */
    { 'p', 0.30, 1.4, 1.1, 0, 0, 22, 0.09, 0, 0 },    /* birch */
    { 'p', 0.30, 0.75, 0.8, 5, 0.5, 0, 0, 0, 0 },     /* oak */
    { 'p', 0.11, 1.0, 1.2, 0, 0, 30, 0.06, 0, 0 },    /* willow */
    { 'p', 0.42, 1.6, 1.0, 0, 0, 20, 0.05, 0.07, 0 }, /* lime */
    { 'p', 0.19, 1.1, 1.3, 0, 0, 16, 0.16, 0, 0 },    /* sweet chestnut */
    { 'p', 0.33, 1.2, 1.0, 0, 0, 20, 0.08, 0, 0.25 }, /* elm */
    { 'm', 1.0, 0, 0, 5, 0.45, 7, 0.12, 0, 0 },       /* maple */
    { 'm', 1.0, 0, 0, 5, 0.72, 0, 0, 0, 0 },          /* sweetgum */
    { 'g', 1.0, 0, 0, 0, 0.3, 0, 0, 0, 0 },           /* ginkgo */
};

int dp_leaf_kind(uint64_t variety)
{
    return (int)((variety >> 40) % DP_LEAF_KINDS);
}

static double vary(dp_jitter_rng *g, double x, double by)
{
    return x * (1 + by * dp_jitter_signed(g));
}

/* Half-width at t (of the length) of a pinnate leaf, before the heart base. */
static double profile(const kind *k, double t, double side, double wid)
{
    double w = wid * pow(sin(DP_PI * pow(t, k->widest)), k->tip);
    if (k->lobes > 0)
        w *= 1 - k->lobe_depth * pow(0.5 - 0.5 * cos(2 * DP_PI * k->lobes * t), 2) * (t > 0.1);
    if (k->teeth > 0) {
        double f = k->teeth * t - floor(k->teeth * t);
        w *= 1 - k->tooth_depth * f * (t > 0.08);
    }
    return w * (1 + k->skew * side * 0.5);
}

/* A pinnate leaf: along x from -r to +r. */
static void pinnate(cairo_t *cr, const kind *k, double r, dp_jitter_rng *g)
{
    kind v = *k;
    v.widest = vary(g, k->widest, 0.15);
    v.tip = vary(g, k->tip, 0.2);
    double len = 2 * r * 0.92, x0 = -r * 0.92, wid = vary(g, k->width, 0.15) * len;
    double bend = 0.06 * len * dp_jitter_signed(g); /* the midrib's curve */
    for (int side = -1; side <= 1; side += 2)
        for (int i = 0; i <= STEPS; i++) {
            int j = side < 0 ? i : STEPS - i;
            double t = (double)j / STEPS, w = profile(&v, t, side, wid);
            double back = k->heart * len * sin(DP_PI * DP_MIN(1.0, t * 4)) * (t < 0.25);
            double x = x0 + t * len - back * (w > 0), y = side * w + bend * sin(DP_PI * t);
            cairo_line_to(cr, x, y);
        }
    cairo_close_path(cr);
}

/* A palmate leaf: n pointed lobes spread over ~300 degrees around the stalk's end. */
static void palmate(cairo_t *cr, const kind *k, double r, dp_jitter_rng *g)
{
    int n = k->lobes + (dp_jitter_unit(g) < 0.3 ? 2 : 0);
    double depth = vary(g, k->lobe_depth, 0.15), cx = -0.15 * r;
    for (int i = 0; i <= 4 * STEPS; i++) {
        double a = -2.7 + 5.4 * i / (4 * STEPS); /* from the stalk round to it */
        /* pointed lobes with V-shaped sinuses between them: a triangle wave, not a cosine
           (whose round lobes read as petals or a starfish) */
        double phase = n * (a + 2.7) / 5.4, lobe = 1 - fabs(2 * (phase - floor(phase)) - 1);
        double rr = r * 0.85 * (1 - depth + depth * pow(lobe, 0.75));
        if (k->teeth > 0) {
            double f = k->teeth * n * i / (4.0 * STEPS);
            rr *= 1 - k->tooth_depth * (f - floor(f));
        }
        rr *= 1 - 0.25 * pow(fabs(a) / 2.7, 6); /* the lobes by the stalk are shorter */
        cairo_line_to(cr, cx + rr * cos(a), rr * sin(a));
    }
    cairo_close_path(cr);
}

/* A ginkgo fan: a wedge from the stalk with a notched, wavy far edge. */
static void ginkgo(cairo_t *cr, double r, dp_jitter_rng *g)
{
    double spread = vary(g, 0.9, 0.2), cx = -0.85 * r;
    cairo_move_to(cr, cx, 0);
    for (int i = 0; i <= 2 * STEPS; i++) {
        double s = -1 + 2.0 * i / (2 * STEPS), a = s * spread;
        double rr = 1.7 * r * (1 - 0.3 * exp(-s * s * 60) + 0.03 * sin(s * 23));
        cairo_line_to(cr, cx + rr * cos(a), rr * sin(a));
    }
    cairo_close_path(cr);
}

void dp_leaf_path(cairo_t *cr, int kind_index, double radius, uint64_t variety)
{
    const kind *k = &kinds[DP_MAX(0, DP_MIN(kind_index, DP_LEAF_KINDS - 1))];
    dp_jitter_rng g = { variety ^ 0x6c656166u };
    cairo_new_sub_path(cr);
    if (k->form == 'm')
        palmate(cr, k, radius, &g);
    else if (k->form == 'g')
        ginkgo(cr, radius, &g);
    else
        pinnate(cr, k, radius, &g);
}

/* ---------------------------------------------------------------- drawing */

static void add_stop(cairo_pattern_t *p, double at, dp_rgba c, double a)
{
    cairo_pattern_add_color_stop_rgba(p, at, c.r, c.g, c.b, a);
}

/* The stalk-to-tip gradient: the stalk end greener or paler, the tip redder or browner. */
static void fill_blade(cairo_t *cr, double r, dp_rgba c, dp_jitter_rng *g)
{
    dp_rgba stalk = dp_colour_shade(c, 0.08 * dp_jitter_signed(g));
    dp_rgba green = { 0.45, 0.5, 0.18, c.a }, brown = { 0.35, 0.2, 0.1, c.a };
    double towards = dp_jitter_unit(g);
    stalk = (dp_rgba){ stalk.r + 0.35 * towards * (green.r - stalk.r),
                       stalk.g + 0.35 * towards * (green.g - stalk.g),
                       stalk.b + 0.35 * towards * (green.b - stalk.b), c.a };
    double burn = 0.4 * dp_jitter_unit(g);
    dp_rgba tip = { c.r + burn * (brown.r - c.r), c.g + burn * (brown.g - c.g),
                    c.b + burn * (brown.b - c.b), c.a };
    cairo_pattern_t *p = cairo_pattern_create_linear(-r, 0, r, 0);
    add_stop(p, 0, stalk, c.a);
    add_stop(p, 0.5, c, c.a);
    add_stop(p, 1, tip, c.a);
    cairo_set_source(cr, p);
    cairo_fill_preserve(cr);
    cairo_pattern_destroy(p);
}

/* Curl: one half of the blade turned from the light, the edges darker than the middle.
 * Unlit, the leaf's bits are still drawn, so its veins and spots stay where they were. */
static void curl(cairo_t *cr, double r, double alpha, dp_jitter_rng *g, bool lit)
{
    double side = dp_jitter_signed(g);
    if (!lit)
        return;
    cairo_pattern_t *p = cairo_pattern_create_linear(0, -r * 0.6, 0, r * 0.6);
    cairo_pattern_add_color_stop_rgba(p, 0, 0, 0, 0, alpha * (0.18 + 0.2 * DP_MAX(0.0, side)));
    cairo_pattern_add_color_stop_rgba(p, 0.45, 1, 1, 1, alpha * 0.03);
    cairo_pattern_add_color_stop_rgba(p, 0.55, 0, 0, 0, 0);
    cairo_pattern_add_color_stop_rgba(p, 1, 0, 0, 0, alpha * (0.18 + 0.2 * DP_MAX(0.0, -side)));
    cairo_set_source(cr, p);
    cairo_fill_preserve(cr);
    cairo_pattern_destroy(p);
}

/* The midrib and pairs of side veins, clipped to the blade. */
static void veins(cairo_t *cr, double r, dp_rgba c, bool palm, dp_jitter_rng *g)
{
    dp_rgba v = dp_colour_shade(c, dp_jitter_unit(g) < 0.3 ? 0.08 : -0.12);
    cairo_set_source_rgba(cr, v.r, v.g, v.b, 0.45 * c.a);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    if (palm) {
        for (int i = -2; i <= 2; i++) {
            cairo_move_to(cr, -0.15 * r, 0);
            cairo_line_to(cr, -0.15 * r + r * cos(i * 0.75), r * sin(i * 0.75));
        }
    } else {
        cairo_move_to(cr, -r * 1.1, 0);
        cairo_line_to(cr, r, 0);
        int n = 5 + (int)(dp_jitter_next(g) % 5);
        for (int i = 1; i <= n; i++) {
            double x = -r * 0.85 + 1.7 * r * i / (n + 1), reach = r * 0.6;
            for (int s = -1; s <= 1; s += 2) {
                cairo_move_to(cr, x, 0);
                cairo_curve_to(cr, x + 0.2 * reach, s * 0.25 * reach, x + 0.4 * reach,
                               s * 0.45 * reach, x + 0.55 * reach, s * 0.75 * reach);
            }
        }
    }
    cairo_set_line_width(cr, DP_MAX(0.4, r * 0.025));
    cairo_stroke(cr);
}

/* Dark fungus spots, a few per leaf and not on every leaf. */
static void spots(cairo_t *cr, double r, double alpha, dp_jitter_rng *g)
{
    int n = dp_jitter_unit(g) < 0.4 ? (int)(dp_jitter_next(g) % 6) : 0;
    for (int i = 0; i < n; i++) {
        double x = 0.7 * r * dp_jitter_signed(g), y = 0.2 * r * dp_jitter_signed(g);
        double s = r * (0.03 + 0.05 * dp_jitter_unit(g));
        cairo_new_path(cr);
        cairo_arc(cr, x, y, s, 0, 2 * DP_PI);
        cairo_set_source_rgba(cr, 0.12, 0.07, 0.03, 0.4 * alpha);
        cairo_fill(cr);
    }
}

/* Insect holes: circles cut out of the blade (even-odd). */
static void holes(cairo_t *cr, double r, dp_jitter_rng *g)
{
    int n = dp_jitter_unit(g) < 0.3 ? 1 + (int)(dp_jitter_next(g) % 3) : 0;
    for (int i = 0; i < n; i++) {
        double x = 0.5 * r * dp_jitter_signed(g), y = 0.15 * r * dp_jitter_signed(g);
        cairo_new_sub_path(cr);
        cairo_arc(cr, x, y, r * (0.03 + 0.05 * dp_jitter_unit(g)), 0, 2 * DP_PI);
    }
}

void dp_leaf_draw(cairo_t *cr, double radius, dp_rgba colour, uint64_t variety, dp_leaf_look look)
{
    int k = dp_leaf_kind(variety);
    dp_jitter_rng g = { variety ^ 0x6c656166646177u };
    cairo_new_path(cr);
    dp_leaf_path(cr, k, radius, variety);
    holes(cr, radius, &g);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD);
    if (look == DP_LEAF_SILHOUETTE) {
        cairo_set_source_rgba(cr, 0, 0, 0, 1);
        cairo_fill(cr);
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
        return;
    }
    fill_blade(cr, radius, colour, &g);
    curl(cr, radius, colour.a, &g, look == DP_LEAF_LIT);
    cairo_save(cr);
    cairo_clip(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    veins(cr, radius, colour, kinds[k].form != 'p', &g);
    spots(cr, radius, colour.a, &g);
    cairo_restore(cr);
    cairo_new_path(cr);
    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING);
    /* the stalk, from where the blade starts out to the drawn radius */
    char form = kinds[k].form;
    double x0 = form == 'p' ? -0.92 * radius : form == 'm' ? -0.15 * radius : -0.85 * radius;
    dp_rgba st = dp_colour_shade(colour, -0.15);
    cairo_set_source_rgba(cr, st.r, st.g, st.b, colour.a);
    cairo_set_line_width(cr, DP_MAX(0.6, radius * 0.04));
    cairo_move_to(cr, x0, 0);
    cairo_line_to(cr, -radius, 0);
    cairo_stroke(cr);
}
