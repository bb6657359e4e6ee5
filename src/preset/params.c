/* SPDX-License-Identifier: MIT
 * The parameter table, plain data in documentation order, and what reads it: key lookup
 * (with American spellings), "did you mean" for unknown keys, and the Markdown reference.
 * Defaults are written here as a preset would write them; tests/unit/test_preset.c applies
 * each one to fresh defaults from render/texture.c and checks that nothing changes. */
#include "preset/params.h"

#include <stddef.h>
#include <string.h>

#include "core/dp.h"
#include "preset/field_spec.h"
#include "preset/parse.h"

#define TX(m)     offsetof(dp_texture_spec, m), sizeof(((dp_texture_spec *)0)->m)
#define LY(m)     offsetof(dp_layer_spec, m), sizeof(((dp_layer_spec *)0)->m)
#define NO_MEMBER 0, 0

static const dp_choice background_choices[] = {
    { "colour", DP_BG_COLOUR }, { "image", DP_BG_IMAGE }, { "transparent", DP_BG_TRANSPARENT },
    { "perlin", DP_BG_PERLIN }, { "bokeh", DP_BG_BOKEH }, { NULL, 0 }
};
static const dp_choice convention_choices[] = { { "gl", 0 }, { "dx", 1 }, { NULL, 0 } };
static const dp_choice ground_choices[] = { { "full", 0 }, { "detail", 1 }, { NULL, 0 } };
static const dp_choice points_choices[] = {
    { "none", -1 }, { "csv", 0 }, { "json", 1 }, { NULL, 0 }
};
static const dp_choice mask_choices[] = {
    { "none", DP_MASK_NONE },       { "footprint", DP_MASK_FOOTPRINT },
    { "splat", DP_MASK_SPLAT },     { "clearance", DP_MASK_CLEARANCE },
    { "density", DP_MASK_DENSITY }, { "wiped", DP_MASK_WIPED },
    { "frost", DP_MASK_FROST },     { "cells", DP_MASK_CELLS },
    { "edges", DP_MASK_EDGES },     { NULL, 0 }
};
static const dp_choice depth_choices[] = { { "8", 8 }, { "16", 16 }, { NULL, 0 } };
static const dp_choice style_choices[] = {
    { "circles", DP_STYLE_CIRCLES },   { "outlines", DP_STYLE_OUTLINES },
    { "droplets", DP_STYLE_DROPLETS }, { "bubbles", DP_STYLE_BUBBLES },
    { "stamps", DP_STYLE_STAMPS },     { "ellipses", DP_STYLE_ELLIPSES },
    { "chips", DP_STYLE_CHIPS },       { "blades", DP_STYLE_BLADES },
    { "cells", DP_STYLE_CELLS },       { "crystals", DP_STYLE_CRYSTALS },
    { "stars", DP_STYLE_STARS },       { "splatter", DP_STYLE_SPLATTER },
    { "snow", DP_STYLE_SNOW },         { NULL, 0 }
};
static const dp_choice profile_choices[] = { { "flat", DP_PROFILE_FLAT },
                                             { "bevel", DP_PROFILE_BEVEL },
                                             { "dome", DP_PROFILE_DOME },
                                             { "curl", DP_PROFILE_CURL },
                                             { NULL, 0 } };
static const dp_choice cell_shape_choices[] = { { "cell", DP_CELL_SHAPE_CELL },
                                                { "round", DP_CELL_SHAPE_ROUND },
                                                { "polygon", DP_CELL_SHAPE_POLYGON },
                                                { NULL, 0 } };
static const dp_choice tint_choices[] = { { "multiply", DP_TINT_MULTIPLY },
                                          { "colourise", DP_TINT_COLOURISE },
                                          { NULL, 0 } };
static const dp_choice stamp_words[] = { { "daisy", 0 }, { "leaves", 0 }, { NULL, 0 } };
/* the axes that wrap, as x | y << 1 (the bool spellings of dp_parse_bool work too) */
static const dp_choice wrap_choices[] = {
    { "false", 0 }, { "true", 3 }, { "x", 1 }, { "y", 2 }, { NULL, 0 }
};
static const dp_choice map_choices[] = { { "radius", DAPPLE_MAP_RADIUS },
                                         { "density", DAPPLE_MAP_DENSITY },
                                         { NULL, 0 } };

