#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes the image fixtures of tests/cli/test_images.sh and tests/unit/test_image_input.c
# (copied into tests/fuzz/corpus_image/ as seeds) into tests/data/images/ (or the folder
# given): hostile PNG chunks (issue #14 item 2),
# whole and cut BMP, GIF, TGA, PSD and PGM files (items 3, 8) and stamps past cairo's side
# limit (item 4). The files are committed; run this to remake them after a change here.
# Pixel formula of the small images: grey v = (37 x + 11 y + 5) mod 256, in a 7x5 image.
import os
import struct
import sys
import zlib

W, H = 7, 5
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "images")


def v(x, y):
    return (37 * x + 11 * y + 5) % 256


def save(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


# ---------------------------------------------------------------- PNG

def chunk(kind, data, length=None):
    n = len(data) if length is None else length
    return struct.pack(">I", n) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


SIG = b"\x89PNG\r\n\x1a\n"


def ihdr(w, h, depth=8, colour=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, colour, 0, 0, 0))


def grey_png(extra=b"", w=W, h=H):
    rows = b"".join(b"\x00" + bytes(v(x, y) for x in range(w)) for y in range(h))
    return SIG + ihdr(w, h) + extra + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def png_chunk_bombs():
    # A chunk that declares 2 GiB - 16 bytes and then the file ends: libpng 1.6 allocated
    # the declared length of text, sPLT and eXIf chunks before reading them.
    for kind in (b"tEXt", b"zTXt", b"iTXt", b"sPLT", b"eXIf", b"iCCP", b"abCd"):
        save("png_2g_%s.png" % kind.decode(),
             SIG + ihdr(1, 1) + struct.pack(">I", 0x7FFFFFF0) + kind + b"key\x00" + b"x" * 16)
    # Whole, valid files: 4 zTXt chunks of 7.9 MB of zeros each (~7.7 KB compressed),
    # which libpng 1.6 inflated (20 ms each, 8 MB at most), and the same as iTXt and iCCP.
    bomb = zlib.compress(bytes(7_900_000), 9)
    ztxt = b"".join(chunk(b"zTXt", b"k%d\x00\x00" % i + bomb) for i in range(4))
    save("png_ztxt_bomb.png", grey_png(ztxt))
    itxt = b"".join(chunk(b"iTXt", b"k%d\x00\x01\x00\x00\x00" % i + bomb) for i in range(4))
    save("png_itxt_bomb.png", grey_png(itxt))
    save("png_iccp_bomb.png", grey_png(chunk(b"iCCP", b"icc\x00\x00" + bomb)))


def wide_pngs():
    # 1-bit grey stamps at and past cairo's 32767-pixel side (a few hundred bytes each).
    for name, w, h in (("wide_32767.png", 32767, 1), ("wide_32768.png", 32768, 1),
                       ("tall_40000.png", 1, 40000)):
        row = (w + 7) // 8
        rows = b"".join(b"\x00" + b"\x55" * row for _ in range(h))
        save(name, SIG + ihdr(w, h, 1, 0) + chunk(b"IDAT", zlib.compress(rows, 9))
             + chunk(b"IEND", b""))


# ---------------------------------------------------------------- BMP

