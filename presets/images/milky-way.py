#!/usr/bin/env python3
# Makes presets/images/milky-way.png, the density map behind presets/starfield.ini: the band
# of the Milky Way across the sky, a soft Gaussian profile crossing the square on its
# diagonal, clumped into star clouds and split by dark dust lanes (value noise), over a
# floor of field stars. It tiles: the diagonal of slope 1 wraps onto itself and the noise
# lattice is periodic. White = densest. Python standard library only (PNG via zlib).
# Usage: python3 presets/images/milky-way.py presets/images/milky-way.png
import math, random, struct, sys, zlib

N = 256
rnd = random.Random(38)

def lattice(cells):
    return [[rnd.random() for _ in range(cells)] for _ in range(cells)]

def noise(grid, u, v):
    cells = len(grid)
    x, y = u * cells, v * cells
    i, j = int(x), int(y)
    a, b = x - i, y - j
    a, b = a * a * (3 - 2 * a), b * b * (3 - 2 * b)
    g = lambda p, q: grid[q % cells][p % cells]
    top = g(i, j) + a * (g(i + 1, j) - g(i, j))
    bot = g(i, j + 1) + a * (g(i + 1, j + 1) - g(i, j + 1))
    return top + b * (bot - top)

octaves = [(lattice(4), 0.5), (lattice(8), 0.25), (lattice(16), 0.15), (lattice(32), 0.1)]
lanes = [(lattice(6), 0.6), (lattice(12), 0.4)]

def fbm(layers, u, v):
    return sum(w * noise(g, u, v) for g, w in layers)

def density(x, y):
    u, v = (x + 0.5) / N, (y + 0.5) / N
    d = (v - u + 0.5) % 1.0 - 0.5                 # across the band, wrapped: -0.5 .. 0.5
    band = math.exp(-(d / 0.16) ** 2)
    clouds = 0.55 + 0.9 * (fbm(octaves, u, v) - 0.5)
    dust = max(0.0, fbm(lanes, u, v) - 0.48) * 4.5   # dark lanes where the dust is thick
    return max(0.0, min(1.0, 0.12 + 0.88 * band * clouds * (1 - min(0.85, dust))))

rows = b"".join(b"\x00" + bytes(round(255 * density(x, y)) for x in range(N)) for y in range(N))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 0, 0, 0, 0)) +
       chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
open(sys.argv[1], "wb").write(png)