static const dp_param params[] = {
    /* ------------------------------------------------------------ [texture] */
    { DP_SEC_TEXTURE, "size", DP_P_SIZE, 1, DP_MAX_SIDE, NULL, NO_MEMBER, NULL,
      "(required) output size in pixels, WxH" },
    { DP_SEC_TEXTURE, "seed", DP_P_U64, 0, 0, NULL, TX(seed), "1",
      "texture seed; each layer's seed is derived from it and the layer's name" },
    { DP_SEC_TEXTURE, "periodic", DP_P_WRAP, 0, 0, wrap_choices, TX(wrap), "false",
      "tileable: sampling wraps, shapes crossing an edge are drawn again opposite; x: across "
      "only (the top and bottom edges stay apart), y: down only" },
    { DP_SEC_TEXTURE, "background", DP_P_ENUM, 0, 0, background_choices, TX(background), "colour",
      "what lies under the layers (perlin: a tinted ground of two colours; bokeh: that ground "
      "with out-of-focus lights, for drops to refract)" },
    { DP_SEC_TEXTURE, "background_colour", DP_P_COLOUR, 0, 0, NULL, TX(bg_colour), "#808080",
      "background colour; the first colour of the Perlin ground" },
    { DP_SEC_TEXTURE, "background_colour2", DP_P_COLOUR, 0, 0, NULL, TX(bg_colour2), "#404040",
      "second colour of the Perlin ground" },
    { DP_SEC_TEXTURE, "background_image", DP_P_PATH, 0, 0, NULL, TX(bg_image), NULL,
      "image scaled to fill, for background = image" },
    { DP_SEC_TEXTURE, "background_scale", DP_P_NUMBER, DAPPLE_LIMIT_SCALE_CLI_MIN,
      DAPPLE_LIMIT_SCALE_CLI_MAX, NULL, TX(bg_scale), "128",
      "feature size of the Perlin ground, pixels" },
    { DP_SEC_TEXTURE, "backdrop", DP_P_BACKDROP, 0, 0, NULL, NO_MEMBER, "none",
      "the scene behind the glass that drops refract (upside down, sharp); when set it is the "
      "whole ground: none, night-street, overcast, checker[:SIDE] or image:PATH" },
    { DP_SEC_TEXTURE, "backdrop_distance", DP_P_NUMBER, 1, 100000, NULL, TX(backdrop_distance),
      "400",
      "how far behind the drops the backdrop lies, pixels: farther shows a smaller, "
      "wider view in each drop" },
    { DP_SEC_TEXTURE, "backdrop_blur", DP_P_NUMBER, 0, 256, NULL, TX(backdrop_blur), "6",
      "focus: the backdrop's blur through clear glass, pixels (drops show it sharp)" },
    { DP_SEC_TEXTURE, "ground", DP_P_ENUM, 0, 0, ground_choices, TX(ground_detail), "full",
      "detail: the ground (background or backdrop) flattened to its mean colour, so "
      "large-scale variation can come from an engine's macro layer" },
    { DP_SEC_TEXTURE, "texture", DP_P_BOOL, 0, 0, NULL, TX(want_texture), "true",
      "write the colour texture" },
    { DP_SEC_TEXTURE, "height", DP_P_BOOL, 0, 0, NULL, TX(want_height), "false",
      "also write a 16-bit height map (droplets and bubbles)" },
    { DP_SEC_TEXTURE, "normal", DP_P_BOOL, 0, 0, NULL, TX(want_normal), "false",
      "also write a normal map" },
    { DP_SEC_TEXTURE, "albedo", DP_P_BOOL, 0, 0, NULL, TX(want_albedo), "false",
      "also write the albedo: the colour with no shading, highlights or drop shadows" },
    { DP_SEC_TEXTURE, "roughness", DP_P_BOOL, 0, 0, NULL, TX(want_roughness), "false",
      "also write an 8-bit roughness map, by material (the layer key 'roughness' is the "
      "outline's)" },
    { DP_SEC_TEXTURE, "ao", DP_P_BOOL, 0, 0, NULL, TX(want_ao), "false",
      "also write an 8-bit ambient occlusion map, found from the height map" },
    { DP_SEC_TEXTURE, "normal_convention", DP_P_ENUM, 0, 0, convention_choices, TX(normal_dx), "gl",
      "normal map green channel: gl = Y+ (OpenGL), dx = Y- (DirectX)" },
    { DP_SEC_TEXTURE, "points", DP_P_ENUM, 0, 0, points_choices, TX(points_format), "none",
      "also write the points (x, y, r, layer)" },
    { DP_SEC_TEXTURE, "points_rotation", DP_P_BOOL, 0, 0, NULL, TX(points_rotation), "false",
      "point list: a rotation column, degrees (seeded per point)" },
    { DP_SEC_TEXTURE, "points_scale_jitter", DP_P_NUMBER, 0, 0.999, NULL, TX(points_scale_jitter),
      "0", "point list: a scale column in [1 - J, 1 + J] (0 = none)" },
    { DP_SEC_TEXTURE, "points_variants", DP_P_INT, 0, 65535, NULL, TX(points_variants), "0",
      "point list: a variant column, 0 .. N-1 (0 = none)" },
    { DP_SEC_TEXTURE, "points_y_up", DP_P_BOOL, 0, 0, NULL, TX(points_y_up), "false",
      "point list: y measured up from the bottom edge" },
    { DP_SEC_TEXTURE, "mask", DP_P_ENUM, 0, 0, mask_choices, TX(mask), "none",
      "also write a greyscale mask of this kind" },
    { DP_SEC_TEXTURE, "mask_depth", DP_P_ENUM, 0, 0, depth_choices, TX(mask_depth), "8",
      "mask bits per pixel" },
    { DP_SEC_TEXTURE, "mask_scale", DP_P_NUMBER, 0.01, 4, NULL, TX(mask_scale), "0.5",
      "footprint and splat radius = mask_scale * r" },
    /* ------------------------------------------------------------ [layer NAME] */
    { DP_SEC_LAYER, "style", DP_P_ENUM, 0, 0, style_choices, LY(style), NULL,
      "(required) how each point is drawn" },
    { DP_SEC_LAYER, "radius", DP_P_RADIUS, DAPPLE_LIMIT_RADIUS_CLI_MIN, DAPPLE_LIMIT_RADIUS_CLI_MAX,
      NULL, NO_MEMBER, NULL,
      "a constant radius: shorthand for rmin = rmax = radius, field = constant" },
    { DP_SEC_LAYER, "rmin", DP_P_NUMBER, DAPPLE_LIMIT_RADIUS_CLI_MIN, DAPPLE_LIMIT_RADIUS_CLI_MAX,
      NULL, LY(field.rmin), NULL,
      "radius map: the radius where v = 0; density map: the spacing at full density" },
    { DP_SEC_LAYER, "rmax", DP_P_NUMBER, DAPPLE_LIMIT_RADIUS_CLI_MIN, DAPPLE_LIMIT_RADIUS_CLI_MAX,
      NULL, LY(field.rmax), NULL,
      "radius map: the radius where v = 1; density map (optional): the largest spacing" },
    { DP_SEC_LAYER, "field", DP_P_FIELD, 0, 0, NULL, NO_MEMBER, "constant",
      "the field v: constant, perlin[:key=value,...] or image:PATH (see below)" },
    { DP_SEC_LAYER, "map", DP_P_ENUM, 0, 0, map_choices, LY(field.map), "radius",
      "radius: r = rmin + v (rmax - rmin); density: points per area proportional to v" },
    { DP_SEC_LAYER, "cutoff", DP_P_NUMBER, 0, DAPPLE_LIMIT_CUTOFF, NULL, LY(field.cutoff), "0.004",
      "density map only: no point at all where v <= cutoff" },
    { DP_SEC_LAYER, "levels", DP_P_LEVELS, 0, 1, NULL, NO_MEMBER, "0, 1",
      "tone curve, first step: v = (v - black) / (white - black), clamped" },
    { DP_SEC_LAYER, "gamma", DP_P_NUMBER, DAPPLE_LIMIT_GAMMA_MIN, DAPPLE_LIMIT_GAMMA_MAX, NULL,
      LY(field.gamma), "1",
      "tone curve, second step: v = v^gamma (2.2 reads an sRGB image as linear light)" },
    { DP_SEC_LAYER, "invert", DP_P_BOOL, 0, 0, NULL, LY(field.invert), "false",
      "use 1 - v (after the tone curve)" },
    { DP_SEC_LAYER, "dilate", DP_P_NUMBER, -DAPPLE_LIMIT_DILATE_CLI, DAPPLE_LIMIT_DILATE_CLI, NULL,
      LY(field.dilate), "0",
      "grow bright areas of v by this many pixels (after invert); negative erodes" },
    { DP_SEC_LAYER, "exclude", DP_P_EXCLUDE, 0, 0, NULL, NO_MEMBER, NULL,
      "comma list of image:PATH (up to 8): no point on a pixel at least half white" },
    { DP_SEC_LAYER, "count", DP_P_COUNT, 1, DAPPLE_LIMIT_POINTS, NULL, LY(count), NULL,
      "scale rmin and rmax together so the layer has this many points (within 1 %)" },
    { DP_SEC_LAYER, "k", DP_P_INT, 1, DAPPLE_LIMIT_K, NULL, LY(k), "30",
      "candidates tried around each active point" },
    { DP_SEC_LAYER, "max_points", DP_P_COUNT, 1, DAPPLE_LIMIT_POINTS, NULL, LY(max_points),
      "20000000",
      "bail-out: sampling stops after this many points (reported, not an error); at the "
      "default, a layer expected to exceed it is refused before sampling" },
    { DP_SEC_LAYER, "dense", DP_P_BOOL, 0, 0, NULL, LY(dense), "false",
      "candidates on the circle just outside r, swept in angle: tighter packing" },
    { DP_SEC_LAYER, "maximal", DP_P_BOOL, 0, 0, NULL, LY(maximal), "false",
      "after sampling, fill every remaining gap" },
    { DP_SEC_LAYER, "relax", DP_P_BOOL, 0, 0, NULL, LY(relax), "false",
      "relaxed blue noise: rho ~0.86 without a lattice or rings (dense mode's sweep with a "
      "random shell from scattered seeds, gaps filled)" },
    { DP_SEC_LAYER, "clump_radius", DP_P_NUMBER, 0, DAPPLE_LIMIT_RADIUS_CLI_MAX, NULL,
      LY(clump_radius), "0",
      "> 0: points gather in clumps, only within this many pixels of a clump's centre" },
    { DP_SEC_LAYER, "clump_spacing", DP_P_NUMBER, 0, DAPPLE_LIMIT_RADIUS_CLI_MAX, NULL,
      LY(clump_spacing), "0",
      "the least distance between clump centres, pixels (a Poisson-disk set); 0: 3 clump_radius" },
    { DP_SEC_LAYER, "clump_softness", DP_P_NUMBER, 0, 1, NULL, LY(clump_softness), "0.5",
      "the clump's soft outer fraction, where points thin out towards clump_radius" },
    { DP_SEC_LAYER, "scale", DP_P_NUMBER, 0, 4, NULL, LY(scale), "0.5",
      "drawn radius = scale * r; at 0.5 shapes never overlap" },
    { DP_SEC_LAYER, "colours", DP_P_COLOURS, 0, 0, NULL, NO_MEMBER, "#ffffff",
      "palette: comma list of 1 to 8 colours; each point picks one" },
    { DP_SEC_LAYER, "alpha", DP_P_NUMBER, 0, 1, NULL, LY(alpha), "1",
      "multiplies the palette alpha" },
    { DP_SEC_LAYER, "jitter_lightness", DP_P_NUMBER, 0, 1, NULL, LY(jitter_lightness), "0",
      "per-point random change of lightness" },
    { DP_SEC_LAYER, "jitter_hue", DP_P_NUMBER, 0, 1, NULL, LY(jitter_hue), "0",
      "per-point random change of hue, in turns" },
    { DP_SEC_LAYER, "jitter_alpha", DP_P_NUMBER, 0, 1, NULL, LY(jitter_alpha), "0",
      "per-point random change of alpha" },
    { DP_SEC_LAYER, "dot_radius", DP_P_NUMBER, 0, 4096, NULL, LY(dot_radius), "0",
      "if > 0, every shape and mask dot has this radius in pixels instead of scale * r" },
    { DP_SEC_LAYER, "dot_radius_dense", DP_P_NUMBER, 0, 4096, NULL, LY(dot_radius_dense), "0",
      "with dot_radius: the dot radius at the densest spacing (r = rmin), so darks reach full "
      "ink" },
    { DP_SEC_LAYER, "dot_grow_from", DP_P_NUMBER, 0, 0.99, NULL, LY(dot_grow_from), "0.5",
      "with dot_radius_dense: the relative density (rmin / r)^2 where dots start to grow" },
    { DP_SEC_LAYER, "stroke_width", DP_P_NUMBER, 0.01, 256, NULL, LY(stroke_width), "1",
      "outlines, unfilled ellipses and chips, blades: stroke width in pixels" },
    { DP_SEC_LAYER, "light_angle", DP_P_NUMBER, -360, 360, NULL, LY(light_angle_deg), "225",
      "droplets, bubbles, shadows, bevels: light direction, degrees clockwise from +x (225 = "
      "from the top left)" },
    { DP_SEC_LAYER, "stamp", DP_P_STAMPS, 0, 0, stamp_words, LY(stamp), "daisy",
      "stamps: the built-in vector daisy, leaves (10 parametric kinds), or a comma list of up to 8 "
      "PNG files (each point "
      "picks one)" },
    { DP_SEC_LAYER, "stamp_scale_jitter", DP_P_NUMBER, 0, 1, NULL, LY(stamp_scale_jitter), "0.2",
      "stamps: size = scale * r * (1 + J u), u uniform in [-1, 1]" },
    { DP_SEC_LAYER, "stamp_tint", DP_P_ENUM, 0, 0, tint_choices, LY(stamp_tint), "multiply",
      "stamps: how a PNG takes the point's colour (multiply: pixel * colour; colourise: "
      "luminance on black -> colour -> white)" },
    { DP_SEC_LAYER, "mirror", DP_P_NUMBER, 0, 1, NULL, LY(mirror), "0",
      "stamps, chips: probability that a shape is drawn mirrored" },
    { DP_SEC_LAYER, "tilt", DP_P_NUMBER, 0, 80, NULL, LY(tilt_deg), "0",
      "stamps: each is tilted away from the viewer by up to this many degrees (foreshortened)" },
    { DP_SEC_LAYER, "buds", DP_P_NUMBER, 0, 0.5, NULL, LY(buds), "0",
      "daisy stamps: share of closed buds, and as many again half open" },
    { DP_SEC_LAYER, "stems", DP_P_BOOL, 0, 0, NULL, LY(stems), "false",
      "daisy stamps: draw the stalk of each tilted flower, on the side it leans from" },
    { DP_SEC_LAYER, "shadow", DP_P_NUMBER, 0, 1, NULL, LY(shadow), "0",
      "opacity of a soft drop shadow under each shape, cast away from light_angle (0 = none)" },
    { DP_SEC_LAYER, "shadow_offset", DP_P_NUMBER, 0, 2, NULL, LY(shadow_offset), "0.15",
      "shadow: distance from the shape, as a fraction of its drawn radius" },
    { DP_SEC_LAYER, "shadow_softness", DP_P_NUMBER, 0, 2, NULL, LY(shadow_softness), "0.3",
      "shadow: blur radius, as a fraction of the drawn radius" },
    { DP_SEC_LAYER, "aspect", DP_P_NUMBER, 0.05, 1, NULL, LY(aspect), "0.65",
      "ellipses, chips: minor / major axis (chips: 1 = as round as the corners allow)" },
    { DP_SEC_LAYER, "aspect_jitter", DP_P_NUMBER, 0, 1, NULL, LY(aspect_jitter), "0.2",
      "ellipses, chips: aspect varies by +- this fraction (at most 1)" },
    { DP_SEC_LAYER, "corners", DP_P_INT, 3, 64, NULL, LY(corners), "6",
      "chips: corners of each polygon" },
    { DP_SEC_LAYER, "irregularity", DP_P_NUMBER, 0, 1, NULL, LY(irregularity), "0.35",
      "chips: 0 = regular polygons; towards 1 corners move in angle and radius" },
    { DP_SEC_LAYER, "filled", DP_P_BOOL, 0, 0, NULL, LY(filled), "true",
      "ellipses, chips: filled, or outlined stroke_width wide" },
    { DP_SEC_LAYER, "bevel", DP_P_NUMBER, 0, 1, NULL, LY(bevel), "0",
      "ellipses, chips: strength of a lit-from-light_angle shading (0 = flat)" },
    { DP_SEC_LAYER, "wobble", DP_P_NUMBER, 0, 1, NULL, LY(wobble), "0",
      "ellipses, chips: seeded coarse irregularity of each outline (eggs, beans, dented stones)" },
    { DP_SEC_LAYER, "roughness", DP_P_NUMBER, 0, 1, NULL, LY(roughness), "0",
      "ellipses, chips: seeded fine ripple of each outline (broken, worn edges)" },
    { DP_SEC_LAYER, "grain", DP_P_NUMBER, 0, 1, NULL, LY(grain), "0",
      "ellipses, chips: grain and speckle inside each shape, in colour and height" },
    { DP_SEC_LAYER, "veins", DP_P_NUMBER, 0, 1, NULL, LY(veins), "0",
      "ellipses, chips: chance and strength of pale veins across each shape" },
    { DP_SEC_LAYER, "blades", DP_P_INT, 1, 16, NULL, LY(blades), "4", "blades: strokes per tuft" },
    { DP_SEC_LAYER, "gap", DP_P_NUMBER, 0, 64, NULL, LY(gap), "2",
      "cells: width of the mortar (or crack) between neighbouring pieces, pixels" },
    { DP_SEC_LAYER, "gap_jitter", DP_P_NUMBER, 0, 1, NULL, LY(gap_jitter), "0",
      "cells: the gap widens and narrows by up to this fraction along the walls (smooth noise)" },
    { DP_SEC_LAYER, "rounding", DP_P_NUMBER, 0, 256, NULL, LY(rounding), "0",
      "cells: radius of each piece's corners, pixels" },
    { DP_SEC_LAYER, "profile", DP_P_ENUM, 0, 0, profile_choices, LY(profile), "bevel",
      "cells: how a piece rises: flat (a slab), bevel (a sloped rim), dome, curl (drying mud)" },
    { DP_SEC_LAYER, "profile_width", DP_P_NUMBER, 0.5, 256, NULL, LY(profile_width), "4",
      "cells: width of the bevel or of the curled rim, pixels" },
    { DP_SEC_LAYER, "relief", DP_P_NUMBER, 0, 2, NULL, LY(relief), "0.3",
      "cells: a piece's height above the mortar, as a fraction of its point's r" },
    { DP_SEC_LAYER, "cell_shape", DP_P_ENUM, 0, 0, cell_shape_choices, LY(cell_shape), "cell",
      "cells: each piece is its cell less the gap (cell), or a stone (round) or chip (polygon) "
      "of scale * r cut flat where its cell ends" },
    { DP_SEC_LAYER, "size_jitter", DP_P_NUMBER, 0, 0.95, NULL, LY(size.jitter), "0",
      "each shape (not stamps) fills 1 - J u of its room scale * r (u hashed from its place)" },
    { DP_SEC_LAYER, "size_power", DP_P_NUMBER, 0, 6, NULL, LY(size.power), "0",
      "> 0: sizes drawn from a power law g^-P of small drops (0 = off; not stamps)" },
    { DP_SEC_LAYER, "size_min", DP_P_NUMBER, 0.02, 1, NULL, LY(size.min), "0.15",
      "size_power: smallest drawn size, as a fraction of the room" },
    { DP_SEC_LAYER, "size_bell", DP_P_NUMBER, 0, 1, NULL, LY(size.bell), "0.25",
      "size_power: fraction of the sizes drawn from a bell of large drops instead" },
    { DP_SEC_LAYER, "size_mode", DP_P_NUMBER, 0.05, 1, NULL, LY(size.mode), "0.8",
      "size_power: centre of the bell, as a fraction of the room (width 0.1)" },
    { DP_SEC_LAYER, "drop_stretch", DP_P_NUMBER, 1, 3, NULL, LY(drop.stretch), "1",
      "droplets: height / width of a drop pulled by gravity (1 = round)" },
    { DP_SEC_LAYER, "drop_sag", DP_P_NUMBER, 0, 0.6, NULL, LY(drop.sag), "0",
      "droplets: heavy at the bottom: a full round lower front, a longer, narrower, thinner top" },
    { DP_SEC_LAYER, "drop_contact", DP_P_NUMBER, 10, 90, NULL, LY(drop.contact_deg), "60",
      "droplets: contact angle in degrees (lower = flatter drops)" },
    { DP_SEC_LAYER, "drop_wobble", DP_P_NUMBER, 0, 0.3, NULL, LY(drop.wobble), "0",
      "droplets: seeded low-frequency irregularity of the outline" },
    { DP_SEC_LAYER, "drop_glint", DP_P_NUMBER, 0, 1, NULL, LY(drop.glint), "0",
      "droplets: per-drop variation of the highlight (place, size, strength)" },
    { DP_SEC_LAYER, "trail", DP_P_NUMBER, 0, 1, NULL, LY(trail), "0",
      "droplets: share of drops that ran down: a tail, and above it a wiped track of beads" },
    { DP_SEC_LAYER, "trail_length", DP_P_NUMBER, 0.5, 50, NULL, LY(trail_length), "4",
      "droplets: mean trail length, in rooms (scale * r) of its drop; never past the pane" },
    { DP_SEC_LAYER, "bubble_gas", DP_P_BOOL, 0, 0, NULL, LY(bubble_gas), "false",
      "bubbles: gas in a liquid, a diverging lens (bright core, dark ring of total internal "
      "reflection, glint) instead of soap film" },
    { DP_SEC_LAYER, "trains", DP_P_INT, 0, 10000, NULL, LY(trains), "0",
      "bubbles: nucleation sites, each sending up a train of bubbles that grow and spread out "
      "as they rise; the layer's points are its trains" },
    { DP_SEC_LAYER, "train_growth", DP_P_NUMBER, 0, 10, NULL, LY(train_growth), "1.5",
      "bubbles: a train's bubbles grow to 1 + this times their size at the site" },
    { DP_SEC_LAYER, "cluster", DP_P_NUMBER, 0, 1, NULL, LY(cluster), "0",
      "bubbles: the share of bubbles that gather with their nearest neighbours, touching and "
      "sharing flat walls whose films meet at 120 degrees (1 = a foam)" },
    { DP_SEC_LAYER, "merge", DP_P_NUMBER, 0, 64, NULL, LY(merge), "0",
      "droplets with a drop shape: drops whose outlines come within this many pixels merge "
      "into one smooth shape (0 = kept apart); at most the largest drop's drawn radius" },
    { DP_SEC_LAYER, "drop_micro", DP_P_NUMBER, 0, 16, NULL, LY(drop_micro), "0",
      "droplets: drops drawn smaller than this many pixels stay out of the height and normal "
      "maps (they go to the frost mask)" },
    { DP_SEC_LAYER, "frost", DP_P_NUMBER, 0, 1, NULL, LY(frost), "0",
      "droplets: fog the glass under the layer (blur and lighten), except where the layers it "
      "avoids wiped it" },
    { DP_SEC_LAYER, "frost_follow", DP_P_NUMBER, 0, 1, NULL, LY(frost_follow), "1",
      "droplets: how far the fog follows the layer's field: frost * (1 - frost_follow (1 - v)), "
      "thicker where v is high (0 = even over the pane)" },
    { DP_SEC_LAYER, "frost_blur", DP_P_NUMBER, 1, 64, NULL, LY(frost_blur), "6",
      "droplets: blur radius of the frost, pixels" },
    { DP_SEC_LAYER, "breath", DP_P_BOOL, 0, 0, NULL, LY(breath), "false",
      "droplets: grow the drops as condensation does (a breath figure): nuclei of radius rmin "
      "grow and merge until the largest reaches rmax; replaces the sampler" },
    { DP_SEC_LAYER, "breath_cover", DP_P_NUMBER, 0, 0.9, NULL, LY(breath_cover), "0",
      "droplets with breath: stop growing once drops cover this fraction of the pane "
      "(0 = grow until the largest drop reaches rmax)" },
    { DP_SEC_LAYER, "rain", DP_P_BOOL, 0, 0, NULL, LY(rain), "false",
      "droplets: grow the drops as rain does: drops from rmin up land, merge when they touch, "
      "and slide down leaving tracks and beads once heavier than the glass holds (at most "
      "rmax); replaces the sampler and trail" },
    { DP_SEC_LAYER, "rain_time", DP_P_NUMBER, 0, 1000, NULL, LY(rain_time), "20",
      "droplets with rain: how long it rained; a unit at rain_rate 1 lands drops covering a "
      "tenth of the pane" },
    { DP_SEC_LAYER, "rain_rate", DP_P_NUMBER, 0.05, 20, NULL, LY(rain_rate), "1",
      "droplets with rain: how hard it rains: drops land this many times as often, and larger "
      "(their mean size grows as rain_rate^0.21)" },
    { DP_SEC_LAYER, "rain_slide", DP_P_NUMBER, 0, 1, NULL, LY(rain_slide), "0.5",
      "droplets with rain: how readily drops slide: 0 = only drops of rmax, 1 = on the "
      "slickest glass (where the field is low) drops of 0.4 rmax" },
    { DP_SEC_LAYER, "crystal_length", DP_P_NUMBER, 2, 4096, NULL, LY(crystal_length), "120",
      "crystals: a fern's stem length on the coldest glass (v = 1), pixels; warmer glass "
      "stunts it" },
    { DP_SEC_LAYER, "crystal_seeds", DP_P_INT, 0, 100000, NULL, LY(crystal_seeds), "20",
      "crystals: ice nuclei on the glass, kept with probability v^2 (cold glass takes more); "
      "the edges of a pane that does not tile seed ice too" },
    { DP_SEC_LAYER, "crystal_scratches", DP_P_INT, 0, 1000, NULL, LY(crystal_scratches), "0",
      "crystals: straight scratches in the glass, each seeding a row of ferns" },
    { DP_SEC_LAYER, "star_magnitudes", DP_P_NUMBER, 0.5, 15, NULL, LY(star_magnitudes), "6.5",
      "stars: magnitudes run from 0 (brightest) to this; each is 2.512 times fainter" },
    { DP_SEC_LAYER, "star_slope", DP_P_NUMBER, 0.05, 1, NULL, LY(star_slope), "0.5",
      "stars: the star counts' power law, log10 N(m) = slope * m + c (0.6: stars spread evenly "
      "through space)" },
    { DP_SEC_LAYER, "star_glow", DP_P_NUMBER, 0, 1, NULL, LY(star_glow), "0",
      "stars: the layer's field drawn first, in the first colour at this strength: the "
      "unresolved light of the band the stars crowd in" },
    { DP_SEC_LAYER, "star_spikes", DP_P_BOOL, 0, 0, NULL, LY(star_spikes), "false",
      "stars: four diffraction spikes on the brightest stars" },
    { DP_SEC_LAYER, "splat_direction", DP_P_NUMBER, -360, 360, NULL, LY(splat_direction_deg), "0",
      "splatter: the direction the liquid flew, degrees clockwise from +x (90 = down the "
      "picture): the spray, tails and streaks point this way" },
    { DP_SEC_LAYER, "splat_force", DP_P_NUMBER, 0, 1, NULL, LY(splat_force), "0.5",
      "splatter: how hard it was thrown, 0 (dropped: a blot and its crown) .. 1 (flung: more "
      "spray, farther, longer tails and streaks)" },
    { DP_SEC_LAYER, "snow_depth", DP_P_NUMBER, 1, 4096, NULL, LY(snow_depth), "40",
      "snow: the snow's mean depth on the sill along the bottom edge, pixels (its lumps are "
      "clumps up to radius r)" },
    { DP_SEC_LAYER, "sparkle", DP_P_NUMBER, 0, 1, NULL, LY(sparkle), "0.5",
      "snow: how many crystals near the surface glint (1: one pixel in a hundred)" },
    { DP_SEC_LAYER, "avoid", DP_P_LAYERS, 0, 0, NULL, NO_MEMBER, NULL,
      "comma list of earlier layers whose shapes this layer's shapes must not overlap" },
};

