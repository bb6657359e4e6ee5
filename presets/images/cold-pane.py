#!/usr/bin/env python3
# Makes presets/images/cold-pane.png, the cold map behind presets/frosted-window.ini: a
# window pane is coldest along its bottom edge (cold air sinks down the glass and the frame
# conducts the cold), a little colder towards the side frames, warm at the top. White =
# coldest. Python standard library only (PNG written with zlib).
# Usage: python3 presets/images/cold-pane.py presets/images/cold-pane.png
import struct, sys, zlib

W = H = 128

def cold(x, y):
    u, v = (x + 0.5) / W, (y + 0.5) / H
    side = max(0.0, 0.18 - min(u, 1 - u)) / 0.18      # 1 at a side frame, 0 inside
    c = v ** 2.2 + 0.25 * side * v
    return min(1.0, c)

rows = b"".join(b"\x00" + bytes(round(255 * cold(x, y)) for x in range(W)) for y in range(H))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 0)) +
       chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
open(sys.argv[1], "wb").write(png)
