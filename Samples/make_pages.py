#!/usr/bin/python3
"""Render passport visa pages carrying 0-4 stamps each, with truth.jsonl, for `stampkit eval --pages`.

    python3 Samples/make_pages.py build/pages -n 24 -s 3
    stampkit eval --pages build/pages
    stampkit bench batch build/pages

Each page is a guilloche page (1300x1800) holding zero to four stamps drawn like
make_heldout.py's (other places and designs than the samples), each in its own
ink, at 45-65 % of the samples' size, turned within ±25 degrees or a quarter
turn, some touching a neighbour. One page in eight is blank. truth.jsonl has one
object per page: file and stamps, each with country, airport, date, direction,
rotation and box [x0, y0, x1, y1] (the turned stamp's bounding box). The same
seed gives the same bytes (same Pillow, libjpeg and fonts).
"""

import argparse
import datetime
import json
import os
import random
import sys

from PIL import Image, ImageChops

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_heldout as mh  # noqa: E402  (stamp designs)
import make_samples as ms  # noqa: E402  (page, ink and photo effects)

SIZE = (1300, 1800)


def turned(rng, st, ink_name):
    """The stamp's ink mask, turned; returns (mask, angle)."""
    m = ms.ink_mask(rng, st, 1.0)
    m = ImageChops.multiply(m, ms.smooth_field(rng, m.size, (3, 2), 0.7, 1.0))
    m = m.point(ms.lut(0, rng.uniform(0.7, 0.92)))
    angle = round(rng.choice([90, -90]) + rng.uniform(-5, 5), 1) if rng.random() < 0.15 else round(rng.uniform(-25, 25), 1)
    return m.rotate(angle, resample=Image.BICUBIC, expand=True, fillcolor=0), angle


def place(rng, size, boxes, touching):
    """A free spot for a w x h box: apart from the others, or just touching one of them."""
    w, h = size
    for _ in range(400):
        x, y = rng.randint(30, SIZE[0] - w - 30), rng.randint(30, SIZE[1] - h - 30)
        gap = -12 if touching else 25
        if all(x + w + gap <= b[0] or b[2] + gap <= x or y + h + gap <= b[1] or b[3] + gap <= y for b in boxes):
            if not touching or not boxes or any(x + w + 40 > b[0] and b[2] + 40 > x and y + h + 40 > b[1] and b[3] + 40 > y for b in boxes):
                return x, y
    return None


def make_page(rng, index):
    count = 0 if index % 8 == 7 else rng.choice([1, 2, 2, 3, 3, 4])
    bg = ms.page(rng, SIZE, rng.choice(sorted(ms.PAGES)))
    inks = rng.sample(mh.STAMP_INKS, len(mh.STAMP_INKS))
    stamps, boxes = [], []
    for k in range(count):
        d = datetime.date(2005, 1, 1) + datetime.timedelta(days=rng.randint(0, 20 * 365))
        st, t = mh.make_stamp(rng, d)
        mh.shrink(st, rng.uniform(0.45, 0.65))
        mask, angle = turned(rng, st, inks[k])
        spot = place(rng, mask.size, boxes, touching=k > 0 and rng.random() < 0.25)
        if spot is None:
            continue
        x, y = spot
        full = Image.new("L", SIZE, 0)
        full.paste(mask, (x, y))
        bg = Image.composite(ImageChops.multiply(bg, Image.new("RGB", SIZE, ms.INKS[inks[k]])), bg, full)
        box = [x, y, x + mask.width, y + mask.height]
        boxes.append(box)
        stamps.append({"country": t["country"], "airport": t["airport"], "date": d.isoformat(),
                       "direction": t["direction"], "rotation": angle, "box": box})
    img = mh.finish(rng, bg, "medium", (0, 0, 1, 1), False)
    return img, stamps


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", help="folder for the pages and truth.jsonl")
    parser.add_argument("-n", type=int, default=24, help="number of pages (default 24)")
    parser.add_argument("-s", "--seed", type=int, default=3, help="seed (default 3)")
    args = parser.parse_args()
    if args.n < 1:
        sys.exit("make_pages: -n must be at least 1")
    os.makedirs(args.outdir, exist_ok=True)
    rows = []
    for i in range(args.n):
        rng = random.Random(args.seed * 1_000_003 + i)
        img, stamps = make_page(rng, i)
        name = "page_%02d.jpg" % (i + 1)
        img.save(os.path.join(args.outdir, name), format="JPEG", quality=rng.randint(70, 90))
        rows.append({"file": name, "stamps": stamps})
    with open(os.path.join(args.outdir, "truth.jsonl"), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d pages with %d stamps and truth.jsonl to %s" % (len(rows), sum(len(r["stamps"]) for r in rows), args.outdir))


if __name__ == "__main__":
    main()