const dp_param *dp_params(size_t *count)
{
    *count = sizeof params / sizeof params[0];
    return params;
}

/* "color" -> "colour" everywhere in key; false if it does not fit. */
static bool british(const char *key, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *s = key; *s != '\0';) {
        bool us = strncmp(s, "color", 5) == 0;
        const char *piece = us ? "colour" : s;
        size_t len = us ? 6 : 1;
        if (n + len >= cap)
            return false;
        memcpy(out + n, piece, len);
        n += len;
        s += us ? 5 : 1;
    }
    out[n] = '\0';
    return true;
}

const dp_param *dp_param_find(dp_param_section section, const char *key)
{
    char name[64];
    if (!british(key, name, sizeof name))
        return NULL;
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        if (params[i].section == section && strcmp(params[i].key, name) == 0)
            return &params[i];
    }
    return NULL;
}

dapple_status dp_param_unknown(dp_param_section section, const char *key, const char *where,
                               dapple_error *err)
{
    char q[DP_QUOTE_MAX], name[64];
    dp_quote(key, q);
    dp_suggest sg;
    dp_suggest_init(&sg, british(key, name, sizeof name) ? name : key);
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        if (params[i].section == section)
            dp_suggest_try(&sg, params[i].key);
    }
    if (dp_suggest_best(&sg) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "unknown key '%s' in %s (did you mean '%s'?)", q,
                       where, dp_suggest_best(&sg));
    dp_param_section other = section == DP_SEC_TEXTURE ? DP_SEC_LAYER : DP_SEC_TEXTURE;
    if (dp_param_find(other, key) != NULL)
        return dp_fail(err, DAPPLE_E_INVALID, "unknown key '%s' in %s ('%s' belongs in %s)", q,
                       where, q, other == DP_SEC_TEXTURE ? "[texture]" : "a [layer NAME]");
    return dp_fail(err, DAPPLE_E_INVALID, "unknown key '%s' in %s", q, where);
}