def bmp(bpp, topdown=False):
    pal = b""
    if bpp <= 8:
        n = 1 << bpp
        pal = b"".join(bytes((i * 255 // (n - 1),) * 3) + b"\x00" for i in range(n))
    rows = []
    for y in range(H):
        g = [v(x, y) for x in range(W)]
        if bpp == 1:
            bits = [gv >> 7 for gv in g] + [0] * 8
            r = bytes(sum(bits[i + k] << (7 - k) for k in range(8)) for i in range(0, W, 8))
        elif bpp == 8:
            r = bytes(g)
        elif bpp == 24:
            r = b"".join(bytes((gv,) * 3) for gv in g)
        else:
            r = b"".join(bytes((gv,) * 3) + b"\xff" for gv in g)
        rows.append(r + b"\x00" * (-len(r) % 4))
    order = rows if topdown else rows[::-1]
    data = b"".join(order)
    off = 14 + 40 + len(pal)
    head = b"BM" + struct.pack("<IHHI", off + len(data), 0, 0, off)
    info = struct.pack("<IiiHHIIiiII", 40, W, -H if topdown else H, 1, bpp, 0, len(data),
                       2835, 2835, len(pal) // 4, 0)
    return head + info + pal + data


# ---------------------------------------------------------------- TGA

def tga(kind):
    px = [v(x, y) for y in range(H - 1, -1, -1) for x in range(W)]  # bottom-up
    if kind == "raw":
        head = struct.pack("<BBBHHBHHHHBB", 0, 0, 2, 0, 0, 0, 0, 0, W, H, 24, 0)
        return head + b"".join(bytes((g,) * 3) for g in px)
    if kind == "indexed":
        head = struct.pack("<BBBHHBHHHHBB", 0, 1, 1, 0, 256, 24, 0, 0, W, H, 8, 0)
        return head + b"".join(bytes((i,) * 3) for i in range(256)) + bytes(px)
    # RLE grey: a run of 3 equal pixels would need equal values, so runs repeat the first
    # pixel of each row twice (rows then start with a 2-pixel run) and raw packets carry
    # the rest, some across row ends, as stb allows.
    px = []
    for y in range(H - 1, -1, -1):
        px += [v(0, y), v(0, y)] + [v(x, y) for x in range(2, W)]
    body, i = b"", 0
    while i < len(px):
        if i + 1 < len(px) and px[i] == px[i + 1]:
            body += bytes((0x80 | 1, px[i]))
            i += 2
        else:
            n = min(9, len(px) - i)
            body += bytes((n - 1,)) + bytes(px[i:i + n])
            i += n
    head = struct.pack("<BBBHHBHHHHBB", 0, 0, 11, 0, 0, 0, 0, 0, W, H, 8, 0)
    return head + body


def tga_rle_pixels():
    """Expected grey of tga_rle.tga: column 1 repeats column 0."""
    return lambda x, y: v(0, y) if x == 1 else v(x, y)


# ---------------------------------------------------------------- PSD

def psd_alpha():
    """RGB + alpha, 8 bit, raw: black at alpha 128, which stb 2.27's white-matte removal
    turns into (0 - 255) / 0.5 + 255 = -255, converted to unsigned char (undefined)."""
    head = b"8BPS" + struct.pack(">H6sHIIHH", 1, b"", 4, H, W, 8, 3)
    sections = struct.pack(">I", 0) * 3
    planes = bytes(W * H) * 3 + bytes([128]) * (W * H)
    return head + sections + struct.pack(">H", 0) + planes


def packbits(data):
    out, i = b"", 0
    while i < len(data):
        j = i
        while j < len(data) and j - i < 128 and data[j] == data[i]:
            j += 1
        if j - i >= 2:
            out += bytes((257 - (j - i), data[i]))
            i = j
        else:
            n = min(128, len(data) - i)
            out += bytes((n - 1,)) + data[i:i + n]
            i += n
    return out


def psd(rle, depth=8):
    head = b"8BPS" + struct.pack(">H6sHIIHH", 1, b"", 3, H, W, depth, 3)
    sections = struct.pack(">I", 0) + struct.pack(">I", 4) + b"res!" + struct.pack(">I", 0)
    planes = []
    for c in range(3):
        if depth == 8:
            planes.append([bytes(v(x, y) for x in range(W)) for y in range(H)])
        else:
            planes.append([b"".join(struct.pack(">H", v(x, y) * 257) for x in range(W))
                           for y in range(H)])
    if not rle:
        return head + sections + struct.pack(">H", 0) + b"".join(b"".join(p) for p in planes)
    rows = [packbits(r) for p in planes for r in p]
    table = b"".join(struct.pack(">H", len(r)) for r in rows)
    return head + sections + struct.pack(">H", 1) + table + b"".join(rows)


# ---------------------------------------------------------------- GIF

def lzw_8bit(px):
    # 9-bit codes with a clear code before every 200 pixels, so no table ever grows.
    bits, nbits, out = 0, 0, bytearray()
    codes = []
    for i, p in enumerate(px):
        if i % 200 == 0:
            codes.append(256)
        codes.append(p)
    codes.append(257)
    for c in codes:
        bits |= c << nbits
        nbits += 9
        while nbits >= 8:
            out.append(bits & 255)
            bits >>= 8
            nbits -= 8
    if nbits:
        out.append(bits & 255)
    return bytes(out)


def gif(extensions=False):
    palette = b"".join(bytes((i,) * 3) for i in range(256))
    head = b"GIF89a" + struct.pack("<HHBBB", W, H, 0xF7, 0, 0) + palette
    ext = b""
    if extensions:
        ext = b"\x21\xf9\x04\x00\x00\x00\x00\x00" + b"\x21\xfe\x05hello\x03abc\x00"
    data = lzw_8bit([v(x, y) for y in range(H) for x in range(W)])
    blocks = b"".join(bytes((len(data[i:i + 255]),)) + data[i:i + 255]
                      for i in range(0, len(data), 255)) + b"\x00"
    desc = b"\x2c" + struct.pack("<HHHHB", 0, 0, W, H, 0) + b"\x08"
    return head + ext + desc + blocks + b"\x3b"


# ---------------------------------------------------------------- PGM

def pgm(maxval, plain=False, comment=True, values=None):
    vals = values or [v(x, y) * maxval // 255 for y in range(H) for x in range(W)]
    head = b"P2" if plain else b"P5"
    head += b"\n# made by make_images.py\n" if comment else b"\n"
    head += b"%d %d\n%d\n" % (W, H, maxval)
    if plain:
        return head + b"\n".join(b" ".join(b"%d" % vals[y * W + x] for x in range(W))
                                 for y in range(H)) + b"\n"
    return head + b"".join(struct.pack(">H" if maxval > 255 else ">B", s) for s in vals)


def g16(x, y):
    return (x * 4099 + y * 8191) & 65535


def cut(data, n):
    return data[:n]


def main():
    os.makedirs(OUT, exist_ok=True)
    png_chunk_bombs()
    wide_pngs()
    files = {
        "bmp1.bmp": bmp(1), "bmp8.bmp": bmp(8), "bmp24.bmp": bmp(24),
        "bmp32_topdown.bmp": bmp(32, topdown=True),
        "tga_raw.tga": tga("raw"), "tga_indexed.tga": tga("indexed"), "tga_rle.tga": tga("rle"),
        "psd_raw.psd": psd(False), "psd_rle.psd": psd(True), "psd16_raw.psd": psd(False, 16),
        "psd_alpha.psd": psd_alpha(),
        "gif.gif": gif(), "gif_ext.gif": gif(extensions=True),
        "pgm8.pgm": pgm(255), "pgm4.pgm": pgm(15), "pgm_plain.pgm": pgm(255, plain=True),
        "pgm16.pgm": pgm(65535, values=[g16(x, y) for y in range(H) for x in range(W)]),
        "pgm10.pgm": pgm(1023, comment=False),
    }
    for name, data in files.items():
        save(name, data)
    # Cut copies, each named by what it lost: the corpus and the exact-message tests.
    save("cut_bmp24_pixels.bmp", cut(files["bmp24.bmp"], len(files["bmp24.bmp"]) - 30))
    save("cut_bmp_header.bmp", cut(files["bmp24.bmp"], 20))
    save("cut_tga_raw.tga", cut(files["tga_raw.tga"], 60))
    save("cut_tga_rle.tga", cut(files["tga_rle.tga"], 30))
    save("cut_psd_raw.psd", cut(files["psd_raw.psd"], 80))
    save("cut_psd_rle.psd", cut(files["psd_rle.psd"], len(files["psd_rle.psd"]) - 5))
    save("cut_psd_header.psd", cut(files["psd_raw.psd"], 30))
    save("cut_gif_image.gif", cut(files["gif.gif"], len(files["gif.gif"]) - 8))
    save("cut_gif_palette.gif", cut(files["gif.gif"], 300))
    save("cut_pgm16.pgm", cut(files["pgm16.pgm"], len(files["pgm16.pgm"]) - 1))
    save("cut_pgm_plain.pgm", cut(files["pgm_plain.pgm"], 60))
    # PGM headers and samples that must be refused.
    save("pgm_over_maxval.pgm", b"P5\n2 1\n15\n\x0f\x10")
    save("pgm_huge.pgm", b"P5\n100000 100000\n255\n\x00")
    save("pgm_width_overflow.pgm", b"P5\n99999999999999999999 1\n255\n\x00")
    save("pgm_maxval_zero.pgm", b"P5\n1 1\n0\n\x00")
    save("pgm_plain_junk.pgm", b"P2\n2 1\n255\n12 x7\n")
    save("ppm.ppm", b"P6\n1 1\n255\n\x00\x00\x00")


if __name__ == "__main__":
    main()
