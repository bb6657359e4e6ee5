/* SPDX-License-Identifier: MIT
 * The pixel formulas of the image fixtures: make_fixtures.c writes them, the loader tests
 * (tests/unit/test_io.c) check every pixel against them. */
#ifndef DP_FIXTURE_PIXELS_H
#define DP_FIXTURE_PIXELS_H

/* grey 8-bit: (x*17 + y*31) & 255; grey 16-bit: (x*4099 + y*8191) & 65535 */
static inline unsigned grey8_at(int x, int y)
{
    return (unsigned)(x * 17 + y * 31) & 255;
}

static inline unsigned grey16_at(int x, int y)
{
    return (unsigned)(x * 4099 + y * 8191) & 65535;
}

/* RGB(A) 8-bit: r = x*16, g = y*16, b = (x+y)*8, a = 255 - x*8 (for 16x16 images) */
static inline void rgba_at(int x, int y, unsigned c[4])
{
    c[0] = (unsigned)(x * 16) & 255;
    c[1] = (unsigned)(y * 16) & 255;
    c[2] = (unsigned)((x + y) * 8) & 255;
    c[3] = 255 - (unsigned)(x * 8);
}

/* 16-bit RGB(A): the 8-bit value in the high byte, (x*7 + y) mod 256 in the low byte. */
static inline unsigned wide(unsigned c, int x, int y)
{
    return c * 256 + (unsigned)(x * 7 + y) % 256;
}

#endif
