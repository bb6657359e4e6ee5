#!/usr/bin/env python3
# Makes the leaf stamps used by presets/leaf-litter.ini: presets/images/leaf-oak.png (a
# lobed oak-like leaf, rust), presets/images/leaf-birch.png (a pointed oval leaf, gold),
# presets/images/leaf-maple.png (a five-pointed palmate leaf) and presets/images/leaf-beech.png
# (a toothed oval); the last two in pale straw, for the preset's palette to tint (multiply).
# RGBA, straight alpha, 4x4 supersampled, deterministic. Python standard library only.
# Usage: python3 presets/images/leaf-stamps.py presets/images
import math, os, struct, sys, zlib

N = 128

def smooth(e0, e1, x):
    t = min(1.0, max(0.0, (x - e0) / (e1 - e0)))
    return t * t * (3 - 2 * t)

def leaf(u, v, lobes, base_col, tip_col):
    """u along the leaf (-1 stem end .. 1 tip), v across; returns (r, g, b, a) or None."""
    if u < -1 or u > 1:
        return None
    # half width along the leaf: a pointed oval, optionally with lobes
    w = 0.42 * math.sin(math.pi * (u + 1) / 2) ** 0.8
    if lobes:
        w *= 0.78 + 0.22 * math.cos(lobes * math.pi * (u + 1) / 2) ** 2
    if abs(v) > w:
        return None
    t = (u + 1) / 2
    col = [base_col[k] * (1 - t) + tip_col[k] * t for k in range(3)]
    shade = 1.0 - 0.18 * (abs(v) / max(w, 1e-6)) ** 2        # darker toward the edge
    # veins: the midrib and side veins running toward the tip
    vein = 0.0
    if abs(v) < 0.012:
        vein = 0.35
    else:
        phase = (u - 1.6 * abs(v)) * 5.0
        d = abs(phase - round(phase))
        if d < 0.06 and abs(v) < w * 0.9:
            vein = 0.18
    return tuple(max(0.0, min(1.0, c * shade * (1 - vein))) for c in col) + (1.0,)

def toothed(u, v, base_col, tip_col):
    """A beech-like oval: fine teeth on the edge, straight parallel side veins."""
    if u < -1 or u > 1:
        return None
    t = (u + 1) / 2
    w = 0.36 * math.sin(math.pi * t) ** 0.7
    w *= 1 - 0.06 * abs(math.sin(9 * math.pi * t))             # the teeth
    if abs(v) > w:
        return None
    col = [base_col[k] * (1 - t) + tip_col[k] * t for k in range(3)]
    shade = 1.0 - 0.22 * (abs(v) / max(w, 1e-6)) ** 2
    vein = 0.3 if abs(v) < 0.012 else 0.0
    phase = (u - 0.9 * abs(v)) * 4.5
    if vein == 0 and abs(phase - round(phase)) < 0.05 and abs(v) < w * 0.92:
        vein = 0.16
    return tuple(max(0.0, min(1.0, c * shade * (1 - vein))) for c in col) + (1.0,)

def palmate(u, v, base_col, tip_col):
    """A maple-like leaf: five pointed lobes around the stem end, veins along each lobe."""
    x, y = u + 0.12, v                          # the lobes meet a little below the middle
    r, a = math.hypot(x, y), math.atan2(y, x)
    reach, near = 0.0, 9.0
    for axis, length in ((0, 1.0), (1.05, 0.85), (-1.05, 0.85), (2.1, 0.5), (-2.1, 0.5)):
        d = abs((a - axis + math.pi) % (2 * math.pi) - math.pi)
        reach = max(reach, length * max(0.0, 1 - d / 0.72) ** 0.9)
        near = min(near, r * math.sin(min(d, math.pi / 2)))
    if r > 0.26 + 0.74 * reach or r > 1.2:
        if -1.1 < x < 0 and abs(y) < 0.02:     # the stalk reaches back to the stem end
            return (0.30, 0.20, 0.10, 1.0)
        return None
    t = min(1.0, r / 0.9)
    col = [base_col[k] * (1 - t) + tip_col[k] * t for k in range(3)]
    shade = 1.0 - 0.2 * t * t
    vein = 0.3 if near < 0.014 and r > 0.03 else 0.0
    return tuple(max(0.0, min(1.0, c * shade * (1 - vein))) for c in col) + (1.0,)

def stem(u, v):
    if -1.18 < u < -0.95 and abs(v) < 0.018:
        return (0.30, 0.20, 0.10, 1.0)
    return None

def render(path, lobes, base_col, tip_col, shape=None):
    rows = []
    S = 4
    for j in range(N):
        line = bytearray()
        for i in range(N):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sj in range(S):
                for si in range(S):
                    x = (i + (si + 0.5) / S) / N * 2 - 1
                    y = (j + (sj + 0.5) / S) / N * 2 - 1
                    # leaf axis runs diagonally, stem at the bottom left
                    u = (x - y) / math.sqrt(2) * 1.05
                    v = (x + y) / math.sqrt(2) * 1.05
                    c = (shape(u, v, base_col, tip_col) if shape
                         else leaf(u, v, lobes, base_col, tip_col)) or stem(u, v)
                    if c:
                        for k in range(3):
                            acc[k] += c[k] * c[3]
                        acc[3] += c[3]
            a = acc[3] / (S * S)
            if a > 0:
                rgb = [acc[k] / acc[3] for k in range(3)]
            else:
                rgb = [0, 0, 0]
            line += bytes(int(round(255 * q)) for q in rgb + [a])
        rows.append(line)
    raw = b''.join(b'\x00' + bytes(r) for r in rows)
    def chunk(t, c):
        return struct.pack('>I', len(c)) + t + c + struct.pack('>I', zlib.crc32(t + c) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', N, N, 8, 6, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))

out = sys.argv[1] if len(sys.argv) > 1 else 'presets/images'
render(os.path.join(out, 'leaf-oak.png'), 5, (0.55, 0.22, 0.08), (0.78, 0.42, 0.12))
render(os.path.join(out, 'leaf-birch.png'), 0, (0.80, 0.58, 0.10), (0.93, 0.78, 0.25))
render(os.path.join(out, 'leaf-maple.png'), 0, (0.93, 0.80, 0.62), (0.98, 0.90, 0.72), palmate)
render(os.path.join(out, 'leaf-beech.png'), 0, (0.90, 0.78, 0.60), (0.97, 0.88, 0.70), toothed)
