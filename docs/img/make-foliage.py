#!/usr/bin/env python3
"""Writes the inputs of docs/foliage.md (stdlib only, 8-bit grey PNG):
  grass-density.png  256x256, a painted-looking density map: a bright meadow, a grey
                     slope, a dark thicket edge and a black pond (white = dense grass)
  road.png           256x256, a curved white road on black, for --exclude
  ramp.png           512x64, a horizontal ramp from black to white
  bands.png          500x100, five vertical bands of density 0, 1/8, 1/4, 1/2, 1"""
import math
import struct
import zlib


def write_png(name, w, h, pixel):
    rows = b"".join(b"\x00" + bytes(max(0, min(255, round(255 * pixel(x + 0.5, y + 0.5))))
                                    for x in range(w)) for y in range(h))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
    with open(name, "wb") as f:
        f.write(png)


def smooth(e0, e1, v):
    t = max(0.0, min(1.0, (v - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)


def grass(x, y):
    # a slope from full grass (top left) to half (bottom right), a soft dark thicket edge
    # on the right and a black pond with a soft shore
    v = 1.0 - 0.5 * smooth(40, 230, 0.6 * x + 0.8 * y)
    v *= 1.0 - 0.75 * smooth(200, 250, x + 12 * math.sin(y / 17))
    pond = math.hypot((x - 80) / 1.3, y - 170)
    return v * smooth(30, 42, pond)


def road(x, y):
    centre = 128 + 60 * math.sin(y / 256 * 2 * math.pi)
    return 1.0 - smooth(7, 9, abs(x - centre))


write_png("grass-density.png", 256, 256, grass)
write_png("road.png", 256, 256, road)
write_png("ramp.png", 512, 64, lambda x, y: x / 512)
write_png("bands.png", 500, 100, lambda x, y: (0, 1 / 8, 1 / 4, 1 / 2, 1)[int(x // 100)])
