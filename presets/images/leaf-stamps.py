#!/usr/bin/env python3
# Makes the two leaf stamps used by presets/leaf-litter.ini: presets/images/leaf-oak.png (a
# lobed oak-like leaf, rust) and presets/images/leaf-birch.png (a pointed oval leaf, gold).
# RGBA, straight alpha, 4x4 supersampled. Python standard library only.
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

def stem(u, v):
    if -1.18 < u < -0.95 and abs(v) < 0.018:
        return (0.30, 0.20, 0.10, 1.0)
    return None

def render(path, lobes, base_col, tip_col):
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
                    c = leaf(u, v, lobes, base_col, tip_col) or stem(u, v)
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
