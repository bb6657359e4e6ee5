#!/usr/bin/env python3
# Usage: python3 presets/images/fizz-field.py presets/images/fizz-field.png
# fizz field for presets/fizzy-bubbles.ini: bright (big, sparse bubbles) between the
# streams and toward the top, dark (tiny, crowded bubbles) in the rising streams and
# toward the bottom. Wraps left-right. Writes an 8-bit grey PNG with the stdlib only.
import zlib, struct, math, random, sys
W, H = 256, 384
random.seed(5)
streams = [(random.uniform(0, W), random.uniform(12, 20), random.uniform(0.75, 1.0)) for _ in range(6)]
rows = []
for y in range(H):
    t = y / (H - 1)                 # 0 top, 1 bottom
    line = bytearray()
    for x in range(W):
        s = 0.0
        for cx, wdt, k in streams:
            cx2 = cx + 2.5 * math.sin(y / 37.0 + cx)     # streams wobble a little
            d = min(abs(x - cx2), W - abs(x - cx2))
            s = max(s, k * math.exp(-(d / (wdt * (0.7 + 0.5 * (1 - t)))) ** 2))  # widen upward
        inside = 0.0 + 0.30 * (1 - t)                  # stream: tiny at the bottom, larger up top
        between = 0.45 + 0.55 * (1 - t)                 # between streams: also grows upward
        v = (1 - s) * between + s * inside
        line.append(max(0, min(255, int(round(v * 255)))))
    rows.append(line)
raw = b''.join(b'\x00' + bytes(r) for r in rows)
def chunk(t, c): return struct.pack('>I', len(c)) + t + c + struct.pack('>I', zlib.crc32(t + c) & 0xffffffff)
open(sys.argv[1], 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', W, H, 8, 0, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))
