#!/usr/bin/env python3
"""Writes checker.png: a 4x4 black/white checkerboard, 256x256, 8-bit grey (stdlib only).
The field behind the dilation pictures in docs/algorithm.md."""
import struct
import zlib

W = H = 256
rows = b"".join(b"\x00" + bytes(255 if ((x // 64) + (y // 64)) % 2 else 0 for x in range(W))
                for y in range(H))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 0))
       + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
open("checker.png", "wb").write(png)
