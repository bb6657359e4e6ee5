#!/usr/bin/env python3
# Makes presets/images/stipple-source.png, the greyscale picture behind presets/stipple.ini:
# a still life from drawing class - a lit sphere resting on a table, with its cast
# shadow, in front of a wall. Python standard library only (PNG written with zlib).
# Usage: python3 presets/images/stipple-source.py presets/images/stipple-source.png
import math, struct, sys, zlib

W = H = 384
CX, CY, R = 0.47 * W, 0.50 * H, 0.27 * W          # the sphere
HORIZON = 0.62 * H                                # wall / table edge
L = (-0.55, -0.65, 0.52)                          # light: upper left, toward the viewer
n = math.sqrt(sum(c * c for c in L)); L = tuple(c / n for c in L)

def smooth(e0, e1, x):
    t = min(1.0, max(0.0, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)

def shade(x, y):
    # ground: wall above the horizon (darker toward the right), table below (lighter near)
    if y < HORIZON:
        v = 0.14 + 0.55 * (x / W) + 0.10 * (y / HORIZON)   # dark behind the lit side
    else:
        t = (y - HORIZON) / (H - HORIZON)
        v = 0.90 + 0.10 * t - 0.08 * (x / W)
        # cast shadow: an ellipse on the table, away from the light (right and down)
        sx, sy = CX + 0.55 * R, CY + 0.86 * R
        d = math.hypot((x - sx) / (1.25 * R), (y - sy) / (0.30 * R))
        v *= 0.35 + 0.65 * smooth(0.55, 1.15, d)
        # contact shadow right under the sphere
        d2 = math.hypot((x - CX) / (0.55 * R), (y - (CY + R)) / (0.10 * R))
        v *= 0.25 + 0.75 * smooth(0.2, 1.0, d2)
    # a soft line where the table meets the wall
    v -= 0.10 * math.exp(-((y - HORIZON) / 1.5) ** 2)
    # the sphere
    dx, dy = (x - CX) / R, (y - CY) / R
    rr = dx * dx + dy * dy
    if rr < 1:
        nz = math.sqrt(1 - rr)
        lam = dx * L[0] + dy * L[1] + nz * L[2]
        diffuse = max(0.0, lam)
        reflected = 0.12 * max(0.0, dy) * smooth(0.4, 1.0, -lam)   # bounce light from the table
        # Blinn-Phong highlight toward the viewer
        hx, hy, hz = L[0], L[1], L[2] + 1
        hn = math.sqrt(hx * hx + hy * hy + hz * hz)
        spec = max(0.0, (dx * hx + dy * hy + nz * hz) / hn) ** 40
        s = 0.06 + 0.90 * diffuse + reflected + 0.6 * spec
        edge = smooth(1.0, 0.96, math.sqrt(rr))            # antialias the outline
        v = v * (1 - edge) + min(1.0, s) * edge
    return max(0.0, min(1.0, v))

rows = []
for j in range(H):
    line = bytearray()
    for i in range(W):
        acc = 0.0                                        # 2x2 supersampling
        for sy in (0.25, 0.75):
            for sx in (0.25, 0.75):
                acc += shade(i + sx, j + sy)
        line.append(int(round(255 * acc / 4)))
    rows.append(line)

def chunk(t, c):
    return struct.pack('>I', len(c)) + t + c + struct.pack('>I', zlib.crc32(t + c) & 0xffffffff)

raw = b''.join(b'\x00' + bytes(r) for r in rows)
with open(sys.argv[1], 'wb') as f:
    f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 0, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