/* ---------------------------------------------------------------- Markdown reference */

static const char *const md_intro =
        "# Preset reference\n"
        "\n"
        "<!-- Generated from the parameter table in src/preset/params.c by\n"
        "     dp_params_write_markdown(); edit the table, not this file. -->\n"
        "\n"
        "A preset is an INI file that describes one texture: a `[texture]` section and one\n"
        "`[layer NAME]` section per layer. Layers are sampled and drawn in file order, the\n"
        "first at the bottom.\n"
        "\n"
        "```ini\n"
        "; rain on a window\n"
        "[texture]\n"
        "size = 1024x1024\n"
        "seed = 7\n"
        "background_colour = #203040\n"
        "\n"
        "[layer big]\n"
        "style = droplets\n"
        "rmin = 6\n"
        "rmax = 24\n"
        "field = perlin:scale=200,octaves=3\n"
        "colours = #c8e0ff\n"
        "\n"
        "[layer small]\n"
        "style = droplets\n"
        "radius = 3\n"
        "avoid = big\n"
        "```\n"
        "\n"
        "## Rules\n"
        "\n"
        "- One `key = value` per line. A line starting with `;` or `#` is a comment, and\n"
        "  ` ;` starts a comment after a value.\n"
        "- A line holds at most 199 bytes, not counting its line break (LF or CRLF; a file\n"
        "  with bare CR line endings, as old Mac editors saved them, is refused). Key and\n"
        "  section lines may not be indented: continuation lines are not supported.\n"
        "- Each section and each key appears once. Layer names are 1 to 63 characters of\n"
        "  `A-Z a-z 0-9 _ -` (not `texture`); a texture has 1 to 16 layers.\n"
        "- `[texture]` needs `size`. Each layer needs `style`, and either `radius` or both\n"
        "  `rmin` and `rmax` (with `map = density`, `rmax` is optional); `rmin` below `rmax`\n"
        "  needs a `field` that varies (perlin or image), and `rmin` may not exceed `rmax`.\n"
        "- Keys and values are case-sensitive. American spellings work too: `colors`,\n"
        "  `background_color`, `background = color`.\n"
        "- Numbers are plain decimals (`0.5`, `-2`, `1e3`); `nan`, `inf`, hex, spaces inside\n"
        "  and trailing text are refused, and so are values outside the range below (the\n"
        "  command line's and the library's ranges, from one definition: library.md, Limits).\n"
        "- Paths (`field = image:PATH`, `exclude`, `stamp`, `background_image`) are relative to "
        "the\n"
        "  preset's folder, and the file must exist when the preset is loaded (a FIFO or\n"
        "  device is refused). A missing file is named by the path it was looked for at.\n"
        "- `avoid` may only name layers above it in the file, so there are no cycles.\n"
        "- On the command line, `--set SECTION.KEY=VALUE` overrides one key after loading;\n"
        "  SECTION is `texture` or a layer name (`--set big.rmin=4`). Relative paths given\n"
        "  this way are relative to the current folder.\n"
        "- Errors name the file, line and key: `rain.ini:12: rmin: expected a number in\n"
        "  [0.25, 4096], got 'abc'`.\n";

