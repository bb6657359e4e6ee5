#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/density.c in Python, through the standard library's ctypes: a density map over a
256 x 128 world with a road no point may lie on, sampled to 2000 points; it prints what
density.c prints.

    python3 density.py [LIBDIR [INCLUDEDIR]]

LIBDIR holds libdapple-core.so.0 and INCLUDEDIR dapple.h; without them, pkg-config says
where dapple is installed. The enums' values are read from dapple.h, not written here.
"""
import ctypes as C
import os
import re
import subprocess
import sys


def pkg_config(variable):
    out = subprocess.run(["pkg-config", "--variable=" + variable, "dapple-core"],
                         capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout.strip():
        sys.exit("density.py: pkg-config does not know dapple-core: give LIBDIR and "
                 "INCLUDEDIR, or add PREFIX/lib/pkgconfig to PKG_CONFIG_PATH")
    return out.stdout.strip()


def header_enums(path):
    """Every enumerator of the header's enums by name: {"DAPPLE_MAP_DENSITY": 1, ...}."""
    with open(path) as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    values = {}
    for body in re.findall(r"typedef enum \w+ \{(.*?)\}", text, flags=re.S):
        value = -1
        for item in body.split(","):
            m = re.fullmatch(r"\s*(\w+)\s*(?:=\s*(\w+))?\s*", item)
            if m:
                value = int(m.group(2), 0) if m.group(2) else value + 1
                values[m.group(1)] = value
    return values


libdir = sys.argv[1] if len(sys.argv) > 1 else pkg_config("libdir")
includedir = sys.argv[2] if len(sys.argv) > 2 else pkg_config("includedir")
lib = C.CDLL(os.path.join(os.path.abspath(libdir), "libdapple-core.so.0"))
E = header_enums(os.path.join(includedir, "dapple.h"))


class Perlin(C.Structure):
    _fields_ = [("scale", C.c_double), ("octaves", C.c_int),
                ("lacunarity", C.c_double), ("gain", C.c_double)]


class Grey(C.Structure):
    _fields_ = [("pixels", C.POINTER(C.c_uint16)), ("width", C.c_int), ("height", C.c_int)]


class FieldOpts(C.Structure):  # dapple_field_opts, in the order of dapple.h
    _fields_ = [("struct_size", C.c_size_t), ("kind", C.c_int),
                ("width", C.c_double), ("height", C.c_double),
                ("rmin", C.c_double), ("rmax", C.c_double),
                ("map", C.c_int), ("cutoff", C.c_double),
                ("black", C.c_double), ("white", C.c_double), ("gamma", C.c_double),
                ("invert", C.c_bool), ("dilate", C.c_double),
                ("perlin", Perlin), ("image", Grey),
                ("exclude", C.POINTER(Grey)), ("n_exclude", C.c_int),
                ("seed", C.c_uint64), ("periodic", C.c_bool), ("threads", C.c_int),
                ("wrap", C.c_int)]


PROGRESS = C.CFUNCTYPE(C.c_int, C.c_void_p, C.c_double)


class SamplerOpts(C.Structure):  # dapple_sampler_opts
    _fields_ = [("struct_size", C.c_size_t),
                ("width", C.c_double), ("height", C.c_double),
                ("k", C.c_int), ("max_points", C.c_size_t), ("seed", C.c_uint64),
                ("periodic", C.c_bool), ("dense", C.c_bool), ("maximal", C.c_bool),
                ("avoid", C.c_void_p), ("avoid_scale", C.c_double),
                ("spacing_scale", C.c_double),
                ("progress", PROGRESS), ("progress_user", C.c_void_p), ("relax", C.c_bool),
                ("wrap", C.c_int)]


class Point(C.Structure):
    _fields_ = [("x", C.c_float), ("y", C.c_float), ("r", C.c_float)]


class Error(C.Structure):
    _fields_ = [("status", C.c_int), ("message", C.c_char * 256)]


lib.dapple_field_free.argtypes = [C.c_void_p]
lib.dapple_points_free.argtypes = [C.c_void_p]
lib.dapple_field_allowed_at.argtypes = [C.c_void_p, C.c_double, C.c_double]
lib.dapple_field_allowed_at.restype = C.c_bool
lib.dapple_field_density_at.argtypes = [C.c_void_p, C.c_double, C.c_double]
lib.dapple_field_density_at.restype = C.c_double

MAP_W, MAP_H, WIDTH, HEIGHT = 64, 32, 256, 128

# The map (stretched over the world) and the road: a white band.
ramp = (C.c_uint16 * (MAP_W * MAP_H))(
    *[65535 * x // (MAP_W - 1) for y in range(MAP_H) for x in range(MAP_W)])
road = (C.c_uint16 * (MAP_W * MAP_H))(
    *[65535 if 14 <= y < 18 else 0 for y in range(MAP_H) for x in range(MAP_W)])
exclude = Grey(C.cast(road, C.POINTER(C.c_uint16)), MAP_W, MAP_H)

err = Error()
fo = FieldOpts()
lib.dapple_field_opts_init_size(C.byref(fo), C.c_size_t(C.sizeof(fo)))
fo.kind, fo.map = E["DAPPLE_FIELD_IMAGE"], E["DAPPLE_MAP_DENSITY"]
fo.image = Grey(C.cast(ramp, C.POINTER(C.c_uint16)), MAP_W, MAP_H)
fo.exclude, fo.n_exclude = C.pointer(exclude), 1
fo.width, fo.height, fo.rmin, fo.rmax = WIDTH, HEIGHT, 1, 0
field = C.c_void_p()
if lib.dapple_field_new(C.byref(field), C.byref(fo), C.byref(err)) != E["DAPPLE_OK"]:
    sys.exit("density.py: field: " + err.message.decode())

so = SamplerOpts()
lib.dapple_sampler_opts_init_size(C.byref(so), C.c_size_t(C.sizeof(so)))
so.width, so.height, so.seed = WIDTH, HEIGHT, 7
pts, n, scale, stop = C.POINTER(Point)(), C.c_size_t(), C.c_double(), C.c_int()
st = lib.dapple_world_sample_count(field, C.byref(so), C.c_size_t(2000), 2, C.byref(pts),
                                   C.byref(n), C.byref(scale), C.byref(stop), C.byref(err))
if st != E["DAPPLE_OK"]:
    sys.exit("density.py: sample: " + err.message.decode())

quarter, on_road = [0, 0, 0, 0], 0
for i in range(n.value):
    quarter[int(pts[i].x / (WIDTH // 4))] += 1
    on_road += not lib.dapple_field_allowed_at(field, pts[i].x, pts[i].y)
print(f"{n.value} points at spacing scale {scale.value:.3f}, {on_road} on the road")
print("by quarter, left to right: %d %d %d %d" % tuple(quarter))
print("density at x = 32, 224: %.3f %.3f" % (lib.dapple_field_density_at(field, 32, 32),
                                             lib.dapple_field_density_at(field, 224, 32)))
lib.dapple_points_free(pts)
lib.dapple_field_free(field)
