#!/usr/bin/env python3
"""Draws the app icons (PNG) from the same shapes as Public/icon.svg: a white "T" on green.

Browsers want PNG icons at 192 and 512 px in the web app manifest, including "maskable" ones
that fill the whole square (the launcher cuts its own shape; the T stays inside the central
80 % circle it always keeps). No image library is among our dependencies, and the shape is two
round-capped strokes, so this draws it by hand: 4 × 4 samples per pixel, written with zlib.
Run it after changing the icon: python3 scripts/make_icons.py
"""
import math
import struct
import zlib
from pathlib import Path

PUBLIC = Path(__file__).resolve().parent.parent / "Sources" / "TallyWeb" / "Public"
GREEN = (0x1F, 0x6F, 0x5C)
WHITE = (0xFF, 0xFF, 0xFF)
# In the SVG's 180-unit box: the strokes (x1, y1, x2, y2), their half width, the corner radius.
STROKES = [(50, 60, 130, 60), (90, 60, 90, 135)]
HALF_WIDTH = 9
RADIUS = 40


def segment_distance(px, py, x1, y1, x2, y2):
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - (x1 + t * dx), py - (y1 + t * dy))


def inside_rounded(px, py):
    cx = min(max(px, RADIUS), 180 - RADIUS)
    cy = min(max(py, RADIUS), 180 - RADIUS)
    return math.hypot(px - cx, py - cy) <= RADIUS


def draw(size, maskable):
    samples = 4
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")  # filter: none
        for x in range(size):
            green = white = 0
            for sy in range(samples):
                for sx in range(samples):
                    px = (x + (sx + 0.5) / samples) * 180 / size
                    py = (y + (sy + 0.5) / samples) * 180 / size
                    if not maskable and not inside_rounded(px, py):
                        continue
                    if any(segment_distance(px, py, *s) <= HALF_WIDTH for s in STROKES):
                        white += 1
                    else:
                        green += 1
            total = samples * samples
            alpha = (green + white) / total
            if alpha == 0:
                row += bytes((0, 0, 0, 0))
                continue
            mix = [round((g * green + w * white) / (green + white)) for g, w in zip(GREEN, WHITE)]
            row += bytes(mix + [round(alpha * 255)])
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    for size in (192, 512):
        (PUBLIC / f"icon-{size}.png").write_bytes(draw(size, maskable=False))
        (PUBLIC / f"icon-maskable-{size}.png").write_bytes(draw(size, maskable=True))
    (PUBLIC / "icon-180.png").write_bytes(draw(180, maskable=True))  # iOS rounds it itself
    print("wrote", ", ".join(sorted(p.name for p in PUBLIC.glob("icon-*.png"))))