static const char *const md_fields =
        "\n"
        "A layer with `dot_radius` paints every point's shape whole; a render whose colour "
        "texture\n"
        "or height and normal maps would paint more than 2^36 pixels that way (points x the dot's\n"
        "area, up to the image's) is refused before drawing:\n"
        "`dapple: layer 'a': dot_radius 4096 over 166903 points paints about 7e+11 pixels of the\n"
        "2048x2048 image (the limit is 6.87e+10): give a smaller dot_radius`. Masks have no such\n"
        "limit: a mask of dots of one radius takes one nearest-point search per pixel.\n"
        "\n"
        "## Field specs\n"
        "\n"
        "The field gives a value `v` in [0, 1] at each point: from the source below, then\n"
        "`levels`, `gamma`, `invert` and `dilate`, in that order. `map` reads it:\n"
        "\n"
        "- `map = radius` (the default, the Dev.Mag article's rule): `r = rmin + v * (rmax -\n"
        "  rmin)`. Points per area go as `1 / r^2`, so a mid grey is far from half as many.\n"
        "- `map = density`: `v` is relative density, points per area proportional to `v`:\n"
        "  `r = rmin / sqrt(v)`, `rmin` being the spacing at full density. Where `v <= cutoff`\n"
        "  (on that pixel of the field) there are no points at all. `rmax`, if given, caps the\n"
        "  spacing, so densities below `(rmin / rmax)^2` get that density instead (more points\n"
        "  than proportional there); without it the cap is `rmin / sqrt(max(cutoff, 1/1024))`.\n"
        "\n"
        "`exclude` images are stretched over the texture like field images: no point lies on\n"
        "a pixel at least half white, whatever the field and map. Masks get no ink there.\n"
        "\n"
        "| spec | meaning |\n"
        "|---|---|\n"
        "| `constant` | `v = 1` everywhere: every point has radius `rmax` (`rmin` with "
        "`map = density`) |\n"
        "| `perlin` | fractal Perlin noise; options as `perlin:scale=80,octaves=4` |\n"
        "| `image:PATH` | a grey image stretched over the texture: black = `rmin`, white = "
        "`rmax` (with `map = density`: white = full density, black = none); PATH is taken "
        "verbatim and may contain `:` and `,` |\n"
        "\n"
        "| perlin option | values | default | meaning |\n"
        "|---|---|---|---|\n";

/* The Perlin keys' rows, their ranges from dapple.h's limits. */
static void md_perlin(FILE *f)
{
    fprintf(f, "| `scale` | %g .. %g | 64 | feature size in pixels |\n", DAPPLE_LIMIT_SCALE_CLI_MIN,
            DAPPLE_LIMIT_SCALE_CLI_MAX);
    fprintf(f, "| `octaves` | 1 .. %d | 4 | number of noise layers summed |\n",
            DAPPLE_LIMIT_OCTAVES);
    fprintf(f, "| `lacunarity` | 1 .. %g | 2 | frequency ratio between octaves |\n",
            DAPPLE_LIMIT_LACUNARITY);
    fputs("| `gain` | 0 .. 1 | 0.5 | amplitude ratio between octaves |\n", f);
}

static const char *type_name(dp_param_type t)
{
    static const char *const names[] = { "number",      "integer",     "integer",     "integer",
                                         "bool",        "choice",      "colour",      "colours",
                                         "size",        "field",       "path",        "number",
                                         "layer names", "levels",      "image paths", "paths",
                                         "scene",       "bool or axis" };
    return names[t];
}

static void md_values(FILE *f, const dp_param *p)
{
    switch (p->type) {
    case DP_P_NUMBER:
    case DP_P_INT:
    case DP_P_COUNT:
    case DP_P_RADIUS:
        fprintf(f, "%.12g .. %.12g", p->lo, p->hi);
        break;
    case DP_P_U64:
        fputs("0 .. 2^64-1", f);
        break;
    case DP_P_BOOL:
        fputs("`true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`", f);
        break;
    case DP_P_WRAP:
        fputs("`true`/`false`, `yes`/`no`, `on`/`off`, `1`/`0`, `x`, `y`", f);
        break;
    case DP_P_COLOUR:
        fputs("`#rgb`, `#rrggbb`, `#rrggbbaa`", f);
        break;
    case DP_P_COLOURS:
        fputs("1 to 8 colours", f);
        break;
    case DP_P_SIZE:
        fprintf(f, "1 .. %d per side, at most %lld pixels", DP_MAX_SIDE,
                (long long)DAPPLE_LIMIT_IMAGE_PIXELS);
        break;
    case DP_P_FIELD:
        fputs("see Field specs", f);
        break;
    case DP_P_LAYERS:
        fputs("earlier layer names", f);
        break;
    case DP_P_LEVELS:
        fputs("`BLACK, WHITE` in 0 .. 1", f);
        break;
    case DP_P_EXCLUDE:
        fputs("`image:PATH`, ...", f);
        break;
    case DP_P_STAMPS:
        fputs("`daisy` or PNG files", f);
        break;
    case DP_P_BACKDROP:
        fputs("`none`, `night-street`, `overcast`, `checker[:SIDE]`, `image:PATH`", f);
        break;
    case DP_P_PATH:
    case DP_P_ENUM:
        for (const dp_choice *c = p->choices; c != NULL && c->name != NULL; c++)
            fprintf(f, "%s`%s`", c == p->choices ? "" : ", ", c->name);
        fputs(p->type == DP_P_PATH ? (p->choices != NULL ? " or a file" : "a file") : "", f);
        break;
    }
}

static void md_section(FILE *f, dp_param_section section)
{
    fprintf(f, "\n## %s\n\n", section == DP_SEC_TEXTURE ? "[texture]" : "[layer NAME]");
    fputs("| key | type | values | default | meaning |\n|---|---|---|---|---|\n", f);
    for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
        const dp_param *p = &params[i];
        if (p->section != section)
            continue;
        fprintf(f, "| `%s` | %s | ", p->key, type_name(p->type));
        md_values(f, p);
        if (p->def != NULL)
            fprintf(f, " | `%s` | %s |\n", p->def, p->help);
        else
            fprintf(f, " | - | %s |\n", p->help);
    }
}

void dp_params_write_markdown(FILE *f)
{
    fputs(md_intro, f);
    md_section(f, DP_SEC_TEXTURE);
    md_section(f, DP_SEC_LAYER);
    fputs(md_fields, f);
    md_perlin(f);
}
